import ExcelJS from 'exceljs';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadEntityPages, PageLoadError } from '../../../server/crud/pages';
import { loadPageSchema } from '../../../runtime/schema/loadPageSchema';
import { readWorkbook } from '../../../server/excel';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, body, login, startTestApp, type TestApp } from '../support/app';
import { multipart } from './support';
import { up as correctReceivePrefix } from '../../../server/db/migrations/0008_receive_number_prefix';
import { up as numberCasesGa, RECEIVE_NUMBER_CHECK } from '../../../server/db/migrations/0024_receive_number_ga';

type Rec = Record<string, unknown>;

describe.each(DATABASE_KINDS)('fill rules on %s', (kind) => {
  let ctx: TestApp;
  let admin: string;
  /** Today in Beijing time as the database sees it, the date part of a customer code. */
  let today: string;

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    admin = (await login(ctx.app, 'admin')).token;
    const { rows } = await sql<{ d: string }>`SELECT to_char(now(), 'YYYYMMDD') AS d`.execute(ctx.database.db);
    today = rows[0].d;
  }, 120_000);
  afterAll(async () => ctx?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Rec, token = admin) =>
    ctx.app.inject({ method, url: `${API}${url}`, ...(payload ? { payload } : {}), headers: authHeaders(token) });

  let seq = 0;
  /** A customer as the add form sends it, without a code unless given. */
  const customer = (extra: Rec = {}): Rec => {
    seq++;
    return { pid: '0', customerName: `编号测试客户${kind}${seq}`, customerCode: null, customerType: 'QY', ...extra };
  };
  const codeOf = async (name: unknown): Promise<string> => {
    const row = await ctx.database.db
      .selectFrom('mnt_customer' as never)
      .select(sql<string>`customer_code`.as('code'))
      .where(sql<boolean>`customer_name = ${name}`)
      .executeTakeFirstOrThrow();
    return (row as { code: string }).code;
  };
  const counter = async () =>
    (await ctx.database.db.selectFrom('sys_fill_rule').select(['current_value', 'current_period']).where('rule_code', '=', 'customer_code').executeTakeFirstOrThrow());
  const nth = (n: number) => `KH${today}${String(n).padStart(4, '0')}`;

  it('案件编号 are GA + year + 6 digits; a database still on the shipped GZ/GG rule is corrected, a changed rule kept', async () => {
    const db = ctx.database.db;
    const rule = async () =>
      db.selectFrom('sys_fill_rule').select(['prefix', 'date_format', 'seq_length', 'reset_period', 'rule_description']).where('rule_code', '=', 'receive_number').executeTakeFirstOrThrow();
    expect(await rule()).toMatchObject({ prefix: 'GA', date_format: 'yyyy', seq_length: 6, reset_period: 'year' });
    const saved = await sql`SELECT prefix, date_format, seq_length, reset_period, current_value, current_period, rule_description FROM sys_fill_rule WHERE rule_code = 'receive_number'`.execute(db);
    const back = saved.rows[0] as Rec;

    await sql`UPDATE sys_fill_rule SET prefix = 'GZ', date_format = 'yyyyMMdd', seq_length = 4, reset_period = 'day', rule_description = '受理案件的案件编号：GZ + 年月日 + 4位流水号，每天从0001开始，如 GZ202501080001' WHERE rule_code = 'receive_number'`.execute(db);
    await correctReceivePrefix(db as unknown as Kysely<unknown>);
    await numberCasesGa(db as unknown as Kysely<unknown>);
    expect(await rule()).toMatchObject({ prefix: 'GA', date_format: 'yyyy', seq_length: 6, rule_description: expect.stringContaining('GA2026000123') });

    await sql`UPDATE sys_fill_rule SET prefix = 'AJ', date_format = 'yyyyMMdd', seq_length = 4, reset_period = 'day' WHERE rule_code = 'receive_number'`.execute(db);
    await numberCasesGa(db as unknown as Kysely<unknown>);
    expect((await rule()).prefix).toBe('AJ');
    await sql`UPDATE sys_fill_rule SET prefix = ${back.prefix}, date_format = ${back.date_format}, seq_length = ${back.seq_length}, reset_period = ${back.reset_period},
      current_value = ${back.current_value}, current_period = ${back.current_period}, rule_description = ${back.rule_description} WHERE rule_code = 'receive_number'`.execute(db);
    // The check rule 案件编号规则 describes the same numbers; one still as seeded earlier (HT) is corrected.
    const check = async () => (await db.selectFrom('sys_check_rule').select('rule_json').where('rule_code', '=', 'receive_number').executeTakeFirstOrThrow()).rule_json;
    expect(await check()).toBe(RECEIVE_NUMBER_CHECK);
    const shippedHt = JSON.stringify([
      { digits: '2', pattern: '^HT$', message: '案件编号必须以 HT 开头' },
      { digits: '4', pattern: '^20[0-9]{2}$', message: '第 3 至 6 位必须是年份，例如 2025' },
      { digits: '*', pattern: '^[0-9]{6}$', message: '年份后必须是 6 位数字流水号' },
    ]);
    await sql`UPDATE sys_check_rule SET rule_json = ${shippedHt} WHERE rule_code = 'receive_number'`.execute(db);
    await numberCasesGa(db as unknown as Kysely<unknown>);
    expect(await check()).toBe(RECEIVE_NUMBER_CHECK);
  });

  it('20 concurrent case adds get 20 distinct GA numbers in one run; a number sent by the client is not kept', async () => {
    const { rows } = await sql<{ y: string }>`SELECT to_char(now(), 'YYYY') AS y`.execute(ctx.database.db);
    const year = rows[0].y;
    const names = Array.from({ length: 20 }, (_, i) => `并发编号案件${kind}${i}`);
    const answers = await Promise.all(
      names.map((receiveName) => call('POST', '/receive/receive/add', { receiveName, trustDate: '2026-03-01', receiveNumber: 'GA2026999999' })),
    );
    expect(answers.map((a) => body(a).message)).toEqual(names.map(() => '添加成功！'));
    const numbers = await ctx.database.db
      .selectFrom('biz_receive' as never)
      .select(sql<string>`receive_number`.as('n'))
      .where(sql<boolean>`receive_name LIKE ${`并发编号案件${kind}%`}`)
      .execute();
    const given = (numbers as { n: string }[]).map((r) => r.n);
    expect(given).toHaveLength(20);
    expect(new Set(given).size).toBe(20);
    for (const n of given) expect(n).toMatch(new RegExp(`^GA${year}\\d{6}$`));
    const sequence = given.map((n) => Number(n.slice(-6))).sort((a, b) => a - b);
    expect(sequence.at(-1)! - sequence[0]).toBe(19);
    expect(given).not.toContain('GA2026999999');
  });

  it('numbers a new record whose code is left empty (a required field the server fills) and counts on', async () => {
    const first = customer();
    expect(body(await call('POST', '/maintenance/custom/add', first))).toMatchObject({ success: true, message: '添加成功！' });
    const code = await codeOf(first.customerName);
    expect(code).toMatch(new RegExp(`^KH${today}\\d{4}$`));
    const n = Number(code.slice(-4));
    expect(await counter()).toEqual({ current_value: n, current_period: today });

    const second = customer();
    expect(body(await call('POST', '/maintenance/custom/add', second)).success).toBe(true);
    expect(await codeOf(second.customerName)).toBe(nth(n + 1));
  });

  it('keeps a code typed by the user, still validated and checked for duplicates', async () => {
    const typed = customer({ customerCode: 'HANDMADE01' });
    expect(body(await call('POST', '/maintenance/custom/add', typed)).success).toBe(true);
    expect(await codeOf(typed.customerName)).toBe('HANDMADE01');
    const before = await counter();
    const again = body(await call('POST', '/maintenance/custom/add', customer({ customerCode: 'HANDMADE01' })));
    expect(again).toMatchObject({ success: false, message: '客户编码「HANDMADE01」已存在' });
    const bad = body(await call('POST', '/maintenance/custom/add', customer({ customerCode: 'KH-01' })));
    expect(bad).toMatchObject({ success: false });
    expect(bad.message).toContain('只能输入20位以内的字母或数字');
    expect(await counter()).toEqual(before);
  });

  it('gives the number back when the add is refused, and skips a number someone typed by hand', async () => {
    const { current_value: n } = await counter();
    const refused = body(await call('POST', '/maintenance/custom/add', customer({ contactPhone: '123' })));
    expect(refused.success).toBe(false);
    expect((await counter()).current_value).toBe(n);
    // Someone typed the next number by hand: the rule must not hand it out again.
    expect(body(await call('POST', '/maintenance/custom/add', customer({ customerCode: nth(n + 1) }))).success).toBe(true);
    const next = customer();
    expect(body(await call('POST', '/maintenance/custom/add', next)).success).toBe(true);
    expect(await codeOf(next.customerName)).toBe(nth(n + 2));
  });

  it('never gives two concurrent adds the same number', async () => {
    const batch = Array.from({ length: 12 }, () => customer());
    const answers = await Promise.all(batch.map((c) => call('POST', '/maintenance/custom/add', c)));
    expect(answers.map((a) => body(a).success)).toEqual(batch.map(() => true));
    const codes = await Promise.all(batch.map((c) => codeOf(c.customerName)));
    expect(new Set(codes).size).toBe(batch.length);
    const numbers = codes.map((c) => Number(c.slice(-4))).sort((a, b) => a - b);
    // One gap-free run: each add took exactly one number.
    expect(numbers.at(-1)! - numbers[0]).toBe(batch.length - 1);
    expect((await counter()).current_value).toBe(numbers.at(-1));
  });

  it('numbers imported rows whose code is blank and keeps the typed ones', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('客户');
    sheet.addRow(['客户名单']);
    sheet.addRow(['导入']);
    sheet.addRow(['客户名称', '客户编码', '客户类型']);
    sheet.addRow([`导入客户甲${kind}`, null, 'QY']);
    sheet.addRow([`导入客户乙${kind}`, 'IMPORTED01', 'QY']);
    sheet.addRow([`导入客户丙${kind}`, null, 'QY']);
    const upload = multipart([{ field: 'file', name: '客户.xlsx', content: Buffer.from(await workbook.xlsx.writeBuffer()) }]);
    const { current_value: n } = await counter();
    const answer = body(
      await ctx.app.inject({ method: 'POST', url: `${API}/maintenance/custom/importExcel`, payload: upload.payload, headers: { ...authHeaders(admin), ...upload.headers } }),
    );
    expect(answer).toMatchObject({ success: true, code: 200, message: '文件导入成功！数据行数：3' });
    expect(await codeOf(`导入客户甲${kind}`)).toBe(nth(n + 1));
    expect(await codeOf(`导入客户乙${kind}`)).toBe('IMPORTED01');
    expect(await codeOf(`导入客户丙${kind}`)).toBe(nth(n + 2));
  });

  it('the import template does not list the numbered column among the required ones', async () => {
    const template = await call('GET', '/maintenance/custom/exportXlsTemplate');
    expect(template.statusCode).toBe(200);
    const sheet = await readWorkbook(template.rawPayload, 't.xlsx');
    const note = sheet.rows.flatMap((r) => r.cells.map((c) => String(c ?? ''))).find((t) => t.includes('必填列'));
    expect(note).toContain('客户名称');
    expect(note).not.toContain('客户编码');
  });

  it('executeRuleByCode previews the next number without taking it; the save takes it', async () => {
    const { current_value: n } = await counter();
    const preview = () => call('PUT', '/sys/fillRule/executeRuleByCode/customer_code', { customerName: '表单里的值' });
    expect(body<string>(await preview())).toMatchObject({ success: true, code: 200, result: nth(n + 1) });
    // Asking again (or ten thousand times) uses up nothing: the same number, the counter unmoved.
    expect(body<string>(await preview())).toMatchObject({ success: true, result: nth(n + 1) });
    expect((await counter()).current_value).toBe(n);
    const next = customer();
    expect(body(await call('POST', '/maintenance/custom/add', next)).success).toBe(true);
    expect(await codeOf(next.customerName)).toBe(nth(n + 1));
    expect((await counter()).current_value).toBe(n + 1);
    expect(body<string>(await preview())).toMatchObject({ success: true, result: nth(n + 2) });
  });

  it('executeRuleByCode answers only users who may add records the rule numbers (510 otherwise)', async () => {
    const { current_value: n } = await counter();
    // lisi (公估师) adds cases (receive:add) but not customers (only customer:list).
    const lisi = (await login(ctx.app, 'lisi')).token;
    expect(body(await call('PUT', '/sys/fillRule/executeRuleByCode/customer_code', {}, lisi))).toMatchObject({
      success: false,
      code: 510,
      message: '没有权限，请联系管理员授权',
    });
    expect(body<string>(await call('PUT', '/sys/fillRule/executeRuleByCode/receive_number', {}, lisi))).toMatchObject({ success: true, code: 200 });
    // wangwu (财务) adds no cases.
    const wangwu = (await login(ctx.app, 'wangwu')).token;
    expect(body(await call('PUT', '/sys/fillRule/executeRuleByCode/receive_number', {}, wangwu))).toMatchObject({ success: false, code: 510 });
    const anonymous = await ctx.app.inject({ method: 'PUT', url: `${API}/sys/fillRule/executeRuleByCode/customer_code`, payload: {} });
    expect(anonymous.statusCode).toBe(401);
    // A rule no page numbers with is nobody's to preview.
    expect(body(await call('PUT', '/sys/fillRule/executeRuleByCode/no_such_rule', {}))).toMatchObject({ success: false, code: 510 });
    expect((await counter()).current_value).toBe(n);
  });

  it('refuses to start with a page whose field names an unknown rule, naming page, field and code', async () => {
    const doc = {
      schemaVersion: 1,
      entity: { name: 'numbered', module: 'test', title: '编号', table: 'tst_numbered', permissionPrefix: 'numbered' },
      fields: [{ name: 'caseNo', label: '案件号', type: 'string', length: 30, default: { fillRule: 'no_such_rule' } }],
      list: { columns: [{ field: 'caseNo' }], toolbar: ['add'], rowActions: ['edit'] },
      form: { fields: ['caseNo'] },
    };
    const loaded = loadPageSchema(doc, 'schemas/pages/test/numbered.json');
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    const started = buildApp({ config: ctx.config, database: ctx.database, pages: [...loadEntityPages(), loaded.page] });
    await expect(started).rejects.toBeInstanceOf(PageLoadError);
    await expect(started).rejects.toThrow(/schemas\/pages\/test\/numbered\.json#\/fields\/0\/default\/fillRule .*caseNo.*编号规则「no_such_rule」不存在/);
  });
});
