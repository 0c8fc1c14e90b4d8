/**
 * The organisation calls of the pickers (widgets spec §7) through the host. A business refusal
 * (`success:false`) is shown as a warning with the server's message (spec §7: "Failure shows message
 * as warning"); a transport failure has already been told to the user by the request layer. Either
 * way the caller gets `null` and shows its empty state.
 */
import type { Envelope, Host, RequestParams } from '../../host/types';

export interface DepartNode {
  id: string;
  key: string;
  title: string;
  value: string;
  parentId: string;
  departName: string;
  orgCode: string;
  isLeaf: boolean;
  children: DepartNode[] | null;
}

export interface DepartSearchHit extends DepartNode {
  parentIds: string[];
  departPath: string;
}

export interface PickerUser {
  id: string;
  username: string;
  realname: string;
  sex: number;
  birthday: string | null;
  phone: string | null;
  email: string | null;
  orgCodeTxt: string;
  status: number;
}

export interface UserPage {
  records: PickerUser[];
  total: number;
}

export interface UserQuery {
  username?: string;
  realname?: string;
  departId?: string;
  column?: string;
  order?: 'asc' | 'desc';
  pageNo: number;
  pageSize: number;
}

export const ORG_URLS = {
  departTree: '/sys/sysDepart/queryTreeList',
  departSearch: '/sys/sysDepart/searchBy',
  users: '/sys/user/queryUserComponentData',
  multiUser: '/sys/user/getMultiUser',
} as const;

async function call<T>(host: Host, url: string, params?: RequestParams): Promise<T | null> {
  let answer: Envelope<T>;
  try {
    answer = await host.request.get<T>(url, params);
  } catch {
    return null;
  }
  if (!answer.success) {
    host.notify.warning(answer.message || '操作失败');
    return null;
  }
  return answer.result;
}

/** A list answer as a list; anything else (a server of another shape) as an empty one. */
function listOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : [];
}

export async function loadDepartTree(host: Host): Promise<DepartNode[] | null> {
  const tree = await call<unknown>(host, ORG_URLS.departTree);
  return tree === null ? null : listOf<DepartNode>(tree);
}

export async function searchDepartments(host: Host, keyWord: string): Promise<DepartSearchHit[] | null> {
  const hits = await call<unknown>(host, ORG_URLS.departSearch, { keyWord });
  return hits === null ? null : listOf<DepartSearchHit>(hits);
}

export async function loadUserPage(host: Host, query: UserQuery): Promise<UserPage | null> {
  const params: RequestParams = { ...query };
  const page = await call<Partial<UserPage> | null>(host, ORG_URLS.users, params);
  return page === null ? null : { records: listOf<PickerUser>(page?.records), total: Number(page?.total) || 0 };
}

/** The users named by stored keys (usernames or ids). */
export async function loadUsersByKeys(host: Host, keys: readonly string[]): Promise<PickerUser[] | null> {
  if (keys.length === 0) return [];
  const users = await call<unknown>(host, ORG_URLS.multiUser, { ids: keys.join(',') });
  return users === null ? null : listOf<PickerUser>(users);
}
