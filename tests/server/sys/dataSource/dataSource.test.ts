import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { switchMenus } from '../../../../server/db/migrations/0018_data_source_service_node';
import { readWorkbook } from '../../../../server/excel';
import { SecretBox, WRONG_KEY } from '../../../../server/secrets/secretBox';
import { DataSourceError } from '../../../../server/sys/dataSource/dataSources';
import { DATABASE_KINDS } from '../../../support/database';
import { API, authHeaders, body, get, login, startTestApp, type TestApp } from '../../support/app';

const KEY = Buffer.alloc(32, 9);
const PASSWORD = 'Pg-S3cret-口令';
const NO_PERMISSION = { success: false, code: 510, message: '没有权限，请联系管理员授权' };

/** The test PostgreSQL server (tests/support/globalSetup.ts) as a JeecgBoot JDBC address. */
function testServerUrl(database = 'postgres'): string {
  const url = new URL(inject('postgresAdminUrl'));
  return `jdbc:postgresql://${url.hostname}:${url.port}/${database}`;
}

interface DataSourceRecord {
  id: string;
  code: string;
  name: string;
  dbUrl: string;
  dbUsername: string;
  [key: string]: unknown;
}

describe.each(DATABASE_KINDS)('数据源 (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let lisi: string;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url: `${API}${url}`, headers: authHeaders(token), ...(payload ? { payload } : {}) });
  const list = async () => body<{ records: DataSourceRecord[] }>(await get(t.app, '/sys/dataSource/list?pageSize=100', admin)).result.records;
  const stored = async (code: string) =>
    (await sql<{ db_password: string | null }>`SELECT db_password FROM sys_data_source WHERE code = ${code}`.execute(t.database.db)).rows[0]?.db_password;
  const add = (values: Record<string, unknown>) =>
    call('POST', '/sys/dataSource/add', admin, { dbType: '6', dbUsername: 'postgres', name: '测试库', ...values });

  beforeAll(async () => {
    t = await startTestApp(kind, { config: { secretKey: KEY } });
    admin = (await login(t.app, 'admin')).token;
    lisi = (await login(t.app, 'lisi')).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds a data source; its password is stored sealed and never answered (list, queryById, export)', async () => {
    expect(body(await add({ code: 'archive', dbUrl: testServerUrl(), dbPassword: PASSWORD }))).toMatchObject({ success: true });
    const sealed = await stored('archive');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(PASSWORD);
    expect(new SecretBox(KEY).open(sealed!)).toBe(PASSWORD);

    const listed = await get(t.app, '/sys/dataSource/list?pageSize=100', admin);
    expect(listed.body).not.toContain(PASSWORD);
    expect(listed.body).not.toContain(sealed);
    const row = (await list()).find((r) => r.code === 'archive');
    expect(row).toMatchObject({ name: '测试库', dbUrl: testServerUrl(), dbUsername: 'postgres', dbType: '6', dbType_dictText: 'PostgreSQL' });
    expect(row).not.toHaveProperty('dbPassword');

    const one = await get(t.app, `/sys/dataSource/queryById?id=${row!.id}`, admin);
    expect(one.body).not.toContain(PASSWORD);
    expect(one.body).not.toContain('v1.');
    expect(body<DataSourceRecord>(one).result).not.toHaveProperty('dbPassword');

    const exported = await get(t.app, '/sys/dataSource/exportXls', admin);
    expect(exported.statusCode).toBe(200);
    const sheet = await readWorkbook(exported.rawPayload, 'x.xlsx');
    const cells = sheet.rows.flatMap((r) => r.cells.map((c) => String(c ?? '')));
    expect(cells).toContain('archive');
    expect(cells.some((c) => c.includes(PASSWORD) || c.startsWith('v1.') || c === '密码')).toBe(false);
  });

  it('an edit that leaves the password blank keeps it; a new one replaces it', async () => {
    const row = (await list()).find((r) => r.code === 'archive')!;
    const before = await stored('archive');
    expect(body(await call('PUT', '/sys/dataSource/edit', admin, { ...row, name: '归档库', dbPassword: '' }))).toMatchObject({ success: true });
    expect(await stored('archive')).toBe(before);
    expect(body(await call('PUT', '/sys/dataSource/edit', admin, { id: row.id, remark: '只改备注' }))).toMatchObject({ success: true });
    expect(await stored('archive')).toBe(before);
    expect(body(await call('PUT', '/sys/dataSource/edit', admin, { id: row.id, dbPassword: 'another' }))).toMatchObject({ success: true });
    expect(new SecretBox(KEY).open((await stored('archive'))!)).toBe('another');
  });

  it('测试连接 connects to the stored data source and answers 数据库连接成功', async () => {
    const row = (await list()).find((r) => r.code === 'archive')!;
    const answer = await call('POST', '/sys/dataSource/testConnection', admin, { id: row.id });
    expect(body(answer)).toMatchObject({ success: true, message: '数据库连接成功' });
    // JeecgBoot's path with the form's values (blank password: the stored one).
    const form = await call('POST', '/online/cgreport/api/testConnection', admin, { id: row.id, dbType: '6', dbUrl: testServerUrl(), dbUsername: 'postgres', dbPassword: '' });
    expect(body(form)).toMatchObject({ success: true, message: '数据库连接成功' });
  });

  it('测试连接 names why it failed, in Chinese', async () => {
    const test = async (values: Record<string, unknown>) =>
      body(await call('POST', '/online/cgreport/api/testConnection', admin, { dbType: '6', dbUsername: 'postgres', dbPassword: 'x', ...values }));
    expect(await test({ dbUrl: testServerUrl('no_such_db') })).toMatchObject({ success: false, message: '数据库连接失败：数据库「no_such_db」不存在' });
    expect((await test({ dbUrl: 'jdbc:postgresql://127.0.0.1:1/x' })).message).toMatch(/^数据库连接失败：无法连接到 127\.0\.0\.1:1：连接被拒绝/);
    expect(await test({ dbUrl: 'jdbc:mysql://127.0.0.1:3306/x' })).toMatchObject({ message: '数据库连接失败：连接地址应为 jdbc:postgresql://主机:端口/数据库 的形式' });
    expect(await test({ dbType: '1', dbUrl: testServerUrl() })).toMatchObject({ message: '数据库连接失败：只支持 PostgreSQL 数据源' });
  });

  it('an address cannot make the server read local files, use a socket folder or carry credentials', async () => {
    const test = async (dbUrl: string) => body(await call('POST', '/online/cgreport/api/testConnection', admin, { dbType: '6', dbUsername: 'postgres', dbUrl })).message;
    expect(await test(`${testServerUrl()}?sslrootcert=/etc/passwd`)).toBe('数据库连接失败：不支持的连接参数：sslrootcert（只支持 sslmode）');
    expect(await test(`${testServerUrl()}?host=/var/run/postgresql`)).toBe('数据库连接失败：不支持的连接参数：host（只支持 sslmode）');
    expect(await test('postgresql://%2Fvar%2Frun%2Fpostgresql/postgres')).toMatch(/^数据库连接失败：连接地址中的主机「\/var\/run\/postgresql」不正确/);
    expect(await test('postgresql://postgres:pw@127.0.0.1/postgres')).toBe('数据库连接失败：连接地址中不能包含用户名或密码，请填写在用户名、密码栏');
    // The form's rule refuses such addresses before they are stored.
    const refused = body(await add({ code: 'bad', dbUrl: `${testServerUrl()}?sslkey=/etc/shadow` }));
    expect(refused.success).toBe(false);
    expect(refused.message).toContain('jdbc:postgresql://主机:端口/数据库');
    expect(body(await add({ code: 'mysql', dbType: '1', dbUrl: testServerUrl() })).message).toContain('不是可选的值');
  });

  it('a password sealed under another key is refused with a clear message, not used', async () => {
    const other = new SecretBox(Buffer.alloc(32, 1)).seal('whatever');
    await sql`INSERT INTO sys_data_source (id, code, name, db_type, db_url, db_username, db_password) VALUES ('ds_other_key', 'other_key', '旧密钥', '6', ${testServerUrl()}, 'postgres', ${other})`.execute(t.database.db);
    expect(body(await call('POST', '/sys/dataSource/testConnection', admin, { id: 'ds_other_key' }))).toMatchObject({
      success: false,
      message: `数据库连接失败：${WRONG_KEY}`,
    });
    await expect(t.app.dataSources.pool('other_key')).rejects.toThrow(new DataSourceError(`数据源「旧密钥」不可用：${WRONG_KEY}`));
  });

  it('other server code gets a bounded pool by code; an edit ends it and the next call has the new settings', async () => {
    const pool = await t.app.dataSources.pool('archive');
    expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    expect(await t.app.dataSources.pool('archive')).toBe(pool);
    expect(pool.options.max).toBe(3);
    // 测试连接 is no write: the pools in use stay.
    expect(body(await call('POST', '/sys/dataSource/testConnection', admin, { id: (await list()).find((r) => r.code === 'archive')!.id }))).toMatchObject({ success: true });
    expect(pool.ending).toBe(false);
    const row = (await list()).find((r) => r.code === 'archive')!;
    expect(body(await call('PUT', '/sys/dataSource/edit', admin, { id: row.id, dbUrl: testServerUrl('template1') }))).toMatchObject({ success: true });
    expect(pool.ending).toBe(true);
    const next = await t.app.dataSources.pool('archive');
    expect((await next.query<{ db: string }>('SELECT current_database() AS db')).rows).toEqual([{ db: 'template1' }]);
    await expect(t.app.dataSources.pool('nope')).rejects.toThrow('数据源「nope」不存在');
  });

  it('deletes one and several', async () => {
    expect(body(await add({ code: 'd1', dbUrl: testServerUrl() }))).toMatchObject({ success: true });
    expect(body(await add({ code: 'd2', dbUrl: testServerUrl() }))).toMatchObject({ success: true });
    expect(body(await add({ code: 'd1', dbUrl: testServerUrl() })).message).toContain('数据源编码「d1」已存在');
    const ids = (await list()).filter((r) => r.code === 'd1' || r.code === 'd2').map((r) => r.id);
    expect(body(await call('DELETE', `/sys/dataSource/delete?id=${ids[0]}`, admin))).toMatchObject({ success: true });
    expect(body(await call('DELETE', `/sys/dataSource/deleteBatch?ids=${ids[1]}`, admin))).toMatchObject({ success: true });
    expect((await list()).some((r) => r.code === 'd1' || r.code === 'd2')).toBe(false);
  });

  it('lisi (公估师) gets 510 on every data source and service node endpoint', async () => {
    const row = (await list())[0];
    const refused = [
      await call('GET', '/sys/dataSource/list', lisi),
      await call('GET', `/sys/dataSource/queryById?id=${row.id}`, lisi),
      await call('GET', '/sys/dataSource/exportXls', lisi),
      await call('POST', '/sys/dataSource/add', lisi, { code: 'x', name: 'x', dbType: '6', dbUrl: testServerUrl(), dbUsername: 'postgres' }),
      await call('PUT', '/sys/dataSource/edit', lisi, { id: row.id, name: 'x' }),
      await call('DELETE', `/sys/dataSource/delete?id=${row.id}`, lisi),
      await call('DELETE', `/sys/dataSource/deleteBatch?ids=${row.id}`, lisi),
      await call('POST', '/sys/dataSource/testConnection', lisi, { id: row.id }),
      await call('POST', '/online/cgreport/api/testConnection', lisi, { dbUrl: testServerUrl() }),
      await call('GET', '/sys/serviceNode/list', lisi),
    ];
    for (const answer of refused) expect(body(answer)).toMatchObject(NO_PERMISSION);
    expect((await list()).find((r) => r.id === row.id)?.name).toBe(row.name);
  });

  it('the operation log never holds the password', async () => {
    await add({ code: 'logged', dbUrl: testServerUrl(), dbPassword: 'log-me-not' });
    const logged = await sql<{ request_param: string | null }>`SELECT request_param FROM sys_log WHERE request_url LIKE '%/sys/dataSource/add'`.execute(t.database.db);
    expect(logged.rows.length).toBeGreaterThan(0);
    expect(logged.rows.some((r) => (r.request_param ?? '').includes('log-me-not'))).toBe(false);
    const versions = await sql<{ data_content: string | null }>`SELECT data_content FROM sys_data_log WHERE data_table = 'sys_data_source'`.execute(t.database.db);
    expect(versions.rows.some((r) => (r.data_content ?? '').includes('log-me-not') || (r.data_content ?? '').includes('v1.'))).toBe(false);
  });

  it('a database seeded before gets 数据源 on its page and 网关路由 turned into 服务节点 in its place, buttons granted to who held them', async () => {
    const db = t.database.db;
    const codes = ['dataSource:list', 'dataSource:add', 'dataSource:edit', 'dataSource:delete', 'dataSource:exportXls', 'dataSource:testConnection', 'serviceNode:list'];
    const place = await db.selectFrom('sys_permission').select(['parent_id', 'sort_no']).where('component', '=', 'schema/sys/serviceNode').executeTakeFirstOrThrow();
    // As the seed of earlier versions left them: 建设中 view keys, no buttons.
    await db.deleteFrom('sys_permission').where('perms', 'in', codes).execute();
    await db.updateTable('sys_permission').set({ component: 'system/SysDataSourceList' }).where('component', '=', 'schema/sys/dataSource').execute();
    await db
      .updateTable('sys_permission')
      .set({ component: 'system/SysGatewayRouteList', name: '网关路由', url: '/isystem/gateway-route', icon: 'GatewayOutlined' })
      .where('component', '=', 'schema/sys/serviceNode')
      .execute();

    await switchMenus(db as unknown as Kysely<unknown>);
    await switchMenus(db as unknown as Kysely<unknown>);
    const node = await db.selectFrom('sys_permission').select(['name', 'url', 'icon', 'parent_id', 'sort_no']).where('component', '=', 'schema/sys/serviceNode').execute();
    expect(node).toEqual([{ name: '服务节点', url: '/isystem/service-node', icon: 'ClusterOutlined', parent_id: place.parent_id, sort_no: place.sort_no }]);
    expect(await db.selectFrom('sys_permission').select('id').where('component', '=', 'schema/sys/dataSource').execute()).toHaveLength(1);
    const granted = await db
      .selectFrom('sys_permission as p')
      .innerJoin('sys_role_permission as rp', 'rp.permission_id', 'p.id')
      .innerJoin('sys_role as r', 'r.id', 'rp.role_id')
      .select(['p.perms', 'r.role_code'])
      .where('p.perms', 'in', codes)
      .execute();
    expect(new Set(granted.map((g) => g.role_code))).toEqual(new Set(['admin']));
    expect(new Set(granted.map((g) => g.perms))).toEqual(new Set(codes));
  });
});
