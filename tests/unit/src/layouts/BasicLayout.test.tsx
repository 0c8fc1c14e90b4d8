import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { MenuItem } from '../../../../src/api/types';
import { HOME_PATH } from '../../../../src/config';
import { useSession } from '../../../../src/store/session';

const mounts = vi.hoisted(() => ({
  counts: {} as Record<string, number>,
  // Each page's search-string writer as of its last render (what a list's late callback would hold).
  writers: {} as Record<string, (search: string) => void>,
  // What the side menu asked the view registry to make ready ahead of a click, in order.
  preloads: [] as string[],
  // Views whose list request startView sends (it answers at once); the others send none.
  startable: new Set<string>(),
}));

vi.mock('../../../../src/api/announcement', () => ({
  listByUser: () => Promise.resolve({ success: true, code: 200, message: '', timestamp: 0, result: { anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 } }),
  markAnnouncementRead: () => Promise.resolve({ success: true }),
}));
vi.mock('../../../../src/api/sys', () => ({
  getCurrentUserDeparts: () =>
    Promise.resolve({ success: true, code: 200, message: '', timestamp: 0, result: { list: [{ id: '1', orgCode: 'A01', departName: '公司' }], orgCode: 'A01' } }),
  getCurrentUserTenant: () => Promise.resolve({ success: true, code: 200, message: '', timestamp: 0, result: { list: [], tenantId: 0 } }),
  updatePassword: vi.fn(),
}));
vi.mock('../../../../src/router/viewRegistry', async () => {
  const { useEffect, useState: useLocalState } = await import('react');
  const { usePageSearch } = await import('../../../../src/layouts/BasicLayout/usePageSearch');
  // A page that counts its mounts and keeps a local counter, to see keep-alive and refresh, and that
  // keeps its query in the URL like a list page does.
  const make = (name: string) =>
    function TestPage() {
      const [clicks, setClicks] = useLocalState(0);
      mounts.writers[name] = usePageSearch().setSearch;
      useEffect(() => {
        mounts.counts[name] = (mounts.counts[name] ?? 0) + 1;
      }, []);
      return (
        <button onClick={() => setClicks((c) => c + 1)}>
          {name}:{clicks}
        </button>
      );
    };
  const views: Record<string, ComponentType> = {
    'dashboard/Analysis': make('home'),
    'system/UserList': make('users'),
    'receive/ReceiveHandleList': make('handle'),
    'receive/ReceiveNewList': make('new'),
  };
  return {
    viewFor: (key: string) => views[key] ?? make(`unknown ${key}`),
    preloadView: (key: string, soon = false) => void mounts.preloads.push(`${soon ? 'soon' : 'open'} ${key}`),
    startView: (key: string) => {
      mounts.preloads.push(`start ${key}`);
      return mounts.startable.has(key) ? Promise.resolve() : undefined;
    },
  };
});

import BasicLayout from '../../../../src/layouts/BasicLayout';
import { useTabs } from '../../../../src/layouts/BasicLayout/tabs/useTabs';
import { INTENT_DWELL_MS, resetMenuIntent } from '../../../../src/layouts/BasicLayout/menuIntent';

const IFRAME_MD5 = 'd3c1f0b7a5e2c4b6a8d0e2f4a6b8c0d2';

