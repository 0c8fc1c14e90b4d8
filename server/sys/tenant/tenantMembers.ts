/**
 * Who belongs to a tenant: the users whose sys_user.rel_tenant_ids lists its id (JeecgBoot's model,
 * '1,5'). Reading matches the id as a whole list item; writing rewrites the list in its plain form.
 */
import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import { tenantIdsOf } from '../../auth/tenants';
import type { DB } from '../../db/types';
import { BusinessError } from '../../http/envelope';

/** rel_tenant_ids is varchar(100). */
const REL_TENANT_IDS_LENGTH = 100;

/** `u.rel_tenant_ids` lists `tenantId` (the id is a checked integer; the pattern a bound value). */
export function listsTenant(tenantId: number, column = 'u.rel_tenant_ids'): Expression<SqlBool> {
  return sql<SqlBool>`coalesce(${sql.ref(column)}, '') ~ ${`(^|,)\\s*${tenantId}\\s*(,|$)`}`;
}

/** Adds the tenant to each user's list (all or none: one list that would overflow adds nobody). */
export async function addMembers(trx: Transaction<DB>, tenantId: number, userIds: readonly string[]): Promise<void> {
  const users = await trx.selectFrom('sys_user').select(['id', 'username', 'rel_tenant_ids']).where('id', 'in', [...userIds]).where('del_flag', '=', 0).execute();
  const known = new Set(users.map((u) => u.id));
  const unknown = userIds.filter((id) => !known.has(id));
  if (unknown.length > 0) throw new BusinessError(`用户不存在：${unknown.slice(0, 5).join('、')}，未添加任何用户`);
  for (const user of users) {
    const ids = tenantIdsOf(user.rel_tenant_ids);
    if (ids.includes(tenantId)) continue;
    const next = [...ids, tenantId].join(',');
    if (next.length > REL_TENANT_IDS_LENGTH) throw new BusinessError(`用户「${user.username}」所属租户过多，未添加任何用户`);
    await trx.updateTable('sys_user').set({ rel_tenant_ids: next }).where('id', '=', user.id).execute();
  }
}

/** Takes the tenant off each user's list; the next request of theirs in it is refused. */
export async function removeMembers(db: Kysely<DB>, tenantId: number, userIds: readonly string[]): Promise<void> {
  const users = await db.selectFrom('sys_user').select(['id', 'rel_tenant_ids']).where('id', 'in', [...userIds]).execute();
  for (const user of users) {
    const ids = tenantIdsOf(user.rel_tenant_ids);
    if (!ids.includes(tenantId)) continue;
    const rest = ids.filter((id) => id !== tenantId);
    await db.updateTable('sys_user').set({ rel_tenant_ids: rest.length > 0 ? rest.join(',') : null }).where('id', '=', user.id).execute();
  }
}

/** Names of (up to five of) the tenant's users and how many there are, for a refused delete. */
export async function membersOf(db: Kysely<DB>, tenantIds: readonly number[]): Promise<{ names: string[]; count: number }> {
  if (tenantIds.length === 0) return { names: [], count: 0 };
  const rows = await db
    .selectFrom('sys_user as u')
    .select(['u.realname'])
    .where('u.del_flag', '=', 0)
    .where((eb) => eb.or(tenantIds.map((id) => listsTenant(id))))
    .orderBy('u.username')
    .execute();
  return { names: rows.slice(0, 5).map((r) => r.realname), count: rows.length };
}
