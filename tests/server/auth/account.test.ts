import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/database';
import { body, get, login, postLogin, send, startTestApp, type TestApp } from '../support/app';

interface Departs {
  list: Array<{ id: string; orgCode: string; departName: string }>;
  orgCode: string;
}

describe.each(DATABASE_KINDS)('own account (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the current user departments and the current one', async () => {
    const { token } = await login(t.app, 'zhangsan');
    const envelope = body<Departs>(await get(t.app, '/sys/user/getCurrentUserDeparts', token));
    expect(envelope.success).toBe(true);
    expect(envelope.result.orgCode).toBe('A01A01');
    expect(envelope.result.list.map((d) => [d.orgCode, d.departName])).toEqual([
      ['A01A01', '车险理赔部'],
      ['A01A02', '财产险理赔部'],
    ]);
    expect(envelope.result.list[0].id).toEqual(expect.any(String));
  });

  it('switches to another of the user departments (POST and PUT) and keeps it at the next login', async () => {
    const { token } = await login(t.app, 'zhangsan');
    const switched = body<{ userInfo: { orgCode: string; orgCodeTxt: string } }>(
      await send(t.app, 'POST', '/sys/selectDepart', { orgCode: 'A01A02', username: 'zhangsan' }, token),
    );
    expect(switched).toMatchObject({ success: true, result: { userInfo: { orgCode: 'A01A02', orgCodeTxt: '财产险理赔部' } } });
    expect(body<Departs>(await get(t.app, '/sys/user/getCurrentUserDeparts', token)).result.orgCode).toBe('A01A02');
    const again = await login(t.app, 'zhangsan');
    expect(again.userInfo.orgCode).toBe('A01A02');
    expect(again.multi_depart).toBe(2);

    const back = body(await send(t.app, 'PUT', '/sys/selectDepart', { orgCode: 'A01A01' }, token));
    expect(back).toMatchObject({ success: true, result: { userInfo: { orgCode: 'A01A01' } } });
  });

  it('refuses a department the user does not belong to, or another user', async () => {
    const { token } = await login(t.app, 'zhangsan');
    expect(body(await send(t.app, 'POST', '/sys/selectDepart', { orgCode: 'A01A03', username: 'zhangsan' }, token))).toMatchObject({
      success: false,
      message: '所选部门不属于当前用户',
    });
    expect(body(await send(t.app, 'POST', '/sys/selectDepart', { orgCode: 'A01A01', username: 'lisi' }, token))).toMatchObject({
      success: false,
      message: '只能切换自己的部门',
    });
    expect(body(await send(t.app, 'POST', '/sys/selectDepart', { username: 'zhangsan' }, token))).toMatchObject({
      success: false,
      message: '参数不合法：orgCode 必填',
    });
  });

  describe('password change', () => {
    const change = (token: string, fields: Record<string, string>) =>
      send(t.app, 'POST', '/sys/user/updatePassword', fields, token).then((r) => body(r));

    it('checks the old password, the confirmation, and that it is the caller own account', async () => {
      const { token } = await login(t.app, 'wangwu');
      expect(await change(token, { username: 'wangwu', oldpassword: 'nope', password: 'n3w-Pass', confirmpassword: 'n3w-Pass' })).toMatchObject({
        success: false,
        message: '旧密码输入错误',
      });
      expect(await change(token, { username: 'wangwu', oldpassword: '123456', password: 'n3w-Pass', confirmpassword: 'other' })).toMatchObject({
        success: false,
        message: '两次输入的密码不一样！',
      });
      expect(await change(token, { username: 'wangwu', oldpassword: '123456', password: '', confirmpassword: '' })).toMatchObject({
        success: false,
        message: '新密码不允许为空！',
      });
      expect(await change(token, { username: 'admin', oldpassword: '123456', password: 'x', confirmpassword: 'x' })).toMatchObject({
        success: false,
        message: '只允许修改自己的密码！',
      });
      expect(body(await postLogin(t.app, { username: 'wangwu', password: '123456' })).success).toBe(true);
    });

    it('ends the other sessions of the user but keeps the current one', async () => {
      const other = (await login(t.app, 'lisi')).token;
      const current = (await login(t.app, 'lisi')).token;
      const bystander = (await login(t.app, 'admin')).token;
      const changed = await change(current, {
        username: 'lisi',
        oldpassword: '123456',
        password: 'Lisi-2025',
        confirmpassword: 'Lisi-2025',
      });
      expect(changed).toMatchObject({ success: true, code: 200 });
      expect(changed.message).toContain('密码修改成功');
      expect((await get(t.app, '/sys/user/getCurrentUserDeparts', other)).statusCode).toBe(401);
      expect((await get(t.app, '/sys/user/getCurrentUserDeparts', current)).statusCode).toBe(200);
      expect((await get(t.app, '/sys/user/getCurrentUserDeparts', bystander)).statusCode).toBe(200);
      expect(body(await postLogin(t.app, { username: 'lisi', password: '123456' })).message).toBe('用户名或密码错误');
      expect(body(await postLogin(t.app, { username: 'lisi', password: 'Lisi-2025' })).success).toBe(true);
      const stored = await t.database.db.selectFrom('sys_user').select('password').where('username', '=', 'lisi').executeTakeFirstOrThrow();
      expect(stored.password).toMatch(/^\$argon2id\$/);
    });
  });
});
