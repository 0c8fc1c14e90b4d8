import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import svgCaptcha from 'svg-captcha';
import type { DB } from '../db/types';

/** JeecgBoot's captcha alphabet (LoginController): no 0/O-style lookalike removal, kept as is. */
export const CAPTCHA_ALPHABET = 'qwertyuiplkjhgfdsazxcvbnmQWERTYUPLKJHGFDSAZXCVBNM1234567890';
export const CAPTCHA_LENGTH = 4;
export const CAPTCHA_LIFETIME_MS = 60_000;

/** Produces the characters of a new captcha; tests inject a known one (buildApp `captchaCode`). */
export type CaptchaCodeSource = () => string;

export const randomCaptchaCode: CaptchaCodeSource = () => {
  let code = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) code += CAPTCHA_ALPHABET[crypto.randomInt(CAPTCHA_ALPHABET.length)];
  return code;
};

// svg-captcha's module is callable — createCaptcha(text, options) draws a given text — but its
// typings only declare create(), which always draws a random text of its own.
const drawCaptcha = svgCaptcha as unknown as (text: string, options: Record<string, unknown>) => string;

function codeHash(checkKey: string, code: string): string {
  // Case-insensitive like JeecgBoot: the lower-cased answer is what gets hashed.
  return crypto.createHash('sha256').update(`${checkKey}\n${code.toLowerCase()}`, 'utf8').digest('hex');
}

/**
 * Bounds on the captcha table, which anyone can write to: one address may hold at most
 * CAPTCHAS_PER_ADDRESS live captchas (each lives 60 s, so that many a minute), and the table at most
 * MAX_LIVE_CAPTCHAS in all; beyond either the request is refused ('请求过于频繁，请稍后再试').
 * Expired rows go at every issue (and in the 清理过期验证码 job).
 */
export const CAPTCHAS_PER_ADDRESS = 30;
export const MAX_LIVE_CAPTCHAS = 10_000;

/**
 * Stores a captcha for `checkKey` (replacing an earlier one with the same key) and returns its
 * image as an SVG data URL, or undefined when the address or the table is over its bound. Only a
 * hash of the answer is stored; it is valid for 60 s.
 */
export async function issueCaptcha(db: Kysely<DB>, checkKey: string, code: string, clientIp = ''): Promise<string | undefined> {
  const now = new Date();
  const address = clientIp.slice(0, 64);
  await db.deleteFrom('sys_captcha').where('expires_at', '<', now).execute();
  // Counting and inserting in one statement keeps the bound close under concurrent requests.
  const stored = await sql<{ check_key: string }>`
    INSERT INTO sys_captcha (check_key, code_hash, expires_at, client_ip)
    SELECT ${checkKey}, ${codeHash(checkKey, code)}, ${new Date(now.getTime() + CAPTCHA_LIFETIME_MS)}::timestamptz, ${address}
    WHERE (SELECT count(*) FROM sys_captcha WHERE client_ip = ${address} AND expires_at >= ${now}::timestamptz) < ${CAPTCHAS_PER_ADDRESS}
      AND (SELECT count(*) FROM sys_captcha WHERE expires_at >= ${now}::timestamptz) < ${MAX_LIVE_CAPTCHAS}
    ON CONFLICT (check_key) DO UPDATE SET
      code_hash = excluded.code_hash, expires_at = excluded.expires_at, client_ip = excluded.client_ip
    RETURNING check_key`.execute(db);
  if (stored.rows.length === 0) return undefined;
  const svg = drawCaptcha(code, { width: 105, height: 35, fontSize: 40, noise: 2, color: true, background: '#f5f5f5' });
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/**
 * Checks an answer and uses the captcha up: whatever the outcome, the row is gone afterwards, so
 * a captcha serves exactly one login attempt. False for wrong, expired, unknown or reused ones.
 */
export async function consumeCaptcha(db: Kysely<DB>, checkKey: string, answer: string): Promise<boolean> {
  const row = await db
    .deleteFrom('sys_captcha')
    .where('check_key', '=', checkKey)
    .returning(['code_hash', 'expires_at'])
    .executeTakeFirst();
  if (!row || new Date(row.expires_at).getTime() <= Date.now()) return false;
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(codeHash(checkKey, answer), 'hex');
  return crypto.timingSafeEqual(expected, given);
}
