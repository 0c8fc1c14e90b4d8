/**
 * Users as the pickers see them: only the public columns (never password, salt or lockout state),
 * with `orgCodeTxt` = the names of all the user's departments, comma-joined (JeecgBoot's
 * getDepNamesByUserIds, which the user picker shows in its 部门 column).
 *
 * Who is listed: deleted users (del_flag 1) never; frozen users (status 2) are not offered for
 * picking (queryUserComponentData, queryUserByDepId) but are still resolved by getMultiUser, so a
 * record that names a user frozen since still shows their real name.
 */
import { sql, type Expression, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { DB, SysUser } from '../../db/types';
import { escapeLike } from '../../crud/query/conditions';
import { QueryError, quote } from '../../crud/query/queryError';

export interface PickerUser {
  id: string;
  username: string;
  realname: string;
  avatar: string | null;
  sex: number;
  birthday: string | null;
  phone: string | null;
  email: string | null;
  telephone: string | null;
  workNo: string | null;
  post: string | null;
  orgCode: string | null;
  /** Names of the user's departments, comma-joined; '' when none. */
  orgCodeTxt: string;
  /** 1 normal, 2 frozen. */
  status: number;
  createTime: string;
}

export const ACTIVE = 1;

/** Sortable columns of the picker table (request property → sys_user column); nothing else is sorted on. */
const SORT_COLUMNS = {
  createTime: 'u.create_time',
  username: 'u.username',
  realname: 'u.realname',
  sex: 'u.sex',
  phone: 'u.phone',
  email: 'u.email',
  birthday: 'u.birthday',
  workNo: 'u.work_no',
} as const;

type SortColumn = (typeof SORT_COLUMNS)[keyof typeof SORT_COLUMNS];

export interface UserSort {
  column: SortColumn;
  direction: 'asc' | 'desc';
}

/** JeecgBoot's sort parameters: `column` one allowed property (default createTime), `order` asc when it says asc, else desc. */
export function userSort(column: string | undefined, order: string | undefined): UserSort {
  const name = (column ?? '').trim() || 'createTime';
  if (!Object.hasOwn(SORT_COLUMNS, name)) throw new QueryError(`请注意，将要排序的列字段不存在：${quote(name)}`);
  return { column: SORT_COLUMNS[name as keyof typeof SORT_COLUMNS], direction: /asc/i.test(order ?? '') ? 'asc' : 'desc' };
}

type UserScope = ExpressionBuilder<DB & { u: DB['sys_user'] }, 'u'>;

const USER_COLUMNS = [
  'u.id', 'u.username', 'u.realname', 'u.avatar', 'u.sex', 'u.birthday', 'u.phone', 'u.email', 'u.telephone',
  'u.work_no', 'u.post', 'u.org_code', 'u.status', 'u.create_time',
] as const;

export interface UserFilter {
  /** Part of the account name. */
  username?: string;
  /** Part of the real name. */
  realname?: string;
  /** Users of this department's org code and every department below it. */
  departOrgCode?: string;
}

/**
 * The user `u` belongs to a live department of the subtree under `orgCode`. Org codes grow by three
 * characters per level, so a prefix match is the subtree (JeecgBoot: org_code LIKE 'code%').
 */
export function inDepartSubtree(eb: UserScope, orgCode: string): Expression<SqlBool> {
  const subtree = `${escapeLike(orgCode)}%`;
  return eb.exists(
    eb
      .selectFrom('sys_user_depart as ud')
      .innerJoin('sys_depart as d', 'd.id', 'ud.dep_id')
      .select('ud.id')
      .whereRef('ud.user_id', '=', 'u.id')
      .where('d.del_flag', '=', '0')
      .where(sql<SqlBool>`d.org_code LIKE ${subtree} ESCAPE '\\'`),
  );
}

function contains(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** Pickable users (not deleted, not frozen) matching the filter. */
function pickable(filter: UserFilter) {
  return (eb: UserScope) => {
    const parts: Expression<SqlBool>[] = [eb('u.del_flag', '=', 0), eb('u.status', '=', ACTIVE)];
    const username = filter.username?.trim();
    if (username) parts.push(sql<SqlBool>`u.username LIKE ${contains(username)} ESCAPE '\\'`);
    const realname = filter.realname?.trim();
    if (realname) parts.push(sql<SqlBool>`u.realname LIKE ${contains(realname)} ESCAPE '\\'`);
    if (filter.departOrgCode !== undefined) parts.push(inDepartSubtree(eb, filter.departOrgCode));
    return eb.and(parts);
  };
}

type UserRow = Pick<
  Selectable<SysUser>,
  'id' | 'username' | 'realname' | 'avatar' | 'sex' | 'birthday' | 'phone' | 'email' | 'telephone' | 'work_no' | 'post' | 'org_code' | 'status' | 'create_time'
>;

async function withDepartNames(db: Kysely<DB>, rows: readonly UserRow[]): Promise<PickerUser[]> {
  const names = new Map<string, string[]>();
  if (rows.length > 0) {
    const links = await db
      .selectFrom('sys_user_depart as ud')
      .innerJoin('sys_depart as d', 'd.id', 'ud.dep_id')
      .select(['ud.user_id', 'd.depart_name'])
      .where(
        'ud.user_id',
        'in',
        rows.map((r) => r.id),
      )
      .where('d.del_flag', '=', '0')
      .orderBy('d.depart_order')
      .orderBy('d.org_code')
      .execute();
    for (const link of links) names.set(link.user_id, [...(names.get(link.user_id) ?? []), link.depart_name]);
  }
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    realname: row.realname,
    avatar: row.avatar,
    sex: Number(row.sex),
    birthday: row.birthday,
    phone: row.phone,
    email: row.email,
    telephone: row.telephone,
    workNo: row.work_no,
    post: row.post,
    orgCode: row.org_code,
    orgCodeTxt: (names.get(row.id) ?? []).join(','),
    status: Number(row.status),
    createTime: String(row.create_time),
  }));
}

