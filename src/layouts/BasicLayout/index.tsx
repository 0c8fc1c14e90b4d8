import { useCallback, useEffect, useMemo, useState } from 'react';
import { Drawer, Layout, Spin } from 'antd';
import { Navigate, useLocation } from 'react-router-dom';
import { HOME_PATH, PRODUCT_NAME } from '../../config';
import DepartSelectModal from '../../components/DepartSelectModal';
import TenantSelectModal from '../../components/TenantSelectModal';
import { isMobileDevice } from '../../hooks/device';
import { useNoticeSocket } from '../../realtime/useNoticeSocket';
import { useDevice } from '../../hooks/useDevice';
import { useCurrentRoute } from '../../router/useCurrentRoute';
import { useSession } from '../../store/session';
import GlobalHeader from './GlobalHeader';
import { visibleMenu } from './menuModel';
import PageBreadcrumb from './PageBreadcrumb';
import PageOutlet, { type PageEntry } from './PageOutlet';
import { documentTitle } from './pageMeta';
import SideMenu from './SideMenu';
import MultiTab from './tabs/MultiTab';
import { useTabs } from './tabs/useTabs';
import { usePageTitles } from '../../store/pageTitles';
import SettingDrawer from '../../settings/SettingDrawer';
import { effectiveContentWidth } from '../../settings/themeSettings';
import { useThemeSettings } from '../../settings/useThemeSettings';
import { useHeaderHidden } from './useHeaderHidden';
import WarmListStyles from './listStyles/WarmListStyles';
import './basicLayout.css';

/*
 * Widths of the side menu. The spec says "208 px wide by default … the width is 200 open and 80
 * collapsed". Our reading: 208 is the expanded sider on desktop (the default state), 80 the folded
 * sider, and 200 the "open" menu of the mobile layout, i.e. the drawer that slides in (spec §2:
 * "a 200 px drawer on mobile").
 */
export const SIDER_WIDTH = 208;
export const SIDER_COLLAPSED_WIDTH = 80;
export const DRAWER_WIDTH = 200;
export const FOOTER_TEXT = `Copyright 2025 ${PRODUCT_NAME}`;

