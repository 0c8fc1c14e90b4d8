import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';

/** Consecutive wrong passwords that lock an account, and for how long. */
export const MAX_FAILED_LOGINS = 5;
export const LOCK_DURATION_MS = 10 * 60 * 1000;

export function lockedMessage(minutesLeft: number): string {
  return `密码错误次数过多，账号已锁定，请${minutesLeft}分钟后再试`;
}

/** Whole minutes (rounded up) until a lock ends; 0 when the account is not locked. */
export function minutesLocked(lockedUntil: Date | null, now = Date.now()): number {
  if (!lockedUntil) return 0;
  const left = new Date(lockedUntil).getTime() - now;
  return left > 0 ? Math.ceil(left / 60_000) : 0;
}

/**
 * Counts one wrong password in a single statement (so concurrent attempts cannot lose a count).
 * The failure that reaches the limit locks the account and starts the count again for afterwards.
 * Returns whether this failure locked the account.
 */
export async function recordFailedLogin(db: Kysely<DB>, userId: string): Promise<boolean> {
  const lockUntil = new Date(Date.now() + LOCK_DURATION_MS);
  const reaches = sql<boolean>`login_fail_count + 1 >= ${MAX_FAILED_LOGINS}`;
  const row = await db
    .updateTable('sys_user')
    .set({
      login_fail_count: sql<number>`CASE WHEN ${reaches} THEN 0 ELSE login_fail_count + 1 END`,
      locked_until: sql<Date | null>`CASE WHEN ${reaches} THEN ${lockUntil}::timestamptz ELSE locked_until END`,
    })
    .where('id', '=', userId)
    .returning('locked_until')
    .executeTakeFirst();
  return minutesLocked(row?.locked_until ?? null) > 0;
}

export async function clearFailedLogins(db: Kysely<DB>, userId: string): Promise<void> {
  await db.updateTable('sys_user').set({ login_fail_count: 0, locked_until: null }).where('id', '=', userId).execute();
}
