import { memo } from 'react';
import { Button } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router-dom';
import type { MenuItem } from '../../api/types';
import { HOME_PATH, PRODUCT_NAME } from '../../config';
import LogoMark from '../../components/LogoMark';
import { useSession } from '../../store/session';
import { greetingAt } from './greeting';
import MenuSearch from './MenuSearch';
import NoticeBell from './NoticeBell';
import UserMenu from './UserMenu';

export const WELCOME_PREFIX = '欢迎您，';

interface GlobalHeaderProps {
  menu: readonly MenuItem[];
  mobile: boolean;
  /** Desktop: the sider is folded. Mobile: the drawer is closed. */
  collapsed: boolean;
  onToggle(): void;
  /** Top-menu navigation mode: the menu, shown in the header instead of the fold toggle. */
  topMenu?: React.ReactNode;
  /** Extra classes from the settings (static / hidden header). */
  className?: string;
}

/** 上午好 / 下午好 …: read again on every navigation, as it was when the whole header followed the page. */
function Greeting() {
  useLocation();
  return <span className="header-greeting">{greetingAt(new Date())}，</span>;
}

/**
 * The fixed header (spec §2): product title, fold toggle, menu search, notices, welcome, user menu.
 * Memoised: a navigation renders the layout again, not the header (nothing in it follows the page
 * but the greeting) — one less thing in the click that opens a page.
 */
export default memo(function GlobalHeader({ menu, mobile, collapsed, onToggle, topMenu, className }: GlobalHeaderProps) {
  const realname = useSession((s) => s.realname);
  const username = useSession((s) => s.username);
  const folded = mobile || collapsed;
  return (
    <header className={`global-header${className ? ` ${className}` : ''}`}>
      <Link to={HOME_PATH} className="global-header-brand" aria-label={PRODUCT_NAME}>
        <LogoMark size={28} />
        <h1 className="global-header-title">{PRODUCT_NAME}</h1>
      </Link>
      {topMenu ?? (
        <Button
          type="text"
          className="header-action header-trigger"
          aria-label={folded ? '展开菜单' : '收起菜单'}
          icon={folded ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggle}
        />
      )}
      {!mobile && !topMenu && <MenuSearch menu={menu} mobile={false} />}
      <div className="global-header-right">
        {mobile && <MenuSearch menu={menu} mobile />}
        <NoticeBell />
        <UserMenu
          welcome={
            // The welcome shows on desktop only (spec §2); on mobile the avatar alone opens the menu.
            mobile ? null : (
              <span className="header-welcome">
                <Greeting />
                <span>
                  {WELCOME_PREFIX}
                  {realname || username}
                </span>
              </span>
            )
          }
        />
      </div>
    </header>
  );
});