function item(path: string, title: string, component: string, extra: Partial<MenuItem> = {}): MenuItem {
  const { meta, ...rest } = extra;
  return { id: path, path, name: path.slice(1).replace(/\//g, '-'), component, ...rest, meta: { ...meta, title } };
}

const MENU: MenuItem[] = [
  item(HOME_PATH, '首页', 'dashboard/Analysis', { meta: { title: '首页', icon: 'HomeOutlined' } }),
  item('/receive', '案件管理', 'layouts/RouteView', {
    redirect: '/receive/handle',
    children: [
      item('/receive/handle', '在办案件', 'receive/ReceiveHandleList', { meta: { title: '在办案件', keepAlive: true, componentName: 'ReceiveHandleList' } }),
      item('/receive/new', '新建案件', 'receive/ReceiveNewList'),
    ],
  }),
  item('/isystem', '系统管理', 'layouts/RouteView', {
    redirect: '/isystem/user',
    children: [item('/isystem/user', '用户管理', 'system/UserList')],
  }),
  item('/knowledge', '知识库', 'layouts/RouteView', {
    redirect: '/knowledge/article',
    // The server names an iframe item by the md5 of its url, without a leading slash.
    children: [{ ...item('/x', '行业资讯', 'layouts/IframePageView', { meta: { title: '行业资讯', url: 'https://www.iachina.cn/' } }), path: IFRAME_MD5 }],
  }),
];

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/404" element={<div>页面不存在</div>} />
        <Route path="*" element={<BasicLayout />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

async function openMenu(group: string, page: string) {
  const sider = document.querySelector('.side-menu') as HTMLElement;
  const pageItem = within(sider).queryByText(page);
  if (!pageItem) await userEvent.click(within(sider).getByText(group));
  await userEvent.click(within(sider).getByText(page));
}

const tabTitles = () => Array.from(document.querySelectorAll('.multi-tab-label')).map((el) => el.textContent);

function tabLabel(title: string): HTMLElement {
  const label = Array.from(document.querySelectorAll<HTMLElement>('.multi-tab-label')).find((el) => el.textContent === title);
  if (!label) throw new Error(`no tab ${title}`);
  return label;
}

function closeButtonOf(title: string): HTMLElement {
  return tabLabel(title).closest('.ant-tabs-tab')?.querySelector('.ant-tabs-tab-remove') as HTMLElement;
}

const activeTab = () => document.querySelector('.multi-tab .ant-tabs-tab-active .multi-tab-label')?.textContent;

/** Right-clicks a tab and returns its (visible) context menu. */
async function openTabMenu(title: string): Promise<HTMLElement> {
  await userEvent.pointer({ keys: '[MouseRight]', target: tabLabel(title) });
  return waitFor(() => {
    const menus = Array.from(document.querySelectorAll<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden)'));
    expect(menus).toHaveLength(1);
    return menus[0];
  });
}

/** Four tabs, the last one on screen: 首页, 用户管理, 在办案件 (kept alive), 新建案件. */
async function openFourTabs() {
  renderAt(HOME_PATH);
  await openMenu('系统管理', '用户管理');
  await openMenu('案件管理', '在办案件');
  await openMenu('案件管理', '新建案件');
  await screen.findByText('new:0');
  expect(tabTitles()).toEqual(['首页', '用户管理', '在办案件', '新建案件']);
}

const where = () => screen.getByTestId('where');

describe('authenticated layout (spec §2)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1440 });
    mounts.counts = {};
    useTabs.getState().reset(HOME_PATH);
    useSession.setState({ token: 't', username: 'admin', realname: '管理员', permissionList: MENU, needDepartSelect: false, auth: [], allAuth: [] });
  });
  afterEach(() => {
    document.title = '';
  });

  it('shows title, menu, welcome, home tab, breadcrumb and footer on home', async () => {
    renderAt(HOME_PATH);
    expect(await screen.findByText('home:0')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '公估业务管理系统' })).toBeInTheDocument();
    expect(screen.getByText('欢迎您，管理员')).toBeInTheDocument();
    expect(within(document.querySelector('.side-menu') as HTMLElement).getByText('案件管理')).toBeInTheDocument();
    expect(tabTitles()).toEqual(['首页']);
    expect(screen.getByText('Copyright 2025 公估业务管理系统')).toBeInTheDocument();
    expect(document.title).toBe('公估业务管理系统');
  });

  it('makes the pages of a group ready when it opens, the entry under the pointer at once, and starts the clicked one', async () => {
    mounts.preloads.length = 0;
    renderAt(HOME_PATH);
    const sider = document.querySelector('.side-menu') as HTMLElement;
    await userEvent.click(within(sider).getByText('案件管理'));
    expect(mounts.preloads).toEqual(expect.arrayContaining(['open receive/ReceiveHandleList', 'open receive/ReceiveNewList']));
    await userEvent.click(within(sider).getByText('新建案件'));
    expect(await screen.findByText('new:0')).toBeInTheDocument();
    expect(mounts.preloads).toContain('soon receive/ReceiveNewList');
    // The click starts the page before it renders; a page already on screen is not started again.
    expect(mounts.preloads.filter((p) => p === 'start receive/ReceiveNewList')).toHaveLength(1);
    await userEvent.click(within(sider).getByText('新建案件'));
    expect(mounts.preloads.filter((p) => p === 'start receive/ReceiveNewList')).toHaveLength(1);
  });

  it('opening pages adds tabs; breadcrumb and document title follow the page', async () => {
    renderAt(HOME_PATH);
    await openMenu('系统管理', '用户管理');
    expect(await screen.findByText('users:0')).toBeInTheDocument();
    expect(tabTitles()).toEqual(['首页', '用户管理']);
    const crumbs = document.querySelector('.page-breadcrumb') as HTMLElement;
    expect(within(crumbs).getByRole('link', { name: '首页' })).toHaveAttribute('href', HOME_PATH);
    expect(within(crumbs).getByText('系统管理')).toBeInTheDocument();
    expect(within(crumbs).getByText('用户管理').closest('a')).toBeNull();
    await waitFor(() => expect(document.title).toBe('用户管理 - 公估业务管理系统'));
  });

  it('an iframe item (a path without a leading slash) opens from the side menu, not a relative 404', async () => {
    renderAt('/receive/handle');
    await screen.findByText('handle:0');
    await openMenu('知识库', '行业资讯');
    await waitFor(() => expect(where()).toHaveTextContent(`/${IFRAME_MD5}`));
    expect(where().textContent).toBe(`/${IFRAME_MD5}`);
    expect(await screen.findByText('unknown layouts/IframePageView:0')).toBeInTheDocument();
    expect(tabTitles()).toContain('行业资讯');
  });

  it('an iframe item opens from the menu search too', async () => {
    renderAt('/receive/handle');
    await screen.findByText('handle:0');
    const search = screen.getByRole('combobox', { name: '搜索菜单' });
    await userEvent.click(search);
    await userEvent.type(search, '行业');
    await userEvent.click(await screen.findByTitle('知识库 / 行业资讯'));
    await waitFor(() => expect(where().textContent).toBe(`/${IFRAME_MD5}`));
    expect(await screen.findByText('unknown layouts/IframePageView:0')).toBeInTheDocument();
  });

  it('a parent path goes to its redirect', async () => {
    renderAt('/receive');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/receive/handle'));
  });

  it('an unknown path leads to /404', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByText('页面不存在')).toBeInTheDocument();
  });

  it('keeps a keepAlive page mounted while its tab is open; other pages remount', async () => {
    renderAt(HOME_PATH);
    await openMenu('案件管理', '在办案件');
    await userEvent.click(await screen.findByText('handle:0'));
    expect(screen.getByText('handle:1')).toBeInTheDocument();
    await openMenu('案件管理', '新建案件');
    await screen.findByText('new:0');
    await openMenu('案件管理', '在办案件');
    // The kept page kept its state and was not mounted again.
    expect(await screen.findByText('handle:1')).toBeVisible();
    expect(mounts.counts.handle).toBe(1);
    await openMenu('案件管理', '新建案件');
    await screen.findByText('new:0');
    expect(mounts.counts.new).toBe(2);
  });

  it('刷新 in the tab menu remounts the page', async () => {
    renderAt(HOME_PATH);
    await openMenu('案件管理', '在办案件');
    await userEvent.click(await screen.findByText('handle:0'));
    const label = Array.from(document.querySelectorAll('.multi-tab-label')).find((el) => el.textContent === '在办案件') as HTMLElement;
    await userEvent.pointer({ keys: '[MouseRight]', target: label });
    await userEvent.click(await screen.findByText('刷新'));
    expect(await screen.findByText('handle:0')).toBeInTheDocument();
    expect(mounts.counts.handle).toBe(2);
  });

  it('closing a tab selects its neighbour and navigates there', async () => {
    renderAt(HOME_PATH);
    await openMenu('系统管理', '用户管理');
    await openMenu('案件管理', '新建案件');
    await screen.findByText('new:0');
    const closeButtons = document.querySelectorAll('.multi-tab .ant-tabs-tab-remove');
    await userEvent.click(closeButtons[closeButtons.length - 1] as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/isystem/user'));
    expect(tabTitles()).toEqual(['首页', '用户管理']);
  });

  it('refuses to close the home tab with 首页不能关闭!', async () => {
    renderAt(HOME_PATH);
    await screen.findByText('home:0');
    let refusal: string | undefined;
    act(() => {
      refusal = useTabs.getState().close(HOME_PATH);
    });
    expect(refusal).toBe('首页不能关闭!');
    expect(tabTitles()).toEqual(['首页']);
  });

  it('hides the tab strip and the welcome text on a narrow (mobile) window', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 900 });
    renderAt(HOME_PATH);
    await screen.findByText('home:0');
    expect(document.querySelector('.multi-tab')).toBeNull();
    expect(document.querySelector('.side-menu')).toBeNull();
    expect(screen.queryByText('欢迎您，管理员')).toBeNull();
    expect(screen.getByRole('button', { name: '搜索菜单' })).toBeInTheDocument();
  });
});

