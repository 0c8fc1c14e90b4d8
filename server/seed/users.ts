import type { Transaction } from 'kysely';
import type { DB } from '../db/types';
import type { SeedUser } from '../generated/seed/users';
import { SeedError } from './documents';
import { newId } from '../db/ids';
import type { DepartIds } from './organisation';
import type { RoleIds } from './roles';

/** A staff account to create: the demo users of users.json, or the production admin. */
export type StaffAccount = Pick<SeedUser, 'username' | 'realname' | 'roles' | 'departs'> & Partial<SeedUser>;

export interface StaffReferences {
  departs: DepartIds;
  roles: RoleIds;
  positions: Set<string>;
}

/** The production admin created when demo data is off; its password comes from ADMIN_PASSWORD. */
export const PRODUCTION_ADMIN: StaffAccount = {
  username: 'admin',
  realname: '管理员',
  roles: ['admin'],
  departs: ['A01'],
};

function checkAccounts(accounts: StaffAccount[], refs: StaffReferences): void {
  const fail = (message: string): never => {
    throw new SeedError(`种子文件 schemas/seed/users.json: ${message}`);
  };
  for (const field of ['username', 'phone', 'email', 'workNo'] as const) {
    const seen = new Set<string>();
    for (const a of accounts) {
      const value = a[field];
      if (value === undefined) continue;
      if (seen.has(value)) fail(`${field} ${value} 重复`);
      seen.add(value);
    }
  }
  for (const a of accounts) {
    for (const role of a.roles) if (!refs.roles.has(role)) fail(`用户 ${a.username} 的角色 ${role} 不存在`);
    for (const code of a.departs) if (!refs.departs.has(code)) fail(`用户 ${a.username} 的部门 ${code} 不存在`);
    if (a.post !== undefined && !refs.positions.has(a.post)) fail(`用户 ${a.username} 的职务 ${a.post} 不存在`);
  }
}

/**
 * Creates the accounts with their roles and departments; the first department is the current one
 * (org_code), each with its password hash (username → hash). Returns username → user id.
 */
export async function insertUsers(
  trx: Transaction<DB>,
  accounts: StaffAccount[],
  refs: StaffReferences,
  passwordHashes: ReadonlyMap<string, string>,
): Promise<Map<string, string>> {
  checkAccounts(accounts, refs);
  const ids = new Map(accounts.map((a) => [a.username, newId()]));
  await trx
    .insertInto('sys_user')
    .values(
      accounts.map((a) => ({
        id: ids.get(a.username)!,
        username: a.username,
        realname: a.realname,
        password: passwordHashes.get(a.username)!,
        birthday: a.birthday ?? null,
        sex: a.sex ?? 0,
        email: a.email ?? null,
        phone: a.phone ?? null,
        telephone: a.telephone ?? null,
        org_code: a.departs[0],
        status: a.status ?? 1,
        work_no: a.workNo ?? null,
        post: a.post ?? null,
        create_by: 'admin',
      })),
    )
    .execute();
  await trx
    .insertInto('sys_user_role')
    .values(
      accounts.flatMap((a) =>
        a.roles.map((role) => ({ id: newId(), user_id: ids.get(a.username)!, role_id: refs.roles.get(role)! })),
      ),
    )
    .execute();
  await trx
    .insertInto('sys_user_depart')
    .values(
      accounts.flatMap((a) =>
        a.departs.map((code) => ({ id: newId(), user_id: ids.get(a.username)!, dep_id: refs.departs.get(code)! })),
      ),
    )
    .execute();
  return ids;
}
