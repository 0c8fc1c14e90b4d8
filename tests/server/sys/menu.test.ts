import { describe, expect, it } from 'vitest';
import { buildMenuTree, urlToRouteName, type MenuRow } from '../../../server/sys/menu';

function row(overrides: Partial<MenuRow> & Pick<MenuRow, 'id' | 'name'>): MenuRow {
  return {
    parent_id: null,
    url: `/${overrides.id}`,
    component: 'layouts/RouteView',
    component_name: null,
    redirect: null,
    menu_type: 0,
    sort_no: '1',
    always_show: false,
    icon: null,
    is_route: true,
    keep_alive: false,
    hidden: false,
    hide_tab: false,
    internal_or_external: false,
    ...overrides,
  };
}

describe('menu tree', () => {
  it('names routes after their URL like JeecgBoot', () => {
    expect(urlToRouteName('/isystem/user')).toBe('isystem-user');
    expect(urlToRouteName('/online/cgformList/:code')).toBe('online-cgformList-@code');
    expect(urlToRouteName(null)).toBe('');
  });

  it('nests children under granted parents in sort order and drops orphans', () => {
    const tree = buildMenuTree([
      row({ id: 'sys', name: '系统管理', sort_no: '8', redirect: '/sys/user' }),
      row({ id: 'home', name: '首页', sort_no: '1', url: '/dashboard/analysis', component: 'dashboard/Analysis' }),
      row({ id: 'role', name: '角色管理', parent_id: 'sys', menu_type: 1, sort_no: '2', url: '/sys/role', component: 'system/RoleList', redirect: '/x' }),
      row({ id: 'user', name: '用户管理', parent_id: 'sys', menu_type: 1, sort_no: '1', url: '/sys/user', component: 'system/UserList', component_name: 'UserListPage', keep_alive: true }),
      row({ id: 'orphan', name: '孤儿', parent_id: 'not-granted', menu_type: 1 }),
      row({ id: 'button', name: '添加', parent_id: 'user', menu_type: 2 }),
    ]);
    expect(tree.map((i) => i.meta.title)).toEqual(['首页', '系统管理']);
    const system = tree[1];
    expect(system).toMatchObject({ redirect: '/sys/user', route: '1', name: 'sys' });
    expect(system.children?.map((c) => c.meta.title)).toEqual(['用户管理', '角色管理']);
    expect(system.children?.[0]).toEqual({
      id: 'user',
      path: '/sys/user',
      name: 'UserListPage',
      component: 'system/UserList',
      route: '1',
      meta: { title: '用户管理', keepAlive: true, internalOrExternal: false, componentName: 'UserListPage' },
    });
    // Only top-level items carry a redirect.
    expect(system.children?.[1]).not.toHaveProperty('redirect');
    expect(system.children?.[1].meta.componentName).toBe('RoleList');
  });

  it('marks hidden, alwaysShow, hideTab and non-route items', () => {
    const [item] = buildMenuTree([
      row({ id: 'a', name: 'A', always_show: true, hide_tab: true, is_route: false, icon: 'AppstoreOutlined' }),
    ]);
    expect(item).toMatchObject({ alwaysShow: true, route: '0', meta: { hideTab: true, icon: 'AppstoreOutlined' } });
    expect(item).not.toHaveProperty('hidden');
  });

  it('hides a parent whose children are all hidden, at any depth', () => {
    const tree = buildMenuTree([
      row({ id: 'top', name: '顶层' }),
      row({ id: 'mid', name: '中层', parent_id: 'top', menu_type: 1 }),
      row({ id: 'leaf1', name: '叶1', parent_id: 'mid', menu_type: 1, hidden: true }),
      row({ id: 'leaf2', name: '叶2', parent_id: 'mid', menu_type: 1, hidden: true }),
      row({ id: 'other', name: '其他', sort_no: '2' }),
      row({ id: 'shown', name: '可见', parent_id: 'other', menu_type: 1 }),
      row({ id: 'gone', name: '隐藏', parent_id: 'other', menu_type: 1, hidden: true, sort_no: '2' }),
    ]);
    expect(tree[0]).toMatchObject({ hidden: true, meta: { hideMenu: true } });
    expect(tree[0].children?.[0]).toMatchObject({ hidden: true, meta: { hideMenu: true } });
    expect(tree[1]).not.toHaveProperty('hidden');
  });

  it('uses md5(url) as the path of an external link', () => {
    const [item] = buildMenuTree([row({ id: 'ext', name: '外链', url: 'https://example.com/', component: 'layouts/IframePageView' })]);
    expect(item.path).toBe('182ccedb33a9e03fbf1079b209da1a31');
    expect(item.meta.url).toBe('https://example.com/');
  });
});
