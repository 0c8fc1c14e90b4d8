// Session actions (spec §4, §7, §8): sign in, sign out, permissions, department, dictionaries.
// Headless: views call these and show the outcome; texts of rejections are the spec's.
import { queryAllDictItems, refleshCache } from '../api/dict';
import { requestHost } from '../api/requestHost';
import * as sys from '../api/sys';
import type { CurrentUserDeparts, DictMap, Envelope, LoginResult, PermissionResult, UserInfo } from '../api/types';
import { LOGIN_PATH } from '../config';
import { hideParentsWithoutVisibleChildren } from '../router/menuRoutes';
import { dictService } from '../appServices';
import { useSession } from './session';
import { tenantAtSignIn } from './tenantChoice';
import { ACCESS_TOKEN, LOGIN_USERINFO, UI_CACHE_DB_DICT_DATA, localStore } from './storage';

export const EMPTY_PERMISSIONS_MESSAGE = 'getPermissionList: permissions must be a non-null array';
export const NO_LOGIN_USER_MESSAGE = '当前系统无登录用户!';
export const NO_DEPARTS_MESSAGE = '您尚未设置部门信息!';
export const CACHE_REFRESHED_MESSAGE = '刷新缓存完成！';
export const CACHE_REFRESH_FAILED_MESSAGE = '刷新缓存失败！';

/** The server refused the sign-in; `message` is its text (e.g. 验证码错误, 用户名或密码错误). */
export class LoginRejected extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
    this.name = 'LoginRejected';
  }
}

/**
 * Takes in the server's answer to any sign-in (password, phone code, OpenID Connect, CAS): stores
 * the session, seeds dictionaries, settles tenant and department choice. Rejects with LoginRejected
 * unless the answer is code 200 with a result, so every way in behaves the same after the server.
 */
export function applyLoginAnswer(res: Envelope<LoginResult>): LoginResult {
  if (String(res.code) !== '200' || !res.result) {
    throw new LoginRejected(res.message || '登录失败', res.code);
  }
  const result = res.result;
  const session = useSession.getState();
  session.applyLogin(result);
  // Schema pages read dictionaries through the runtime service: it starts from the login's items.
  dictService.seed(result.sysAllDictItems ?? {}, result.dictVersion);
  const tenant = tenantAtSignIn(result.tenantList);
  session.setTenant(tenant.tenantId);
  session.setNeedTenantSelect(tenant.mustChoose);
  session.setNeedDepartSelect(result.multi_depart === 2);
  return result;
}

/** Signs in; resolves only when the server answers code 200, otherwise rejects to the caller. */
export async function loginByAccount(form: sys.LoginForm): Promise<LoginResult> {
  return applyLoginAnswer(await sys.login(form));
}

/**
 * Forgets the session locally, then tells the server. The local clean-up comes first so a failing
 * (or 401) logout call cannot start another logout; the call carries the old token explicitly.
 * Never rejects: logging out proceeds even when the server call fails.
 */
export async function endSession(): Promise<void> {
  const token = localStore.get<string>(ACCESS_TOKEN);
  useSession.getState().clear();
  dictService.clear();
  if (!token) return;
  try {
    await sys.logout(token);
  } catch {
    // proceed (spec §4)
  }
}

/** Logout of spec §4: end the session, go to /user/login and reload the page. */
export async function logout(): Promise<void> {
  await endSession();
  window.history.replaceState(null, '', LOGIN_PATH);
  requestHost().reload();
}

let permissionsInFlight: Promise<PermissionResult> | null = null;

async function loadPermissions(): Promise<PermissionResult> {
  const res = await sys.getUserPermissionByToken();
  if (!res.success || !res.result) throw new Error(res.message || EMPTY_PERMISSIONS_MESSAGE);
  const { menu } = res.result;
  if (!Array.isArray(menu) || menu.length === 0) throw new Error(EMPTY_PERMISSIONS_MESSAGE);
  const result: PermissionResult = {
    ...res.result,
    menu: hideParentsWithoutVisibleChildren(menu),
    auth: res.result.auth ?? [],
    allAuth: res.result.allAuth ?? [],
  };
  useSession.getState().applyPermissions(result);
  // Each sign-in and page load: dictionaries changed on the server since they were cached are read again.
  void dictService.syncServerVersion(result.dictVersion);
  return result;
}

/** Fetches the menu and button permissions into the session; one request at a time. */
export function fetchPermissions(): Promise<PermissionResult> {
  permissionsInFlight ??= loadPermissions().finally(() => {
    permissionsInFlight = null;
  });
  return permissionsInFlight;
}

/** The user's departments; rejects with 当前系统无登录用户! / 您尚未设置部门信息!. */
export async function loadCurrentUserDeparts(): Promise<CurrentUserDeparts> {
  if (!useSession.getState().username) throw new Error(NO_LOGIN_USER_MESSAGE);
  const res = await sys.getCurrentUserDeparts();
  if (!res.success) throw new Error(res.message);
  const list = res.result?.list ?? [];
  if (list.length === 0) throw new Error(NO_DEPARTS_MESSAGE);
  return { list, orgCode: res.result.orgCode ?? null };
}

/**
 * Makes `orgCode` the user's current department. On success the returned user info is stored
 * (7 days) and the choice asked for at sign-in is answered. Resolves with the server's answer.
 */
export async function selectDepart(orgCode: string): Promise<Envelope<{ userInfo: UserInfo }>> {
  const session = useSession.getState();
  const username = session.username || localStore.get<UserInfo>(LOGIN_USERINFO)?.username;
  if (!username) throw new Error(NO_LOGIN_USER_MESSAGE);
  const res = await sys.selectDepart(orgCode, username);
  if (res.success && res.result?.userInfo) {
    session.applyUserInfo(res.result.userInfo);
    session.setNeedDepartSelect(false);
  }
  return res;
}

/** 清理缓存: the server rebuilds its dictionary cache, then the local copy is replaced (7 days). */
export async function refreshDictCache(): Promise<DictMap> {
  try {
    const refreshed = await refleshCache();
    if (!refreshed.success) throw new Error(refreshed.message);
    const all = await queryAllDictItems();
    if (!all.success || !all.result) throw new Error(all.message);
    localStore.set<DictMap>(UI_CACHE_DB_DICT_DATA, all.result);
    dictService.seed(all.result);
    return all.result;
  } catch {
    throw new Error(CACHE_REFRESH_FAILED_MESSAGE);
  }
}
