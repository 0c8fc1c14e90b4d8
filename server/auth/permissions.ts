import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../db/types';
import { cachedAuthRead } from './authCache';

/**
 * Where a user's grants come from: the user's roles (`r:<role id>`) and the department roles
 * (部门角色) that count for the user — those of a department the user still belongs to and that is
 * not deleted (`d:<department role id>`) —, sorted and joined. Users with the same key hold the same
 * grants, so what is read from the grants (permission codes, the menu) is kept per key: under load
 * the node reads it once per role set, not once per user (bench/users.bench.ts: the per-user reads
 * took 90 % of PostgreSQL's time). Read through the node's auth cache.
 */
export function grantKeyOf(db: Kysely<DB>, userId: string): Promise<string> {
  return cachedAuthRead(db, `grants:${userId}`, async () => {
    const ofRoles = db
      .selectFrom('sys_user_role as ur')
      .select(sql<string>`'r:' || ur.role_id`.as('grant'))
      .where('ur.user_id', '=', userId);
    const ofDepartRoles = db
      .selectFrom('sys_depart_role_user as dru')
      .innerJoin('sys_depart_role as dr', 'dr.id', 'dru.drole_id')
      .innerJoin('sys_depart as d', 'd.id', 'dr.depart_id')
      .innerJoin('sys_user_depart as ud', (join) => join.onRef('ud.dep_id', '=', 'dr.depart_id').onRef('ud.user_id', '=', 'dru.user_id'))
      .select(sql<string>`'d:' || dr.id`.as('grant'))
      .where('dru.user_id', '=', userId)
      .where('d.del_flag', '=', '0');
    const rows = await ofRoles.union(ofDepartRoles).execute();
    return rows
      .map((row) => row.grant)
      .sort()
      .join(',');
  });
}

function grantsOfKey(grantKey: string, prefix: 'r:' | 'd:'): string[] {
  if (grantKey === '') return [];
  return grantKey
    .split(',')
    .filter((grant) => grant.startsWith(prefix))
    .map((grant) => grant.slice(prefix.length));
}

/** The role ids of a grant key (grantKeyOf), without its department roles. */
export function roleIdsOfGrantKey(grantKey: string): string[] {
  return grantsOfKey(grantKey, 'r:');
}

/**
 * The ids of the sys_permission rows a grant key (grantKeyOf) grants: those of its roles and those of
 * its department roles (JeecgBoot's queryByUser union). A department role's grant counts only while
 * the department itself holds the permission (部门权限 bounds its roles) — the writes keep it so, and
 * the check here keeps a stale row from granting anything.
 */
export function grantedPermissionIds(db: Kysely<DB>, grantKey: string) {
  const roleIds = roleIdsOfGrantKey(grantKey);
  const departRoleIds = grantsOfKey(grantKey, 'd:');
  const ofRoles = db
    .selectFrom('sys_role_permission as rp')
    .select('rp.permission_id')
    .where(roleIds.length > 0 ? sql<SqlBool>`rp.role_id IN (${sql.join(roleIds)})` : sql<SqlBool>`false`);
  const ofDepartRoles = db
    .selectFrom('sys_depart_role as dr')
    .innerJoin('sys_depart_role_permission as drp', 'drp.role_id', 'dr.id')
    .innerJoin('sys_depart_permission as dp', (join) => join.onRef('dp.depart_id', '=', 'dr.depart_id').onRef('dp.permission_id', '=', 'drp.permission_id'))
    .select('drp.permission_id')
    .where(departRoleIds.length > 0 ? sql<SqlBool>`dr.id IN (${sql.join(departRoleIds)})` : sql<SqlBool>`false`);
  return ofRoles.union(ofDepartRoles);
}

/**
 * The permission codes a user holds: the `perms` of every sys_permission row (not deleted) the user
 * is granted (grantedPermissionIds) — a row may list several codes separated by commas. Buttons
 * (menu_type 2) count only while valid (status '1'). Read through the node's auth cache, per grant
 * key: callers must not change the set they get.
 */
export async function permissionCodesOf(db: Kysely<DB>, userId: string): Promise<ReadonlySet<string>> {
  const grantKey = await grantKeyOf(db, userId);
  return cachedAuthRead(db, `codes:${grantKey}`, () => readPermissionCodes(db, grantKey));
}

async function readPermissionCodes(db: Kysely<DB>, grantKey: string): Promise<ReadonlySet<string>> {
  const rows = await db
    .selectFrom('sys_permission as p')
    .select('p.perms')
    .distinct()
    .where('p.id', 'in', grantedPermissionIds(db, grantKey))
    .where('p.del_flag', '=', 0)
    .where('p.perms', 'is not', null)
    .where((eb) => eb.or([eb('p.menu_type', '!=', 2), eb('p.status', '=', '1')]))
    .execute();
  const codes = new Set<string>();
  for (const { perms } of rows) {
    for (const code of (perms ?? '').split(',')) {
      const trimmed = code.trim();
      if (trimmed) codes.add(trimmed);
    }
  }
  return codes;
}
