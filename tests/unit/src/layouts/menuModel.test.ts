import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../../../src/api/types';
import { externalUrlOf, menuLeaves, menuSelection, visibleMenu } from '../../../../src/layouts/BasicLayout/menuModel';
import { iconExportName, menuIconComponent, DEFAULT_MENU_ICON } from '../../../../src/layouts/BasicLayout/menuIcons';

function item(path: string, title: string, extra: Partial<MenuItem> = {}): MenuItem {
  return { id: path, path, name: path, component: 'x/Y', meta: { title }, ...extra };
}

const menu: MenuItem[] = [
  item('/dashboard/analysis', '首页'),
  item('/receive', '案件管理', {
    component: 'layouts/RouteView',
    children: [item('/receive/handle', '在办案件'), item('/receive/detail/:id', '案件详情', { hidden: true })],
  }),
  item('/secret', '隐藏分组', {
    component: 'layouts/RouteView',
    children: [item('/secret/a', 'A', { hidden: true }), item('/secret/b', 'B', { meta: { title: 'B', hideMenu: true } })],
  }),
  item('/online', '在线开发', {
    component: 'layouts/RouteView',
    children: [item('/online/cgformList/abc', '订单表单'), item('/online/cgformList/:code', '在线表单', { hidden: true })],
  }),
  item('/isps/userAnnouncement', '我的消息', { hidden: true }),
  item('/knowledge', '知识库', {
    component: 'layouts/RouteView',
    children: [
      item('/knowledge/news', '行业资讯', { meta: { title: '行业资讯', internalOrExternal: true, url: 'https://www.iachina.cn/' } }),
      item('/knowledge/frame', '内嵌页', { meta: { title: '内嵌页', internalOrExternal: false, url: 'https://example.com/' } }),
    ],
  }),
];

describe('side menu visibility (spec §2)', () => {
  const visible = visibleMenu(menu);
  const paths = (items: MenuItem[]): string[] => items.flatMap((i) => [i.path, ...paths(i.children ?? [])]);

  it('omits hidden entries', () => {
    expect(paths(visible)).not.toContain('/receive/detail/:id');
    expect(paths(visible)).not.toContain('/isps/userAnnouncement');
    expect(paths(visible)).toContain('/receive/handle');
  });

  it('hides a parent whose children are all hidden (hidden or hideMenu)', () => {
    expect(paths(visible)).not.toContain('/secret');
  });

  it('keeps the order of the server menu', () => {
    expect(visible.map((i) => i.path)).toEqual(['/dashboard/analysis', '/receive', '/online', '/knowledge']);
  });

  it('lists the visible pages for the menu search with their parents', () => {
    const leaves = menuLeaves(visible);
    expect(leaves.map((l) => l.title)).toEqual(['首页', '在办案件', '订单表单', '行业资讯', '内嵌页']);
    expect(leaves[1].parents).toEqual(['案件管理']);
  });

  it('marks only internalOrExternal items with an http URL as new-tab links', () => {
    expect(externalUrlOf(menu[5].children![0])).toBe('https://www.iachina.cn/');
    expect(externalUrlOf(menu[5].children![1])).toBeUndefined();
  });
});

describe('menu highlight', () => {
  const visible = visibleMenu(menu);

  it('selects the current page and opens its parent', () => {
    expect(menuSelection(visible, '/receive/handle')).toEqual({ selectedKeys: ['/receive/handle'], openKeys: ['/receive'] });
  });

  it('matches a parameter route by its full path', () => {
    const route = { path: '/online/cgformList/:code', trail: [menu[3], menu[3].children![1]] };
    expect(menuSelection(visible, '/online/cgformList/abc', route).selectedKeys).toEqual(['/online/cgformList/abc']);
  });

  it('a hidden detail page highlights its nearest visible ancestor', () => {
    const route = { path: '/receive/detail/:id', trail: [menu[1], menu[1].children![1]] };
    expect(menuSelection(visible, '/receive/detail/42', route)).toEqual({ selectedKeys: ['/receive'], openKeys: [] });
  });

  it('selects nothing for a page outside the menu', () => {
    expect(menuSelection(visible, '/isps/userAnnouncement', { path: '/isps/userAnnouncement', trail: [] })).toEqual({
      selectedKeys: [],
      openKeys: [],
    });
  });
});

describe('menu icons', () => {
  it('accepts export names and JeecgBoot kebab names; unknown names get the default icon', () => {
    expect(iconExportName('HomeOutlined')).toBe('HomeOutlined');
    expect(iconExportName('file-text')).toBe('FileTextOutlined');
    // JeecgBoot 3.x stores iconify names.
    expect(iconExportName('ant-design:setting-outlined')).toBe('SettingOutlined');
    expect(menuIconComponent('ant-design:team-outlined')).toBe(menuIconComponent('TeamOutlined'));
    expect(menuIconComponent('HomeOutlined')).not.toBe(DEFAULT_MENU_ICON);
    expect(menuIconComponent('home')).toBe(menuIconComponent('HomeOutlined'));
    expect(menuIconComponent('NoSuchIcon')).toBe(DEFAULT_MENU_ICON);
    expect(menuIconComponent(undefined)).toBe(DEFAULT_MENU_ICON);
  });
});
