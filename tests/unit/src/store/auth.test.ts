import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { Envelope, LoginResult, MenuItem, PermissionResult, UserInfo } from '../../../../src/api/types';

vi.mock('../../../../src/api/sys', () => ({
  login: vi.fn(),
  phoneLogin: vi.fn(),
  logout: vi.fn(),
  getUserPermissionByToken: vi.fn(),
  getCurrentUserDeparts: vi.fn(),
  selectDepart: vi.fn(),
  updatePassword: vi.fn(),
  getCaptcha: vi.fn(),
}));
vi.mock('../../../../src/api/dict', () => ({
  refleshCache: vi.fn(),
  queryAllDictItems: vi.fn(),
}));

const sys = await import('../../../../src/api/sys');
const dict = await import('../../../../src/api/dict');
const { setRequestHost } = await import('../../../../src/api/requestHost');
const auth = await import('../../../../src/store/auth');
const { useSession } = await import('../../../../src/store/session');
const storage = await import('../../../../src/store/storage');
const { ACCESS_TOKEN, LOGIN_USERINFO, NEED_DEPART_SELECT, TENANT_ID, UI_CACHE_DB_DICT_DATA, localStore, sessionStore } = storage;

function ok<T>(result: T, message = ''): Envelope<T> {
  return { success: true, code: 200, message, result, timestamp: 0 };
}
function refused(message: string, code = 500): Envelope<never> {
  return { success: false, code, message, result: null as never, timestamp: 0 };
}

const zhangsan: UserInfo = { id: 'u2', username: 'zhangsan', realname: '张三', orgCode: 'A01A01' };
const loginResult = (multi: 0 | 1 | 2 = 1): LoginResult => ({
  token: 'tok-1',
  userInfo: zhangsan,
  sysAllDictItems: { sex: [{ value: '1', text: '男' }] },
  departs: [],
  multi_depart: multi,
  tenantList: [],
});
const menu: MenuItem[] = [
  { id: '1', path: '/dashboard/analysis', name: 'dashboard-analysis', component: 'dashboard/Analysis', meta: { title: '首页' } },
  {
    id: '2',
    path: '/isystem',
    name: 'isystem',
    component: 'layouts/RouteView',
    meta: { title: '系统管理' },
    children: [
      { id: '3', path: '/isystem/x', name: 'x', component: 'x', hidden: true, meta: { title: 'X' } },
    ],
  },
];

let reload: Mock<() => void>;
let restoreHost: () => void;

beforeEach(() => {
  vi.resetAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
  useSession.getState().clear();
  reload = vi.fn<() => void>();
  restoreHost = setRequestHost({ reload });
  window.history.replaceState(null, '', '/isystem/user');
});
afterEach(() => restoreHost());