// "At once": both clicks land before React renders the first one's navigation (one act scope), as
// when a user (or Playwright) clicks while a tall page is still rendering in the background.
describe('tab actions right after a tab switch', { timeout: 30_000 }, () => {
  beforeEach(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1440 });
    mounts.counts = {};
    mounts.writers = {};
    useTabs.getState().reset(HOME_PATH);
    useSession.setState({ token: 't', username: 'admin', realname: '管理员', permissionList: MENU, needDepartSelect: false, auth: [], allAuth: [] });
  });

  it('a tab clicked and closed at once gives way to its right neighbour', async () => {
    await openFourTabs();
    act(() => {
      fireEvent.click(tabLabel('用户管理'));
      fireEvent.click(closeButtonOf('用户管理'));
    });
    await waitFor(() => expect(where()).toHaveTextContent(/^\/receive\/handle$/));
    expect(tabTitles()).toEqual(['首页', '在办案件', '新建案件']);
    expect(activeTab()).toBe('在办案件');
    expect(screen.getByText('handle:0')).toBeVisible();
  });

  it('the last tab clicked and closed at once gives way to its left neighbour', async () => {
    await openFourTabs();
    await userEvent.click(tabLabel('用户管理'));
    await waitFor(() => expect(where()).toHaveTextContent('/isystem/user'));
    act(() => {
      fireEvent.click(tabLabel('新建案件'));
      fireEvent.click(closeButtonOf('新建案件'));
    });
    await waitFor(() => expect(where()).toHaveTextContent(/^\/receive\/handle$/));
    expect(tabTitles()).toEqual(['首页', '用户管理', '在办案件']);
    expect(activeTab()).toBe('在办案件');
  });

  it('关闭左侧 right after choosing a tab it closes lands on the anchor tab', async () => {
    await openFourTabs();
    const menu = await openTabMenu('新建案件');
    act(() => {
      fireEvent.click(tabLabel('用户管理'));
      fireEvent.click(within(menu).getByText('关闭左侧'));
    });
    await waitFor(() => expect(where()).toHaveTextContent(/^\/receive\/new$/));
    expect(tabTitles()).toEqual(['首页', '新建案件']);
    expect(activeTab()).toBe('新建案件');
  });

  it('关闭右侧 right after choosing a tab it closes lands on the anchor tab', async () => {
    await openFourTabs();
    await userEvent.click(tabLabel('用户管理'));
    await waitFor(() => expect(where()).toHaveTextContent('/isystem/user'));
    const menu = await openTabMenu('在办案件');
    act(() => {
      fireEvent.click(tabLabel('新建案件'));
      fireEvent.click(within(menu).getByText('关闭右侧'));
    });
    await waitFor(() => expect(where()).toHaveTextContent(/^\/receive\/handle$/));
    expect(tabTitles()).toEqual(['首页', '用户管理', '在办案件']);
    expect(activeTab()).toBe('在办案件');
  });

  it('关闭其他 right after choosing another tab keeps the chosen anchor and shows it', async () => {
    await openFourTabs();
    const menu = await openTabMenu('用户管理');
    act(() => {
      fireEvent.click(tabLabel('在办案件'));
      fireEvent.click(within(menu).getByText('关闭其他'));
    });
    await waitFor(() => expect(where()).toHaveTextContent(/^\/isystem\/user$/));
    expect(tabTitles()).toEqual(['首页', '用户管理']);
    expect(activeTab()).toBe('用户管理');
  });

  it('关闭右侧 of a tab left of the one just chosen keeps the user where they went', async () => {
    await openFourTabs();
    const menu = await openTabMenu('在办案件');
    act(() => {
      fireEvent.click(tabLabel('用户管理'));
      fireEvent.click(within(menu).getByText('关闭右侧'));
    });
    await waitFor(() => expect(where()).toHaveTextContent(/^\/isystem\/user$/));
    expect(tabTitles()).toEqual(['首页', '用户管理', '在办案件']);
    expect(activeTab()).toBe('用户管理');
  });

  it('the tab context menu opens inside the sticky tab strip, not at a document position', async () => {
    await openFourTabs();
    const menu = await openTabMenu('用户管理');
    expect(menu.closest('.multi-tab')).not.toBeNull();
  });

  it('the tab context menu stays open while the page scrolls under the strip, and its entries still act', async () => {
    await openFourTabs();
    const menu = await openTabMenu('在办案件');
    act(() => {
      fireEvent.scroll(window);
      fireEvent.scroll(document.querySelector('.multi-tab .ant-tabs-nav-wrap') as HTMLElement);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(menu).not.toHaveClass('ant-dropdown-hidden');
    expect(menu.style.pointerEvents).not.toBe('none');
    fireEvent.click(within(menu).getByText('关闭右侧'));
    await waitFor(() => expect(where()).toHaveTextContent(/^\/receive\/handle$/));
    expect(tabTitles()).toEqual(['首页', '用户管理', '在办案件']);
  });

  it('the tab context menu still closes on a click elsewhere and on Escape', async () => {
    await openFourTabs();
    const menu = await openTabMenu('用户管理');
    await userEvent.click(screen.getByText('new:0'));
    await waitFor(() => expect(menu.style.pointerEvents).toBe('none'));
    await userEvent.pointer({ keys: '[MouseRight]', target: tabLabel('在办案件') });
    const open = () => Array.from(document.querySelectorAll<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden)')).filter((m) => m.style.pointerEvents !== 'none');
    await waitFor(() => expect(open()).toHaveLength(1));
    act(() => {
      fireEvent.keyDown(window, { key: 'Escape', keyCode: 27 });
    });
    await waitFor(() => expect(open()).toHaveLength(0));
    expect(tabTitles()).toEqual(['首页', '用户管理', '在办案件', '新建案件']);
  });
});

