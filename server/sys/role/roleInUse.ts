import type { Kysely } from 'kysely';
import type { EntityRow } from '../../crud/entity/records';
import type { DB } from '../../db/types';

/** How many holders a refusal names before it says 等N人. */
const NAMED_HOLDERS = 5;

/**
 * A role some user holds is not deleted (the user would silently lose every menu it granted):
 * the refusal names the role and who holds it, e.g. 角色「公估师」正被用户 lisi、zhaoliu 使用，不能删除.
 * The delete refusal of sys_role (server/app.ts hands it to the entity routes' hooks).
 */
export async function roleDeleteRefusal(db: Kysely<DB>, rows: readonly EntityRow[]): Promise<string | undefined> {
  for (const row of rows) {
    const holders = await db
      .selectFrom('sys_user_role as ur')
      .innerJoin('sys_user as u', 'u.id', 'ur.user_id')
      .select('u.username')
      .where('ur.role_id', '=', String(row.id))
      .where('u.del_flag', '=', 0)
      .orderBy('u.username')
      .execute();
    if (holders.length === 0) continue;
    const named = holders.slice(0, NAMED_HOLDERS).map((h) => h.username).join('、');
    const more = holders.length > NAMED_HOLDERS ? ` 等${holders.length}人` : '';
    return `角色「${String(row.role_name)}」正被用户 ${named}${more} 使用，不能删除`;
  }
  return undefined;
}
