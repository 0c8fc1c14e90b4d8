import { act, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Envelope, LoginResult, MenuItem } from '../../../../src/api/types';

vi.mock('../../../../src/api/sys', () => ({
  login: vi.fn(),
  logout: vi.fn(),
  getUserPermissionByToken: vi.fn(),
  getCurrentUserDeparts: vi.fn(),
  selectDepart: vi.fn(),
  updatePassword: vi.fn(),
  getCaptcha: vi.fn(),
  registrationOpen: vi.fn(),
}));
// The real layout belongs to the layout's own tests; here it only shows which page it would render.
vi.mock('../../../../src/layouts/BasicLayout', async () => {
  const { useCurrentRoute } = await import('../../../../src/router/useCurrentRoute');
  return {
    default: function LayoutProbe() {
      const current = useCurrentRoute();
      return <div data-testid="layout">{current?.record.title}</div>;
    },
  };
});

// antd forms typed into with user-event are slow in jsdom; on a busy two-core machine more so.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

const sys = await import('../../../../src/api/sys');
const { appRoutes } = await import('../../../../src/router/routes');
const { useSession } = await import('../../../../src/store/session');
const { ACCESS_TOKEN, localStore } = await import('../../../../src/store/storage');

const ok = <T,>(result: T, message = ''): Envelope<T> => ({ success: true, code: 200, message, result, timestamp: 0 });

const menu: MenuItem[] = [
  { id: '1', path: '/dashboard/analysis', name: 'dashboard-analysis', component: 'dashboard/Analysis', meta: { title: '首页' } },
  {
    id: '2',
    path: '/isystem',
    name: 'isystem',
    component: 'layouts/RouteView',
    meta: { title: '系统管理' },
    children: [
      { id: '3', path: '/isystem/user', name: 'isystem-user', component: 'system/UserList', meta: { title: '用户管理' } },
      { id: '4', path: '/isystem/role', name: 'isystem-role', component: 'system/RoleList', meta: { title: '角色管理' } },
    ],
  },
];

const loginResult: LoginResult = {
  token: 'tok-9',
  userInfo: { id: 'u1', username: 'admin', realname: '管理员' },
  sysAllDictItems: {},
  departs: [],
  multi_depart: 1,
  tenantList: [],
};

function start(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}
const here = (router: ReturnType<typeof start>) => router.state.location.pathname + router.state.location.search;

beforeEach(() => {
  vi.resetAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
  useSession.getState().clear();
  vi.mocked(sys.getCaptcha).mockImplementation(async (key) => ok(`data:image/svg+xml;base64,${btoa(String(key))}`));
  vi.mocked(sys.getUserPermissionByToken).mockResolvedValue(ok({ menu, auth: [], allAuth: [] }));
  vi.mocked(sys.logout).mockResolvedValue(ok(null));
  vi.mocked(sys.registrationOpen).mockResolvedValue(ok(false));
});

function signedIn() {
  useSession.getState().applyLogin(loginResult);
}

