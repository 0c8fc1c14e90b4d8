import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, body, login } from '../support/app';
import { signedInCrudApp } from './support';

type Rec = Record<string, unknown>;
const NO_PERMISSION = { success: false, code: 510, message: '没有权限，请联系管理员授权' };

describe.each(DATABASE_KINDS)('the tenant comes from the user, not the client (%s)', (kind) => {
  const server = signedInCrudApp(kind);

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, tenant: string, opts: { token?: string; payload?: Rec } = {}) =>
    server.app
      .inject({ method, url: `${API}${url}`, headers: { ...authHeaders(opts.token ?? server.admin), 'tenant-id': tenant }, ...(opts.payload ? { payload: opts.payload } : {}) })
      .then((r) => body<{ total: number; records: Rec[] }>(r));
  const rowsIn = async (tenant: number) =>
    Number((await sql<{ n: string }>`SELECT count(*) AS n FROM tst_tenant_expert WHERE tenant_id = ${tenant}`.execute(server.database.db)).rows[0].n);
  const setTenants = (username: string, ids: string | null) =>
    server.database.db.updateTable('sys_user').set({ rel_tenant_ids: ids }).where('username', '=', username).execute();
  const expert = (name: string, mobile: string) => ({ expertName: name, sex: '1', contactMobile: mobile });

  it('refuses a tenant the user is not in with 510, for reading and writing, and writes nothing', async () => {
    await setTenants('admin', null);
    expect(await call('GET', '/maintenance/tenantExpert/list', '3')).toMatchObject(NO_PERMISSION);
    expect(await call('POST', '/maintenance/tenantExpert/add', '3', { payload: expert('越权专家', '13500000031') })).toMatchObject(NO_PERMISSION);
    expect(await rowsIn(3)).toBe(0);
    // Not only entity pages: every signed-in route checks the tenant.
    expect(await call('GET', '/sys/user/getCurrentUserDeparts', '3')).toMatchObject(NO_PERMISSION);
  });

  it('accepts the default tenant 0 (or no usable header) for a user without tenants', async () => {
    await setTenants('admin', null);
    expect(await call('POST', '/maintenance/tenantExpert/add', '0', { payload: expert('默认租户专家', '13500000032') })).toMatchObject({ success: true });
    expect((await call('GET', '/maintenance/tenantExpert/list', 'abc')).success).toBe(true);
    const plain = body(await server.app.inject({ method: 'GET', url: `${API}/maintenance/tenantExpert/list`, headers: authHeaders(server.admin) }));
    expect(plain.success).toBe(true);
    expect(await rowsIn(0)).toBe(1);
  });

  it('lets a user work in the tenants of sys_user.rel_tenant_ids and in no other', async () => {
    await setTenants('admin', '3,4');
    expect(await call('POST', '/maintenance/tenantExpert/add', '3', { payload: expert('租户三专家', '13500000033') })).toMatchObject({ success: true });
    expect((await call('GET', '/maintenance/tenantExpert/list', '3')).result.total).toBe(1);
    expect((await call('GET', '/maintenance/tenantExpert/list', '4')).result.total).toBe(0);
    expect(await call('POST', '/maintenance/tenantExpert/add', '5', { payload: expert('租户五专家', '13500000035') })).toMatchObject(NO_PERMISSION);
    expect(await rowsIn(5)).toBe(0);
    // Taking the relation away takes the tenant away at the next request, on the same session.
    await setTenants('admin', '4');
    expect(await call('GET', '/maintenance/tenantExpert/list', '3')).toMatchObject(NO_PERMISSION);
    await setTenants('admin', null);
  });

  it('keeps another user out of a tenant that only admin is in', async () => {
    await setTenants('admin', '6');
    expect(await call('POST', '/maintenance/tenantExpert/add', '6', { payload: expert('租户六专家', '13500000036') })).toMatchObject({ success: true });
    const zhangsan = (await login(server.app, 'zhangsan')).token;
    expect(await call('GET', '/maintenance/tenantExpert/list', '6', { token: zhangsan })).toMatchObject(NO_PERMISSION);
    expect(await call('DELETE', `/maintenance/tenantExpert/deleteBatch?ids=x`, '6', { token: zhangsan })).toMatchObject(NO_PERMISSION);
    expect(await rowsIn(6)).toBe(1);
    await setTenants('admin', null);
  });
});
