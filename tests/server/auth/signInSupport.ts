import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { hashPassword } from '../../../server/auth/password';
import type { DB } from '../../../server/db/types';
import type { SmsSender } from '../../../server/messages/channels';
import { API, body } from '../support/app';

/** A clock the test moves by hand (buildApp `clock`): sessions and text-message codes read it. */
export class TestClock {
  constructor(public ms = Date.parse('2026-11-27T02:00:00Z')) {}
  readonly now = (): number => this.ms;
  advance(ms: number): void {
    this.ms += ms;
  }
}

/** An SmsSender that keeps what it was given, as a provider's inbox would. */
export class SmsInbox implements SmsSender {
  readonly messages: Array<{ phone: string; content: string }> = [];
  async send(phone: string, content: string): Promise<void> {
    this.messages.push({ phone, content });
  }
  /** The code of the newest message to the phone. */
  lastCode(phone: string): string {
    const message = this.messages.filter((m) => m.phone === phone).at(-1);
    const code = message?.content.match(/验证码为(\d{6})/)?.[1];
    if (!code) throw new Error(`没有发往 ${phone} 的验证码`);
    return code;
  }
  countTo(phone: string): number {
    return this.messages.filter((m) => m.phone === phone).length;
  }
}

/** A user of the test's own, active unless told otherwise. */
export async function createUser(
  db: Kysely<DB>,
  user: { username: string; phone?: string; password?: string; status?: number },
): Promise<string> {
  const id = crypto.randomUUID().replaceAll('-', '');
  await db
    .insertInto('sys_user')
    .values({
      id,
      username: user.username,
      realname: user.username,
      password: await hashPassword(user.password ?? 'Secret#2026'),
      phone: user.phone ?? null,
      status: user.status ?? 1,
      del_flag: 0,
      org_code: 'A01',
    })
    .execute();
  return id;
}

export async function requestCode(app: FastifyInstance, mobile: string, smsmode = '0', remoteAddress = '127.0.0.1') {
  const response = await app.inject({ method: 'POST', url: `${API}/sys/sms`, payload: { mobile, smsmode }, remoteAddress });
  return body<{ wait: number } | null>(response);
}

export async function phoneLogin(app: FastifyInstance, mobile: string, captcha: string, extra: Record<string, unknown> = {}) {
  const response = await app.inject({ method: 'POST', url: `${API}/sys/phoneLogin`, payload: { mobile, captcha, ...extra } });
  return body<{ token: string; userInfo: { username: string } } | null>(response);
}
