import { sql, type Kysely } from 'kysely';
import { newId } from '../../db/ids';
import type { DB } from '../../db/types';
import type { ProviderIdentity } from './loginFlow';

/**
 * Which lossdesk user a provider account is. Never a new one: third-party sign-in creates no
 * account (so none with any role, administrator least of all); it finds
 * 1. the user the provider account was linked to before (sys_third_account), or
 * 2. the one user (not deleted) whose e-mail equals the provider's e-mail, only when the provider
 *    says the e-mail is verified (`email_verified: true`) — and links them for next time.
 * Otherwise the person binds an account they know the password of (bindAccount). Case is ignored in
 * e-mails; two users whose e-mails differ only in case match neither.
 */
export async function linkedUser(db: Kysely<DB>, identity: ProviderIdentity, emailVerified: boolean): Promise<string | undefined> {
  const linked = await db
    .selectFrom('sys_third_account as a')
    .innerJoin('sys_user as u', 'u.id', 'a.sys_user_id')
    .select('u.id')
    .where('a.third_type', '=', identity.thirdType)
    .where('a.third_user_uuid', '=', identity.subject)
    .where('u.del_flag', '=', 0)
    .executeTakeFirst();
  if (linked) return linked.id;
  if (!emailVerified || !identity.email) return undefined;
  const byEmail = await db
    .selectFrom('sys_user')
    .select('id')
    .where(sql<string>`lower(email)`, '=', identity.email.toLowerCase())
    .where('del_flag', '=', 0)
    .limit(2)
    .execute();
  if (byEmail.length !== 1) return undefined;
  await linkAccount(db, byEmail[0].id, identity);
  return byEmail[0].id;
}

/** Records that the provider account is this user; false when it is already linked (to anyone). */
export async function linkAccount(db: Kysely<DB>, userId: string, identity: ProviderIdentity): Promise<boolean> {
  const inserted = await db
    .insertInto('sys_third_account')
    .values({
      id: newId(),
      sys_user_id: userId,
      third_type: identity.thirdType,
      third_user_uuid: identity.subject,
      realname: identity.realname?.slice(0, 100) ?? null,
      email: identity.email?.slice(0, 255) ?? null,
    })
    .onConflict((oc) => oc.columns(['third_type', 'third_user_uuid']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}