describe('loginByAccount', () => {
  const form = { username: 'zhangsan', password: '123456', captcha: 'ab12', checkKey: '1700000000000' };

  it('stores token, user and dictionaries for 7 days and asks for a department when there are several', async () => {
    vi.mocked(sys.login).mockResolvedValue(ok(loginResult(2)));
    await auth.loginByAccount(form);
    expect(sys.login).toHaveBeenCalledWith({ ...form, remember_me: true });
    expect(localStore.get(ACCESS_TOKEN)).toBe('tok-1');
    expect(localStore.get(LOGIN_USERINFO)).toEqual(zhangsan);
    expect(localStore.get(UI_CACHE_DB_DICT_DATA)).toEqual({ sex: [{ value: '1', text: '男' }] });
    expect(useSession.getState()).toMatchObject({ token: 'tok-1', username: 'zhangsan', realname: '张三', needDepartSelect: true });
    expect(sessionStore.get(NEED_DEPART_SELECT)).toBe(true);
  });

  it('without 记住我 keeps the session in this tab only (sessionStorage) and tells the server', async () => {
    window.localStorage.setItem('pro__Access-Token', JSON.stringify({ value: 'old-remembered', expire: null }));
    vi.mocked(sys.login).mockResolvedValue(ok(loginResult(1)));
    await auth.loginByAccount(form, false);
    expect(sys.login).toHaveBeenCalledWith({ ...form, remember_me: false });
    expect(localStore.get(ACCESS_TOKEN)).toBe('tok-1');
    expect(window.sessionStorage.getItem('pro__Access-Token')).toContain('tok-1');
    // Nothing of the session is left where a closed browser would keep it.
    expect(Object.keys(window.localStorage).filter((key) => /Access-Token|Login_User|TENANT_ID|UI_CACHE_DB_DICT_DATA/.test(key))).toEqual([]);
    // The next sign-in with 记住我 goes back to localStorage.
    await auth.loginByAccount(form, true);
    expect(window.localStorage.getItem('pro__Access-Token')).toContain('tok-1');
    expect(window.sessionStorage.getItem('pro__Access-Token')).toBeNull();
  });

  it('signs in by phone code like by account', async () => {
    vi.mocked(sys.phoneLogin).mockResolvedValue(ok(loginResult(2)));
    await auth.loginByPhone({ mobile: '13900000001', captcha: '123456' });
    expect(sys.phoneLogin).toHaveBeenCalledWith({ mobile: '13900000001', captcha: '123456', remember_me: true });
    expect(useSession.getState()).toMatchObject({ token: 'tok-1', username: 'zhangsan', needDepartSelect: true });
  });

  it('does not ask for a department when the user has one', async () => {
    vi.mocked(sys.login).mockResolvedValue(ok(loginResult(1)));
    await auth.loginByAccount(form);
    expect(useSession.getState().needDepartSelect).toBe(false);
  });

  it('uses the only tenant as the tenant id', async () => {
    vi.mocked(sys.login).mockResolvedValue(ok({ ...loginResult(), tenantList: [{ id: 5, name: '总部' }] }));
    await auth.loginByAccount(form);
    expect(localStore.get(TENANT_ID)).toBe(5);
  });

  it('rejects to the caller with the server message unless the code is 200', async () => {
    vi.mocked(sys.login).mockResolvedValue(refused('验证码错误', 412));
    const error = await auth.loginByAccount(form).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(auth.LoginRejected);
    expect(error).toMatchObject({ message: '验证码错误', code: 412 });
    expect(localStore.get(ACCESS_TOKEN)).toBeNull();
    expect(useSession.getState().token).toBeNull();
  });
});

