/**
 * 通讯录: the colleagues of a department and every department below it (all when none is chosen),
 * with what a colleague needs to reach them — 姓名, 工号, 职务, 部门, 手机, 邮箱 — and nothing else
 * (no account state, no password columns). Frozen and deleted users are not listed.
 */
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../db/types';
import { escapeLike } from '../../crud/query/conditions';
import { inDepartSubtree } from './userDirectory';

export interface AddressEntry {
  id: string;
  realname: string;
  username: string;
  workNo: string | null;
  /** The position's code (sys_position.code) and name. */
  post: string | null;
  postName: string | null;
  phone: string | null;
  email: string | null;
  /** Names of the user's departments, comma-joined. */
  departNames: string;
}

export interface AddressFilter {
  departOrgCode?: string;
  realname?: string;
  phone?: string;
}

export async function pageAddressBook(
  db: Kysely<DB>,
  filter: AddressFilter,
  page: { pageNo: number; pageSize: number },
): Promise<{ records: AddressEntry[]; total: number; size: number; current: number; pages: number }> {
  let scope = db
    .selectFrom('sys_user as u')
    .leftJoin('sys_position as p', 'p.code', 'u.post')
    .where('u.del_flag', '=', 0)
    .where('u.status', '=', 1);
  if (filter.realname) scope = scope.where(sql<SqlBool>`u.realname LIKE ${`%${escapeLike(filter.realname)}%`} ESCAPE '\\'`);
  if (filter.phone) scope = scope.where(sql<SqlBool>`u.phone LIKE ${`%${escapeLike(filter.phone)}%`} ESCAPE '\\'`);
  const orgCode = filter.departOrgCode;
  if (orgCode !== undefined) scope = scope.where((eb) => inDepartSubtree(eb, orgCode));
  const [rows, count] = await Promise.all([
    scope
      .select(['u.id', 'u.realname', 'u.username', 'u.work_no', 'u.post', 'p.name as post_name', 'u.phone', 'u.email'])
      .orderBy('u.work_no')
      .orderBy('u.realname')
      .orderBy('u.id')
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize)
      .execute(),
    scope.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const names = new Map<string, string[]>();
  if (rows.length > 0) {
    const links = await db
      .selectFrom('sys_user_depart as ud')
      .innerJoin('sys_depart as d', 'd.id', 'ud.dep_id')
      .select(['ud.user_id', 'd.depart_name'])
      .where('ud.user_id', 'in', rows.map((r) => r.id))
      .where('d.del_flag', '=', '0')
      .orderBy('d.org_code')
      .execute();
    for (const link of links) names.set(link.user_id, [...(names.get(link.user_id) ?? []), link.depart_name]);
  }
  const total = Number(count.n);
  return {
    records: rows.map((row) => ({
      id: row.id,
      realname: row.realname,
      username: row.username,
      workNo: row.work_no,
      post: row.post,
      postName: row.post_name,
      phone: row.phone,
      email: row.email,
      departNames: (names.get(row.id) ?? []).join(','),
    })),
    total,
    size: page.pageSize,
    current: page.pageNo,
    pages: Math.ceil(total / page.pageSize),
  };
}
