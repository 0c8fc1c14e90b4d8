import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../../../src/api/types';
import { breadcrumbFor, documentTitle } from '../../../../src/layouts/BasicLayout/pageMeta';

const HOME = '/dashboard/analysis';
const PRODUCT = '公估业务管理系统';

const group: MenuItem = { id: 'g', path: '/isystem', name: 'isystem', component: 'layouts/RouteView', meta: { title: '系统管理' } };
const users: MenuItem = { id: 'u', path: '/isystem/user', name: 'isystem-user', component: 'system/UserList', meta: { title: '用户管理' } };

describe('document title (spec §2)', () => {
  it('is the page title, a separator and the product name', () => {
    expect(documentTitle({ path: '/isystem/user', title: '用户管理' }, '/isystem/user', PRODUCT, HOME)).toBe(
      '用户管理 - 公估业务管理系统',
    );
  });

  it('is only the product name on home', () => {
    expect(documentTitle({ path: HOME, title: '首页' }, HOME, PRODUCT, HOME)).toBe(PRODUCT);
  });

  it('is only the product name when no page is matched', () => {
    expect(documentTitle(undefined, '/nowhere', PRODUCT, HOME)).toBe(PRODUCT);
  });
});

describe('breadcrumb (spec §2)', () => {
  it('starts with 首页 linking home, then the trail; the current page is plain text', () => {
    const crumbs = breadcrumbFor({ path: '/isystem/user', title: '用户管理', component: 'system/UserList', trail: [group, users] }, HOME);
    expect(crumbs).toEqual([{ title: '首页', href: HOME }, { title: '系统管理' }, { title: '用户管理' }]);
  });

  it('adds the page title when the trail stops at its parent', () => {
    const crumbs = breadcrumbFor({ path: '/isystem/user/:id', title: '用户详情', component: 'system/UserDetail', trail: [group] }, HOME);
    expect(crumbs.map((c) => c.title)).toEqual(['首页', '系统管理', '用户详情']);
  });

  it('a page outside the menu shows 首页 and its own title', () => {
    const crumbs = breadcrumbFor({ path: '/isps/userAnnouncement', title: '我的消息', component: 'isps/UserAnnouncement', trail: [] }, HOME);
    expect(crumbs).toEqual([{ title: '首页', href: HOME }, { title: '我的消息' }]);
  });

  it('on home it is just 首页 as plain text', () => {
    const home: MenuItem = { id: 'h', path: HOME, name: 'home', component: 'dashboard/Analysis', meta: { title: '首页' } };
    expect(breadcrumbFor({ path: HOME, title: '首页', component: 'dashboard/Analysis', trail: [home] }, HOME)).toEqual([{ title: '首页' }]);
  });
});
