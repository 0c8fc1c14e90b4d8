import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';

/**
 * Counters against password guessing, kept in sys_auth_throttle so that every API node sharing
 * the database sees the same counts (nodes keep no state of their own). A row is one counter:
 * a purpose (scope), whom it is about (subject: a username or user id) and, where it matters, the
 * client address. Failures count within a window; a counter that reaches its limit locks its own
 * row until the lock runs out or an administrator unlocks the user.
 *
 * - `login` per username AND address: 5 wrong passwords lock that address out of that account for
 *   10 minutes. Whoever guesses from elsewhere cannot lock the real user out.
 * - `login-ip` per address, over every username: 20 failures in 10 minutes lock the address for
 *   10 minutes (one address trying many accounts).
 * - `login-acct` per username, over every address: from 10 failures in the window on, each further
 *   password check of the account waits its turn — 1 s after the last one, doubling per failure up
 *   to 30 s. It slows a guesser with many addresses and never locks the account: the real user
 *   gets through after a short wait.
 * - `password` per user id: 5 wrong old passwords in updatePassword lock password changes for
 *   10 minutes.
 */
export type ThrottleScope = 'login' | 'login-ip' | 'login-acct' | 'password';

export interface ThrottleKey {
  scope: ThrottleScope;
  subject: string;
  address?: string;
}

export const THROTTLE_WINDOW_MS = 10 * 60 * 1000;
export const LOCK_DURATION_MS = 10 * 60 * 1000;
/** Failures within the window that lock a counter; the account-wide one never locks (0). */
export const THROTTLE_LIMITS: Readonly<Record<ThrottleScope, number>> = {
  login: 5,
  'login-ip': 20,
  'login-acct': 0,
  password: 5,
};
/** Account-wide failures from which password checks of the account are spaced out. */
export const ACCOUNT_SLOW_AFTER = 10;
export const ACCOUNT_MAX_GAP_MS = 30_000;

export const TOO_FREQUENT_MESSAGE = '请求过于频繁，请稍后再试';

export function lockedMessage(minutesLeft: number): string {
  return `密码错误次数过多，账号已锁定，请${minutesLeft}分钟后再试`;
}

export function passwordLockedMessage(minutesLeft: number): string {
  return `旧密码错误次数过多，请${minutesLeft}分钟后再试`;
}

/** Whole minutes (rounded up) until a lock ends; 0 when there is none. */
export function minutesLeft(lockedUntil: Date | null | undefined, now = Date.now()): number {
  if (!lockedUntil) return 0;
  const left = new Date(lockedUntil).getTime() - now;
  return left > 0 ? Math.ceil(left / 60_000) : 0;
}

/** Addresses are cut to the column's width; an unknown one counts as ''. */
function addressOf(key: ThrottleKey): string {
  return (key.address ?? '').slice(0, 64);
}

/** Minutes the counter is still locked for; 0 when it is not. */
export async function lockedFor(db: Kysely<DB>, key: ThrottleKey): Promise<number> {
  const row = await db
    .selectFrom('sys_auth_throttle')
    .select('locked_until')
    .where('scope', '=', key.scope)
    .where('subject', '=', key.subject.slice(0, 100))
    .where('address', '=', addressOf(key))
    .executeTakeFirst();
  return minutesLeft(row?.locked_until);
}

/**
 * Counts one failure in a single statement (concurrent failures on several nodes cannot lose a
 * count). A window that has run out starts again at 1. Returns the minutes the counter is locked
 * for after this failure (0 when it is not).
 */
export async function recordFailure(db: Kysely<DB>, key: ThrottleKey): Promise<number> {
  const limit = THROTTLE_LIMITS[key.scope];
  const now = new Date();
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const lockUntil = new Date(now.getTime() + LOCK_DURATION_MS);
  const fresh = sql<boolean>`sys_auth_throttle.window_start < ${windowStart}::timestamptz`;
  const count = sql<number>`CASE WHEN ${fresh} THEN 1 ELSE sys_auth_throttle.fail_count + 1 END`;
  const row = await sql<{ locked_until: Date | null }>`
    INSERT INTO sys_auth_throttle (scope, subject, address, fail_count, window_start, locked_until)
    VALUES (${key.scope}, ${key.subject.slice(0, 100)}, ${addressOf(key)}, 1, ${now}::timestamptz,
            ${limit === 1 ? lockUntil : null}::timestamptz)
    ON CONFLICT (scope, subject, address) DO UPDATE SET
      fail_count = ${count},
      window_start = CASE WHEN ${fresh} THEN ${now}::timestamptz ELSE sys_auth_throttle.window_start END,
      locked_until = CASE WHEN ${limit} > 0 AND ${count} >= ${limit} THEN ${lockUntil}::timestamptz
                          ELSE sys_auth_throttle.locked_until END
    RETURNING locked_until`.execute(db);
  // Counters whose window and lock have both run out say nothing any more.
  await db
    .deleteFrom('sys_auth_throttle')
    .where('window_start', '<', windowStart)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .execute();
  return minutesLeft(row.rows[0]?.locked_until);
}

/**
 * Takes the account's turn for a password check. Below ACCOUNT_SLOW_AFTER failures in the window
 * every attempt may go; above, only one after the gap since the last check (1 s, doubling per
 * failure, at most 30 s) — claimed in one statement, so two nodes cannot both take the same turn.
 */
export async function takeAccountTurn(db: Kysely<DB>, username: string): Promise<boolean> {
  const now = new Date();
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const subject = username.slice(0, 100);
  const gapMs = sql<number>`LEAST(1000 * power(2, fail_count - ${ACCOUNT_SLOW_AFTER}), ${ACCOUNT_MAX_GAP_MS})`;
  const taken = await sql<{ subject: string }>`
    UPDATE sys_auth_throttle SET last_attempt_at = ${now}::timestamptz
    WHERE scope = 'login-acct' AND subject = ${subject} AND address = ''
      AND (window_start < ${windowStart}::timestamptz OR fail_count < ${ACCOUNT_SLOW_AFTER}
           OR last_attempt_at IS NULL
           OR last_attempt_at <= ${now}::timestamptz - ${gapMs} * interval '1 millisecond')
    RETURNING subject`.execute(db);
  if (taken.rows.length > 0) return true;
  const exists = await db
    .selectFrom('sys_auth_throttle')
    .select('subject')
    .where('scope', '=', 'login-acct')
    .where('subject', '=', subject)
    .where('address', '=', '')
    .executeTakeFirst();
  return exists === undefined;
}

export async function clearCounter(db: Kysely<DB>, key: ThrottleKey): Promise<void> {
  await db
    .deleteFrom('sys_auth_throttle')
    .where('scope', '=', key.scope)
    .where('subject', '=', key.subject.slice(0, 100))
    .where('address', '=', addressOf(key))
    .execute();
}

/** An administrator's unlock: every sign-in counter of the username (all addresses) and its password-change counter. */
export async function unlockUser(db: Kysely<DB>, username: string, userId: string): Promise<void> {
  await db
    .deleteFrom('sys_auth_throttle')
    .where((eb) =>
      eb.or([
        eb.and([eb('scope', 'in', ['login', 'login-acct']), eb('subject', '=', username.slice(0, 100))]),
        eb.and([eb('scope', '=', 'password'), eb('subject', '=', userId)]),
      ]),
    )
    .execute();
}
