import type { Kysely } from 'kysely';
import type { DB } from '../db/types';

/**
 * The permission codes a user holds: the `perms` of every sys_permission row (not deleted) that
 * one of the user's roles grants — a row may list several codes separated by commas. Buttons
 * (menu_type 2) count only while valid (status '1').
 */
export async function permissionCodesOf(db: Kysely<DB>, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_role_permission as rp', 'rp.role_id', 'ur.role_id')
    .innerJoin('sys_permission as p', 'p.id', 'rp.permission_id')
    .select('p.perms')
    .distinct()
    .where('ur.user_id', '=', userId)
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
