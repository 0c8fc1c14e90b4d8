// Wire shapes of the JeecgBoot contract as the web app reads them (../shared/spec/app-shell.md §3).

export type { Envelope } from '../../runtime/contract/envelope';

export interface UserInfo {
  id: string;
  username: string;
  realname: string;
  avatar?: string | null;
  orgCode?: string | null;
  orgCodeTxt?: string | null;
  sex?: number;
  email?: string | null;
  phone?: string | null;
  status?: number;
  [extra: string]: unknown;
}

export interface Depart {
  id: string;
  orgCode: string;
  departName: string;
  parentId?: string | null;
}

export interface DictItem {
  value: string;
  text: string;
  title?: string;
  label?: string;
}

export type DictMap = Record<string, DictItem[]>;

export interface Tenant {
  id: number;
  name: string;
  beginDate?: string | null;
  endDate?: string | null;
  status?: number;
}

/** GET /sys/tenant/getCurrentUserTenant: the user's usable tenants and the tenant of the request. */
export interface CurrentUserTenants {
  list?: Tenant[];
  tenantId?: number;
}

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
  sysAllDictItems: DictMap;
  /** The version of sysAllDictItems (lossdesk): compared at each permission fetch. */
  dictVersion?: string;
  departs: Depart[];
  /** 0 no department, 1 exactly one, 2 several (a department must be chosen) */
  multi_depart: 0 | 1 | 2;
  tenantList: Tenant[];
}

export interface MenuMeta {
  title: string;
  icon?: string;
  keepAlive?: boolean;
  componentName?: string;
  internalOrExternal?: boolean;
  url?: string;
  hideTab?: boolean;
  hideMenu?: boolean;
  permissionList?: AuthItem[];
}

export interface MenuItem {
  id: string;
  path: string;
  name: string;
  component: string;
  redirect?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  /** '0' = not a route (skipped when routes are built) */
  route?: '0' | '1';
  meta: MenuMeta;
  children?: MenuItem[];
}

/** A button permission. type '1' show, '2' disable; status '1' valid, '0' invalid (allAuth only). */
export interface AuthItem {
  action: string;
  type: string;
  describe?: string;
  status?: string;
}

export interface PermissionResult {
  menu: MenuItem[];
  auth: AuthItem[];
  allAuth: AuthItem[];
  sysSafeMode?: boolean;
  /** The version of the server's dictionaries (lossdesk): another than the cached one refreshes the cache. */
  dictVersion?: string;
}

export interface CurrentUserDeparts {
  list: Depart[];
  orgCode: string | null;
}

export interface Announcement {
  id: string;
  busId?: string | null;
  /** spelled so on the wire */
  titile: string;
  sender?: string | null;
  sendTime?: string | null;
  msgContent?: string | null;
  openType?: string | null;
  openPage?: string | null;
  msgId?: string | null;
  msgTxt?: string | null;
  createTime?: string | null;
  /** L general, M important, H urgent */
  priority?: 'L' | 'M' | 'H' | string;
}

/** A notice in 我的消息, with whether the user has read it. */
export interface MyNotice extends Announcement {
  anntId: string;
  msgCategory?: string | null;
  readFlag: '0' | '1';
  readTime?: string | null;
}

export interface MyNoticePage {
  records: MyNotice[];
  total: number;
}

export interface NoticeList {
  anntMsgList: Announcement[];
  anntMsgTotal: number;
  sysMsgList: Announcement[];
  sysMsgTotal: number;
}
