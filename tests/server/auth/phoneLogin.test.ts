import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_JOBS } from '../../../server/jobs/builtins';
import { DATABASE_KINDS } from '../../support/database';
import { API, body, get, startTestApp, type TestApp } from '../support/app';
import { createUser, phoneLogin, requestCode, SmsInbox, TestClock } from './signInSupport';

const MINUTE = 60_000;

describe.each(DATABASE_KINDS)('手机号登录 (%s)', (kind) => {
  let t: TestApp;
  const clock = new TestClock();
  const inbox = new SmsInbox();
  beforeAll(async () => {
    t = await startTestApp(kind, { clock: clock.now, smsSender: inbox });
    await createUser(t.database.db, { username: 'phone_user', phone: '13900000001' });
    await createUser(t.database.db, { username: 'phone_frozen', phone: '13900000002', status: 2 });
    await createUser(t.database.db, { username: 'phone_limits', phone: '13900000003' });
    await createUser(t.database.db, { username: 'phone_expiry', phone: '13900000004' });
    await createUser(t.database.db, { username: 'phone_tries', phone: '13900000005' });
    await createUser(t.database.db, { username: 'phone_short', phone: '13900000006' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends a 6-digit code through the sender and signs in with it, once', async () => {
    const sent = await requestCode(t.app, '13900000001', '0', '10.1.0.1');
    expect(sent).toMatchObject({ success: true, message: '验证码已发送，请注意查收', result: { wait: 60 } });
    const code = inbox.lastCode('13900000001');
    expect(code).toMatch(/^\d{6}$/);
    expect(inbox.messages.at(-1)?.content).toContain('登录验证码');
    // Only a hash is kept.
    const rows = await t.database.db.selectFrom('sys_sms_code').selectAll().where('phone', '=', '13900000001').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code);

    const signedIn = await phoneLogin(t.app, '13900000001', code);
    expect(signedIn).toMatchObject({ success: true, code: 200, message: '登录成功', result: { userInfo: { username: 'phone_user' } } });
    const token = signedIn.result?.token ?? '';
    expect(body(await get(t.app, '/sys/user/getCurrentUserDeparts', token)).success).toBe(true);
    // 登录日志 names the account reached.
    const log = await t.database.db.selectFrom('sys_log').select(['log_content', 'userid']).where('log_type', '=', 1).orderBy('create_time', 'desc').executeTakeFirstOrThrow();
    expect(log.log_content).toBe('用户名: phone_user,登录成功！');

    expect(await phoneLogin(t.app, '13900000001', code)).toMatchObject({ success: false, message: '手机验证码错误' });
  });

  it('answers an unknown phone with the contract message, sends nothing and counts the attempt', async () => {
    const before = inbox.messages.length;
    expect(await requestCode(t.app, '13911112222', '0', '10.1.0.2')).toMatchObject({ success: false, message: '该用户不存在或未绑定手机号' });
    expect(inbox.messages.length).toBe(before);
    // The next request within the minute meets the same limit a known phone meets.
    expect(await requestCode(t.app, '13911112222', '0', '10.1.0.2')).toMatchObject({ success: false, message: '验证码已发送，请60秒后再获取', result: { wait: 60 } });
    // Signing in with any code to an unknown phone: a wrong code, nothing more.
    expect(await phoneLogin(t.app, '13911112222', '123456')).toMatchObject({ success: false, message: '手机验证码错误' });
  });

  it.each([
    ['', '请输入手机号码'],
    ['1390000000', '请输入正确的手机号码'],
    ['12900000001', '请输入正确的手机号码'],
    ['139000000011', '请输入正确的手机号码'],
  ])('checks the phone %j as spec §5 says', async (mobile, message) => {
    expect(await requestCode(t.app, mobile, '0', '10.1.0.3')).toMatchObject({ success: false, message });
    expect(await phoneLogin(t.app, mobile, '123456')).toMatchObject({ success: false, message });
  });

  it('refuses a code that is not 6 digits', async () => {
    expect(await phoneLogin(t.app, '13900000001', '')).toMatchObject({ success: false, message: '请输入验证码' });
    expect(await phoneLogin(t.app, '13900000001', '12a456')).toMatchObject({ success: false, message: '验证码为6位数字' });
  });

  it('tells a frozen account so only once its code is proven', async () => {
    expect(await requestCode(t.app, '13900000002', '0', '10.1.0.4')).toMatchObject({ success: true });
    expect(await phoneLogin(t.app, '13900000002', '000000')).toMatchObject({ success: false, message: '手机验证码错误' });
    expect(await phoneLogin(t.app, '13900000002', inbox.lastCode('13900000002'))).toMatchObject({ success: false, message: '该用户已冻结' });
  });

  it('waits 60 s between two codes to one phone, and the newest code is the one that counts', async () => {
    const phone = '13900000003';
    expect(await requestCode(t.app, phone, '0', '10.1.0.5')).toMatchObject({ success: true });
    const first = inbox.lastCode(phone);
    clock.advance(45_000);
    expect(await requestCode(t.app, phone, '0', '10.1.0.6')).toMatchObject({ success: false, message: '验证码已发送，请15秒后再获取', result: { wait: 15 } });
    clock.advance(15_000);
    expect(await requestCode(t.app, phone, '0', '10.1.0.6')).toMatchObject({ success: true });
    const second = inbox.lastCode(phone);
    if (first !== second) expect(await phoneLogin(t.app, phone, first)).toMatchObject({ success: false, message: '手机验证码错误' });
    expect(await phoneLogin(t.app, phone, second)).toMatchObject({ success: true });
  });

  it('counts the minute per purpose: a 忘记密码 code may follow a 登录 code at once', async () => {
    const phone = '13900000003';
    clock.advance(MINUTE);
    expect(await requestCode(t.app, phone, '0', '10.1.0.7')).toMatchObject({ success: true });
    expect(await requestCode(t.app, phone, '2', '10.1.0.7')).toMatchObject({ success: true });
    expect(await requestCode(t.app, phone, '2', '10.1.0.7')).toMatchObject({ success: false, message: '验证码已发送，请60秒后再获取' });
  });

  it('sends at most 10 codes a day to one phone, from any address, over all purposes; the next day again', async () => {
    const phone = '13900000003';
    // Start of a fresh Beijing day (02:00 UTC is 10:00 in Beijing; 16:00 UTC is midnight).
    clock.ms = Date.parse('2026-11-28T16:00:00Z');
    for (let i = 1; i <= 10; i++) {
      expect(await requestCode(t.app, phone, i % 2 === 0 ? '0' : '2', `10.2.0.${i}`), `第${i}次`).toMatchObject({ success: true });
      clock.advance(MINUTE);
    }
    expect(await requestCode(t.app, phone, '0', '10.2.0.11')).toMatchObject({ success: false, message: '该手机号今日获取验证码次数已达上限，请明日再试' });
    clock.ms = Date.parse('2026-11-29T16:00:00Z');
    expect(await requestCode(t.app, phone, '0', '10.2.0.11')).toMatchObject({ success: true });
  });

  it('sends at most 10 codes a day from one address, over all phones, unknown ones included', async () => {
    clock.ms = Date.parse('2026-11-30T16:00:00Z');
    for (let i = 0; i < 10; i++) {
      const answer = await requestCode(t.app, `1370000000${i}`, '0', '10.3.0.1');
      expect(answer.message, `第${i + 1}次`).toBe('该用户不存在或未绑定手机号');
    }
    expect(await requestCode(t.app, '13900000001', '0', '10.3.0.1')).toMatchObject({ success: false, message: '当前网络今日获取验证码次数已达上限，请明日再试' });
    expect(await requestCode(t.app, '13900000001', '0', '10.3.0.2')).toMatchObject({ success: true });
  });

  it('lets a code live 5 minutes', async () => {
    const phone = '13900000004';
    expect(await requestCode(t.app, phone, '0', '10.4.0.1')).toMatchObject({ success: true });
    clock.advance(5 * MINUTE - 1000);
    expect(await phoneLogin(t.app, phone, inbox.lastCode(phone))).toMatchObject({ success: true });
    clock.advance(MINUTE);
    expect(await requestCode(t.app, phone, '0', '10.4.0.1')).toMatchObject({ success: true });
    clock.advance(5 * MINUTE);
    expect(await phoneLogin(t.app, phone, inbox.lastCode(phone))).toMatchObject({ success: false, message: '手机验证码错误' });
  });

  it('uses a code up after 5 wrong answers', async () => {
    const phone = '13900000005';
    expect(await requestCode(t.app, phone, '0', '10.5.0.1')).toMatchObject({ success: true });
    const code = inbox.lastCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect(await phoneLogin(t.app, phone, wrong)).toMatchObject({ success: false, message: '手机验证码错误' });
    expect(await phoneLogin(t.app, phone, code)).toMatchObject({ success: false, message: '手机验证码错误' });
  });

  it('does not sign in with a code sent for 忘记密码', async () => {
    const phone = '13900000006';
    expect(await requestCode(t.app, phone, '2', '10.6.0.1')).toMatchObject({ success: true });
    expect(inbox.messages.at(-1)?.content).toContain('找回密码验证码');
    expect(await phoneLogin(t.app, phone, inbox.lastCode(phone))).toMatchObject({ success: false, message: '手机验证码错误' });
  });

  it('makes a 12-hour session when 记住我 is not ticked, a 7-day one otherwise', async () => {
    const phone = '13900000006';
    clock.advance(MINUTE);
    await requestCode(t.app, phone, '0', '10.6.0.2');
    const short = await phoneLogin(t.app, phone, inbox.lastCode(phone), { remember_me: false });
    clock.advance(MINUTE);
    await requestCode(t.app, phone, '0', '10.6.0.2');
    const long = await phoneLogin(t.app, phone, inbox.lastCode(phone), { remember_me: true });
    const lifeOf = async (token: string) => {
      const { hashToken } = await import('../../../server/auth/sessions');
      const row = await t.database.db.selectFrom('sys_session').select(['created_at', 'expires_at']).where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow();
      return new Date(row.expires_at).getTime() - new Date(row.created_at).getTime();
    };
    expect(await lifeOf(short.result?.token ?? '')).toBe(12 * 3_600_000);
    expect(await lifeOf(long.result?.token ?? '')).toBe(604_800_000);
  });

  it('the 清理过期验证码 job removes the codes of earlier days, which no limit counts any more', async () => {
    const job = BUILTIN_JOBS.get('lossdesk.jobs.PurgeExpiredCaptchasJob');
    const before = await t.database.db.selectFrom('sys_sms_code').select('id').execute();
    expect(before.length).toBeGreaterThan(0);
    clock.ms = Date.parse('2026-12-05T16:00:00Z');
    expect(await requestCode(t.app, '13900000001', '0', '10.9.0.1')).toMatchObject({ success: true });
    await job?.run({ db: t.database.db, now: new Date(clock.ms + 1000), parameter: null });
    const left = await t.database.db.selectFrom('sys_sms_code').select('phone').execute();
    expect(left).toEqual([{ phone: '13900000001' }]);
  });

  it('answers 短信验证码发送失败 when the provider fails, and that code cannot be used', async () => {
    const failing = await startTestApp(kind, {
      clock: clock.now,
      smsSender: { send: () => Promise.reject(new Error('网关超时')) },
    });
    try {
      await createUser(failing.database.db, { username: 'phone_fail', phone: '13900000007' });
      const answer = body(await failing.app.inject({ method: 'POST', url: `${API}/sys/sms`, payload: { mobile: '13900000007', smsmode: '0' } }));
      expect(answer).toMatchObject({ success: false, message: '短信验证码发送失败,请稍后重试' });
      const row = await failing.database.db.selectFrom('sys_sms_code').select('used_at').where('phone', '=', '13900000007').executeTakeFirstOrThrow();
      expect(row.used_at).not.toBeNull();
    } finally {
      await failing.close();
    }
  });
});
