import { sql, type Kysely } from 'kysely';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/database';
import type { DB } from '../../../server/db/types';
import { switchReportMenu } from '../../../server/db/migrations/0026_online_report';
import { readOnly, REPORT_MAX_COST, REPORT_ROW_CAP } from '../../../server/online/report/reportRunner';
import { API, authHeaders, body, get, login, send, startTestApp, type TestApp } from '../support/app';

type Row = Record<string, unknown>;
interface DataAnswer {
  total: number;
  totalExact: boolean;
  records: Row[];
  totals?: Record<string, unknown>;
}
interface StoredReport {
  head: { id: string; code: string; name: string; cgrSql: string; dbSource: string | null };
  items: Array<Record<string, unknown> & { fieldName: string }>;
  params: Array<{ paramName: string; paramTxt: string; paramValue: string | null; orderNum: number }>;
}

const HEAD = '/online/cgreportHead';
const RP = '/online/cgreport/api';

const EXPERT_SQL = 'SELECT expert_name, sex, create_time, length(expert_name) AS name_length FROM mnt_expert WHERE sex = ${sex} OR ${sex}::text IS NULL';

function expertReport(code: string) {
  return {
    head: { code, name: '专家名单', cgrSql: 'SELECT expert_name, sex, major_direction FROM mnt_expert WHERE (${sex}::text IS NULL OR sex = ${sex})' },
    items: [
      { fieldName: 'expert_name', fieldTxt: '专家姓名', fieldType: 'String', isSearch: 1, searchMode: 'single', isOrder: 1 },
      { fieldName: 'sex', fieldTxt: '性别', fieldType: 'String', dictCode: 'sex', isSearch: 1 },
      { fieldName: 'major_direction', fieldTxt: '专业方向', fieldType: 'String', isShow: 0 },
    ],
    params: [{ paramName: 'sex', paramTxt: '性别', paramValue: '' }],
  };
}