describe('a page kept behind another tab', { timeout: 30_000 }, () => {
  beforeEach(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1440 });
    mounts.counts = {};
    mounts.writers = {};
    useTabs.getState().reset(HOME_PATH);
    useSession.setState({ token: 't', username: 'admin', realname: '管理员', permissionList: MENU, needDepartSelect: false, auth: [], allAuth: [] });
  });

  it('the page on screen keeps its query in the address', async () => {
    await openFourTabs();
    act(() => mounts.writers.new('?pageNo=2'));
    await waitFor(() => expect(where()).toHaveTextContent('/receive/new?pageNo=2'));
    expect(tabTitles()).toEqual(['首页', '用户管理', '在办案件', '新建案件']);
  });

  it('writing its query late neither pulls the user back nor activates its tab', async () => {
    await openFourTabs();
    // 在办案件 is kept alive behind 新建案件; its list answers late and writes its query.
    act(() => mounts.writers.handle('?pageNo=2'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(where()).toHaveTextContent(/^\/receive\/new$/);
    expect(activeTab()).toBe('新建案件');
    expect(screen.getByText('new:0')).toBeVisible();
  });

  it('rendering late after its tab was closed does not bring the tab back', async () => {
    await openFourTabs();
    const lateWriter = mounts.writers.handle;
    await userEvent.click(closeButtonOf('在办案件'));
    expect(tabTitles()).toEqual(['首页', '用户管理', '新建案件']);
    act(() => lateWriter('?pageNo=3'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(where()).toHaveTextContent(/^\/receive\/new$/);
    expect(tabTitles()).toEqual(['首页', '用户管理', '新建案件']);
  });

  it('closing the page on screen right after leaving it for a kept page does not re-add it', async () => {
    await openFourTabs();
    await userEvent.click(tabLabel('在办案件'));
    await waitFor(() => expect(where()).toHaveTextContent('/receive/handle'));
    // 新建案件 was left; a late write from it and its close arrive together.
    const lateWriter = mounts.writers.new;
    act(() => {
      fireEvent.click(closeButtonOf('新建案件'));
      lateWriter('?pageNo=4');
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(where()).toHaveTextContent(/^\/receive\/handle$/);
    expect(tabTitles()).toEqual(['首页', '用户管理', '在办案件']);
  });
});

describe('a page made ready while the pointer rests on its menu entry', { timeout: 30_000 }, () => {
  beforeEach(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1440 });
    mounts.counts = {};
    mounts.writers = {};
    mounts.preloads.length = 0;
    mounts.startable = new Set(['system/UserList', 'receive/ReceiveNewList']);
    resetMenuIntent();
    useTabs.getState().reset(HOME_PATH);
    useSession.setState({ token: 't', username: 'admin', realname: '管理员', permissionList: MENU, needDepartSelect: false, auth: [], allAuth: [] });
  });
  afterEach(() => {
    mounts.startable = new Set();
    resetMenuIntent();
  });

  const slotOf = (path: string) => document.querySelector<HTMLElement>(`.page-slot[data-page-key="${path}"]`);
  const entry = (title: string) => within(document.querySelector('.side-menu') as HTMLElement).getByText(title);

  async function restOn(group: string, title: string) {
    renderAt(HOME_PATH);
    await screen.findByText('home:0');
    await userEvent.click(entry(group));
    await userEvent.hover(entry(title));
  }

  it('mounts it out of sight, and the click shows that very page without mounting it again', async () => {
    await restOn('系统管理', '用户管理');
    await waitFor(() => expect(slotOf('/isystem/user')).not.toBeNull());
    const hidden = slotOf('/isystem/user') as HTMLElement;
    expect(hidden).not.toBeVisible();
    expect(hidden).toHaveAttribute('inert');
    expect(screen.getByText('home:0')).toBeVisible();
    expect(mounts.preloads).toContain('start system/UserList');
    await waitFor(() => expect(mounts.counts.users).toBe(1));
    // Hidden, it cannot write the address (a late callback would pull the user there).
    act(() => mounts.writers.users('?pageNo=2'));
    expect(where()).toHaveTextContent(/^\/dashboard\/analysis$/);
    expect(tabTitles()).toEqual(['首页']);

    const button = within(hidden).getByText('users:0');
    await userEvent.click(entry('用户管理'));
    await waitFor(() => expect(where()).toHaveTextContent(/^\/isystem\/user$/));
    expect(screen.getByText('users:0')).toBe(button);
    expect(button).toBeVisible();
    expect(slotOf('/isystem/user')).not.toHaveAttribute('inert');
    expect(mounts.counts.users).toBe(1);
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '用户管理']));
    // On screen it keeps its query in the address as before.
    act(() => mounts.writers.users('?pageNo=2'));
    await waitFor(() => expect(where()).toHaveTextContent('/isystem/user?pageNo=2'));
    expect(screen.getByText('users:0')).toBe(button);
  });

  it('drops the hidden page when the pointer moves on, and does nothing on a pointer passing by', async () => {
    await restOn('系统管理', '用户管理');
    await waitFor(() => expect(slotOf('/isystem/user')).not.toBeNull());
    await userEvent.unhover(entry('用户管理'));
    await waitFor(() => expect(slotOf('/isystem/user')).toBeNull());

    mounts.preloads.length = 0;
    await userEvent.click(entry('案件管理'));
    // In and out at once (nothing runs in between): a pointer on its way elsewhere.
    act(() => {
      fireEvent.mouseEnter(entry('新建案件'));
      fireEvent.mouseLeave(entry('新建案件'));
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, INTENT_DWELL_MS * 2)));
    expect(mounts.preloads).toContain('soon receive/ReceiveNewList');
    expect(mounts.preloads).not.toContain('start receive/ReceiveNewList');
    expect(slotOf('/receive/new')).toBeNull();
  });

  it('clicking another entry drops the hidden page and opens the clicked one', async () => {
    await restOn('系统管理', '用户管理');
    await waitFor(() => expect(slotOf('/isystem/user')).not.toBeNull());
    await userEvent.click(entry('案件管理'));
    await userEvent.click(entry('新建案件'));
    expect(await screen.findByText('new:0')).toBeVisible();
    await waitFor(() => expect(slotOf('/isystem/user')).toBeNull());
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '新建案件']));
  });

  it('a page kept alive behind its tab is not rendered a second time', async () => {
    mounts.startable.add('receive/ReceiveHandleList');
    renderAt(HOME_PATH);
    await openMenu('案件管理', '在办案件');
    await screen.findByText('handle:0');
    await userEvent.click(tabLabel('首页'));
    await waitFor(() => expect(where()).toHaveTextContent(HOME_PATH));
    mounts.preloads.length = 0;
    await userEvent.hover(entry('在办案件'));
    await act(() => new Promise((resolve) => setTimeout(resolve, INTENT_DWELL_MS * 3)));
    expect(mounts.preloads).not.toContain('start receive/ReceiveHandleList');
    expect(document.querySelectorAll('.page-slot[data-page-key="/receive/handle"]')).toHaveLength(1);
  });
});
