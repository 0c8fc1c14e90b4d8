import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import { inTransaction } from '../db/transaction';
import { SMS_RESEND_SECONDS } from '../../runtime/validation/signInForms';

/**
 * The 6-digit codes of 手机号登录, 注册 and 忘记密码, sent by text message (server/messages SmsSender).
 *
 * - A code lasts CODE_LIFETIME_MS (5 minutes) and serves one successful check; MAX_CODE_ATTEMPTS
 *   wrong answers use it up. Only a salted sha256 is stored (the row id is the salt).
 * - Sending is limited per phone — one per SMS_RESEND_SECONDS for each purpose (a newcomer who has
 *   just registered may sign in by code at once), DAILY_SENDS_PER_PHONE a day over all purposes — and
 *   per client address — DAILY_SENDS_PER_ADDRESS a day —, days as in Beijing. Every request that passes
 *   the form check counts, whether a message goes out or the phone is unknown, so the limits answer
 *   alike for known and unknown phones. Claiming a slot happens under one lock so that concurrent
 *   requests, on any API node, cannot overrun a limit.
 */
export type SmsPurpose = 'login' | 'register' | 'reset';

export const CODE_LIFETIME_MS = 5 * 60 * 1000;
export const RESEND_GAP_MS = SMS_RESEND_SECONDS * 1000;
export const DAILY_SENDS_PER_PHONE = 10;
export const DAILY_SENDS_PER_ADDRESS = 10;
export const MAX_CODE_ATTEMPTS = 5;

const DAY_MS = 86_400_000;
const BEIJING_OFFSET_MS = 8 * 3_600_000;

export function resendWaitMessage(seconds: number): string {
  return `验证码已发送，请${seconds}秒后再获取`;
}
export const PHONE_DAILY_LIMIT_MESSAGE = '该手机号今日获取验证码次数已达上限，请明日再试';
export const ADDRESS_DAILY_LIMIT_MESSAGE = '当前网络今日获取验证码次数已达上限，请明日再试';

/** A refused send: the message and, for the gap between sends, the seconds still to wait. */
export interface SendRefusal {
  message: string;
  waitSeconds?: number;
}

/** Midnight in Beijing of the day `now` falls in. */
export function beijingDayStart(now: number): number {
  return Math.floor((now + BEIJING_OFFSET_MS) / DAY_MS) * DAY_MS - BEIJING_OFFSET_MS;
}

function codeHash(id: string, code: string): string {
  return crypto.createHash('sha256').update(`${id}\n${code}`, 'utf8').digest('hex');
}

export function newSmsCode(): string {
  return String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
}

export interface SendClaim {
  phone: string;
  purpose: SmsPurpose;
  address: string;
  now: number;
  /** The code to store, or null when no message goes out (an unknown phone): the attempt still counts. */
  code: string | null;
}

/**
 * Takes a sending slot for the phone and address: stores the code (hashed) and answers its row id,
 * or answers why not. Whoever calls sends the message only after a slot was granted.
 */
export async function claimSend(db: Kysely<DB>, claim: SendClaim): Promise<{ id: string } | { refused: SendRefusal }> {
  const address = claim.address.slice(0, 64);
  const dayStart = new Date(beijingDayStart(claim.now));
  return inTransaction(db, async (trx) => {
    // One lock for every send: sends are rare, and a per-phone lock alone would let the address count race.
    await sql`SELECT pg_advisory_xact_lock(hashtext('lossdesk:sms-send'))`.execute(trx);
    const counts = await sql<{ last_sent: Date | null; phone_today: number; address_today: number }>`
      SELECT
        (SELECT max(sent_at) FROM sys_sms_code WHERE phone = ${claim.phone} AND purpose = ${claim.purpose}) AS last_sent,
        (SELECT count(*)::int FROM sys_sms_code WHERE phone = ${claim.phone} AND sent_at >= ${dayStart}::timestamptz) AS phone_today,
        (SELECT count(*)::int FROM sys_sms_code WHERE client_ip = ${address} AND sent_at >= ${dayStart}::timestamptz) AS address_today`.execute(trx);
    const row = counts.rows[0];
    const lastSent = row?.last_sent ? new Date(row.last_sent).getTime() : undefined;
    if (lastSent !== undefined && claim.now - lastSent < RESEND_GAP_MS) {
      const waitSeconds = Math.max(1, Math.ceil((lastSent + RESEND_GAP_MS - claim.now) / 1000));
      return { refused: { message: resendWaitMessage(waitSeconds), waitSeconds } };
    }
    if (Number(row?.phone_today ?? 0) >= DAILY_SENDS_PER_PHONE) return { refused: { message: PHONE_DAILY_LIMIT_MESSAGE } };
    if (Number(row?.address_today ?? 0) >= DAILY_SENDS_PER_ADDRESS) return { refused: { message: ADDRESS_DAILY_LIMIT_MESSAGE } };
    const id = crypto.randomUUID().replaceAll('-', '');
    await trx
      .insertInto('sys_sms_code')
      .values({
        id,
        phone: claim.phone,
        purpose: claim.purpose,
        code_hash: claim.code === null ? null : codeHash(id, claim.code),
        client_ip: address,
        sent_at: new Date(claim.now),
        expires_at: new Date(claim.now + CODE_LIFETIME_MS),
        // A row that sends nothing can never be answered.
        used_at: claim.code === null ? new Date(claim.now) : null,
      })
      .execute();
    return { id };
  });
}

/** A code that could not be delivered cannot be answered either (it still counts against the limits). */
export async function voidCode(db: Kysely<DB>, id: string, now: number): Promise<void> {
  await db.updateTable('sys_sms_code').set({ used_at: new Date(now) }).where('id', '=', id).where('used_at', 'is', null).execute();
}

/**
 * Checks an answer against the phone's newest live code for the purpose and, when right, uses it up
 * (one success only, even for two requests at once). A wrong answer counts; the MAX_CODE_ATTEMPTS-th
 * uses the code up. False for wrong, expired, used or missing codes alike.
 */
export async function takeCode(
  db: Kysely<DB>,
  query: { phone: string; purpose: SmsPurpose; code: string; now: number },
): Promise<boolean> {
  const now = new Date(query.now);
  const live = await db
    .selectFrom('sys_sms_code')
    .select(['id', 'code_hash'])
    .where('phone', '=', query.phone)
    .where('purpose', '=', query.purpose)
    .where('used_at', 'is', null)
    .where('code_hash', 'is not', null)
    .where('expires_at', '>', now)
    .orderBy('sent_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!live?.code_hash) return false;
  const right = crypto.timingSafeEqual(Buffer.from(live.code_hash, 'hex'), Buffer.from(codeHash(live.id, query.code.trim()), 'hex'));
  if (right) {
    const taken = await db
      .updateTable('sys_sms_code')
      .set({ used_at: now })
      .where('id', '=', live.id)
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return taken !== undefined;
  }
  await sql`
    UPDATE sys_sms_code SET attempts = attempts + 1,
      used_at = CASE WHEN attempts + 1 >= ${MAX_CODE_ATTEMPTS} THEN ${now}::timestamptz ELSE used_at END
    WHERE id = ${live.id} AND used_at IS NULL`.execute(db);
  return false;
}

/** Rows older than a day and a minute say nothing to any limit any more (the 清理过期验证码 job). */
export async function purgeOldCodes(db: Kysely<DB>, now: number): Promise<number> {
  const result = await db
    .deleteFrom('sys_sms_code')
    .where('sent_at', '<', new Date(beijingDayStart(now) - 60_000))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
