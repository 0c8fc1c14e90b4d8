import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../support/database';
import { API, authHeaders, body, get, login, postLogin, send, startTestApp, type TestApp } from '../../support/app';
import { connectNotice, wsOrigin } from '../../support/noticeClient';
import { multipart } from '../../crud/support';
import { TOKEN_INVALID_MESSAGE } from '../../../../server/http/envelope';

/** 用户管理 (schemas/pages/sys/user.json + server/sys/user): every call, its success and its refusals. */

interface UserRecord {
  id: string;
  username: string;
  realname: string;
  status: number;
  status_dictText: string;
  selectedroles: string;
  selectedroles_dictText: string;
  selecteddeparts: string;
  selecteddeparts_dictText: string;
  [key: string]: unknown;
}

const STRONG = 'Zhao6-pass';
const NO_PERMISSION = { success: false, code: 510, message: '没有权限，请联系管理员授权' };

describe.each(DATABASE_KINDS)('用户管理 (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let adminId: string;
  let lisi: string;
  let roleIds: Record<string, string>;
  let departIds: Record<string, string>;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url: `${API}${url}`, headers: authHeaders(token), ...(payload ? { payload } : {}) });
  const listUsers = async (query: string) => body<{ records: UserRecord[] }>(await get(t.app, `/sys/user/list?${query}`, admin)).result.records;
  const userNamed = async (username: string) => (await listUsers(`username=${username}`))[0];
  const addUser = (payload: Record<string, unknown>) => send(t.app, 'POST', '/sys/user/add', payload, admin).then(body);

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const signedIn = await login(t.app, 'admin');
    admin = signedIn.token;
    adminId = signedIn.userInfo.id;
    lisi = (await login(t.app, 'lisi')).token;
    const roles = await t.database.db.selectFrom('sys_role').select(['id', 'role_code']).execute();
    roleIds = Object.fromEntries(roles.map((r) => [r.role_code, r.id]));
    const departs = await t.database.db.selectFrom('sys_depart').select(['id', 'org_code']).execute();
    departIds = Object.fromEntries(departs.map((d) => [d.org_code, d.id]));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds a user with roles and departments in one go; the list shows their names and never the password', async () => {
    const added = await addUser({
      username: 'zhaoliu6',
      realname: '赵六',
      password: STRONG,
      confirmpassword: STRONG,
      phone: '13612345678',
      sex: 1,
      selectedroles: roleIds.adjuster,
      selecteddeparts: `${departIds.A01A01},${departIds.A01A02}`,
      departIds: departIds.A01A01,
    });
    expect(added).toMatchObject({ success: true, message: '添加成功！' });
    const user = await userNamed('zhaoliu6');
    expect(user).toMatchObject({
      realname: '赵六',
      status: 1,
      status_dictText: '正常',
      sex_dictText: '男',
      selectedroles: roleIds.adjuster,
      selectedroles_dictText: '公估师',
      departIds_dictText: '车险理赔部',
    });
    expect(user.selecteddeparts_dictText.split(',').sort()).toEqual(['车险理赔部', '财产险理赔部'].sort());
    expect(user).not.toHaveProperty('password');
    const detail = body<UserRecord>(await get(t.app, `/sys/user/queryById?id=${user.id}`, admin)).result;
    expect(detail).not.toHaveProperty('password');
    expect(detail.selecteddeparts.split(',').sort()).toEqual([departIds.A01A01, departIds.A01A02].sort());
    const stored = await t.database.db.selectFrom('sys_user').select('password').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored.password).toMatch(/^\$argon2id\$/);
    expect(body<string[]>(await get(t.app, `/sys/user/queryUserRole?userid=${user.id}`, admin)).result).toEqual([roleIds.adjuster]);

    // The new colleague signs in with that password and gets the role's menus.
    const zhao = await login(t.app, 'zhaoliu6', STRONG);
    const menu = body<{ menu: Array<{ path: string }> }>(await get(t.app, '/sys/permission/getUserPermissionByToken', zhao.token)).result.menu;
    expect(menu.map((m) => m.path)).toContain('/receive');
    expect(menu.map((m) => m.path)).not.toContain('/isystem');
  });

  it('所属租户: the tenants a user may work in, chosen by name; a tenant that does not exist is refused', async () => {
    const made = body<unknown>(await send(t.app, 'POST', '/sys/tenant/add', { name: '华北分公司' }, admin));
    expect(made).toMatchObject({ success: true });
    const tenant = await t.database.db.selectFrom('sys_tenant').select('id').where('name', '=', '华北分公司').executeTakeFirstOrThrow();
    const added = await addUser({ username: 'tenantuser1', realname: '租户用户', password: STRONG, phone: '13612340001', relTenantIds: String(tenant.id) });
    expect(added).toMatchObject({ success: true });
    expect(await userNamed('tenantuser1')).toMatchObject({ relTenantIds: String(tenant.id), relTenantIds_dictText: '华北分公司' });
    // The new user is offered the tenant at sign-in.
    const signedIn = body<{ tenantList?: { id: number }[] }>(await postLogin(t.app, { username: 'tenantuser1', password: STRONG }));
    expect(signedIn.result.tenantList?.map((x) => x.id)).toEqual([tenant.id]);
    const refused = await addUser({ username: 'tenantuser2', realname: '租户用户二', password: STRONG, phone: '13612340002', relTenantIds: '987654' });
    expect(refused).toMatchObject({ success: false });
  });

  it('edits roles and departments, keeps the password, and ignores a password sent on edit', async () => {
    const user = await userNamed('zhaoliu6');
    const edited = body(await send(t.app, 'PUT', '/sys/user/edit', { id: user.id, realname: '赵六六', password: 'Other-pass1', selectedroles: `${roleIds.adjuster},${roleIds.finance}`, selecteddeparts: departIds.A01A03 }, admin));
    expect(edited).toMatchObject({ success: true, message: '编辑成功！' });
    const after = await userNamed('zhaoliu6');
    expect(after.selectedroles_dictText.split(',').sort()).toEqual(['公估师', '财务'].sort());
    expect(after.selecteddeparts_dictText).toBe('财务部');
    expect(body(await postLogin(t.app, { username: 'zhaoliu6', password: STRONG })).success).toBe(true);
    // Roles left out of an edit stay as they are.
    await send(t.app, 'PUT', '/sys/user/edit', { id: user.id, realname: '赵六' }, admin);
    expect((await userNamed('zhaoliu6')).selectedroles.split(',')).toHaveLength(2);
    await send(t.app, 'PUT', '/sys/user/edit', { id: user.id, selectedroles: roleIds.adjuster }, admin);
  });

  it('refuses a weak password, a duplicate account or phone, and an account breaking the username rule', async () => {
    expect(await addUser({ username: 'weakone', realname: '弱', password: '123456' })).toMatchObject({ success: false, message: expect.stringContaining('密码至少8位') });
    expect(await addUser({ username: 'zhaoliu6', realname: '重', password: STRONG })).toMatchObject({ success: false, message: expect.stringContaining('用户账号「zhaoliu6」已存在') });
    expect(await addUser({ username: 'another1', realname: '重', password: STRONG, phone: '13612345678' })).toMatchObject({
      success: false,
      message: expect.stringContaining('手机号码「13612345678」已存在'),
    });
    expect((await addUser({ username: 'a b', realname: '坏', password: STRONG })).success).toBe(false);
    expect(await t.database.db.selectFrom('sys_user').select('id').where('username', 'in', ['weakone', 'another1']).execute()).toEqual([]);
  });

  it('checkOnlyUser answers anonymously whether an account is taken', async () => {
    expect(body(await get(t.app, '/sys/user/checkOnlyUser?username=zhaoliu6'))).toMatchObject({ success: false, message: '用户账号已存在' });
    expect(body(await get(t.app, '/sys/user/checkOnlyUser?username=nobody_here'))).toMatchObject({ success: true, result: true });
  });

  it('freezing ends the sessions and sockets at once; a frozen user cannot sign in; 解冻 lets them back', async () => {
    const user = await userNamed('zhaoliu6');
    const zhao = await login(t.app, 'zhaoliu6', STRONG);
    const socket = connectNotice(`${wsOrigin(t.app)}${API}/websocket/${user.id}`, zhao.token);
    await socket.opened;
    // Admission is asynchronous: wait until the socket answers a heartbeat.
    socket.socket.send('HeartBeat');
    expect(await socket.next()).toBe('HeartBeat');

    const frozen = body(await send(t.app, 'PUT', '/sys/user/frozenBatch', { ids: user.id, status: '2' }, admin));
    expect(frozen).toMatchObject({ success: true, message: '冻结成功！' });
    const closed = await Promise.race([socket.closed, new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 3_000))]);
    expect(closed).toEqual({ code: 1008, reason: TOKEN_INVALID_MESSAGE });
    const next = await get(t.app, '/sys/permission/getUserPermissionByToken', zhao.token);
    expect(next.statusCode).toBe(401);
    expect(body(next).message).toBe(TOKEN_INVALID_MESSAGE);
    expect(body(await postLogin(t.app, { username: 'zhaoliu6', password: STRONG }))).toMatchObject({ success: false, message: '该用户已冻结' });
    expect((await userNamed('zhaoliu6')).status_dictText).toBe('冻结');

    expect(body(await send(t.app, 'PUT', '/sys/user/frozenBatch', { ids: user.id, status: '1' }, admin))).toMatchObject({ success: true, message: '解冻成功！' });
    // The old session stays ended; a new sign-in works.
    expect((await get(t.app, '/sys/permission/getUserPermissionByToken', zhao.token)).statusCode).toBe(401);
    expect(body(await postLogin(t.app, { username: 'zhaoliu6', password: STRONG })).success).toBe(true);
  });

  it('the signed-in administrator cannot freeze or delete themself', async () => {
    expect(body(await send(t.app, 'PUT', '/sys/user/frozenBatch', { ids: adminId, status: '2' }, admin))).toMatchObject({ success: false, message: '不能冻结当前登录的用户' });
    expect(body(await call('DELETE', `/sys/user/delete?id=${adminId}`, admin))).toMatchObject({ success: false, message: '不能删除当前登录的用户' });
    const zhaoId = (await userNamed('zhaoliu6')).id;
    expect(body(await call('DELETE', `/sys/user/deleteBatch?ids=${zhaoId},${adminId}`, admin))).toMatchObject({ success: false, message: '不能删除当前登录的用户' });
    expect(await userNamed('zhaoliu6')).toBeDefined();
    expect((await get(t.app, '/sys/permission/getUserPermissionByToken', admin)).statusCode).toBe(200);
  });

  it('修改密码 by the administrator: refuses a weak or mismatched one, ends the user’s sessions, the new one signs in', async () => {
    const zhao = await login(t.app, 'zhaoliu6', STRONG);
    expect(body(await send(t.app, 'PUT', '/sys/user/changePassword', { username: 'zhaoliu6', password: 'abc', confirmpassword: 'abc' }, admin))).toMatchObject({
      success: false,
      message: expect.stringContaining('密码至少8位'),
    });
    expect(body(await send(t.app, 'PUT', '/sys/user/changePassword', { username: 'zhaoliu6', password: 'New-pass-1', confirmpassword: 'New-pass-2' }, admin))).toMatchObject({
      success: false,
      message: '两次输入的密码不一样！',
    });
    expect(body(await send(t.app, 'PUT', '/sys/user/changePassword', { username: 'zhaoliu6', newPassword: 'New-pass-1' }, admin))).toMatchObject({ success: true, message: '密码修改成功！' });
    expect((await get(t.app, '/sys/permission/getUserPermissionByToken', zhao.token)).statusCode).toBe(401);
    expect(body(await postLogin(t.app, { username: 'zhaoliu6', password: STRONG })).success).toBe(false);
    expect(body(await postLogin(t.app, { username: 'zhaoliu6', password: 'New-pass-1' })).success).toBe(true);
  });

  it('delete sends users to the recycle bin (signed out at once); 还原 brings them back; 彻底删除 removes them and their links', async () => {
    await addUser({ username: 'binuser', realname: '回收', password: STRONG, selectedroles: roleIds.adjuster, selecteddeparts: departIds.A01A01 });
    const bin = await userNamed('binuser');
    const session = await login(t.app, 'binuser', STRONG);
    expect(body(await call('DELETE', `/sys/user/delete?id=${bin.id}`, admin))).toMatchObject({ success: true, message: '删除成功！' });
    expect(await userNamed('binuser')).toBeUndefined();
    expect((await get(t.app, '/sys/permission/getUserPermissionByToken', session.token)).statusCode).toBe(401);
    expect(body(await postLogin(t.app, { username: 'binuser', password: STRONG })).message).toBe('该用户已注销');
    const inBin = body<UserRecord[]>(await get(t.app, '/sys/user/recycleBin', admin)).result;
    expect(inBin.map((u) => u.username)).toContain('binuser');
    expect(inBin.find((u) => u.username === 'binuser')).toMatchObject({ selectedroles_dictText: '公估师' });
    // A deleted user's account still cannot be taken by a new one.
    expect((await addUser({ username: 'binuser', realname: 'x', password: STRONG })).success).toBe(false);

    expect(body(await send(t.app, 'PUT', '/sys/user/putRecycleBin', { userIds: bin.id }, admin))).toMatchObject({ success: true, message: '还原成功！' });
    expect((await userNamed('binuser')).selectedroles_dictText).toBe('公估师');
    expect(body(await postLogin(t.app, { username: 'binuser', password: STRONG })).success).toBe(true);

    await call('DELETE', `/sys/user/deleteBatch?ids=${bin.id}`, admin);
    // Only what is in the bin can be purged.
    const live = (await userNamed('zhaoliu6')).id;
    expect(body(await call('DELETE', `/sys/user/deleteRecycleBin?userIds=${live}`, admin))).toMatchObject({ success: false, message: '回收站中没有该记录' });
    expect(body(await call('DELETE', `/sys/user/deleteRecycleBin?userIds=${bin.id}`, admin))).toMatchObject({ success: true });
    expect(await t.database.db.selectFrom('sys_user').select('id').where('id', '=', bin.id).execute()).toEqual([]);
    expect(await t.database.db.selectFrom('sys_user_role').select('id').where('user_id', '=', bin.id).execute()).toEqual([]);
  });

  it('export never carries passwords; import is all or nothing and hashes the passwords it adds', async () => {
    const exported = await get(t.app, '/sys/user/exportXls?username=zhaoliu6', admin);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const texts = JSON.stringify(book.worksheets[0].getSheetValues());
    expect(texts).toContain('zhaoliu6');
    expect(texts).toContain('公估师');
    expect(texts).not.toContain('登录密码');
    expect(texts).not.toContain('$argon2id');

    const template = new ExcelJS.Workbook();
    await template.xlsx.load((await get(t.app, '/sys/user/exportXlsTemplate', admin)).rawPayload as unknown as ArrayBuffer);
    const sheet = template.worksheets[0];
    const titlesOf = (n: number) => (sheet.getRow(n).values as unknown[]).map((v) => String(v ?? '').replace(/[*＊\s]/g, ''));
    let headerRow = 0;
    sheet.eachRow((_row, n) => {
      if (headerRow === 0 && titlesOf(n).includes('用户账号')) headerRow = n;
    });
    const headers = titlesOf(headerRow);
    const put = (n: number, values: Record<string, string>) => {
      const row = sheet.getRow(n);
      for (const [title, value] of Object.entries(values)) row.getCell(headers.indexOf(title)).value = value;
      row.commit();
    };
    put(headerRow + 1, { 用户账号: 'import_a', 用户姓名: '导入甲', 登录密码: STRONG, 角色: '公估师' });
    put(headerRow + 2, { 用户账号: 'import_b', 用户姓名: '导入乙', 登录密码: 'weak' });
    const upload = async () => {
      const file = multipart([{ field: 'file', name: '用户.xlsx', content: Buffer.from(await template.xlsx.writeBuffer()) }]);
      return body(await t.app.inject({ method: 'POST', url: `${API}/sys/user/importExcel`, payload: file.payload, headers: { ...authHeaders(admin), ...file.headers } }));
    };
    expect(await upload()).toMatchObject({ success: true, code: 201 });
    expect(await t.database.db.selectFrom('sys_user').select('id').where('username', 'in', ['import_a', 'import_b']).execute()).toEqual([]);

    put(headerRow + 2, { 用户账号: 'import_b', 用户姓名: '导入乙', 登录密码: STRONG });
    expect(await upload()).toMatchObject({ success: true, code: 200, message: '文件导入成功！数据行数：2' });
    expect((await userNamed('import_a')).selectedroles_dictText).toBe('公估师');
    expect(body(await postLogin(t.app, { username: 'import_b', password: STRONG })).success).toBe(true);
  });

  it('refuses 公估师 every call of 用户管理 with 510', async () => {
    const zhaoId = (await userNamed('zhaoliu6')).id;
    const calls: Array<[Parameters<typeof call>[0], string, Record<string, unknown>?]> = [
      ['GET', '/sys/user/list'],
      ['GET', `/sys/user/queryById?id=${zhaoId}`],
      ['POST', '/sys/user/add', { username: 'lisi_made', realname: 'x', password: STRONG }],
      ['PUT', '/sys/user/edit', { id: zhaoId, realname: 'x' }],
      ['DELETE', `/sys/user/delete?id=${zhaoId}`],
      ['DELETE', `/sys/user/deleteBatch?ids=${zhaoId}`],
      ['GET', '/sys/user/recycleBin'],
      ['PUT', '/sys/user/putRecycleBin', { userIds: zhaoId }],
      ['DELETE', `/sys/user/deleteRecycleBin?userIds=${zhaoId}`],
      ['PUT', '/sys/user/frozenBatch', { ids: zhaoId, status: '2' }],
      ['PUT', '/sys/user/changePassword', { username: 'zhaoliu6', password: STRONG }],
      ['GET', `/sys/user/queryUserRole?userid=${zhaoId}`],
      ['GET', '/sys/user/exportXls'],
      ['GET', '/sys/user/exportXlsTemplate'],
    ];
    for (const [method, url, payload] of calls) {
      expect({ url, answer: body(await call(method, url, lisi, payload)) }).toEqual({ url, answer: expect.objectContaining(NO_PERMISSION) });
    }
    expect((await userNamed('zhaoliu6')).status).toBe(1);
  });
});
