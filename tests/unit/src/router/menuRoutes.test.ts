import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../../../src/api/types';
import {
  STATIC_RECORDS,
  buildRouteRecords,
  hideParentsWithoutVisibleChildren,
  matchRouteRecord,
} from '../../../../src/router/menuRoutes';

function item(path: string, title: string, extra: Partial<MenuItem> = {}): MenuItem {
  return { id: path, path, name: path.slice(1).replace(/\//g, '-'), component: 'layouts/RouteView', meta: { title }, ...extra };
}

const menu: MenuItem[] = [
  item('/dashboard/analysis', '首页', { component: 'dashboard/Analysis' }),
  item('/isystem', '系统管理', {
    redirect: '/isystem/role',
    children: [
      item('/isystem/user', '用户管理', { component: 'system/UserList', meta: { title: '用户管理', keepAlive: true, componentName: 'UserList' } }),
      item('/isystem/role', '角色管理', { component: 'system/RoleList' }),
      item('/isystem/user/detail/:id', '用户详情', { component: 'system/UserDetail', hidden: true }),
    ],
  }),
  item('/maintenance', '基础数据', {
    children: [
      item('/maintenance/hiddenFirst', '隐藏', { component: 'maintenance/Hidden', hidden: true }),
      item('/maintenance/expert', '专家', { component: 'maintenance/ExpertList' }),
    ],
  }),
  item('/report', '统计报表', {
    alwaysShow: true,
    children: [item('/report/area', '区域报表', { component: 'report/AreaReport' })],
  }),
  item('/notRoute', '不是路由', {
    route: '0',
    component: 'some/Thing',
    children: [item('/notRoute/child', '子页', { component: 'some/Child' })],
  }),
  item('/online/cgformList/:code', '在线表单', {
    component: 'modules/online/cgform/auto/OnlCgformAutoList',
    hidden: true,
  }),
  item('/online/cgformList/special', '特别表单', { component: 'online/Special' }),
  item('/3f1a2b', '官网', {
    component: 'layouts/IframePageView',
    meta: { title: '官网', internalOrExternal: true, url: 'https://www.example.com' },
  }),
  item('/iframe/doc', '接口文档', {
    component: 'layouts/IframePageView',
    meta: { title: '接口文档', internalOrExternal: false, url: 'http://127.0.0.1/doc.html' },
  }),
  { ...item('/lowapp/orders', '低代码订单', { component: 'online/LowAppOrders' }), name: 'low-app-orders' },
];

describe('buildRouteRecords', () => {
  const records = buildRouteRecords(menu);
  const byPath = (path: string) => records.find((r) => r.path === path);

  it('skips items whose route flag is 0, with their children', () => {
    expect(byPath('/notRoute')).toBeUndefined();
    expect(byPath('/notRoute/child')).toBeUndefined();
    expect(matchRouteRecord(records, '/notRoute/child')).toBeUndefined();
  });

  it('keeps hidden items routable, marked hidden', () => {
    expect(byPath('/isystem/user/detail/:id')).toMatchObject({ hidden: true, component: 'system/UserDetail' });
  });

  it('redirects a parent to its redirect, or else to its first visible child', () => {
    expect(byPath('/isystem')?.redirect).toBe('/isystem/role');
    expect(byPath('/maintenance')?.redirect).toBe('/maintenance/expert');
  });

  it('lets an alwaysShow item redirect to its own path', () => {
    expect(byPath('/report')?.redirect).toBe('/report');
  });

  it('carries title, view key, keep-alive (keepAlive and componentName) and the breadcrumb trail', () => {
    const user = byPath('/isystem/user');
    expect(user).toMatchObject({ title: '用户管理', component: 'system/UserList', keepAlive: true, componentName: 'UserList' });
    expect(user?.trail.map((m) => m.meta.title)).toEqual(['系统管理', '用户管理']);
    expect(byPath('/isystem/role')?.keepAlive).toBe(false);
    expect(user?.redirect).toBeUndefined();
  });

  it('opens external links in a new tab and shows iframe items inside the layout', () => {
    expect(byPath('/3f1a2b')?.external).toEqual({ url: 'https://www.example.com', mode: 'newTab' });
    expect(byPath('/iframe/doc')?.external).toEqual({ url: 'http://127.0.0.1/doc.html', mode: 'iframe' });
    expect(byPath('/isystem/user')?.external).toBeUndefined();
  });

  it('gives low-app pages an appId parameter', () => {
    const match = matchRouteRecord(records, '/lowapp/orders/app-7');
    expect(match?.record).toMatchObject({ name: 'low-app-orders', lowApp: true });
    expect(match?.params).toEqual({ appId: 'app-7' });
    expect(matchRouteRecord(records, '/lowapp/orders')?.record.name).toBe('low-app-orders');
  });
});

describe('matchRouteRecord', () => {
  const records = [...buildRouteRecords(menu), ...STATIC_RECORDS];

  it('reads path parameters', () => {
    expect(matchRouteRecord(records, '/online/cgformList/abc123')).toMatchObject({
      record: { title: '在线表单' },
      params: { code: 'abc123' },
    });
    expect(matchRouteRecord(records, '/isystem/user/detail/42')?.params).toEqual({ id: '42' });
  });

  it('prefers the most specific path', () => {
    expect(matchRouteRecord(records, '/online/cgformList/special')?.record.title).toBe('特别表单');
  });

  it('ignores a trailing slash', () => {
    expect(matchRouteRecord(records, '/isystem/role/')?.record.title).toBe('角色管理');
  });

  it('finds nothing for unknown paths (they go to /404)', () => {
    expect(matchRouteRecord(records, '/no/such/page')).toBeUndefined();
  });

  it('always knows home and the user announcements page, the menu entry winning for home', () => {
    expect(matchRouteRecord(records, '/dashboard/analysis')?.record.trail[0].id).toBe('/dashboard/analysis');
    expect(matchRouteRecord(STATIC_RECORDS, '/dashboard/analysis')?.record).toMatchObject({ title: '首页' });
    expect(matchRouteRecord(records, '/isps/userAnnouncement')?.record.component).toBe('isps/UserAnnouncement');
  });
});

describe('hideParentsWithoutVisibleChildren', () => {
  it('hides a parent whose children are all hidden, deepest first, and leaves the input alone', () => {
    const input: MenuItem[] = [
      item('/a', 'A', {
        children: [item('/a/b', 'B', { children: [item('/a/b/c', 'C', { hidden: true })] })],
      }),
      item('/d', 'D', { children: [item('/d/e', 'E', { hidden: true }), item('/d/f', 'F')] }),
    ];
    const out = hideParentsWithoutVisibleChildren(input);
    expect(out[0].hidden).toBe(true);
    expect(out[0].children?.[0].hidden).toBe(true);
    expect(out[1].hidden).toBeUndefined();
    expect(input[0].hidden).toBeUndefined();
  });
});
