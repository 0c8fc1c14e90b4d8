import type { Transaction } from 'kysely';
import type { DB } from '../db/types';
import type { SeedRole } from '../generated/seed/roles';
import { SeedError } from './documents';
import { resolveGrants } from './grants';
import { newId } from '../db/ids';
import type { SeededPermission } from './menus';

/** Role code → role id. */
export type RoleIds = Map<string, string>;

export async function insertRoles(
  trx: Transaction<DB>,
  roles: SeedRole[],
  permissions: SeededPermission[],
): Promise<RoleIds> {
  const ids: RoleIds = new Map();
  for (const role of roles) {
    if (ids.has(role.roleCode)) throw new SeedError(`种子文件 schemas/seed/roles.json: 角色编码 ${role.roleCode} 重复`);
    ids.set(role.roleCode, newId());
  }
  await trx
    .insertInto('sys_role')
    .values(
      roles.map((r) => ({
        id: ids.get(r.roleCode)!,
        role_code: r.roleCode,
        role_name: r.roleName,
        description: r.description,
        create_by: 'admin',
      })),
    )
    .execute();
  const grants = roles.flatMap((role) =>
    resolveGrants(role, permissions).map((permissionId) => ({
      id: newId(),
      role_id: ids.get(role.roleCode)!,
      permission_id: permissionId,
    })),
  );
  if (grants.length > 0) await trx.insertInto('sys_role_permission').values(grants).execute();
  return ids;
}
