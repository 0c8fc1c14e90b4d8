import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { MenuItem } from '../../../src/api/types';
import { HOME_PATH } from '../../../src/config';
import { useSession } from '../../../src/store/session';

const mounts = vi.hoisted(() => ({ counts: {} as Record<string, number> }));

vi.mock('../../../src/api/announcement', () => ({
  listByUser: () => Promise.resolve({ success: true, code: 200, message: '', timestamp: 0, result: { anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 } }),
  markAnnouncementRead: () => Promise.resolve({ success: true }),
}));
vi.mock('../../../src/api/sys', () => ({
  getCurrentUserDeparts: () =>
    Promise.resolve({ success: true, code: 200, message: '', timestamp: 0, result: { list: [{ id: '1', orgCode: 'A01', departName: '公司' }], orgCode: 'A01' } }),
  updatePassword: vi.fn(),
}));
vi.mock('../../../src/router/viewRegistry', async () => {
  const { useEffect, useState: useLocalState } = await import('react');
  // A page that counts its mounts and keeps a local counter, to see keep-alive and refresh.
  const make = (name: string) =>
    function TestPage() {
      const [clicks, setClicks] = useLocalState(0);
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
  };
});

import BasicLayout from '../../../src/layouts/BasicLayout';
import { useTabs } from '../../../src/layouts/BasicLayout/tabs/useTabs';

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
];

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
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
