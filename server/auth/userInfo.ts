import type { Kysely, Selectable } from 'kysely';
import { camelRow, type CamelKeys } from '../http/camel';
import type { DB, SysDepart, SysUser } from '../db/types';

type PublicUserRow = Omit<Selectable<SysUser>, 'password'>;

/** The user as JeecgBoot serialises SysUser: camelCase, never the password. */
export type UserInfo = CamelKeys<PublicUserRow> & { orgCodeTxt: string | null };
export type Depart = CamelKeys<Selectable<SysDepart>>;

const PUBLIC_USER_COLUMNS = [
  'id', 'username', 'realname', 'avatar', 'birthday', 'sex', 'email', 'phone', 'org_code', 'status',
  'del_flag', 'work_no', 'post', 'telephone', 'rel_tenant_ids', 'create_by', 'create_time', 'update_by',
  'update_time', 'depart_ids', 'user_identity', 'sys_org_code',
] as const;

export async function loadUserInfo(db: Kysely<DB>, userId: string): Promise<UserInfo> {
  const row = await db
    .selectFrom('sys_user as u')
    .leftJoin('sys_depart as d', (join) => join.onRef('d.org_code', '=', 'u.org_code').on('d.del_flag', '=', '0'))
    .select(PUBLIC_USER_COLUMNS.map((c) => `u.${c}` as const))
    .select('d.depart_name as org_code_txt')
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
  const { org_code_txt, ...user } = row;
  return { ...camelRow(user), orgCodeTxt: org_code_txt };
}

/** The departments a user belongs to, in the department tree's own order. */
export async function loadUserDeparts(db: Kysely<DB>, userId: string): Promise<Depart[]> {
  const rows = await db
    .selectFrom('sys_user_depart as ud')
    .innerJoin('sys_depart as d', 'd.id', 'ud.dep_id')
    .selectAll('d')
    .where('ud.user_id', '=', userId)
    .where('d.del_flag', '=', '0')
    .orderBy('d.depart_order')
    .orderBy('d.org_code')
    .execute();
  return rows.map((row) => camelRow(row));
}

/**
 * JeecgBoot's login rule for the current department (sys_user.org_code) and `multi_depart`:
 * 0 — no department; 1 — exactly one, which becomes the current one; 2 — several: the current one
 * stays if it is still one of them, else the first is taken and the client asks the user to choose.
 */
export async function settleLoginDepart(
  db: Kysely<DB>,
  userId: string,
  currentOrgCode: string | null,
  departs: Depart[],
): Promise<0 | 1 | 2> {
  if (departs.length === 0) return 0;
  const keep = departs.length > 1 && departs.some((d) => d.orgCode === currentOrgCode);
  const orgCode = keep ? currentOrgCode : departs[0].orgCode;
  if (orgCode !== currentOrgCode) {
    await db.updateTable('sys_user').set({ org_code: orgCode }).where('id', '=', userId).execute();
  }
  return departs.length === 1 ? 1 : 2;
}