describe('signed out', () => {
  it('a page sends the user to login carrying the page as redirect', async () => {
    const router = start('/isystem/user');
    expect(await screen.findByPlaceholderText('请输入用户名')).toBeInTheDocument();
    expect(here(router)).toBe('/user/login?redirect=%2Fisystem%2Fuser');
    expect(screen.getByText('公估业务管理系统')).toBeInTheDocument();
  });

  it('signing in goes to the redirect target, with the menu loaded', async () => {
    vi.mocked(sys.login).mockResolvedValue(ok(loginResult, '登录成功'));
    const router = start('/isystem/user');
    const user = userEvent.setup();
    await user.type(await screen.findByPlaceholderText('请输入用户名'), 'admin');
    await user.type(screen.getByPlaceholderText('请输入密码'), '123456');
    await user.type(screen.getByPlaceholderText('请输入验证码'), 'abcd{Enter}');

    expect(await screen.findByTestId('layout')).toHaveTextContent('用户管理');
    expect(here(router)).toBe('/isystem/user');
    const sentForm = vi.mocked(sys.login).mock.calls[0][0];
    const captchaKey = vi.mocked(sys.getCaptcha).mock.calls[0][0];
    expect(sentForm).toEqual({ username: 'admin', password: '123456', captcha: 'abcd', checkKey: String(captchaKey), remember_me: true });
    expect(localStore.get(ACCESS_TOKEN)).toBe('tok-9');
  });

  it('asks for every field in Chinese', async () => {
    start('/user/login');
    await userEvent.click(await screen.findByRole('button', { name: '登 录' }));
    expect(await screen.findByText('请输入用户名', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(screen.getByText('请输入密码', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(screen.getByText('请输入验证码', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(sys.login).not.toHaveBeenCalled();
  });

  it('a refused sign-in shows the server message and a new captcha', async () => {
    vi.mocked(sys.login).mockResolvedValue({ success: false, code: 412, message: '验证码错误', result: null as never, timestamp: 0 });
    start('/user/login');
    const user = userEvent.setup();
    await user.type(await screen.findByPlaceholderText('请输入用户名'), 'admin');
    await user.type(screen.getByPlaceholderText('请输入密码'), '123456');
    await user.type(screen.getByPlaceholderText('请输入验证码'), 'zzzz');
    await user.click(screen.getByRole('button', { name: '登 录' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('验证码错误');
    await waitFor(() => expect(sys.getCaptcha).toHaveBeenCalledTimes(2));
    expect(screen.getByPlaceholderText('请输入验证码')).toHaveValue('');
  });

  it('clicking the captcha image fetches a new one', async () => {
    start('/user/login');
    const image = await screen.findByAltText('验证码');
    await userEvent.click(image);
    await waitFor(() => expect(sys.getCaptcha).toHaveBeenCalledTimes(2));
    const [first, second] = vi.mocked(sys.getCaptcha).mock.calls.map((c) => Number(c[0]));
    expect(second).toBeGreaterThan(first);
  });

  it('register opens without a token and, while registration is off, says so and leads back to login', async () => {
    start('/user/register');
    expect(await screen.findByText(/账号由系统管理员统一开通/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回登录' })).toHaveAttribute('href', '/user/login');
  });
});

describe('signed in', () => {
  it('the login page leads home', async () => {
    signedIn();
    const router = start('/user/login');
    expect(await screen.findByTestId('layout')).toHaveTextContent('首页');
    expect(here(router)).toBe('/dashboard/analysis');
  });

  it('a parent goes to its first page', async () => {
    signedIn();
    const router = start('/isystem');
    expect(await screen.findByTestId('layout')).toHaveTextContent('用户管理');
    expect(here(router)).toBe('/isystem/user');
  });

  it('an unknown path shows the 404 page', async () => {
    signedIn();
    const router = start('/no/such/page');
    expect(await screen.findByText('抱歉，你访问的页面不存在')).toBeInTheDocument();
    expect(here(router)).toBe('/404');
    expect(screen.getByRole('button', { name: '返回首页' })).toBeInTheDocument();
  });

  it('a failed permission fetch logs out and goes to login with redirect', async () => {
    signedIn();
    vi.mocked(sys.getUserPermissionByToken).mockResolvedValue(ok({ menu: [], auth: [], allAuth: [] }));
    const router = start('/isystem/role');
    expect(await screen.findByPlaceholderText('请输入用户名')).toBeInTheDocument();
    expect(here(router)).toBe('/user/login?redirect=%2Fisystem%2Frole');
    expect(sys.logout).toHaveBeenCalledWith('tok-9');
    expect(localStore.get(ACCESS_TOKEN)).toBeNull();
  });

  it('the permissions are fetched once per page load, not per navigation', async () => {
    signedIn();
    const router = start('/isystem/user');
    await screen.findByTestId('layout');
    await act(() => router.navigate('/isystem/role'));
    expect(screen.getByTestId('layout')).toHaveTextContent('角色管理');
    expect(sys.getUserPermissionByToken).toHaveBeenCalledTimes(1);
  });
});