/** The authenticated layout of spec §2: side menu, fixed header, tab strip, content, footer. */
export default function BasicLayout() {
  const location = useLocation();
  const current = useCurrentRoute();
  const permissionList = useSession((s) => s.permissionList);
  const needDepartSelect = useSession((s) => s.needDepartSelect);
  const setNeedDepartSelect = useSession((s) => s.setNeedDepartSelect);
  const needTenantSelect = useSession((s) => s.needTenantSelect);
  const setNeedTenantSelect = useSession((s) => s.setNeedTenantSelect);
  useNoticeSocket(useSession((s) => s.info?.id), useSession((s) => s.token));
  const mobile = isMobileDevice(useDevice());
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menu = useMemo(() => visibleMenu(permissionList), [permissionList]);
  const settings = useThemeSettings((s) => s.settings);
  const headerHidden = useHeaderHidden(settings.fixedHeader && settings.autoHideHeader);
  // Stable, so the memoised header skips the layout's render on every navigation.
  const onToggle = useCallback(() => (mobile ? setDrawerOpen((open) => !open) : setCollapsed((c) => !c)), [mobile]);

  // A page is its pathname; its query string (a list's filters, page, sort) belongs to the page, so
  // changing it neither opens another tab nor remounts the page.
  const pageKey = location.pathname;
  const fullPath = location.pathname + location.search;
  const record = current?.record;
  const redirect = record?.redirect && record.redirect !== location.pathname ? record.redirect : undefined;
  const page: PageEntry | undefined =
    current && !redirect ? { key: pageKey, match: current, location } : undefined;

  // A page may name itself once its data is read (a record page: 案件：GA2026000012).
  const ownTitle = usePageTitles((s) => s.titles[pageKey]);
  const title = ownTitle ?? record?.title;

  useEffect(() => {
    if (!record || redirect || record.hideTab || title === undefined) return;
    useTabs.getState().open(pageKey, title, fullPath);
  }, [record, redirect, pageKey, fullPath, title]);

  useEffect(() => {
    document.title = documentTitle(record && title !== undefined ? { ...record, title } : record, location.pathname, PRODUCT_NAME, HOME_PATH);
  }, [record, title, location.pathname]);

  if (permissionList.length === 0) {
    return (
      <div className="layout-loading">
        <Spin size="large" />
      </div>
    );
  }
  if (!current) return <Navigate to="/404" replace />;
  if (redirect) return <Navigate to={redirect} replace />;

  // The top-menu mode puts the menu in the header (desktop only: a phone keeps its drawer).
  const topMenu = !mobile && settings.layout === 'topmenu';
  const siderWidth = mobile || topMenu ? 0 : collapsed ? SIDER_COLLAPSED_WIDTH : SIDER_WIDTH;
  const multiTab = !mobile && settings.multipage;
  const sideMenu = (
    <SideMenu
      menu={menu}
      pathname={location.pathname}
      route={current.record}
      collapsed={!mobile && collapsed}
      theme={mobile ? 'dark' : settings.navTheme}
      onNavigate={() => setDrawerOpen(false)}
    />
  );
  const layoutClasses = [
    'basic-layout',
    mobile ? 'is-mobile' : '',
    settings.colorWeak ? 'color-weak' : '',
    settings.fixSiderbar && !topMenu ? 'fixed-sider' : '',
    topMenu ? 'top-menu' : '',
  ].filter(Boolean);
  const headerClasses = [settings.fixedHeader ? '' : 'header-static', headerHidden ? 'header-hidden' : ''].filter(Boolean).join(' ');
  const fluid = effectiveContentWidth(settings) === 'Fluid';

  return (
    <Layout className={layoutClasses.join(' ')}>
      <GlobalHeader
        menu={menu}
        mobile={mobile}
        className={headerClasses}
        topMenu={
          topMenu ? (
            <SideMenu menu={menu} pathname={location.pathname} route={current.record} collapsed={false} theme="dark" mode="horizontal" />
          ) : undefined
        }
        collapsed={mobile ? !drawerOpen : collapsed}
        onToggle={onToggle}
      />
      {mobile ? (
        <Drawer
          placement="left"
          width={DRAWER_WIDTH}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          closable={false}
          className="side-drawer"
          styles={{ body: { padding: 0, background: '#001529' } }}
        >
          {sideMenu}
        </Drawer>
      ) : topMenu ? null : (
        <Layout.Sider
          className="side-menu"
          theme={settings.navTheme}
          width={SIDER_WIDTH}
          collapsedWidth={SIDER_COLLAPSED_WIDTH}
          collapsed={collapsed}
          trigger={null}
          collapsible
        >
          {sideMenu}
        </Layout.Sider>
      )}
      <Layout className="main-area" style={{ marginLeft: siderWidth }}>
        {multiTab && <MultiTab />}
        <Layout.Content className={`page-content${topMenu && !fluid ? ' content-fixed' : ''}`}>
          <PageBreadcrumb record={current.record} />
          {page && <PageOutlet current={page} keepAlive={multiTab} />}
        </Layout.Content>
        <Layout.Footer className="page-footer">{FOOTER_TEXT}</Layout.Footer>
      </Layout>
      {import.meta.env.DEV && <SettingDrawer />}
      <WarmListStyles />
      {/* The tenant comes first: the department choice is asked again after the tenant's reload. */}
      {needTenantSelect ? (
        <TenantSelectModal open firstChoice onClose={() => setNeedTenantSelect(false)} />
      ) : (
        <DepartSelectModal open={needDepartSelect} firstChoice onClose={() => setNeedDepartSelect(false)} />
      )}
    </Layout>
  );
}
