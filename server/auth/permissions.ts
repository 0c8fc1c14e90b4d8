import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import { cachedAuthRead } from './authCache';

/**
 * The ids of the sys_permission rows a user is granted: those of the user's roles and those of the
 * user's department roles (部门角色, JeecgBoot's queryByUser union). A department role's grant counts
 * only while the user still belongs to the role's department, the department is not deleted and the
 * department itself holds the permission (部门权限 bounds its roles) — the writes keep it so, and the
 * check here keeps a stale row from granting anything.
 */
export function grantedPermissionIds(db: Kysely<DB>, userId: string) {
  const ofRoles = db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_role_permission as rp', 'rp.role_id', 'ur.role_id')
    .select('rp.permission_id')
    .where('ur.user_id', '=', userId);
  const ofDepartRoles = db
    .selectFrom('sys_depart_role_user as dru')
    .innerJoin('sys_depart_role as dr', 'dr.id', 'dru.drole_id')
    .innerJoin('sys_depart_role_permission as drp', 'drp.role_id', 'dr.id')
    .innerJoin('sys_depart as d', 'd.id', 'dr.depart_id')
    .innerJoin('sys_user_depart as ud', (join) => join.onRef('ud.dep_id', '=', 'dr.depart_id').onRef('ud.user_id', '=', 'dru.user_id'))
    .innerJoin('sys_depart_permission as dp', (join) => join.onRef('dp.depart_id', '=', 'dr.depart_id').onRef('dp.permission_id', '=', 'drp.permission_id'))
    .select('drp.permission_id')
    .where('dru.user_id', '=', userId)
    .where('d.del_flag', '=', '0');
  return ofRoles.union(ofDepartRoles);
}

/**
 * The permission codes a user holds: the `perms` of every sys_permission row (not deleted) the user
 * is granted (grantedPermissionIds) — a row may list several codes separated by commas. Buttons
 * (menu_type 2) count only while valid (status '1'). Read through the node's auth cache: callers
 * must not change the set they get.
 */
export function permissionCodesOf(db: Kysely<DB>, userId: string): Promise<ReadonlySet<string>> {
  return cachedAuthRead(db, `codes:${userId}`, () => readPermissionCodes(db, userId));
}

async function readPermissionCodes(db: Kysely<DB>, userId: string): Promise<ReadonlySet<string>> {
  const rows = await db
    .selectFrom('sys_permission as p')
    .select('p.perms')
    .distinct()
    .where('p.id', 'in', grantedPermissionIds(db, userId))
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
