import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../../server/auth/sessions';
import { DATABASE_KINDS } from '../../support/database';
import { API, body, get, login, postLogin, send, startTestApp, type LoginResult, type TestApp } from '../support/app';

describe.each(DATABASE_KINDS)('sign-in and sessions (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('signs admin in with the JeecgBoot login result', async () => {
    const response = await postLogin(t.app, { username: 'admin', password: '123456', remember_me: true });
    expect(response.statusCode).toBe(200);
    const envelope = body<LoginResult>(response);
    expect(envelope).toMatchObject({ success: true, code: 200, message: '登录成功' });
    const result = envelope.result;
    expect(result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(result.userInfo).toMatchObject({
      username: 'admin',
      realname: '管理员',
      orgCode: 'A01',
      orgCodeTxt: '华泰公估有限公司',
      status: 1,
      delFlag: 0,
      workNo: 'HT0001',
      birthday: '1985-03-12',
    });
    expect(result.userInfo.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(result.userInfo).not.toHaveProperty('password');
    expect(result.userInfo).not.toHaveProperty('loginFailCount');
    expect(result.departs.map((d) => d.orgCode)).toEqual(['A01']);
    expect(result.departs[0]).toMatchObject({ departName: '华泰公估有限公司', parentId: null });
    expect(result.multi_depart).toBe(1);
    expect(result.tenantList).toEqual([]);
    expect(result.sysAllDictItems.sex).toEqual([
      { value: '1', text: '男', title: '男', label: '男' },
      { value: '2', text: '女', title: '女', label: '女' },
    ]);
  });

  it('reports several departments as multi_depart 2 and keeps the current one', async () => {
    const result = await login(t.app, 'zhangsan');
    expect(result.multi_depart).toBe(2);
    expect(result.departs.map((d) => d.orgCode)).toEqual(['A01A01', 'A01A02']);
    expect(result.userInfo.orgCode).toBe('A01A01');
  });

  it.each([
    // An unknown user gets the wrong-password answer: the answer does not tell which usernames exist.
    ['nobody', '123456', '用户名或密码错误'],
    ['zhaoliu', '123456', '该用户已冻结'],
    ['wangwu', 'wrong-password', '用户名或密码错误'],
  ])('refuses %s with its message', async (username, password, message) => {
    const envelope = body(await postLogin(t.app, { username, password }));
    expect(envelope).toMatchObject({ success: false, code: 500, message, result: null });
  });

  it('refuses a deleted user', async () => {
    await t.database.db.updateTable('sys_user').set({ del_flag: 1 }).where('username', '=', 'wangwu').execute();
    try {
      expect(body(await postLogin(t.app, { username: 'wangwu', password: '123456' }))).toMatchObject({
        success: false,
        message: '该用户已注销',
      });
    } finally {
      await t.database.db.updateTable('sys_user').set({ del_flag: 0 }).where('username', '=', 'wangwu').execute();
    }
  });

  it('names a missing field of the request in Chinese', async () => {
    const response = await postLogin(t.app, { password: '123456' });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toMatchObject({ success: false, code: 500, message: '参数不合法：username 必填' });
  });

  // Locks, slow-downs and their limits: signinThrottle.test.ts.

  it('answers 401 without a token, with an unknown token and after the session expired', async () => {
    const expectRefused = async (token?: string) => {
      const response = await get(t.app, '/sys/permission/getUserPermissionByToken', token);
      expect(response.statusCode).toBe(401);
      expect(body(response)).toMatchObject({
        success: false,
        code: 401,
        message: 'Token失效，请重新登录!',
        result: null,
      });
    };
    await expectRefused();
    await expectRefused('not-a-real-token');
    const { token } = await login(t.app, 'wangwu');
    expect((await get(t.app, '/sys/permission/getUserPermissionByToken', token)).statusCode).toBe(200);
    await t.database.db
      .updateTable('sys_session')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(token))
      .execute();
    await expectRefused(token);
  });

  it('stores sessions that last 7 days and only a hash of the token', async () => {
    const before = Date.now();
    const { token, userInfo } = await login(t.app, 'admin');
    const sessions = await t.database.db
      .selectFrom('sys_session')
      .selectAll()
      .where('user_id', '=', userInfo.id)
      .orderBy('created_at', 'desc')
      .execute();
    expect(sessions.some((s) => s.token_hash === token)).toBe(false);
    const newest = sessions[0];
    expect(newest.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const lifetime = new Date(newest.expires_at).getTime() - new Date(newest.created_at).getTime();
    expect(lifetime).toBe(604_800_000);
    expect(new Date(newest.created_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('accepts the token as a `token` query parameter', async () => {
    const { token } = await login(t.app, 'admin');
    const response = await t.app.inject({
      method: 'GET',
      url: `${API}/sys/permission/getUserPermissionByToken?token=${encodeURIComponent(token)}`,
    });
    expect(body(response).success).toBe(true);
  });

  it('logs out: the token stops working, and logging out again still succeeds', async () => {
    const { token } = await login(t.app, 'admin');
    const out = await send(t.app, 'POST', '/sys/logout', {}, token);
    expect(body(out)).toMatchObject({ success: true, message: '退出登录成功！' });
    expect((await get(t.app, '/sys/permission/getUserPermissionByToken', token)).statusCode).toBe(401);
    const again = await t.app.inject({ method: 'POST', url: `${API}/sys/logout`, headers: { 'x-access-token': token } });
    expect(body(again)).toMatchObject({ success: true, message: '退出登录成功！' });
    const empty = await t.app.inject({
      method: 'POST',
      url: `${API}/sys/logout`,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(body(empty).success).toBe(true);
  });

  it('ends the sessions of a user who gets frozen', async () => {
    const { token } = await login(t.app, 'zhangsan');
    await t.database.db.updateTable('sys_user').set({ status: 2 }).where('username', '=', 'zhangsan').execute();
    try {
      expect((await get(t.app, '/sys/user/getCurrentUserDeparts', token)).statusCode).toBe(401);
    } finally {
      await t.database.db.updateTable('sys_user').set({ status: 1 }).where('username', '=', 'zhangsan').execute();
    }
    expect((await get(t.app, '/sys/user/getCurrentUserDeparts', token)).statusCode).toBe(200);
  });
});