/** Rows of biz_receive the reader role sees in a transaction where no tenant was set. */
async function inTransactionAsReader(db: Kysely<DB>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL ROLE lossdesk_report_reader`.execute(trx);
    return (await sql<{ n: number }>`SELECT count(*)::int AS n FROM biz_receive`.execute(trx)).rows[0].n;
  });
}

describe.each(DATABASE_KINDS)('报表配置 and online reports (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let lisi: string;
  let demoId: string;
  beforeAll(async () => {
    // A short statement timeout, so a runaway report shows being stopped within the test.
    t = await startTestApp(kind, { config: { onlineReportTimeoutMs: 1_000 } });
    admin = (await login(t.app, 'admin')).token;
    lisi = (await login(t.app, 'lisi')).token;
    const head = await t.database.db.selectFrom('onl_cgreport_head').select('id').where('code', '=', 'case_by_insurer').executeTakeFirstOrThrow();
    demoId = head.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const data = async (id: string, query: string, token = admin) => body<DataAnswer>(await get(t.app, `${RP}/getData/${id}?${query}`, token));
  const del = (url: string, token: string) => t.app.inject({ method: 'DELETE', url: `${API}${url}`, headers: authHeaders(token) });

  it('serves the demo report case_by_insurer: columns by code, query items and params by id', async () => {
    const columns = body<{ columns: Row[]; cgRpConfigId: string; cgRpConfigName: string }>(await get(t.app, `${RP}/getRpColumns/case_by_insurer`, admin));
    expect(columns.success).toBe(true);
    expect(columns.result.cgRpConfigId).toBe(demoId);
    expect(columns.result.cgRpConfigName).toBe('委托方案件统计');
    expect(columns.result.columns.map((c) => [c.dataIndex, c.title, c.sorter])).toEqual([
      ['insurer_name', '委托方', true],
      ['case_count', '案件数', true],
      ['estimated_loss', '估损金额', true],
      ['fee_amount', '公估费', true],
    ]);
    const info = body<Row[]>(await get(t.app, `${RP}/getQueryInfo/${demoId}`, admin));
    expect(info.result).toEqual([{ field: 'insurer_name', label: '委托方', mode: 'single', view: 'text' }]);
    const params = body<Row[]>(await get(t.app, `${RP}/getParamsInfo/${demoId}`, admin));
    expect(params.result).toEqual([
      { paramName: 'beginDate', paramTxt: '委托日期起', paramValue: null },
      { paramName: 'endDate', paramTxt: '委托日期止', paramValue: null },
    ]);
  });

  it('answers the data with totals over the whole filtered result, params bound, paging and sort', async () => {
    const all = await data(demoId, 'pageSize=1000');
    expect(all.success).toBe(true);
    const { rows } = await sql<{ n: number; cases: number; fee: string }>`
      SELECT count(DISTINCT insurer_name)::int AS n, count(*)::int AS cases, sum(fee_amount)::text AS fee FROM biz_receive`.execute(t.database.db);
    expect(all.result.total).toBe(rows[0].n);
    expect(all.result.totalExact).toBe(true);
    expect(all.result.records).toHaveLength(rows[0].n);
    expect(Number(all.result.totals?.case_count)).toBe(rows[0].cases);
    expect(Number(all.result.totals?.fee_amount)).toBeCloseTo(Number(rows[0].fee), 2);

    const page = await data(demoId, 'pageNo=1&pageSize=2&column=case_count&order=desc');
    expect(page.result.records).toHaveLength(2);
    const counts = all.result.records.map((r) => Number(r.case_count)).sort((a, b) => b - a);
    expect(page.result.records.map((r) => Number(r.case_count))).toEqual(counts.slice(0, 2));
    // The totals are of the whole result, not of the page.
    expect(page.result.totals).toEqual(all.result.totals);

    const future = await data(demoId, 'self_beginDate=2999-01-01');
    expect(future.result.total).toBe(0);
    const { rows: dated } = await sql<{ n: number }>`
      SELECT count(DISTINCT insurer_name)::int AS n FROM biz_receive WHERE trust_date >= '2024-01-01' AND trust_date <= '2024-12-31'`.execute(t.database.db);
    const year = await data(demoId, 'beginDate=2024-01-01&endDate=2024-12-31&pageSize=1000');
    expect(year.result.total).toBe(dated[0].n);

    const one = String(all.result.records[0].insurer_name);
    const filtered = await data(demoId, `insurer_name=${encodeURIComponent(one)}`);
    expect(filtered.result.records.map((r) => r.insurer_name)).toEqual([one]);

    const badSort = await data(demoId, 'column=sys_user&order=asc');
    expect(badSort.success).toBe(false);
    const badDate = await data(demoId, 'self_beginDate=not-a-date');
    expect(badDate.success).toBe(false);
    expect(badDate.message).toMatch(/SQL 执行失败|date/);
  });

  it('parses a SQL: columns typed from the result metadata, its ${params}', async () => {
    const answer = body<{ columns: Array<{ fieldName: string; fieldType: string }>; params: string[] }>(
      await send(t.app, 'POST', `${HEAD}/parseSql`, { cgrSql: `${EXPERT_SQL};` }, admin),
    );
    expect(answer.success).toBe(true);
    expect(answer.result.columns).toEqual([
      { fieldName: 'expert_name', fieldType: 'String' },
      { fieldName: 'sex', fieldType: 'String' },
      { fieldName: 'create_time', fieldType: 'Datetime' },
      { fieldName: 'name_length', fieldType: 'Integer' },
    ]);
    expect(answer.result.params).toEqual(['sex']);
    const typed = body<{ columns: Array<{ fieldName: string; fieldType: string }> }>(
      await send(t.app, 'POST', `${HEAD}/parseSql`, { cgrSql: "SELECT 1.5::numeric AS a, 2.5::float8 AS b, true AS c, current_date AS d, 'x' AS e, 3::bigint AS f" }, admin),
    );
    expect(typed.result.columns.map((c) => c.fieldType)).toEqual(['BigDecimal', 'Double', 'Boolean', 'Date', 'String', 'Integer']);
    const refused = body(await send(t.app, 'POST', `${HEAD}/parseSql`, { cgrSql: 'DELETE FROM mnt_expert' }, admin));
    expect(refused).toMatchObject({ success: false, message: '只允许 SELECT 查询语句（或 WITH … SELECT）' });
    const upper = body(await send(t.app, 'POST', `${HEAD}/parseSql`, { cgrSql: 'SELECT expert_name AS "Name" FROM mnt_expert' }, admin));
    expect(upper.success).toBe(false);
    expect(upper.message).toContain('请在 SQL 中用 AS 起别名');
    const dup = body(await send(t.app, 'POST', `${HEAD}/parseSql`, { cgrSql: 'SELECT 1 AS a, 2 AS a' }, admin));
    expect(dup).toMatchObject({ success: false, message: 'SQL 结果中有重复的列名 a，请用 AS 起别名' });
    const untyped = body(await send(t.app, 'POST', `${HEAD}/parseSql`, { cgrSql: 'SELECT 1 AS a WHERE ${p} IS NULL' }, admin));
    expect(untyped.success).toBe(false);
    expect(untyped.message).toContain('无法确定参数的类型，请在参数后加类型转换');
    const missing = body(await send(t.app, 'POST', `${HEAD}/parseSql`, { cgrSql: 'SELECT * FROM no_such_table' }, admin));
    expect(missing.success).toBe(false);
    expect(missing.message).toContain('SQL 中的表不存在');
  });

  it('saves a report all or nothing, reads it back, edits it, and deletes it with its items and params', async () => {
    const added = body<string>(await send(t.app, 'POST', `${HEAD}/saveAll`, expertReport('expert_list'), admin));
    expect(added).toMatchObject({ success: true, message: '添加成功！' });
    const id = added.result;
    const stored = body<StoredReport>(await get(t.app, `${HEAD}/queryAll?id=${id}`, admin));
    expect(stored.result.head).toMatchObject({ id, code: 'expert_list', name: '专家名单', dbSource: null });
    expect(stored.result.items[0]).toEqual({
      fieldName: 'expert_name', fieldTxt: '专家姓名', fieldWidth: null, fieldType: 'String', searchMode: 'single',
      isOrder: 1, isSearch: 1, dictCode: null, isShow: 1, isTotal: 0, orderNum: 0,
    });
    expect(stored.result.params).toEqual([{ paramName: 'sex', paramTxt: '性别', paramValue: null, orderNum: 0 }]);

    // The page lists it (generic CRUD over onl_cgreport_head).
    const list = body<{ records: Row[] }>(await get(t.app, `${HEAD}/list?code=expert_list`, admin));
    expect(list.result.records.map((r) => r.code)).toEqual(['expert_list']);

    // Used as an online report: hidden columns stay out of the columns, dictionary options come along.
    const columns = body<{ columns: Row[]; dictOptions: Record<string, unknown[]> }>(await get(t.app, `${RP}/getRpColumns/expert_list`, admin));
    expect(columns.result.columns.map((c) => c.dataIndex)).toEqual(['expert_name', 'sex']);
    expect(columns.result.dictOptions.sex).toEqual([
      { value: '1', text: '男' },
      { value: '2', text: '女' },
    ]);
    const women = await data(id, 'self_sex=2&pageSize=100');
    expect(women.result.total).toBe(4);
    const named = await data(id, `expert_name=${encodeURIComponent('*王*')}&pageSize=100`);
    expect(named.result.records.every((r) => String(r.expert_name).includes('王'))).toBe(true);

    const edited = body(await send(t.app, 'PUT', `${HEAD}/saveAll`, { ...expertReport('expert_list2'), head: { ...expertReport('expert_list2').head, id, name: '专家名单（改）' }, items: expertReport('x').items.slice(0, 1) }, admin));
    expect(edited).toMatchObject({ success: true, message: '编辑成功！' });
    const again = body<StoredReport>(await get(t.app, `${HEAD}/queryAll?id=${id}`, admin));
    expect(again.result.head).toMatchObject({ code: 'expert_list2', name: '专家名单（改）' });
    expect(again.result.items.map((i) => i.fieldName)).toEqual(['expert_name']);

    const removed = body(await del(`${HEAD}/delete?id=${id}`, admin));
    expect(removed.success).toBe(true);
    const left = await sql<{ n: number }>`
      SELECT (SELECT count(*) FROM onl_cgreport_item WHERE cgrhead_id = ${id})::int + (SELECT count(*) FROM onl_cgreport_param WHERE cgrhead_id = ${id})::int AS n`.execute(t.database.db);
    expect(left.rows[0].n).toBe(0);
    expect(body(await get(t.app, `${RP}/getData/${id}`, admin))).toMatchObject({ success: false });
  });

  it('refuses a configuration it cannot store, naming the item or parameter, and writes nothing', async () => {
    const before = await sql<{ n: number }>`SELECT count(*)::int AS n FROM onl_cgreport_head`.execute(t.database.db);
    const refuse = async (payload: Record<string, unknown>, message: string | RegExp) => {
      const answer = body(await send(t.app, 'POST', `${HEAD}/saveAll`, payload, admin));
      expect(answer.success).toBe(false);
      if (typeof message === 'string') expect(answer.message).toBe(message);
      else expect(answer.message).toMatch(message);
    };
    const good = expertReport('bad_one');
    await refuse({ ...good, head: { ...good.head, code: '1abc' } }, '报表编码只能包含字母、数字和下划线，以字母开头，最多 64 个字符');
    await refuse({ ...good, head: { ...good.head, code: 'case_by_insurer' } }, '报表编码 case_by_insurer 已存在');
    await refuse({ ...good, head: { ...good.head, name: '' } }, '报表名称不能为空');
    await refuse({ ...good, params: [] }, 'SQL 中的参数 ${sex} 没有配置：请在参数中添加 sex');
    await refuse({ ...good, items: [...good.items, { fieldName: 'nope' }] }, /^字段 nope 不是 SQL 的结果列（结果列：expert_name、sex、major_direction）/);
    await refuse({ ...good, items: [{ fieldName: 'expert_name', isTotal: 1 }] }, '字段 expert_name：只有数值字段（Integer、Double、BigDecimal）可以合计');
    await refuse({ ...good, items: [{ fieldName: 'sex' }, { fieldName: 'sex' }] }, '字段 sex 重复');
    await refuse({ ...good, head: { ...good.head, cgrSql: 'SELECT 1; DROP TABLE mnt_expert' } }, '只能包含一条 SELECT 语句（不能用分号连接多条语句）');
    await refuse({ ...good, head: { ...good.head, dbSource: 'nowhere' } }, '数据源「nowhere」不存在');
    const edit = body(await send(t.app, 'PUT', `${HEAD}/saveAll`, { ...good, head: { ...good.head, id: 'missing' } }, admin));
    expect(edit).toMatchObject({ success: false, message: '报表不存在或已被删除' });
    const after = await sql<{ n: number }>`SELECT count(*)::int AS n FROM onl_cgreport_head`.execute(t.database.db);
    expect(after.rows[0].n).toBe(before.rows[0].n);
    // The generic add of the page cannot store a SQL the guard refuses either.
    const generic = body(await send(t.app, 'POST', `${HEAD}/add`, { code: 'g1', name: 'g', cgrSql: 'UPDATE mnt_expert SET sex = 1' }, admin));
    expect(generic.success).toBe(false);
  });

  it('previews the first 20 rows of an unsaved configuration with its parameter values', async () => {
    const answer = body<{ columns: Row[]; records: Row[]; total: number }>(
      await send(t.app, 'POST', `${HEAD}/preview`, { head: { cgrSql: 'SELECT g AS n FROM generate_series(1, 45) AS g WHERE g > ${min}::int' }, items: [], params: [{ paramName: 'min', paramValue: '0' }], paramValues: { min: '5' } }, admin),
    );
    expect(answer.success).toBe(true);
    expect(answer.result.total).toBe(40);
    expect(answer.result.records).toHaveLength(20);
    expect(answer.result.columns).toEqual([{ fieldName: 'n', fieldType: 'Integer', fieldTxt: 'n' }]);
    const defaults = body<{ total: number }>(
      await send(t.app, 'POST', `${HEAD}/preview`, { head: { cgrSql: 'SELECT g AS n FROM generate_series(1, 45) AS g WHERE g > ${min}::int' }, params: [{ paramName: 'min', paramValue: '40' }] }, admin),
    );
    expect(defaults.result.total).toBe(5);
  });

  it('exports the whole filtered result as .xlsx with the same figures', async () => {
    const response = await get(t.app, `${RP}/exportXls/${demoId}?pageSize=1`, admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const sheet = XLSX.read(response.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet.Sheets[sheet.SheetNames[0]], { header: 1 });
    const all = await data(demoId, 'pageSize=1000');
    const header = rows.findIndex((r) => Array.isArray(r) && r[0] === '委托方');
    expect(rows[header]).toEqual(['委托方', '案件数', '估损金额', '公估费']);
    const body_ = rows.slice(header + 1).filter((r) => Array.isArray(r) && r.length > 0);
    expect(body_).toHaveLength(all.result.total);
    const sum = body_.reduce((s: number, r) => s + Number(r[1]), 0);
    expect(sum).toBe(Number(all.result.totals?.case_count));
  });

  it('reads under the role lossdesk_report_reader: system tables and tables with secrets are refused by the database', async () => {
    const parse = async (cgrSql: string) => body<{ columns: unknown[] }>(await send(t.app, 'POST', `${HEAD}/parseSql`, { cgrSql }, admin));
    // Neither name is on the guard's list: the database itself refuses them.
    expect(await parse('SELECT role_name FROM sys_role')).toMatchObject({ success: false, message: '在线报表不能读取表 sys_role' });
    expect(await parse('SELECT account FROM mnt_email_config')).toMatchObject({ success: false, message: '在线报表不能读取表 mnt_email_config' });
    expect(await parse('SELECT code FROM onl_cgreport_head')).toMatchObject({ success: false, message: '在线报表不能读取表 onl_cgreport_head' });
    expect((await parse('SELECT dict_code FROM sys_dict')).success).toBe(true);
    expect((await parse('SELECT depart_name FROM sys_depart')).success).toBe(true);
  });

  it('keeps its database walls without the guard: READ ONLY refuses writes, the role refuses secrets', async () => {
    const target = { db: t.database.db, dataSources: t.app.dataSources, dbSource: null, tenantId: 0 };
    const count = async () => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM mnt_expert`.execute(t.database.db)).rows[0].n;
    const experts = await count();
    await expect(readOnly(target, (run) => run(sql`DELETE FROM mnt_expert RETURNING id`))).rejects.toThrow('在线报表只允许查询，不能修改数据');
    await expect(readOnly(target, (run) => run(sql`UPDATE mnt_expert SET sex = '1' RETURNING id`))).rejects.toThrow('在线报表只允许查询，不能修改数据');
    await expect(readOnly(target, (run) => run(sql`SELECT password FROM sys_user`))).rejects.toThrow('在线报表不能读取表 sys_user');
    await expect(readOnly(target, (run) => run(sql`SELECT token_hash FROM sys_session`))).rejects.toThrow('在线报表不能读取表 sys_session');
    await expect(readOnly(target, (run) => run(sql`SELECT db_password FROM sys_data_source`))).rejects.toThrow('在线报表不能读取表 sys_data_source');
    expect(await count()).toBe(experts);
  });

  it('shows a report only the rows of the caller\'s tenant: getData, totals, export, preview and parse', async () => {
    const db = t.database.db;
    // Two cases of tenant 7 beside the demo's cases of the default tenant 0.
    for (const [i, fee] of [
      [1, 100],
      [2, 250],
    ] as const) {
      const changes = JSON.stringify({ id: `tenant7_case_${i}`, receive_number: `T7-${i}`, insurer_name: '租户七保险', fee_amount: fee, tenant_id: 7 });
      await sql`INSERT INTO biz_receive SELECT (jsonb_populate_record(NULL::biz_receive, to_jsonb(r) || ${changes}::jsonb)).*
        FROM biz_receive r WHERE tenant_id = 0 LIMIT 1`.execute(db);
    }
    await db.updateTable('sys_user').set({ rel_tenant_ids: '7' }).where('username', '=', 'zhangsan').execute();
    const grant = await db.selectFrom('sys_role').select('id').where('role_code', '=', 'admin').executeTakeFirstOrThrow();
    const zhangsanId = (await db.selectFrom('sys_user').select('id').where('username', '=', 'zhangsan').executeTakeFirstOrThrow()).id;
    await db.insertInto('sys_user_role').values({ id: 'ur_tenant7_admin', user_id: zhangsanId, role_id: grant.id }).execute();
    const zhangsan = (await login(t.app, 'zhangsan')).token;
    const inTenant = (tenant: number) => ({ ...authHeaders(zhangsan), 'tenant-id': String(tenant) });
    const tenantData = async (tenant: number) => body<DataAnswer>(await get(t.app, `${RP}/getData/${demoId}?pageSize=1000`, zhangsan, { 'tenant-id': String(tenant) }));

    const seven = await tenantData(7);
    expect(seven.success).toBe(true);
    expect(seven.result).toMatchObject({ total: 1, records: [{ insurer_name: '租户七保险', case_count: 2 }] });
    expect(Number(seven.result.totals?.fee_amount)).toBe(350);
    const zero = await tenantData(0);
    const { rows } = await sql<{ cases: number }>`SELECT count(*)::int AS cases FROM biz_receive WHERE tenant_id = 0`.execute(db);
    expect(Number(zero.result.totals?.case_count)).toBe(rows[0].cases);
    expect(zero.result.records.map((r) => r.insurer_name)).not.toContain('租户七保险');
    // A tenant the user is not in is refused by the guard before the report runs.
    expect(body(await get(t.app, `${RP}/getData/${demoId}`, zhangsan, { 'tenant-id': '8' }))).toMatchObject({ success: false, code: 510 });

    const exported = await t.app.inject({ method: 'GET', url: `${API}${RP}/exportXls/${demoId}`, headers: inTenant(7) });
    const sheet = XLSX.read(exported.rawPayload).Sheets;
    const cells = XLSX.utils.sheet_to_json<unknown[]>(Object.values(sheet)[0], { header: 1 });
    expect(cells.slice(cells.findIndex((r) => r[0] === '委托方') + 1).map((r) => r[0])).toEqual(['租户七保险']);

    const preview = await t.app.inject({ method: 'POST', url: `${API}${HEAD}/preview`, headers: inTenant(7), payload: { head: { cgrSql: 'SELECT receive_number FROM biz_receive ORDER BY receive_number' } } });
    expect(body<{ records: Row[]; total: number }>(preview).result).toMatchObject({ total: 2, records: [{ receive_number: 'T7-1' }, { receive_number: 'T7-2' }] });
    // A table every tenant shares (its page is not tenant-scoped) shows all its rows in every tenant.
    const companies = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM mnt_insurance_company`.execute(db)).rows[0].n;
    const shared = await t.app.inject({ method: 'POST', url: `${API}${HEAD}/preview`, headers: inTenant(7), payload: { head: { cgrSql: 'SELECT count(*)::int AS n FROM mnt_insurance_company' } } });
    expect(body<{ records: Row[] }>(shared).result.records).toEqual([{ n: companies }]);

    // The server (the tables' owner) still reads every tenant's rows; report SQL cannot read or set the tenant.
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM biz_receive WHERE tenant_id = 7`.execute(db)).rows[0].n).toBe(2);
    for (const cgrSql of ["SELECT current_setting('lossdesk.tenant_id') AS t", "SELECT set_config('lossdesk.tenant_id', '0', true) AS t", 'SELECT receive_number FROM biz_receive WHERE (SELECT set_config(${t}, ${v}, true)) IS NOT NULL']) {
      const refused = await t.app.inject({ method: 'POST', url: `${API}${HEAD}/parseSql`, headers: inTenant(7), payload: { cgrSql } });
      expect(body(refused), cgrSql).toMatchObject({ success: false });
      expect(body(refused).message, cgrSql).toMatch(/不能使用 (current_setting|set_config)/);
    }
    // Without a tenant set, the reader sees no tenant's rows at all.
    const unset = await inTransactionAsReader(db);
    expect(unset).toBe(0);
    await sql`DELETE FROM biz_receive WHERE tenant_id = 7`.execute(db);
  });

  it('refuses a statement the planner prices above the limit before it runs; the demo report passes', async () => {
    const started = Date.now();
    for (const cgrSql of [
      'SELECT count(*) AS n FROM generate_series(1, 1000000000) AS g',
      'SELECT count(*) AS n FROM biz_receive a, biz_receive b, biz_receive c, biz_receive d, biz_receive e',
    ]) {
      const answer = body(await send(t.app, 'POST', `${HEAD}/preview`, { head: { cgrSql } }, admin));
      expect(answer, cgrSql).toMatchObject({ success: false });
      expect(answer.message, cgrSql).toMatch(/^查询的预估成本过高（[\d,]+，上限 5,000,000），未执行/);
    }
    // Either statement run would take minutes; far below that, a loaded machine does not matter.
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(REPORT_MAX_COST).toBe(5_000_000);
    expect((await data(demoId, 'pageSize=1000')).success).toBe(true);
    // ONLINE_REPORT_MAX_COST lowers (or raises) the limit.
    const strict = await startTestApp(kind, { config: { onlineReportMaxCost: 1_000 } });
    try {
      const token = (await login(strict.app, 'admin')).token;
      const answer = body(await send(strict.app, 'POST', `${HEAD}/preview`, { head: { cgrSql: 'SELECT count(*) AS n FROM generate_series(1, 1000000) AS g' } }, token));
      expect(answer.message).toMatch(/上限 1,000），未执行/);
    } finally {
      await strict.close();
    }
  });

  it.runIf(kind === 'postgres')('stops a statement that runs past the timeout', async () => {
    const started = Date.now();
    const answer = body(await send(t.app, 'POST', `${HEAD}/preview`, { head: { cgrSql: 'SELECT count(*) AS n FROM generate_series(1, 300000000) AS g' } }, admin));
    expect(answer).toMatchObject({ success: false, message: '查询超时（超过 1 秒），请简化 SQL 或缩小查询范围' });
    // Counting the series takes far longer; stopped after 1 s the answer comes well within this.
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it.runIf(kind === 'postgres')('runs a report on a 数据源 (another PostgreSQL database)', async () => {
    const url = new URL(inject('postgresAdminUrl'));
    await t.database.db
      .insertInto('sys_data_source')
      .values({ id: 'ds_report_test', code: 'pg_admin', name: '测试库', db_type: '6', db_url: `jdbc:postgresql://${url.hostname}:${url.port}/postgres`, db_username: 'postgres', db_password: null })
      .execute();
    const saved = body<string>(
      await send(t.app, 'POST', `${HEAD}/saveAll`, { head: { code: 'on_data_source', name: '数据源报表', cgrSql: 'SELECT current_database()::text AS db_name, ${n}::int + 1 AS next', dbSource: 'pg_admin' }, items: [{ fieldName: 'db_name' }, { fieldName: 'next', fieldType: 'Integer', isTotal: 1 }], params: [{ paramName: 'n', paramValue: '1' }] }, admin),
    );
    expect(saved.success).toBe(true);
    const answer = await data(saved.result, 'self_n=41');
    expect(answer.result).toMatchObject({ total: 1, records: [{ db_name: 'postgres', next: 42 }], totals: { next: 42 } });
  });

  it('refuses an export past the row cap before sending a byte', async () => {
    const saved = body<string>(
      await send(t.app, 'POST', `${HEAD}/saveAll`, { head: { code: 'too_many', name: '行数过多', cgrSql: `SELECT g AS n FROM generate_series(1, ${REPORT_ROW_CAP + 1}) AS g` }, items: [{ fieldName: 'n', fieldType: 'Integer' }] }, admin),
    );
    const response = await get(t.app, `${RP}/exportXls/${saved.result}`, admin);
    expect(response.headers['content-type']).toContain('application/json');
    expect(body(response)).toMatchObject({ success: false, message: `导出的数据超过 ${REPORT_ROW_CAP} 行，请缩小查询范围后再导出` });
  });

  it('seeds 报表配置 on its page with the onlCgreport codes, and points the menu of a database seeded before at it', async () => {
    const db = t.database.db;
    const codes = ['onlCgreport:list', 'onlCgreport:add', 'onlCgreport:edit', 'onlCgreport:delete', 'onlCgreport:parse', 'onlCgreport:preview', 'onlCgreport:data'];
    const menu = await db.selectFrom('sys_permission').select(['id', 'url']).where('component', '=', 'schema/online/cgreportHead').executeTakeFirstOrThrow();
    expect(menu.url).toBe('/online/cgreport');
    const adminCodes = body<{ auth: Array<{ action: string }> }>(await get(t.app, '/sys/permission/getUserPermissionByToken', admin)).result.auth.map((a) => a.action);
    for (const code of codes) expect(adminCodes, code).toContain(code);

    // As the seed of earlier versions left it: the 建设中 view key, no buttons.
    await db.deleteFrom('sys_role_permission').where('permission_id', 'in', db.selectFrom('sys_permission').select('id').where('perms', 'in', codes)).execute();
    await db.deleteFrom('sys_permission').where('perms', 'in', codes).execute();
    await db.updateTable('sys_permission').set({ component: 'modules/online/cgreport/OnlCgreportHeadList' }).where('id', '=', menu.id).execute();
    await switchReportMenu(db as unknown as Kysely<unknown>);
    await switchReportMenu(db as unknown as Kysely<unknown>);
    expect((await db.selectFrom('sys_permission').select('component').where('id', '=', menu.id).executeTakeFirstOrThrow()).component).toBe('schema/online/cgreportHead');
    const granted = await db
      .selectFrom('sys_permission as p')
      .innerJoin('sys_role_permission as rp', 'rp.permission_id', 'p.id')
      .innerJoin('sys_role as r', 'r.id', 'rp.role_id')
      .select(['p.perms', 'r.role_code', 'p.parent_id'])
      .where('p.perms', 'in', codes)
      .execute();
    expect(new Set(granted.map((g) => g.perms))).toEqual(new Set(codes));
    expect(granted).toHaveLength(codes.length);
    expect(granted.every((g) => g.role_code === 'admin' && g.parent_id === menu.id)).toBe(true);
  });

  it('answers 510 to callers without the codes, and lets onlCgreport:data holders use reports', async () => {
    for (const [method, url] of [
      ['GET', `${HEAD}/queryAll?id=${demoId}`],
      ['POST', `${HEAD}/saveAll`],
      ['PUT', `${HEAD}/saveAll`],
      ['POST', `${HEAD}/parseSql`],
      ['POST', `${HEAD}/preview`],
      ['GET', `${RP}/getData/${demoId}`],
      ['GET', `${RP}/getRpColumns/case_by_insurer`],
      ['GET', `${RP}/getQueryInfo/${demoId}`],
      ['GET', `${RP}/getParamsInfo/${demoId}`],
      ['GET', `${RP}/exportXls/${demoId}`],
    ] as const) {
      const response = await t.app.inject({ method, url: `${API}${url}`, headers: authHeaders(lisi), ...(method === 'GET' ? {} : { payload: { cgrSql: 'SELECT 1 AS a' } }) });
      expect(body(response), `${method} ${url}`).toMatchObject({ success: false, code: 510 });
    }
    // Granting onlCgreport:data to lisi's role opens the report (and nothing of the designer).
    const button = await t.database.db.selectFrom('sys_permission').select('id').where('perms', '=', 'onlCgreport:data').executeTakeFirstOrThrow();
    const role = await t.database.db.selectFrom('sys_role').select('id').where('role_code', '=', 'adjuster').executeTakeFirstOrThrow();
    await t.database.db.insertInto('sys_role_permission').values({ id: 'rp_onl_data_test', role_id: role.id, permission_id: button.id }).execute();
    lisi = (await login(t.app, 'lisi')).token;
    expect((await data(demoId, '', lisi)).success).toBe(true);
    expect(body(await send(t.app, 'POST', `${HEAD}/parseSql`, { cgrSql: 'SELECT 1 AS a' }, lisi))).toMatchObject({ code: 510 });
  });
});
