import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/database';
import { API, body, get, postLogin, startTestApp, type TestApp } from '../support/app';
import { createUser, requestCode, SmsInbox, TestClock } from './signInSupport';

const NEW_PASSWORD = 'Renewed#2026';

function verifyPhone(t: TestApp, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `${API}/sys/user/phoneVerification`, payload }).then((r) => body<{ username: string; ticket: string } | null>(r));
}
function changePassword(t: TestApp, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `${API}/sys/user/passwordChange`, payload }).then((r) => body(r));
}

describe.each(DATABASE_KINDS)('忘记密码 (%s)', (kind) => {
  let t: TestApp;
  const inbox = new SmsInbox();
  const clock = new TestClock();
  beforeAll(async () => {
    t = await startTestApp(kind, { smsSender: inbox, clock: clock.now });
    await createUser(t.database.db, { username: 'reset_user', phone: '13500000001', password: 'Forgot#2026' });
    await createUser(t.database.db, { username: 'reset_other', phone: '13500000002', password: 'Forgot#2026' });
    await createUser(t.database.db, { username: 'reset_expiry', phone: '13500000003', password: 'Forgot#2026' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function proven(username: string, phone: string, address: string) {
    clock.advance(61_000);
    expect(await requestCode(t.app, phone, '2', address)).toMatchObject({ success: true });
    const verified = await verifyPhone(t, { username, phone, smscode: inbox.lastCode(phone) });
    expect(verified).toMatchObject({ success: true, result: { username } });
    return verified.result?.ticket ?? '';
  }

  it('account → phone code → new password twice: the password changes and every session of the account ends', async () => {
    const first = body<{ token: string }>(await postLogin(t.app, { username: 'reset_user', password: 'Forgot#2026' })).result.token;
    const second = body<{ token: string }>(await postLogin(t.app, { username: 'reset_user', password: 'Forgot#2026' })).result.token;
    const ticket = await proven('reset_user', '13500000001', '10.8.0.1');
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await changePassword(t, { username: 'reset_user', ticket, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).toMatchObject({
      success: true,
      message: '密码重置完成！',
    });
    for (const token of [first, second]) expect((await get(t.app, '/sys/user/getCurrentUserDeparts', token)).statusCode).toBe(401);
    expect(body(await postLogin(t.app, { username: 'reset_user', password: 'Forgot#2026' }))).toMatchObject({ success: false, message: '用户名或密码错误' });
    expect(body(await postLogin(t.app, { username: 'reset_user', password: NEW_PASSWORD }))).toMatchObject({ success: true });
    // The ticket served once.
    expect(await changePassword(t, { username: 'reset_user', ticket, password: 'Another#2026', confirmPassword: 'Another#2026' })).toMatchObject({
      success: false,
      message: '验证已失效，请重新获取验证码',
    });
  });

  it('refuses a phone that is not the account\'s, once the code is proven', async () => {
    clock.advance(61_000);
    expect(await requestCode(t.app, '13500000002', '2', '10.8.0.2')).toMatchObject({ success: true });
    expect(await verifyPhone(t, { username: 'reset_user', phone: '13500000002', smscode: inbox.lastCode('13500000002') })).toMatchObject({
      success: false,
      message: '账号与绑定的手机号不匹配，无法重置密码',
    });
  });

  it('refuses a wrong code, and a code sent for 登录', async () => {
    clock.advance(61_000);
    expect(await requestCode(t.app, '13500000002', '0', '10.8.0.3')).toMatchObject({ success: true });
    expect(await verifyPhone(t, { username: 'reset_other', phone: '13500000002', smscode: inbox.lastCode('13500000002') })).toMatchObject({
      success: false,
      message: '手机验证码错误',
    });
  });

  it('refuses a weak or mismatched new password and keeps the ticket for a better try', async () => {
    const ticket = await proven('reset_other', '13500000002', '10.8.0.4');
    expect(await changePassword(t, { username: 'reset_other', ticket, password: 'weakpass', confirmPassword: 'weakpass' })).toMatchObject({
      success: false,
      message: '密码至少8位，且须包含大写字母、小写字母、数字、特殊符号中的至少三种',
    });
    expect(await changePassword(t, { username: 'reset_other', ticket, password: NEW_PASSWORD, confirmPassword: 'Other#2026x' })).toMatchObject({
      success: false,
      message: '两次输入的密码不一样！',
    });
    // A ticket is the account's: another username with it changes nothing.
    expect(await changePassword(t, { username: 'reset_user', ticket, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).toMatchObject({
      success: false,
      message: '验证已失效，请重新获取验证码',
    });
  });

  it('lets the ticket live 10 minutes', async () => {
    const ticket = await proven('reset_expiry', '13500000003', '10.8.0.5');
    clock.advance(10 * 60_000);
    expect(await changePassword(t, { username: 'reset_expiry', ticket, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).toMatchObject({
      success: false,
      message: '验证已失效，请重新获取验证码',
    });
    expect(body(await postLogin(t.app, { username: 'reset_expiry', password: 'Forgot#2026' }))).toMatchObject({ success: true });
  });

  it('answers an unknown phone with the contract message', async () => {
    expect(await requestCode(t.app, '13522223333', '2', '10.8.0.6')).toMatchObject({ success: false, message: '该用户不存在或未绑定手机号' });
  });
});
