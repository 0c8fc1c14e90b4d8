import { theme } from 'antd';
import './LoginTab.css';

/**
 * The single 账号密码登录 heading of the sign-in form, drawn as antd's large centred Tabs draws its
 * active tab (same sizes, primary colour, ink bar and bottom line), without antd's Tabs: with one tab
 * there is nothing to switch, and Tabs brings its overflow menu and dropdown (≈ 20 KB of compressed
 * JavaScript) into the sign-in page's first load.
 */
export function LoginTab({ label }: { label: string }) {
  const { token } = theme.useToken();
  return (
    <div role="tablist" aria-orientation="horizontal" className="login-tab" style={{ boxShadow: `inset 0 -1px 0 ${token.colorBorderSecondary}` }}>
      <div role="tab" aria-selected="true" tabIndex={0} className="login-tab__label" style={{ color: token.colorPrimary }}>
        {label}
      </div>
    </div>
  );
}
