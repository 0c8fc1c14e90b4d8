import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_ALPHABET, randomCaptchaCode } from '../../../server/auth/captcha';
import { DATABASE_KINDS } from '../../support/database';
import { body, get, postLogin, startTestApp, type TestApp } from '../support/app';

describe('captcha codes', () => {
  it('are 4 characters of JeecgBoot alphabet', () => {
    for (let i = 0; i < 50; i++) {
      const code = randomCaptchaCode();
      expect(code).toHaveLength(4);
      for (const c of code) expect(CAPTCHA_ALPHABET).toContain(c);
    }
  });
});

describe.each(DATABASE_KINDS)('login with captcha on (%s)', (kind) => {
  let t: TestApp;
  // The test seam: buildApp draws whatever code this returns, through the real storage path.
  let nextCode = 'Ab3x';
  beforeAll(async () => {
    t = await startTestApp(kind, { config: { captcha: true }, captchaCode: () => nextCode });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function fetchCaptcha(checkKey: string, code: string) {
    nextCode = code;
    return get(t.app, `/sys/randomImage/${checkKey}`);
  }

  it('serves the image as an SVG data URL with code 0', async () => {
    const response = await fetchCaptcha('1700000000001', 'Qw7e');
    const envelope = body<string>(response);
    expect(envelope).toMatchObject({ success: true, code: 0 });
    expect(envelope.result).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(envelope.result.split(',')[1], 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const stored = await t.database.db
      .selectFrom('sys_captcha')
      .selectAll()
      .where('check_key', '=', '1700000000001')
      .executeTakeFirstOrThrow();
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.code_hash).not.toContain('qw7e');
    const lifetime = new Date(stored.expires_at).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(55_000);
    expect(lifetime).toBeLessThanOrEqual(60_000);
  });

  it('signs in with the right code, ignoring letter case', async () => {
    await fetchCaptcha('1700000000002', 'Ab3x');
    const envelope = body(await postLogin(t.app, { username: 'admin', password: '123456', captcha: 'aB3X', checkKey: '1700000000002' }));
    expect(envelope).toMatchObject({ success: true, code: 200, message: '登录成功' });
  });

  it('asks for the captcha when it is missing', async () => {
    const envelope = body(await postLogin(t.app, { username: 'admin', password: '123456', checkKey: '1700000000003' }));
    expect(envelope).toMatchObject({ success: false, code: 500, message: '验证码无效' });
  });

  it('refuses a wrong code with 412, and the captcha is used up by that attempt', async () => {
    await fetchCaptcha('1700000000004', 'k9Lm');
    const wrong = body(await postLogin(t.app, { username: 'admin', password: '123456', captcha: 'zzzz', checkKey: '1700000000004' }));
    expect(wrong).toMatchObject({ success: false, code: 412, message: '验证码错误' });
    const retry = body(await postLogin(t.app, { username: 'admin', password: '123456', captcha: 'k9Lm', checkKey: '1700000000004' }));
    expect(retry).toMatchObject({ success: false, code: 412, message: '验证码错误' });
  });

  it('asks for a new captcha after a wrong password: the one answered is used up', async () => {
    await fetchCaptcha('1700000000011', 'w8Qs');
    const wrong = body(await postLogin(t.app, { username: 'admin', password: 'wrong-password', captcha: 'w8Qs', checkKey: '1700000000011' }));
    expect(wrong).toMatchObject({ success: false, message: '用户名或密码错误' });
    const retry = body(await postLogin(t.app, { username: 'admin', password: '123456', captcha: 'w8Qs', checkKey: '1700000000011' }));
    expect(retry).toMatchObject({ success: false, code: 412, message: '验证码错误' });
    const noCaptcha = body(await postLogin(t.app, { username: 'admin', password: '123456' }));
    expect(noCaptcha).toMatchObject({ success: false, message: '验证码无效' });
    await fetchCaptcha('1700000000012', 'z5Np');
    expect(body(await postLogin(t.app, { username: 'admin', password: '123456', captcha: 'z5Np', checkKey: '1700000000012' }))).toMatchObject({ success: true });
  });

  it('refuses a captcha used twice', async () => {
    await fetchCaptcha('1700000000005', 'p2Rt');
    const first = body(await postLogin(t.app, { username: 'admin', password: '123456', captcha: 'p2Rt', checkKey: '1700000000005' }));
    expect(first.success).toBe(true);
    const second = body(await postLogin(t.app, { username: 'admin', password: '123456', captcha: 'p2Rt', checkKey: '1700000000005' }));
    expect(second).toMatchObject({ success: false, code: 412, message: '验证码错误' });
  });

  it('refuses an expired captcha (older than 60 s)', async () => {
    await fetchCaptcha('1700000000006', 'h4Jk');
    await t.database.db
      .updateTable('sys_captcha')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('check_key', '=', '1700000000006')
      .execute();
    const envelope = body(await postLogin(t.app, { username: 'admin', password: '123456', captcha: 'h4Jk', checkKey: '1700000000006' }));
    expect(envelope).toMatchObject({ success: false, code: 412, message: '验证码错误' });
  });

  it('refuses a captcha asked for under another key', async () => {
    await fetchCaptcha('1700000000007', 'w8Ee');
    const envelope = body(await postLogin(t.app, { username: 'admin', password: '123456', captcha: 'w8Ee', checkKey: '1700000000008' }));
    expect(envelope).toMatchObject({ success: false, code: 412 });
  });

  it('checks the captcha before anything about the user', async () => {
    const envelope = body(await postLogin(t.app, { username: 'nobody', password: 'x', captcha: 'abcd', checkKey: 'unknown' }));
    expect(envelope).toMatchObject({ code: 412, message: '验证码错误' });
  });

  it('refuses a check key with characters outside its pattern', async () => {
    const envelope = body(await get(t.app, '/sys/randomImage/a%20b'));
    expect(envelope).toMatchObject({ success: false, code: 500, message: '参数不合法：key 格式不正确' });
  });
});
