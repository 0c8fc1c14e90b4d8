import { create } from 'zustand';
import type { AuthItem, DictMap, LoginResult, MenuItem, PermissionResult, UserInfo } from '../api/types';
import { SAVED_QUERY_PREFIX } from '../../runtime/superQuery/savedQueries';
import {
  ACCESS_TOKEN,
  LOGIN_USERINFO,
  LOGIN_USERNAME,
  NEED_DEPART_SELECT,
  NEED_TENANT_SELECT,
  OPEN_TABS,
  SYS_BUTTON_AUTH,
  TENANT_ID,
  UI_CACHE_DB_DICT_DATA,
  USER_AUTH,
  localStore,
  rememberSignIn,
  sessionStore,
} from './storage';

/**
 * The signed-in user's state (spec §3 "Session user state"). The token, user and tenant persist in
 * localStorage for 7 days; the menu is fetched again after every page load (the navigation guard
 * sees an empty permissionList and asks the server), button permissions live in sessionStorage.
 */
export interface SessionState {
  token: string | null;
  username: string;
  realname: string;
  tenantid: string | number;
  welcome: string;
  avatar: string;
  /** The menu tree from getUserPermissionByToken; empty until fetched. */
  permissionList: MenuItem[];
  info: UserInfo | null;
  auth: AuthItem[];
  allAuth: AuthItem[];
  /**
   * The user has several departments and has not chosen one since signing in: the layout opens
   * the department picker (selection required) while this is true.
   */
  needDepartSelect: boolean;
  /** The user belongs to several tenants and has not chosen one since signing in (租户选择). */
  needTenantSelect: boolean;

  /** Stores a sign-in; `remember` false keeps it in this tab only (记住我 unticked). */
  applyLogin(result: LoginResult, remember?: boolean): void;
  applyUserInfo(info: UserInfo): void;
  applyPermissions(result: PermissionResult): void;
  setWelcome(welcome: string): void;
  setTenant(tenantId: string | number): void;
  setNeedDepartSelect(need: boolean): void;
  setNeedTenantSelect(need: boolean): void;
  /** Forgets everything of the session locally (token, user, permissions, dictionaries, tenant). */
  clear(): void;
}

function initialState() {
  const info = localStore.get<UserInfo>(LOGIN_USERINFO);
  return {
    token: localStore.get<string>(ACCESS_TOKEN),
    username: info?.username ?? localStore.get<string>(LOGIN_USERNAME) ?? '',
    realname: info?.realname ?? '',
    tenantid: localStore.get<string | number>(TENANT_ID) ?? 0,
    welcome: '',
    avatar: info?.avatar ?? '',
    permissionList: [] as MenuItem[],
    info,
    auth: sessionStore.get<AuthItem[]>(USER_AUTH) ?? [],
    allAuth: sessionStore.get<AuthItem[]>(SYS_BUTTON_AUTH) ?? [],
    needDepartSelect: sessionStore.get<boolean>(NEED_DEPART_SELECT) === true,
    needTenantSelect: sessionStore.get<boolean>(NEED_TENANT_SELECT) === true,
  };
}

export const useSession = create<SessionState>()((set) => ({
  ...initialState(),

  applyLogin(result, remember = true) {
    // Whatever an earlier sign-in left, in either place, goes before the new one is written.
    for (const key of [ACCESS_TOKEN, LOGIN_USERNAME, LOGIN_USERINFO, UI_CACHE_DB_DICT_DATA, TENANT_ID]) localStore.remove(key);
    rememberSignIn(remember);
    localStore.set(ACCESS_TOKEN, result.token);
    localStore.set(LOGIN_USERNAME, result.userInfo.username);
    localStore.set(LOGIN_USERINFO, result.userInfo);
    localStore.set<DictMap>(UI_CACHE_DB_DICT_DATA, result.sysAllDictItems);
    set({
      token: result.token,
      username: result.userInfo.username,
      realname: result.userInfo.realname,
      avatar: result.userInfo.avatar ?? '',
      info: result.userInfo,
    });
  },

  applyUserInfo(info) {
    localStore.set(LOGIN_USERINFO, info);
    set({ info, realname: info.realname, avatar: info.avatar ?? '' });
  },

  applyPermissions(result) {
    sessionStore.set(USER_AUTH, result.auth);
    sessionStore.set(SYS_BUTTON_AUTH, result.allAuth);
    set({ permissionList: result.menu, auth: result.auth, allAuth: result.allAuth });
  },

  setWelcome(welcome) {
    set({ welcome });
  },

  setTenant(tenantId) {
    localStore.set(TENANT_ID, tenantId);
    set({ tenantid: tenantId });
  },

  setNeedDepartSelect(need) {
    if (need) sessionStore.set(NEED_DEPART_SELECT, true);
    else sessionStore.remove(NEED_DEPART_SELECT);
    set({ needDepartSelect: need });
  },

  setNeedTenantSelect(need) {
    if (need) sessionStore.set(NEED_TENANT_SELECT, true);
    else sessionStore.remove(NEED_TENANT_SELECT);
    set({ needTenantSelect: need });
  },

  clear() {
    for (const key of [ACCESS_TOKEN, LOGIN_USERNAME, LOGIN_USERINFO, UI_CACHE_DB_DICT_DATA, TENANT_ID]) {
      localStore.remove(key);
    }
    // The local copies of saved advanced queries are this user's: the next user of the browser
    // must not see them (the server keeps the user's own).
    localStore.removeByPrefix(SAVED_QUERY_PREFIX);
    sessionStore.remove(USER_AUTH);
    sessionStore.remove(SYS_BUTTON_AUTH);
    sessionStore.remove(NEED_DEPART_SELECT);
    sessionStore.remove(NEED_TENANT_SELECT);
    sessionStore.remove(OPEN_TABS);
    set({
      token: null,
      username: '',
      realname: '',
      tenantid: 0,
      welcome: '',
      avatar: '',
      permissionList: [],
      info: null,
      auth: [],
      allAuth: [],
      needDepartSelect: false,
      needTenantSelect: false,
    });
  },
}));
