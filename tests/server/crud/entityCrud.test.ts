import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dynamic } from '../../../server/crud/entity/store';
import { readWorkbook } from '../../../server/excel';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, body, login } from '../support/app';
import { multipart, signedInCrudApp } from './support';

interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}
type Rec = Record<string, unknown>;

describe.each(DATABASE_KINDS)('generic entity CRUD on %s', (kind) => {
  const server = signedInCrudApp(kind);

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, opts: { token?: string; payload?: Rec; headers?: Record<string, string> } = {}) =>
    server.app.inject({
      method,
      url: `${API}${url}`,
      ...(opts.payload ? { payload: opts.payload } : {}),
      headers: { ...authHeaders(opts.token ?? server.admin), ...(opts.headers ?? {}) },
    });
  const list = async (url: string, token?: string) => {
    const envelope = body<Page<Rec>>(await call('GET', url, { token }));
    expect(envelope.success, envelope.message).toBe(true);
    return envelope.result;
  };
  const count = async (table: string) => {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(server.database.db);
    return rows[0].n;
  };

  it('seeds the demo rows through the entity path and grants the page buttons by role patterns', async () => {
    const experts = await list('/maintenance/expert/list');
    expect(experts.total).toBeGreaterThan(0);
    expect(experts.records[0]).toHaveProperty('sex_dictText');
    const manager = (await login(server.app, 'zhangsan')).token;
    expect((await list('/maintenance/expert/list', manager)).total).toBe(experts.total);
    const perms = await server.database.db.selectFrom('sys_permission').select('perms').where('perms', 'in', ['expert:list', 'expert:exportXls', 'expert:importExcel']).execute();
    expect(perms.map((p) => p.perms).sort()).toEqual(['expert:exportXls', 'expert:importExcel', 'expert:list']);
  });

  it('adds, reads, edits and deletes an expert with audit fields and dictionary text', async () => {
    const added = body(await call('POST', '/maintenance/expert/add', { payload: { expertName: '测试专家', sex: '2', contactMobile: '13800009999', majorDirection: '水渍', unknownThing: 'x', createBy: 'hacker' } }));
    expect(added).toMatchObject({ success: true, message: '添加成功！' });
    const [record] = (await list('/maintenance/expert/list?contactMobile=13800009999')).records;
    expect(record).toMatchObject({ expertName: '测试专家', sex: '2', sex_dictText: '女', createBy: 'admin', sysOrgCode: 'A01' });
    expect(record.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(record).not.toHaveProperty('unknownThing');

    const edited = body(await call('PUT', '/maintenance/expert/edit', { payload: { id: record.id as string, majorDirection: '火灾' } }));
    expect(edited).toMatchObject({ success: true, message: '编辑成功！' });
    const byId = body<Rec>(await call('GET', `/maintenance/expert/queryById?id=${String(record.id)}`)).result;
    expect(byId).toMatchObject({ majorDirection: '火灾', expertName: '测试专家', updateBy: 'admin' });
    expect(byId.updateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    expect(body(await call('DELETE', `/maintenance/expert/delete?id=${String(record.id)}`))).toMatchObject({ success: true, message: '删除成功！' });
    expect(body(await call('GET', `/maintenance/expert/queryById?id=${String(record.id)}`))).toMatchObject({ success: false, message: '未找到对应数据' });
  });

  it('adds, edits and batch-deletes insurance companies', async () => {
    const company = { companyCode: 'TEST01', companyName: '测试保险股份有限公司', shortName: '测试', companyType: '1', creditCode: '91310000MA1K000001', status: '1', sortNo: 5 };
    expect(body(await call('POST', '/maintenance/insuranceCompany/add', { payload: company })).success).toBe(true);
    expect(body(await call('POST', '/maintenance/insuranceCompany/add', { payload: { ...company, companyCode: 'TEST02', companyName: '测试二号保险股份有限公司', creditCode: '91310000MA1K000002' } })).success).toBe(true);
    const found = await list('/maintenance/insuranceCompany/list?companyName=*测试*');
    expect(found.total).toBe(2);
    expect(found.records[0]).toHaveProperty('companyType_dictText');
    expect(found.records[0].status_dictText).not.toBe('');
    const first = found.records.find((r) => r.companyCode === 'TEST01') as Rec;
    expect(body(await call('POST', '/maintenance/insuranceCompany/edit', { payload: { ...first, shortName: '测试改' } })).success).toBe(true);
    expect((await list('/maintenance/insuranceCompany/list?companyCode=TEST01')).records[0].shortName).toBe('测试改');
    const ids = found.records.map((r) => r.id).join(',') + ',';
    expect(body(await call('DELETE', `/maintenance/insuranceCompany/deleteBatch?ids=${ids}`))).toMatchObject({ success: true, message: '批量删除成功！' });
    expect((await list('/maintenance/insuranceCompany/list?companyName=*测试*')).total).toBe(0);
  });

  it('answers every list query mode over HTTP', async () => {
    const people = [
      { expertName: '查询甲一', sex: '1', contactMobile: '13700000003', majorDirection: '火灾' },
      { expertName: '查询甲二', sex: '2', contactMobile: '13700000001', majorDirection: '水渍' },
      { expertName: '查询乙三', sex: '2', contactMobile: '13700000002', majorDirection: '机械' },
    ];
    for (const p of people) expect(body(await call('POST', '/maintenance/expert/add', { payload: p })).success).toBe(true);
    const q = (s: string) => list(`/maintenance/expert/list?${s}`);
    expect((await q(`expertName=${encodeURIComponent('*查询甲*')}`)).total).toBe(2);
    expect((await q('contactMobile=13700000002')).records.map((r) => r.expertName)).toEqual(['查询乙三']);
    expect((await q(`expertName=${encodeURIComponent('*查询*')}&createTime_begin=2000-01-01&createTime_end=2999-12-31`)).total).toBe(3);
    expect((await q(`expertName=${encodeURIComponent('*查询*')}&createTime_begin=2999-01-01`)).total).toBe(0);
    const superQuery = encodeURIComponent(JSON.stringify([{ field: 'expertName', rule: 'like', val: '查询' }, { field: 'sex', rule: 'eq', val: '2' }]));
    expect((await q(`superQueryParams=${superQuery}&superQueryMatchType=and`)).total).toBe(2);
    const sorted = await q(`expertName=${encodeURIComponent('*查询*')}&column=contactMobile&order=asc`);
    expect(sorted.records.map((r) => r.contactMobile)).toEqual(['13700000001', '13700000002', '13700000003']);
    const page2 = await q(`expertName=${encodeURIComponent('*查询*')}&column=contactMobile&order=asc&pageNo=2&pageSize=2`);
    expect(page2).toMatchObject({ total: 3, size: 2, current: 2, pages: 2 });
    expect(page2.records.map((r) => r.contactMobile)).toEqual(['13700000003']);
    const badSort = body(await call('GET', '/maintenance/expert/list?column=password'));
    expect(badSort).toMatchObject({ success: false });
    expect(badSort.message).toContain('password');
  });

  it('refuses invalid input naming each field, and duplicates with a friendly message', async () => {
    const refused = body<{ errors: { field: string; message: string }[] }>(
      await call('POST', '/maintenance/expert/add', { payload: { sex: '9', contactMobile: '12345', majorDirection: '火灾' } }),
    );
    expect(refused.success).toBe(false);
    expect(refused.message).toContain('专家姓名');
    expect(refused.message).toContain('联系电话');
    expect(refused.result.errors.map((e) => e.field).sort()).toEqual(['contactMobile', 'expertName', 'sex']);
    const mobileError = refused.result.errors.find((e) => e.field === 'contactMobile');
    expect(mobileError?.message).toBe('请输入正确的手机号码');

    const expert = { expertName: '重复测试', sex: '1', contactMobile: '13600000001', majorDirection: '火灾' };
    expect(body(await call('POST', '/maintenance/expert/add', { payload: expert })).success).toBe(true);
    const duplicate = body(await call('POST', '/maintenance/expert/add', { payload: { ...expert, expertName: '另一个人' } }));
    expect(duplicate).toMatchObject({ success: false, message: '联系电话「13600000001」已存在' });
  });

  it('keeps tenants apart on a tenant-scoped page', async () => {
    // admin works in tenants 1 and 2 (a tenant the user is not in is refused: tenantAccess.test.ts).
    await server.database.db.updateTable('sys_user').set({ rel_tenant_ids: '1,2' }).where('username', '=', 'admin').execute();
    const t1 = { 'tenant-id': '1' };
    const t2 = { 'tenant-id': '2' };
    const expert = { expertName: '租户专家', sex: '1', contactMobile: '13500000001' };
    expect(body(await call('POST', '/maintenance/tenantExpert/add', { payload: expert, headers: t1 })).success).toBe(true);
    const own = body<Page<Rec>>(await call('GET', '/maintenance/tenantExpert/list', { headers: t1 })).result;
    expect(own.total).toBe(1);
    const id = String(own.records[0].id);
    expect(body<Page<Rec>>(await call('GET', '/maintenance/tenantExpert/list', { headers: t2 })).result.total).toBe(0);
    expect(body(await call('GET', `/maintenance/tenantExpert/queryById?id=${id}`, { headers: t2 }))).toMatchObject({ success: false, message: '未找到对应数据' });
    expect(body(await call('PUT', '/maintenance/tenantExpert/edit', { payload: { id, expertName: '篡改' }, headers: t2 }))).toMatchObject({ success: false });
    expect(body(await call('DELETE', `/maintenance/tenantExpert/delete?id=${id}`, { headers: t2 }))).toMatchObject({ success: false });
    expect(body<Rec>(await call('GET', `/maintenance/tenantExpert/queryById?id=${id}`, { headers: t1 })).result).toMatchObject({ expertName: '租户专家' });
  });

  it('answers 510 to an adjuster adding an expert', async () => {
    const lisi = (await login(server.app, 'lisi')).token;
    const refused = body(await call('POST', '/maintenance/expert/add', { token: lisi, payload: { expertName: '李四加的' } }));
    expect(refused).toMatchObject({ success: false, code: 510 });
  });

  it('serves the area tree: roots, children, cities', async () => {
    const roots = await list('/maintenance/area/list');
    expect(roots.records.length).toBeGreaterThan(0);
    expect(roots.records.every((r) => r.pid === '86')).toBe(true);
    const parent = roots.records.find((r) => r.hasChild === 'Y') as Rec;
    const children = body<Rec[]>(await call('GET', `/maintenance/area/childList?pid=${String(parent.id)}`)).result;
    expect(children.length).toBeGreaterThan(0);
    expect(children.every((c) => c.pid === parent.id)).toBe(true);
    const cities = body<Rec[]>(await call('GET', '/maintenance/area/city')).result;
    expect(cities.length).toBeGreaterThan(0);
    expect(cities.every((c) => c.level === 2)).toBe(true);
    const search = body<Rec[]>(await call('GET', `/maintenance/custom/searchBy?keyWord=${encodeURIComponent('集团')}`)).result;
    expect(search.length).toBeGreaterThan(0);
    const tree = body<Rec[]>(await call('GET', '/maintenance/custom/queryCustomerList')).result;
    expect(tree.some((r) => Array.isArray(r.children))).toBe(true);
  });

  it('exports 10,000 rows and imports the file back to the same rows', async () => {
    const db = server.database.db;
    await sql`DELETE FROM mnt_expert`.execute(db);
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      id: `rt${String(i).padStart(8, '0')}`,
      expert_name: `专家${i}`,
      sex: i % 2 ? '1' : '2',
      contact_mobile: `139${String(i).padStart(8, '0')}`,
      major_direction: i % 3 ? '火灾' : '水渍',
      email: i % 5 ? null : `e${i}@demo.cn`,
      remark: i % 7 ? null : `备注${i}`,
    }));
    for (let i = 0; i < rows.length; i += 1000) await dynamic(db).insertInto('mnt_expert').values(rows.slice(i, i + 1000)).execute();
    const columns = ['expert_name', 'sex', 'contact_mobile', 'major_direction', 'email', 'remark', 'title', 'title_rank', 'work_unit', 'id_number', 'bank_name', 'bank_account'];
    const snapshot = async () =>
      (await sql<Rec>`SELECT ${sql.join(columns.map((c) => sql.ref(c)))} FROM mnt_expert ORDER BY contact_mobile`.execute(db)).rows;
    const before = await snapshot();

    const exported = await call('GET', '/maintenance/expert/exportXls');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain(encodeURIComponent('专家.xlsx'));
    const file = exported.rawPayload;

    await sql`DELETE FROM mnt_expert`.execute(db);
    const upload = multipart([{ field: 'file', name: '专家.xlsx', content: file }]);
    const imported = body(await server.app.inject({ method: 'POST', url: `${API}/maintenance/expert/importExcel`, payload: upload.payload, headers: { ...authHeaders(server.admin), ...upload.headers } }));
    expect(imported).toMatchObject({ success: true, code: 200, message: '文件导入成功！数据行数：10000' });
    expect(await snapshot()).toEqual(before);
  }, 240_000);

  async function badWorkbook(): Promise<Buffer> {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('专家');
    sheet.getRow(1).getCell(1).value = '专家报表';
    sheet.getRow(2).getCell(1).value = '导入';
    sheet.getRow(3).values = ['专家姓名', '性别', '联系电话', '专业方向'];
    for (let row = 4; row <= 10; row++) {
      sheet.getRow(row).values = [row === 9 ? null : `导入${row}`, '男', row === 7 ? '12345' : `1350000${String(row).padStart(4, '0')}`, '火灾'];
    }
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  it('writes nothing when rows are bad and offers the error file to its owner only', async () => {
    const db = server.database.db;
    const before = await count('mnt_expert');
    const upload = multipart([{ field: 'files[]', name: '专家导入.xlsx', content: await badWorkbook() }]);
    const answer = body<{ fileUrl: string; fileName: string; msg: string }>(
      await server.app.inject({ method: 'POST', url: `${API}/maintenance/expert/importExcel`, payload: upload.payload, headers: { ...authHeaders(server.admin), ...upload.headers } }),
    );
    expect(answer).toMatchObject({ success: true, code: 201 });
    expect(answer.message).toContain('第7、9行');
    expect(answer.message).toContain('共2行');
    expect(answer.result.fileUrl).toMatch(/^\/maintenance\/expert\/importErrorFile\?key=[0-9a-f]{48}$/);
    expect(await count('mnt_expert')).toBe(before);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM mnt_expert WHERE expert_name LIKE '导入%'`.execute(db);
    expect(rows[0].n).toBe(0);

    const download = await call('GET', answer.result.fileUrl);
    expect(download.statusCode).toBe(200);
    const sheet = await readWorkbook(download.rawPayload, 'errors.xlsx');
    const texts = sheet.rows.flatMap((r) => r.cells.map((c) => String(c ?? '')));
    expect(texts.some((t) => t.startsWith('第7行') && t.includes('联系电话'))).toBe(true);
    expect(texts.some((t) => t.startsWith('第9行') && t.includes('专家姓名'))).toBe(true);
    expect(texts.some((t) => t.startsWith('第8行'))).toBe(false);

    const manager = (await login(server.app, 'zhangsan')).token;
    expect(body(await call('GET', answer.result.fileUrl, { token: manager }))).toMatchObject({ success: false, message: '错误文件不存在或已过期' });
  });

  it('refuses a file that is not Excel', async () => {
    const upload = multipart([{ field: 'file', name: 'data.txt', content: Buffer.from('a,b,c') }]);
    const answer = body(await server.app.inject({ method: 'POST', url: `${API}/maintenance/expert/importExcel`, payload: upload.payload, headers: { ...authHeaders(server.admin), ...upload.headers } }));
    expect(answer.success).toBe(false);
    expect(answer.message).toContain('文件格式不支持');
  });

  it('downloads the import template with the header only', async () => {
    const template = await call('GET', '/maintenance/expert/exportXlsTemplate');
    expect(template.statusCode).toBe(200);
    const sheet = await readWorkbook(template.rawPayload, 't.xlsx');
    expect(sheet.rows.length).toBe(3);
    expect(sheet.rows[2].cells).toContain('专家姓名');
  });
});
