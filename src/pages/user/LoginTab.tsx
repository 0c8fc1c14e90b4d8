import type { KeyboardEvent } from 'react';
import { theme } from 'antd';
import './LoginTab.css';

export interface LoginTabItem<K extends string> {
  key: K;
  label: string;
}

/**
 * The sign-in form's tabs (账号密码登录, 手机号登录), drawn as antd's large centred Tabs draws them
 * (same sizes, primary colour, ink bar and bottom line), without antd's Tabs: it brings its overflow
 * menu and dropdown (≈ 20 KB of compressed JavaScript) into the sign-in page's first load.
 * Arrow keys move between tabs, as in a WAI-ARIA tab list.
 */
export function LoginTabs<K extends string>({ items, active, onChange }: { items: readonly LoginTabItem<K>[]; active: K; onChange(key: K): void }) {
  const { token } = theme.useToken();
  const move = (event: KeyboardEvent<HTMLDivElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = items[(index + step + items.length) % items.length];
    onChange(next.key);
    const tabs = event.currentTarget.parentElement?.querySelectorAll<HTMLElement>('[role="tab"]');
    tabs?.[(index + step + items.length) % items.length]?.focus();
  };
  return (
    <div role="tablist" aria-orientation="horizontal" className="login-tab" style={{ boxShadow: `inset 0 -1px 0 ${token.colorBorderSecondary}` }}>
      {items.map((item, index) => {
        const selected = item.key === active;
        return (
          <div
            key={item.key}
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            className={selected ? 'login-tab__label login-tab__label--active' : 'login-tab__label'}
            style={selected ? { color: token.colorPrimary } : undefined}
            onClick={() => onChange(item.key)}
            onKeyDown={(event) => move(event, index)}
          >
            {item.label}
          </div>
        );
      })}
    </div>
  );
}
