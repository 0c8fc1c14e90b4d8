import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../../server/config';
import { DATABASE_KINDS } from '../../support/database';
import { body, get, postLogin, startTestApp, type TestApp } from '../support/app';
import { createUser, TestClock } from './signInSupport';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('SESSION_IDLE_MS', () => {
  const base = { DEMO: 'on', WEB_DIR: '' };
  it('defaults to 2 hours, takes milliseconds or 0 for none, refuses less than a minute', () => {
    expect(readConfig(base).sessionIdleMs).toBe(2 * HOUR);
    expect(readConfig({ ...base, SESSION_IDLE_MS: '1800000' }).sessionIdleMs).toBe(30 * MINUTE);
    expect(readConfig({ ...base, SESSION_IDLE_MS: '0' }).sessionIdleMs).toBe(0);
    expect(() => readConfig({ ...base, SESSION_IDLE_MS: '5000' })).toThrow('环境变量 SESSION_IDLE_MS 应为 60000 到 604800000 之间的整数（单位毫秒），当前为 "5000"');
  });
});

describe.each(DATABASE_KINDS)('idle timeout and 记住我 (%s)', (kind) => {
  let t: TestApp;
  const clock = new TestClock();
  beforeAll(async () => {
    t = await startTestApp(kind, { clock: clock.now });
    await createUser(t.database.db, { username: 'idle_user', password: 'Idle#2026x' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function signIn(rememberMe?: boolean): Promise<string> {
    const payload = { username: 'idle_user', password: 'Idle#2026x', ...(rememberMe === undefined ? {} : { remember_me: rememberMe }) };
    const envelope = body<{ token: string }>(await postLogin(t.app, payload));
    expect(envelope.success).toBe(true);
    return envelope.result.token;
  }
  const status = async (token: string) => (await get(t.app, '/sys/user/getCurrentUserDeparts', token)).statusCode;

  it('keeps a session that sees a request within every 2 hours, and ends one idle for 2 hours', async () => {
    const token = await signIn();
    clock.advance(2 * HOUR - MINUTE);
    expect(await status(token)).toBe(200);
    clock.advance(2 * HOUR - MINUTE);
    expect(await status(token)).toBe(200);
    clock.advance(2 * HOUR);
    expect(await status(token)).toBe(401);
    // Gone for good: a request does not bring it back, and 在线用户 no longer lists it.
    expect(await status(token)).toBe(401);
    const admin = body<{ token: string }>(await postLogin(t.app, { username: 'admin', password: '123456' })).result.token;
    const online = body<{ records: Array<{ username: string }> }>(await get(t.app, '/sys/online/list?pageSize=100', admin));
    expect(online.result.records.map((r) => r.username)).not.toContain('idle_user');
  });

  it('still ends a remembered session 7 days after sign-in however busy it is', async () => {
    const token = await signIn(true);
    for (let elapsed = 0; elapsed < 7 * 24 * HOUR - 2 * HOUR; elapsed += 110 * MINUTE) {
      clock.advance(110 * MINUTE);
      expect(await status(token), `${elapsed / HOUR} 小时后`).toBe(200);
    }
    clock.advance(2 * HOUR);
    expect(await status(token)).toBe(401);
  });

  it('ends a session signed in without 记住我 after 12 hours however busy it is', async () => {
    const token = await signIn(false);
    for (let i = 0; i < 11; i++) {
      clock.advance(HOUR);
      expect(await status(token)).toBe(200);
    }
    clock.advance(HOUR);
    expect(await status(token)).toBe(401);
  });

  it('has no idle timeout with SESSION_IDLE_MS=0', async () => {
    const noIdle = await startTestApp(kind, { clock: clock.now, config: { sessionIdleMs: 0 } });
    try {
      const token = body<{ token: string }>(await postLogin(noIdle.app, { username: 'admin', password: '123456' })).result.token;
      clock.advance(3 * 24 * HOUR);
      expect((await get(noIdle.app, '/sys/user/getCurrentUserDeparts', token)).statusCode).toBe(200);
    } finally {
      await noIdle.close();
    }
  });
});
