import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, body, login, startTestApp, type TestApp } from '../support/app';

const WRONG = '用户名或密码错误';
const TOO_FREQUENT = '请求过于频繁，请稍后再试';
const locked = (minutes: number) => `密码错误次数过多，账号已锁定，请${minutes}分钟后再试`;

describe.each(DATABASE_KINDS)('sign-in throttling, unlock and password rules (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await sql`DELETE FROM sys_auth_throttle`.execute(t.database.db);
    await sql`DELETE FROM sys_captcha`.execute(t.database.db);
  });

  /** A sign-in from the given client address (Fastify inject sets the socket's remote address). */
  const signIn = (username: string, password: string, from: string) =>
    t.app.inject({ method: 'POST', url: `${API}/sys/login`, payload: { username, password }, remoteAddress: from }).then((r) => body(r));
  const wrongTimes = async (n: number, username: string, from: string) => {
    const answers: string[] = [];
    for (let i = 0; i < n; i++) answers.push((await signIn(username, 'not-it', from)).message);
    return answers;
  };

  it('locks the address that guessed, not the account: the real user signs in from another address', async () => {
    expect(await wrongTimes(5, 'lisi', '10.0.0.66')).toEqual([WRONG, WRONG, WRONG, WRONG, locked(10)]);
    // Even the right password is refused from the guessing address, with the minutes left.
    expect(await signIn('lisi', '123456', '10.0.0.66')).toMatchObject({ success: false, message: locked(10) });
    expect(await signIn('lisi', '123456', '10.0.0.7')).toMatchObject({ success: true, code: 200 });
    // The same for the administrator: nobody can keep admin out by guessing.
    await wrongTimes(5, 'admin', '10.0.0.66');
    expect(await signIn('admin', '123456', '10.0.0.66')).toMatchObject({ success: false, message: locked(10) });
    expect(await signIn('admin', '123456', '10.0.0.8')).toMatchObject({ success: true });
  });

  it('ends an address lock when it runs out, and a success starts the count again', async () => {
    await wrongTimes(5, 'lisi', '10.0.0.66');
    const setLock = (until: Date) =>
      t.database.db.updateTable('sys_auth_throttle').set({ locked_until: until }).where('scope', '=', 'login').where('subject', '=', 'lisi').execute();
    await setLock(new Date(Date.now() + 3 * 60_000 - 5_000));
    expect((await signIn('lisi', '123456', '10.0.0.66')).message).toBe(locked(3));
    await t.database.db
      .updateTable('sys_auth_throttle')
      .set({ locked_until: new Date(Date.now() - 1000), window_start: new Date(Date.now() - 11 * 60_000) })
      .where('subject', '=', 'lisi')
      .execute();
    expect(await wrongTimes(3, 'lisi', '10.0.0.66')).toEqual([WRONG, WRONG, WRONG]);
    expect((await signIn('lisi', '123456', '10.0.0.66')).success).toBe(true);
    expect(await wrongTimes(4, 'lisi', '10.0.0.66')).toEqual([WRONG, WRONG, WRONG, WRONG]);
    expect((await signIn('lisi', '123456', '10.0.0.66')).success).toBe(true);
  });

  it('answers an unknown user exactly as a wrong password, after as long, and locks the guessing address the same way', async () => {
    const timed = async (username: string) => {
      const started = process.hrtime.bigint();
      const answer = await signIn(username, 'not-it', '10.0.1.1');
      return { answer, ms: Number(process.hrtime.bigint() - started) / 1e6 };
    };
    const unknown: number[] = [];
    const known: number[] = [];
    for (let i = 0; i < 3; i++) {
      const a = await timed('no-such-user');
      const b = await timed('wangwu');
      expect(a.answer).toEqual({ ...b.answer, timestamp: a.answer.timestamp });
      unknown.push(a.ms);
      known.push(b.ms);
    }
    // The unknown user pays for a password hash too (argon2id takes tens of ms; a lookup alone, a few).
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[1];
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
    expect(await wrongTimes(2, 'no-such-user', '10.0.1.1')).toEqual([WRONG, locked(10)]);
  });

  it('slows an account guessed at from many addresses down without locking it', async () => {
    for (let i = 1; i <= 10; i++) expect((await signIn('zhangsan', 'not-it', `10.0.2.${i}`)).message).toBe(WRONG);
    // From the tenth failure on, password checks of the account are spaced out (1 s, doubling, at most 30 s).
    expect(await signIn('zhangsan', '123456', '10.0.3.1')).toMatchObject({ success: false, message: TOO_FREQUENT });
    // Once the turn has come, the right password goes through from anywhere: the account is never locked.
    await t.database.db
      .updateTable('sys_auth_throttle')
      .set({ last_attempt_at: new Date(Date.now() - 2_000) })
      .where('scope', '=', 'login-acct')
      .execute();
    expect(await signIn('zhangsan', '123456', '10.0.3.1')).toMatchObject({ success: true });
    // A success ends the slow-down.
    expect((await signIn('zhangsan', '123456', '10.0.3.2')).success).toBe(true);
  });

  it('locks an address that fails 20 times over many accounts, and only that address', async () => {
    const names = ['a1', 'a2', 'a3', 'a4', 'a5'];
    for (const name of names) await wrongTimes(4, name, '10.0.4.4');
    expect(await signIn('wangwu', '123456', '10.0.4.4')).toMatchObject({ success: false, message: TOO_FREQUENT });
    expect((await signIn('wangwu', '123456', '10.0.4.5')).success).toBe(true);
  });

  describe('administrator unlock (PUT /sys/user/unlock?username=, permission user:unlock)', () => {
    const unlock = (username: string, token: string) =>
      t.app.inject({ method: 'PUT', url: `${API}/sys/user/unlock?username=${encodeURIComponent(username)}`, headers: authHeaders(token) }).then((r) => body(r));

    it('lifts every lock of the user at once', async () => {
      const admin = (await login(t.app, 'admin')).token;
      await wrongTimes(5, 'lisi', '10.0.5.1');
      await wrongTimes(5, 'lisi', '10.0.5.2');
      expect((await signIn('lisi', '123456', '10.0.5.1')).message).toBe(locked(10));
      expect(await unlock('lisi', admin)).toMatchObject({ success: true, message: '解锁成功！' });
      expect((await signIn('lisi', '123456', '10.0.5.1')).success).toBe(true);
      expect((await signIn('lisi', '123456', '10.0.5.2')).success).toBe(true);
    });

    it('is refused without the permission, and names an unknown user', async () => {
      const lisi = (await login(t.app, 'lisi')).token;
      expect(await unlock('admin', lisi)).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
      const admin = (await login(t.app, 'admin')).token;
      expect(await unlock('no-such-user', admin)).toMatchObject({ success: false, message: '未找到对应用户' });
      const noName = body(await t.app.inject({ method: 'PUT', url: `${API}/sys/user/unlock`, headers: authHeaders(admin) }));
      expect(noName).toMatchObject({ success: false, message: '参数不合法：username 必填' });
    });
  });

  describe('password change', () => {
    const change = (token: string, oldpassword: string, password: string) =>
      t.app
        .inject({ method: 'POST', url: `${API}/sys/user/updatePassword`, headers: authHeaders(token), payload: { username: 'wangwu', oldpassword, password, confirmpassword: password } })
        .then((r) => body(r));

    it('limits old-password guesses: 5 wrong ones stop changes for 10 minutes, until an administrator unlocks', async () => {
      const token = (await login(t.app, 'wangwu')).token;
      for (let i = 1; i <= 4; i++) expect((await change(token, `guess-${i}`, 'Wangwu#2025')).message).toBe('旧密码输入错误');
      expect((await change(token, 'guess-5', 'Wangwu#2025')).message).toBe('旧密码错误次数过多，请10分钟后再试');
      // The right old password does not help while it lasts.
      expect(await change(token, '123456', 'Wangwu#2025')).toMatchObject({ success: false, message: '旧密码错误次数过多，请10分钟后再试' });
      const admin = (await login(t.app, 'admin')).token;
      expect((await t.app.inject({ method: 'PUT', url: `${API}/sys/user/unlock?username=wangwu`, headers: authHeaders(admin) }).then((r) => body(r))).success).toBe(true);
      expect(await change(token, '123456', 'Wangwu#2025')).toMatchObject({ success: true });
      expect(await change(token, 'Wangwu#2025', 'Wangwu#2026')).toMatchObject({ success: true });
    });

    it.each([
      ['short', 'Ab1!xyz'],
      ['only small letters and digits', 'abcdef123'],
      ['only capitals and symbols', 'ABCDEF!@#'],
      ['the demo password', '123456'],
    ])('refuses a new password that is %s, saying what the rule is', async (_what, weak) => {
      await t.database.db.updateTable('sys_auth_throttle').set({ fail_count: 0 }).execute();
      const token = (await login(t.app, 'wangwu', await currentPassword())).token;
      const current = await currentPassword();
      expect(await change(token, current, weak)).toMatchObject({
        success: false,
        message: '密码至少8位，且须包含大写字母、小写字母、数字、特殊符号中的至少三种',
      });
    });

    async function currentPassword(): Promise<string> {
      for (const candidate of ['123456', 'Wangwu#2026']) {
        if ((await signIn('wangwu', candidate, '10.0.9.9')).success) return candidate;
      }
      throw new Error('wangwu 的密码未知');
    }
  });

  describe('captcha table bound', () => {
    const captcha = (key: string, from: string) =>
      t.app.inject({ method: 'GET', url: `${API}/sys/randomImage/${key}`, remoteAddress: from }).then((r) => body<string>(r));
    const liveRows = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM sys_captcha`.execute(t.database.db)).rows[0].n);

    it('gives one address at most 30 live captchas, with a clear refusal, while others still get theirs', async () => {
      for (let i = 0; i < 30; i++) expect((await captcha(`flood-${i}`, '10.0.6.6')).success).toBe(true);
      expect(await captcha('flood-30', '10.0.6.6')).toMatchObject({ success: false, message: TOO_FREQUENT });
      expect(await liveRows()).toBe(30);
      expect((await captcha('other-1', '10.0.6.7')).success).toBe(true);
      // A minute later those captchas have expired: they are removed, and the address may ask again.
      await sql`UPDATE sys_captcha SET expires_at = now() - interval '1 second' WHERE client_ip = '10.0.6.6'`.execute(t.database.db);
      expect((await captcha('flood-31', '10.0.6.6')).success).toBe(true);
      expect(await liveRows()).toBe(2);
    });

    it('stops issuing at 10000 live captchas in all', async () => {
      await sql`
        INSERT INTO sys_captcha (check_key, code_hash, expires_at, client_ip)
        SELECT 'bulk-' || g, md5(g::text) || md5(g::text), now() + interval '60 seconds', '10.1.' || (g % 250) || '.' || (g / 250)
        FROM generate_series(1, 10000) AS g`.execute(t.database.db);
      expect(await captcha('one-more', '10.0.7.7')).toMatchObject({ success: false, message: TOO_FREQUENT });
      expect(await liveRows()).toBe(10000);
    });
  });
});
