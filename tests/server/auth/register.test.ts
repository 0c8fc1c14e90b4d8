import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/database';
import { API, body, get, login, postLogin, send, startTestApp, type TestApp } from '../support/app';
import { createUser, requestCode, SmsInbox, TestClock } from './signInSupport';

function register(t: TestApp, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `${API}/sys/user/register`, payload }).then((r) => body(r));
}

describe.each(DATABASE_KINDS)('注册 (%s)', (kind) => {
  describe('off by default', () => {
    let t: TestApp;
    const inbox = new SmsInbox();
    beforeAll(async () => {
      t = await startTestApp(kind, { smsSender: inbox });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('refuses registration and its codes while 开放注册 is off (REGISTRATION not set)', async () => {
      expect(t.config.registration).toBeUndefined();
      expect(body(await get(t.app, '/sys/user/registerOpen'))).toMatchObject({ success: true, result: false });
      expect(await requestCode(t.app, '13600000001', '1')).toMatchObject({ success: false, message: '系统未开放注册，请联系管理员开通账号' });
      expect(inbox.messages).toHaveLength(0);
      expect(await register(t, { username: 'newcomer', password: 'Secret#2026', phone: '13600000001', smscode: '123456' })).toMatchObject({
        success: false,
        message: '系统未开放注册，请联系管理员开通账号',
      });
      expect(await t.database.db.selectFrom('sys_user').select('id').where('username', '=', 'newcomer').executeTakeFirst()).toBeUndefined();
    });
  });

  describe('开放注册 turned on by the administrator', () => {
    let t: TestApp;
    const inbox = new SmsInbox();
    const clock = new TestClock();
    beforeAll(async () => {
      t = await startTestApp(kind, { smsSender: inbox, clock: clock.now });
      const opened = await send(t.app, 'PUT', '/sys/setting/switch', { id: 'registration', value: '1' }, (await login(t.app, 'admin')).token);
      expect(body(opened)).toMatchObject({ success: true });
      await createUser(t.database.db, { username: 'reg_existing', phone: '13600000009' });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('registers a newcomer frozen; the administrator sees it in 用户管理 and approves it by unfreezing', async () => {
      expect(body(await get(t.app, '/sys/user/registerOpen'))).toMatchObject({ success: true, result: true });
      expect(await requestCode(t.app, '13600000002', '1', '10.7.0.1')).toMatchObject({ success: true });
      expect(inbox.messages.at(-1)?.content).toContain('注册验证码');
      const answer = await register(t, { username: 'newcomer_1', password: 'Secret#2026', confirmPassword: 'Secret#2026', phone: '13600000002', smscode: inbox.lastCode('13600000002') });
      expect(answer).toMatchObject({ success: true, message: '注册成功，请等待管理员审核' });
      const row = await t.database.db.selectFrom('sys_user').select(['id', 'status', 'phone', 'password', 'del_flag']).where('username', '=', 'newcomer_1').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 2, phone: '13600000002', del_flag: 0 });
      expect(row.password).toMatch(/^\$argon2id\$/);
      // No role is given: the administrator gives it when approving.
      expect(await t.database.db.selectFrom('sys_user_role').select('id').where('user_id', '=', row.id).execute()).toEqual([]);

      // Waiting for approval: the right password meets 该用户已冻结.
      expect(body(await postLogin(t.app, { username: 'newcomer_1', password: 'Secret#2026' }))).toMatchObject({ success: false, message: '该用户已冻结' });

      const admin = await login(t.app, 'admin');
      const list = body<{ records: Array<{ username: string; status: number }> }>(await get(t.app, '/sys/user/list?username=newcomer_1', admin.token));
      expect(list.result.records).toEqual([expect.objectContaining({ username: 'newcomer_1', status: 2 })]);
      expect(body(await send(t.app, 'PUT', '/sys/user/frozenBatch', { ids: row.id, status: 1 }, admin.token))).toMatchObject({ success: true });

      expect(body(await postLogin(t.app, { username: 'newcomer_1', password: 'Secret#2026' }))).toMatchObject({ success: true, message: '登录成功' });
    });

    it('refuses a taken username or phone before it uses the code, then a wrong code', async () => {
      clock.advance(61_000);
      expect(await requestCode(t.app, '13600000003', '1', '10.7.0.2')).toMatchObject({ success: true });
      const code = inbox.lastCode('13600000003');
      expect(await register(t, { username: 'reg_existing', password: 'Secret#2026', phone: '13600000003', smscode: code })).toMatchObject({ success: false, message: '用户名已注册' });
      expect(await register(t, { username: 'newcomer_2', password: 'Secret#2026', phone: '13600000009', smscode: code })).toMatchObject({ success: false, message: '该手机号已注册' });
      expect(await register(t, { username: 'newcomer_2', password: 'Secret#2026', phone: '13600000003', smscode: code === '999999' ? '888888' : '999999' })).toMatchObject({
        success: false,
        message: '手机验证码错误',
      });
      expect(await register(t, { username: 'newcomer_2', password: 'Secret#2026', phone: '13600000003', smscode: code })).toMatchObject({ success: true });
      // The code served once.
      expect(await register(t, { username: 'newcomer_3', password: 'Secret#2026', phone: '13600000003', smscode: code })).toMatchObject({ success: false, message: '该手机号已注册' });
    });

    it('sends no registration code to a phone that has an account', async () => {
      const before = inbox.messages.length;
      expect(await requestCode(t.app, '13600000009', '1', '10.7.0.3')).toMatchObject({ success: false, message: '手机号已经注册，请直接登录！' });
      expect(inbox.messages.length).toBe(before);
    });

    it.each([
      [{ username: 'abc' }, '用户名长度为6到18位'],
      [{ username: 'bad name' }, '只能输入字母、数字、下划线'],
      [{ username: '' }, '请输入用户名'],
      [{ password: 'short' }, '密码至少8位，且须包含大写字母、小写字母、数字、特殊符号中的至少三种'],
      [{ password: 'alllowercase' }, '密码至少8位，且须包含大写字母、小写字母、数字、特殊符号中的至少三种'],
      [{ confirmPassword: 'Secret#2027' }, '两次输入的密码不一样！'],
      [{ phone: '1360000000' }, '请输入正确的手机号码'],
      [{ smscode: '' }, '请输入验证码'],
      [{ email: 'not-an-email' }, '邮箱格式不正确'],
    ])('checks the form: %j → %s', async (change, message) => {
      const base = { username: 'newcomer_9', password: 'Secret#2026', phone: '13600000008', smscode: '123456' };
      expect(await register(t, { ...base, ...change })).toMatchObject({ success: false, message });
    });
  });
});