export interface UserPage {
  records: PickerUser[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export async function pageUsers(
  db: Kysely<DB>,
  filter: UserFilter,
  sort: UserSort,
  page: { pageNo: number; pageSize: number },
): Promise<UserPage> {
  const scope = db.selectFrom('sys_user as u').where(pickable(filter));
  const [rows, count] = await Promise.all([
    scope
      .select(USER_COLUMNS)
      .orderBy(sort.column, sort.direction)
      .orderBy('u.id', sort.direction)
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize)
      .execute(),
    scope.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return {
    records: await withDepartNames(db, rows),
    total,
    size: page.pageSize,
    current: page.pageNo,
    pages: Math.ceil(total / page.pageSize),
  };
}

/** Pickable users of a department subtree, newest first, at most `limit`. */
export async function usersOfDepartment(db: Kysely<DB>, filter: UserFilter, limit: number): Promise<PickerUser[]> {
  const rows = await db
    .selectFrom('sys_user as u')
    .where(pickable(filter))
    .select(USER_COLUMNS)
    .orderBy('u.create_time', 'desc')
    .orderBy('u.id', 'desc')
    .limit(limit)
    .execute();
  return withDepartNames(db, rows);
}

/**
 * The users named by `keys` — each key an id or a username ("Users are stored by username or id"),
 * in the order of the keys, each user once. Deleted users are left out; frozen ones are kept.
 */
export async function usersByKeys(db: Kysely<DB>, keys: readonly string[]): Promise<PickerUser[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom('sys_user as u')
    .select(USER_COLUMNS)
    .where('u.del_flag', '=', 0)
    .where((eb) => eb.or([eb('u.id', 'in', keys), eb('u.username', 'in', keys)]))
    .execute();
  const rank = (row: UserRow) => {
    const byId = keys.indexOf(row.id);
    return byId >= 0 ? byId : keys.indexOf(row.username);
  };
  const ordered = [...rows].sort((a, b) => rank(a) - rank(b));
  return withDepartNames(db, ordered);
}
