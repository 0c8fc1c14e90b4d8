import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../support/database';
import { API, authHeaders, body, get, login, postLogin, startTestApp, type TestApp } from '../../support/app';

interface Tenant {
  id: number;
  name: string;
  beginDate: string | null;
  endDate: string | null;
  status: number;
}

const NO_PERMISSION = { success: false, code: 510, message: '没有权限，请联系管理员授权' };

/** A Beijing date `days` from today, 'YYYY-MM-DD'. */
function day(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() + days * 86_400_000));
}

describe.each(DATABASE_KINDS)('租户管理 (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let lisi: string;
  let lisiId: string;
  let wangwuId: string;

  const call = async <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: Record<string, unknown>, tenant = '0') =>
    body<T>(await t.app.inject({ method, url: `${API}${url}`, headers: { ...authHeaders(token), 'tenant-id': tenant }, ...(payload ? { payload } : {}) }));
  const relTenants = async (id: string) =>
    (await t.database.db.selectFrom('sys_user').select('rel_tenant_ids').where('id', '=', id).executeTakeFirstOrThrow()).rel_tenant_ids;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await login(t.app, 'admin')).token;
    const signedIn = await login(t.app, 'lisi');
    lisi = signedIn.token;
    lisiId = signedIn.userInfo.id;
    wangwuId = (await login(t.app, 'wangwu')).userInfo.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds tenants with the next 编号 or the one given, lists, queries and edits them', async () => {
    const first = await call<Tenant>('POST', '/sys/tenant/add', admin, { name: '华东分公司', beginDate: day(-10), endDate: day(300), status: 1 });
    expect(first).toMatchObject({ success: true, message: '添加成功！', result: { id: 1, name: '华东分公司', beginDate: day(-10), endDate: day(300), status: 1 } });
    expect(await call('POST', '/sys/tenant/add', admin, { id: 20, name: '华南分公司' })).toMatchObject({ success: true, result: { id: 20, status: 1 } });
    expect(await call('POST', '/sys/tenant/add', admin, { name: '西北分公司', status: '0' })).toMatchObject({ result: { id: 21, status: 0 } });
    expect(await call('POST', '/sys/tenant/add', admin, { id: 20, name: '重复' })).toMatchObject({ success: false, message: '租户编号 20 已存在' });
    expect(await call('POST', '/sys/tenant/add', admin, { name: '倒置', beginDate: day(5), endDate: day(1) })).toMatchObject({ success: false, message: '结束日期不能早于开始日期' });
    expect(await call('POST', '/sys/tenant/add', admin, { name: '   ' })).toMatchObject({ success: false, message: '租户名称不能为空' });

    const list = await call<{ records: Tenant[]; total: number }>('GET', '/sys/tenant/list?name=*分公司*&pageSize=10', admin);
    expect(list.result.records.map((r) => r.id)).toEqual([1, 20, 21]);
    expect((await call<{ total: number }>('GET', '/sys/tenant/list?status=0', admin)).result.total).toBe(1);
    expect((await call<Tenant>('GET', '/sys/tenant/queryById?id=20', admin)).result.name).toBe('华南分公司');
    expect(await call('GET', '/sys/tenant/queryById?id=99', admin)).toMatchObject({ success: false, message: '未找到对应租户' });
    expect((await call<Tenant[]>('GET', '/sys/tenant/queryList', admin)).result.map((r) => r.id)).toEqual([1, 20]);

    expect(await call('PUT', '/sys/tenant/edit', admin, { id: 20, name: '华南分公司（新）', endDate: day(30), status: 1 })).toMatchObject({ success: true });
    expect((await call<Tenant>('GET', '/sys/tenant/queryById?id=20', admin)).result).toMatchObject({ name: '华南分公司（新）', endDate: day(30) });
    expect(await call('PUT', '/sys/tenant/edit', admin, { id: 98, name: '无' })).toMatchObject({ success: false, message: '未找到对应租户' });
  });

  it('adds users to a tenant and removes them through rel_tenant_ids; a tenant with users is not deleted', async () => {
    await t.database.db.updateTable('sys_user').set({ rel_tenant_ids: '7' }).where('id', '=', wangwuId).execute();
    expect(await call('POST', '/sys/tenant/addTenantUser', admin, { tenantId: 1, userIdList: [lisiId, wangwuId] })).toMatchObject({ success: true, message: '添加成功！' });
    expect(await relTenants(lisiId)).toBe('1');
    expect(await relTenants(wangwuId)).toBe('7,1');
    const users = await call<{ records: Array<{ username: string }>; total: number }>('GET', '/sys/tenant/tenantUserList?tenantId=1', admin);
    expect(users.result.records.map((u) => u.username)).toEqual(['lisi', 'wangwu']);
    expect((await call<{ total: number }>('GET', '/sys/tenant/tenantUserList?tenantId=1&username=*wang*', admin)).result.total).toBe(1);
    // A user of tenant 7 is not one of tenant 1 only because '17' or '71' contains the digit.
    await t.database.db.updateTable('sys_user').set({ rel_tenant_ids: '17' }).where('username', '=', 'zhangsan').execute();
    expect((await call<{ total: number }>('GET', '/sys/tenant/tenantUserList?tenantId=1', admin)).result.total).toBe(2);
    await t.database.db.updateTable('sys_user').set({ rel_tenant_ids: null }).where('username', '=', 'zhangsan').execute();

    expect(await call('POST', '/sys/tenant/addTenantUser', admin, { tenantId: 1, userIdList: ['nobody'] })).toMatchObject({ success: false, message: '用户不存在：nobody，未添加任何用户' });
    expect(await call('POST', '/sys/tenant/addTenantUser', admin, { tenantId: 99, userIdList: [lisiId] })).toMatchObject({ success: false, message: '未找到对应租户' });

    const refused = await call('DELETE', '/sys/tenant/delete?id=1', admin);
    expect(refused.success).toBe(false);
    expect(refused.message).toMatch(/^租户下还有用户（.+），请先移除用户再删除$/);
    expect(await call('DELETE', '/sys/tenant/deleteBatch?ids=1,21', admin)).toMatchObject({ success: false });
    expect((await call<{ total: number }>('GET', '/sys/tenant/list', admin)).result.total).toBe(3);

    expect(await call('DELETE', `/sys/tenant/deleteTenantUser?tenantId=1&userId=${wangwuId}`, admin)).toMatchObject({ success: true });
    expect(await relTenants(wangwuId)).toBe('7');
    expect(await call('DELETE', `/sys/tenant/deleteTenantUserBatch?tenantId=1&userIds=${lisiId}`, admin)).toMatchObject({ success: true });
    expect(await relTenants(lisiId)).toBeNull();
    expect(await call('DELETE', '/sys/tenant/deleteBatch?ids=1,21', admin)).toMatchObject({ success: true, message: '删除成功!' });
    expect((await call<Tenant[]>('GET', '/sys/tenant/list', admin)).result).toMatchObject({ total: 1 });
    await t.database.db.updateTable('sys_user').set({ rel_tenant_ids: null }).where('id', '=', wangwuId).execute();
  });

  it('answers 510 to 公估师 (lisi) on every tenant endpoint and changes nothing', async () => {
    const calls: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, Record<string, unknown>?]> = [
      ['GET', '/sys/tenant/list'],
      ['GET', '/sys/tenant/queryById?id=20'],
      ['GET', '/sys/tenant/queryList'],
      ['POST', '/sys/tenant/add', { name: '越权租户' }],
      ['PUT', '/sys/tenant/edit', { id: 20, name: '越权' }],
      ['DELETE', '/sys/tenant/delete?id=20'],
      ['DELETE', '/sys/tenant/deleteBatch?ids=20'],
      ['GET', '/sys/tenant/tenantUserList?tenantId=20'],
      ['POST', '/sys/tenant/addTenantUser', { tenantId: 20, userIdList: [lisiId] }],
      ['DELETE', `/sys/tenant/deleteTenantUser?tenantId=20&userId=${lisiId}`],
      ['DELETE', `/sys/tenant/deleteTenantUserBatch?tenantId=20&userIds=${lisiId}`],
    ];
    for (const [method, url, payload] of calls) expect(await call(method, url, lisi, payload), `${method} ${url}`).toMatchObject(NO_PERMISSION);
    expect((await call<Tenant>('GET', '/sys/tenant/queryById?id=20', admin)).result.name).toBe('华南分公司（新）');
    expect(await relTenants(lisiId)).toBeNull();
  });

  it('signs a user in with the tenants it can use, and refuses a frozen tenant or one out of its dates', async () => {
    await call('POST', '/sys/tenant/add', admin, { id: 30, name: '正常租户' });
    await call('POST', '/sys/tenant/add', admin, { id: 31, name: '冻结租户', status: 0 });
    await call('POST', '/sys/tenant/add', admin, { id: 32, name: '过期租户', beginDate: day(-30), endDate: day(-1) });
    await call('POST', '/sys/tenant/add', admin, { id: 33, name: '未到期租户', beginDate: day(2) });
    await call('POST', '/sys/tenant/addTenantUser', admin, { tenantId: 30, userIdList: [lisiId] });
    for (const id of [31, 32, 33]) await call('POST', '/sys/tenant/addTenantUser', admin, { tenantId: id, userIdList: [lisiId] });

    const signedIn = await login(t.app, 'lisi');
    expect(signedIn.tenantList).toEqual([expect.objectContaining({ id: 30, name: '正常租户', status: 1 })]);
    const token = signedIn.token;
    expect((await call('GET', '/sys/user/getCurrentUserDeparts', token, undefined, '30')).success).toBe(true);
    expect(await call('GET', '/sys/user/getCurrentUserDeparts', token, undefined, '31')).toMatchObject({ success: false, code: 510, message: '租户「冻结租户」已冻结，无法使用' });
    expect(await call('GET', '/sys/user/getCurrentUserDeparts', token, undefined, '32')).toMatchObject({ code: 510, message: `租户「过期租户」已于 ${day(-1)} 到期，无法使用` });
    expect(await call('GET', '/sys/user/getCurrentUserDeparts', token, undefined, '33')).toMatchObject({ code: 510, message: `租户「未到期租户」${day(2)} 才开始生效，目前无法使用` });
    // The header's switch lists what can be used, whichever tenant the request is in.
    expect(await call('GET', '/sys/tenant/getCurrentUserTenant', token, undefined, '30')).toMatchObject({ success: true, result: { tenantId: 30, list: [{ id: 30 }] } });

    // Freezing the last usable tenant: the open session is refused in it at once, and sign-in fails.
    await call('PUT', '/sys/tenant/edit', admin, { id: 30, name: '正常租户', status: 0 });
    expect(await call('GET', '/sys/user/getCurrentUserDeparts', token, undefined, '30')).toMatchObject({ code: 510, message: '租户「正常租户」已冻结，无法使用' });
    const refused = body(await postLogin(t.app, { username: 'lisi', password: '123456' }));
    expect(refused).toMatchObject({ success: false, message: '与该用户关联的租户均已被冻结，无法登录！' });
    // The default tenant stays open to a signed-in user.
    expect((await call('GET', '/sys/user/getCurrentUserDeparts', token, undefined, '0')).success).toBe(true);
    await t.database.db.updateTable('sys_user').set({ rel_tenant_ids: null }).where('id', '=', lisiId).execute();
    expect((await login(t.app, 'lisi')).tenantList).toEqual([]);
  });

  it('answers a signed-out caller 401', async () => {
    expect((await get(t.app, '/sys/tenant/list')).statusCode).toBe(401);
  });
});