describe('logout', () => {
  beforeEach(async () => {
    vi.mocked(sys.login).mockResolvedValue(ok(loginResult(2)));
    await auth.loginByAccount({ username: 'zhangsan', password: '123456', captcha: 'x', checkKey: '1' });
    localStore.set(TENANT_ID, 3);
    localStore.set('JSuperQuerySaved_maintenance/expert', [{ title: '男专家', matchType: 'and', records: [] }]);
    localStore.set('JSuperQuerySaved_receive/receive', []);
    useSession.getState().applyPermissions({ menu, auth: [{ action: 'user:add', type: '1' }], allAuth: [] });
  });

  it('clears token, permissions, user, dictionaries, tenant and saved-query copies, ends the server session, goes to login and reloads', async () => {
    vi.mocked(sys.logout).mockResolvedValue(ok(null));
    await auth.logout();
    expect(sys.logout).toHaveBeenCalledWith('tok-1');
    for (const key of [ACCESS_TOKEN, LOGIN_USERINFO, UI_CACHE_DB_DICT_DATA, TENANT_ID]) expect(localStore.get(key)).toBeNull();
    // The saved advanced queries' local copies belong to the user who leaves.
    expect(localStore.get('JSuperQuerySaved_maintenance/expert')).toBeNull();
    expect(localStore.get('JSuperQuerySaved_receive/receive')).toBeNull();
    expect(sessionStore.get(storage.USER_AUTH)).toBeNull();
    expect(useSession.getState()).toMatchObject({ token: null, permissionList: [], info: null, needDepartSelect: false });
    expect(window.location.pathname).toBe('/user/login');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('proceeds when the server call fails', async () => {
    vi.mocked(sys.logout).mockRejectedValue(new Error('Network Error'));
    await expect(auth.logout()).resolves.toBeUndefined();
    expect(localStore.get(ACCESS_TOKEN)).toBeNull();
    expect(window.location.pathname).toBe('/user/login');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('fetchPermissions', () => {
  it('stores the menu (parents of only hidden children hidden) and the button permissions', async () => {
    const result: PermissionResult = { menu, auth: [{ action: 'user:add', type: '1' }], allAuth: [{ action: 'user:add', type: '1', status: '1' }] };
    vi.mocked(sys.getUserPermissionByToken).mockResolvedValue(ok(result));
    await auth.fetchPermissions();
    const state = useSession.getState();
    expect(state.permissionList).toHaveLength(2);
    expect(state.permissionList[1].hidden).toBe(true);
    expect(state.auth).toEqual(result.auth);
    expect(sessionStore.get(storage.USER_AUTH)).toEqual(result.auth);
    expect(sessionStore.get(storage.SYS_BUTTON_AUTH)).toEqual(result.allAuth);
  });

  it.each([null, [], 'menu'])('rejects an empty or missing menu (%j)', async (badMenu) => {
    vi.mocked(sys.getUserPermissionByToken).mockResolvedValue(
      ok({ menu: badMenu as unknown as MenuItem[], auth: [], allAuth: [] }),
    );
    await expect(auth.fetchPermissions()).rejects.toThrow('getPermissionList: permissions must be a non-null array');
    expect(useSession.getState().permissionList).toEqual([]);
  });

  it('asks the server once when several pages want the permissions at the same time', async () => {
    vi.mocked(sys.getUserPermissionByToken).mockResolvedValue(ok({ menu, auth: [], allAuth: [] }));
    await Promise.all([auth.fetchPermissions(), auth.fetchPermissions()]);
    expect(sys.getUserPermissionByToken).toHaveBeenCalledTimes(1);
  });
});

describe('departments', () => {
  it('当前系统无登录用户! when nobody is signed in', async () => {
    await expect(auth.loadCurrentUserDeparts()).rejects.toThrow('当前系统无登录用户!');
    await expect(auth.selectDepart('A01A01')).rejects.toThrow('当前系统无登录用户!');
    expect(sys.getCurrentUserDeparts).not.toHaveBeenCalled();
  });

  it('您尚未设置部门信息! when the user has no department', async () => {
    vi.mocked(sys.login).mockResolvedValue(ok(loginResult(0)));
    await auth.loginByAccount({ username: 'zhangsan', password: '1', captcha: 'x', checkKey: '1' });
    vi.mocked(sys.getCurrentUserDeparts).mockResolvedValue(ok({ list: [], orgCode: null }));
    await expect(auth.loadCurrentUserDeparts()).rejects.toThrow('您尚未设置部门信息!');
  });

  it('switching stores the returned user info for 7 days and answers the choice asked at sign-in', async () => {
    vi.mocked(sys.login).mockResolvedValue(ok(loginResult(2)));
    await auth.loginByAccount({ username: 'zhangsan', password: '1', captcha: 'x', checkKey: '1' });
    const switched = { ...zhangsan, orgCode: 'A01A02' };
    vi.mocked(sys.selectDepart).mockResolvedValue(ok({ userInfo: switched }));
    const res = await auth.selectDepart('A01A02');
    expect(res.success).toBe(true);
    expect(sys.selectDepart).toHaveBeenCalledWith('A01A02', 'zhangsan');
    expect(localStore.get(LOGIN_USERINFO)).toEqual(switched);
    expect(useSession.getState()).toMatchObject({ info: switched, needDepartSelect: false });
  });

  it('a refused switch changes nothing and hands the server message back', async () => {
    vi.mocked(sys.login).mockResolvedValue(ok(loginResult(2)));
    await auth.loginByAccount({ username: 'zhangsan', password: '1', captcha: 'x', checkKey: '1' });
    vi.mocked(sys.selectDepart).mockResolvedValue(refused('部门不存在'));
    const res = await auth.selectDepart('A09');
    expect(res).toMatchObject({ success: false, message: '部门不存在' });
    expect(useSession.getState().needDepartSelect).toBe(true);
  });
});

describe('refreshDictCache', () => {
  it('asks the server to rebuild its cache, then stores all dictionaries locally', async () => {
    vi.mocked(dict.refleshCache).mockResolvedValue(ok(null));
    vi.mocked(dict.queryAllDictItems).mockResolvedValue(ok({ priority: [{ value: 'H', text: '紧急' }] }));
    await auth.refreshDictCache();
    expect(localStore.get(UI_CACHE_DB_DICT_DATA)).toEqual({ priority: [{ value: 'H', text: '紧急' }] });
  });

  it('刷新缓存失败！ when either call fails', async () => {
    vi.mocked(dict.refleshCache).mockResolvedValue(refused('没有权限，请联系管理员授权', 510));
    await expect(auth.refreshDictCache()).rejects.toThrow('刷新缓存失败！');
    expect(dict.queryAllDictItems).not.toHaveBeenCalled();
  });
});
