import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { up as migration0012 } from '../../../server/db/migrations/0012_dict_rule_admin';
import { takeNumbers } from '../../../server/sys/fillRule';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, body, login, startTestApp, type TestApp } from '../support/app';

type Rec = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const NO_PERMISSION = { success: false, code: 510, message: '没有权限，请联系管理员授权' };

describe.each(DATABASE_KINDS)('数据字典、校验规则、填值规则 administration on %s', (kind) => {
  let ctx: TestApp;
  let admin: string;
  let lisi: string;

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    admin = (await login(ctx.app, 'admin')).token;
    lisi = (await login(ctx.app, 'lisi')).token;
  }, 120_000);
  afterAll(async () => ctx?.close());

  const call = async <T = unknown>(method: Method, url: string, payload?: Rec, token = admin) =>
    body<T>(await ctx.app.inject({ method, url: `${API}${url}`, ...(payload ? { payload } : {}), headers: authHeaders(token) }));
  const list = async (url: string, token = admin) => (await call<{ records: Rec[] }>('GET', url, undefined, token)).result.records;
  const dictIdOf = async (code: string) =>
    (await ctx.database.db.selectFrom('sys_dict').select('id').where('dict_code', '=', code).executeTakeFirstOrThrow()).id;
  const addDict = async (dictCode: string, dictName = `测试字典${dictCode}`) => {
    expect(await call('POST', '/sys/dict/add', { dictName, dictCode, description: '测试' })).toMatchObject({ success: true });
    return dictIdOf(dictCode);
  };
  const addItem = (dictId: string, itemValue: string, itemText: string, extra: Rec = {}) =>
    call('POST', '/sys/dictItem/add', { dictId, itemValue, itemText, sortOrder: 1, status: 1, ...extra });
  /** The enabled items of a dictionary as every user's browser gets them (queryAllDictItems). */
  const items = async (code: string, token = admin) =>
    (await call<Record<string, Array<{ value: string; text: string }>>>('GET', '/sys/dict/queryAllDictItems', undefined, token)).result[code] ?? [];
  const dictVersion = async (token = admin) =>
    (await call<{ dictVersion: string }>('GET', '/sys/permission/getUserPermissionByToken', undefined, token)).result.dictVersion;

  it('lisi (公估师) is refused with 510 on every endpoint of the three pages, and nothing changes', async () => {
    const dictId = await addDict('lisi_probe');
    const rule = await ctx.database.db.selectFrom('sys_check_rule').select('id').executeTakeFirstOrThrow();
    const fill = await ctx.database.db.selectFrom('sys_fill_rule').select('id').executeTakeFirstOrThrow();
    const calls: Array<[Method, string, Rec?]> = [
      ['GET', '/sys/dict/list'],
      ['POST', '/sys/dict/add', { dictName: '偷加', dictCode: 'lisi_add' }],
      ['PUT', '/sys/dict/edit', { id: dictId, dictName: '改名', dictCode: 'lisi_probe' }],
      ['DELETE', `/sys/dict/delete?id=${dictId}`],
      ['GET', '/sys/dict/deleteList'],
      ['PUT', `/sys/dict/back/${dictId}`],
      ['DELETE', `/sys/dict/deletePhysic/${dictId}`],
      ['GET', `/sys/dictItem/list?dictId=${dictId}`],
      ['POST', '/sys/dictItem/add', { dictId, itemValue: 'x', itemText: 'x', sortOrder: 1, status: 1 }],
      ['PUT', '/sys/dictItem/edit', { id: dictId, itemValue: 'x', itemText: 'x' }],
      ['DELETE', `/sys/dictItem/delete?id=${dictId}`],
      ['GET', '/sys/checkRule/list'],
      ['POST', '/sys/checkRule/add', { ruleName: 'x', ruleCode: 'lisi_rule', ruleJson: '[]' }],
      ['PUT', '/sys/checkRule/edit', { id: rule.id, ruleName: 'x' }],
      ['DELETE', `/sys/checkRule/delete?id=${rule.id}`],
      ['GET', `/sys/checkRule/test?id=${rule.id}&value=1`],
      ['GET', '/sys/fillRule/list'],
      ['POST', '/sys/fillRule/add', { ruleName: 'x', ruleCode: 'lisi_fill', seqLength: 4, resetPeriod: 'never' }],
      ['PUT', '/sys/fillRule/edit', { id: fill.id, ruleName: 'x' }],
      ['DELETE', `/sys/fillRule/delete?id=${fill.id}`],
      ['GET', `/sys/fillRule/testFillRule?id=${fill.id}`],
    ];
    for (const [method, url, payload] of calls) {
      expect({ url, answer: await call(method, url, payload, lisi) }).toMatchObject({ url, answer: NO_PERMISSION });
    }
    expect(await dictIdOf('lisi_probe')).toBe(dictId);
    expect(await ctx.database.db.selectFrom('sys_dict').select('id').where('dict_code', '=', 'lisi_add').executeTakeFirst()).toBeUndefined();
  });

  it('adds, edits and lists dictionaries; a dictionary code is unique', async () => {
    const id = await addDict('case_level', '案件等级');
    expect(await call('POST', '/sys/dict/add', { dictName: '重复', dictCode: 'case_level' })).toMatchObject({
      success: false,
      message: expect.stringContaining('字典编码「case_level」已存在'),
    });
    expect(await call('POST', '/sys/dict/add', { dictName: '非法', dictCode: '1bad code' })).toMatchObject({ success: false });
    expect(await call('PUT', '/sys/dict/edit', { id, dictName: '案件等级（新）', dictCode: 'case_level', description: '改过' })).toMatchObject({ success: true });
    const found = await list('/sys/dict/list?dictCode=case_level');
    expect(found).toEqual([expect.objectContaining({ id, dictName: '案件等级（新）', dictCode: 'case_level', description: '改过' })]);
  });

  it('items: listed per dictionary by dictId, ordered; a value is unique within its dictionary only', async () => {
    const a = await addDict('item_unique_a');
    const b = await addDict('item_unique_b');
    expect(await addItem(a, '2', '二', { sortOrder: 2 })).toMatchObject({ success: true });
    expect(await addItem(a, '1', '一', { sortOrder: 1 })).toMatchObject({ success: true });
    expect(await addItem(a, '1', '又一')).toMatchObject({ success: false, message: expect.stringContaining('数据值「1」已存在') });
    expect(await addItem(b, '1', '一')).toMatchObject({ success: true });
    const ofA = await list(`/sys/dictItem/list?dictId=${a}`);
    expect(ofA.map((r) => [r.itemValue, r.itemText, r.status_dictText])).toEqual([
      ['1', '一', '启用'],
      ['2', '二', '启用'],
    ]);
    // Editing an item onto a value its dictionary already has is refused too.
    const two = ofA[1];
    expect(await call('PUT', '/sys/dictItem/edit', { ...two, itemValue: '1' })).toMatchObject({ success: false, message: expect.stringContaining('数据值「1」已存在') });
    expect(await call('PUT', '/sys/dictItem/edit', { ...two, itemText: '贰' })).toMatchObject({ success: true });
  });

  it('a change is served at once and the dictionary version answered at sign-in and with the permissions changes', async () => {
    const dictId = await addDict('cache_signal');
    expect(await addItem(dictId, 'A', '甲')).toMatchObject({ success: true });
    expect(await items('cache_signal')).toEqual([expect.objectContaining({ value: 'A', text: '甲' })]);
    const before = await dictVersion();
    expect(before).toMatch(/^[0-9a-f]{16}$/);
    // Nothing changed: the same version, for every user (lisi too).
    expect(await dictVersion()).toBe(before);
    expect(await dictVersion(lisi)).toBe(before);
    expect((await login(ctx.app, 'lisi') as unknown as { dictVersion: string }).dictVersion).toBe(before);

    expect(await addItem(dictId, 'B', '乙', { sortOrder: 2 })).toMatchObject({ success: true });
    const after = await dictVersion(lisi);
    expect(after).not.toBe(before);
    expect(await items('cache_signal')).toEqual([expect.objectContaining({ value: 'A' }), expect.objectContaining({ value: 'B', text: '乙' })]);
    expect((await items('cache_signal', lisi)).map((i) => i.value)).toEqual(['A', 'B']);

    // A disabled item leaves the dictionaries (and changes the version); 刷新缓存 answers the same.
    const b = (await list(`/sys/dictItem/list?dictId=${dictId}`)).find((r) => r.itemValue === 'B')!;
    expect(await call('PUT', '/sys/dictItem/edit', { ...b, status: 0 })).toMatchObject({ success: true });
    expect((await items('cache_signal')).map((i) => i.value)).toEqual(['A']);
    expect(await dictVersion()).not.toBe(after);
    expect(await call('GET', '/sys/dict/refleshCache', undefined, lisi)).toMatchObject({ success: true, message: '刷新缓存完成！' });
  });

  it('a deleted dictionary goes to the 回收站: 还原 brings it back, 彻底删除 removes it with its items', async () => {
    const dictId = await addDict('recycled');
    expect(await addItem(dictId, 'x', '叉')).toMatchObject({ success: true });
    expect(await call('DELETE', `/sys/dict/delete?id=${dictId}`)).toMatchObject({ success: true });
    expect(await list('/sys/dict/list?dictCode=recycled')).toEqual([]);
    expect(await items('recycled')).toEqual([]);
    const bin = (await call<Rec[]>('GET', '/sys/dict/deleteList')).result;
    expect(bin).toEqual(expect.arrayContaining([expect.objectContaining({ id: dictId, dictCode: 'recycled' })]));
    // Its code stays taken while it is in the bin.
    expect(await call('POST', '/sys/dict/add', { dictName: '同码', dictCode: 'recycled' })).toMatchObject({ success: false, message: expect.stringContaining('已存在') });

    expect(await call('PUT', `/sys/dict/back/${dictId}`)).toMatchObject({ success: true, message: '还原成功！' });
    expect(await list('/sys/dict/list?dictCode=recycled')).toHaveLength(1);
    expect(await items('recycled')).toEqual([expect.objectContaining({ value: 'x', text: '叉' })]);
    // Only rows in the bin are restored or purged.
    expect(await call('PUT', `/sys/dict/back/${dictId}`)).toMatchObject({ success: false, message: '回收站中没有该记录' });
    expect(await call('DELETE', `/sys/dict/deletePhysic/${dictId}`)).toMatchObject({ success: false, message: '回收站中没有该记录' });

    expect(await call('DELETE', `/sys/dict/delete?id=${dictId}`)).toMatchObject({ success: true });
    expect(await call('DELETE', `/sys/dict/deletePhysic/${dictId}`)).toMatchObject({ success: true, message: '删除成功！' });
    expect((await call<Rec[]>('GET', '/sys/dict/deleteList')).result.some((r) => r.id === dictId)).toBe(false);
    const left = await sql<{ n: number }>`SELECT count(*)::int AS n FROM sys_dict_item WHERE dict_id = ${dictId}`.execute(ctx.database.db);
    expect(left.rows[0].n).toBe(0);
    expect(await addDict('recycled', '重新使用')).toBeTruthy();
  });

  it('校验规则: edited rules are what checkByCode checks; 测试 answers pass or the rule’s message', async () => {
    const ruleJson = JSON.stringify([
      { digits: '2', pattern: '^AB$', message: '必须以 AB 开头' },
      { digits: '*', pattern: '^[0-9]{4}$', message: '其后必须是4位数字' },
    ]);
    expect(await call('POST', '/sys/checkRule/add', { ruleName: '测试规则', ruleCode: 'ab_code', ruleJson, ruleDescription: 'AB+4位' })).toMatchObject({ success: true });
    expect(await call('POST', '/sys/checkRule/add', { ruleName: '重复', ruleCode: 'ab_code', ruleJson })).toMatchObject({ success: false, message: expect.stringContaining('已存在') });
    const [row] = await list('/sys/checkRule/list?ruleCode=ab_code');
    const test = (value: string) => call('GET', `/sys/checkRule/test?id=${String(row.id)}&value=${encodeURIComponent(value)}`);
    expect(await test('AB1234')).toMatchObject({ success: true, message: '校验通过' });
    expect(await test('XX1234')).toMatchObject({ success: false, message: '必须以 AB 开头' });
    expect(await test('AB12')).toMatchObject({ success: false, message: '其后必须是4位数字' });
    expect(await call('GET', `/sys/checkRule/checkByCode?ruleCode=ab_code&value=AB12`, undefined, lisi)).toMatchObject({ success: false, message: '其后必须是4位数字' });

    const looser = JSON.stringify([{ digits: '*', pattern: '^AB[0-9]+$', message: 'AB 加数字' }]);
    expect(await call('PUT', '/sys/checkRule/edit', { ...row, ruleJson: looser })).toMatchObject({ success: true });
    expect(await test('AB12')).toMatchObject({ success: true });
    expect(await call('GET', `/sys/checkRule/checkByCode?ruleCode=ab_code&value=AB12`, undefined, lisi)).toMatchObject({ success: true });
    expect(await call('PUT', '/sys/checkRule/edit', { ...row, ruleJson: '[{"digits":"*","pattern":"(","message":"坏"}]' })).toMatchObject({ success: true });
    expect(await test('AB12')).toMatchObject({ success: false, message: '校验规则配置有误，请联系管理员' });
  });

  it('填值规则: 测试 shows the next number without taking it; 20 concurrent uses never share a number', async () => {
    expect(
      await call('POST', '/sys/fillRule/add', { ruleName: '报告编号', ruleCode: 'report_no', prefix: 'BG', dateFormat: 'yyyy', seqLength: 3, resetPeriod: 'year', ruleDescription: '每年重置' }),
    ).toMatchObject({ success: true });
    expect(await call('POST', '/sys/fillRule/add', { ruleName: '无前缀', ruleCode: 'plain_no', seqLength: 5, resetPeriod: 'never' })).toMatchObject({ success: true });
    expect(await call('POST', '/sys/fillRule/add', { ruleName: '坏位数', ruleCode: 'bad_no', seqLength: 13, resetPeriod: 'never' })).toMatchObject({ success: false });
    const [row] = await list('/sys/fillRule/list?ruleCode=report_no');
    const year = (await sql<{ y: string }>`SELECT to_char(now(), 'YYYY') AS y`.execute(ctx.database.db)).rows[0].y;
    const preview = () => call<string>('GET', `/sys/fillRule/testFillRule?id=${String(row.id)}`);
    expect(await preview()).toMatchObject({ success: true, result: `BG${year}001`, message: `下一个编号：BG${year}001（仅预览，不占用编号）` });
    expect(await preview()).toMatchObject({ result: `BG${year}001` });
    const counter = async () => (await ctx.database.db.selectFrom('sys_fill_rule').select('current_value').where('rule_code', '=', 'report_no').executeTakeFirstOrThrow()).current_value;
    expect(await counter()).toBe(0);

    const numbers = (await Promise.all(Array.from({ length: 20 }, () => takeNumbers(ctx.database.db, 'report_no', 1)))).flat();
    expect(new Set(numbers).size).toBe(20);
    expect([...numbers].sort()).toEqual(Array.from({ length: 20 }, (_, i) => `BG${year}${String(i + 1).padStart(3, '0')}`));
    expect(await counter()).toBe(20);
    expect(await preview()).toMatchObject({ result: `BG${year}021` });

    const [plain] = await list('/sys/fillRule/list?ruleCode=plain_no');
    expect(await call('GET', `/sys/fillRule/testFillRule?id=${String(plain.id)}`)).toMatchObject({ result: '00001' });
  });

  it('a rule a page numbers with cannot be deleted, renamed or made longer than the field', async () => {
    const [rule] = await list('/sys/fillRule/list?ruleCode=customer_code');
    const id = String(rule.id);
    expect(await call('DELETE', `/sys/fillRule/delete?id=${id}`)).toMatchObject({ success: false, message: '编号规则「customer_code」正用于客户名单的客户编码，不能删除' });
    expect(await call('DELETE', `/sys/fillRule/deleteBatch?ids=${id}`)).toMatchObject({ success: false, message: expect.stringContaining('不能删除') });
    expect(await call('PUT', '/sys/fillRule/edit', { ...rule, ruleCode: 'customer_code2' })).toMatchObject({ success: false, message: '编号规则「customer_code」正用于客户名单的客户编码，不能修改规则编码' });
    expect(await call('PUT', '/sys/fillRule/edit', { ...rule, seqLength: 12 })).toMatchObject({ success: false, message: '编号最长 22 位，超出客户名单的客户编码的长度 20，请缩短前缀、日期或流水号位数' });
    expect((await ctx.database.db.selectFrom('sys_fill_rule').select(['rule_code', 'seq_length']).where('id', '=', id).executeTakeFirstOrThrow())).toEqual({ rule_code: 'customer_code', seq_length: 4 });
    // A rule no page uses goes as usual.
    expect(await call('POST', '/sys/fillRule/add', { ruleName: '临时', ruleCode: 'temp_no', seqLength: 4, resetPeriod: 'never' })).toMatchObject({ success: true });
    const [temp] = await list('/sys/fillRule/list?ruleCode=temp_no');
    expect(await call('PUT', '/sys/fillRule/edit', { ...temp, ruleCode: 'temp_no2', seqLength: 12 })).toMatchObject({ success: true });
    expect(await call('DELETE', `/sys/fillRule/delete?id=${String(temp.id)}`)).toMatchObject({ success: true });
  });

  it('an edited rule numbers the next records; 20 concurrent adds through a page get 20 different numbers', async () => {
    const [rule] = await list('/sys/fillRule/list?ruleCode=customer_code');
    expect(await call('PUT', '/sys/fillRule/edit', { ...rule, prefix: 'KC', dateFormat: 'yyyy', seqLength: 5, resetPeriod: 'year' })).toMatchObject({ success: true });
    const year = (await sql<{ y: string }>`SELECT to_char(now(), 'YYYY') AS y`.execute(ctx.database.db)).rows[0].y;
    const names = Array.from({ length: 20 }, (_, i) => `并发客户${kind}${i}`);
    const answers = await Promise.all(names.map((customerName) => call('POST', '/maintenance/custom/add', { pid: '0', customerName, customerCode: null, customerType: 'QY' })));
    expect(answers.map((a) => a.success)).toEqual(names.map(() => true));
    const { rows } = await sql<{ code: string }>`SELECT customer_code AS code FROM mnt_customer WHERE customer_name IN (${sql.join(names)})`.execute(ctx.database.db);
    const codes = rows.map((r) => r.code);
    expect(new Set(codes).size).toBe(20);
    for (const code of codes) expect(code).toMatch(new RegExp(`^KC${year}\\d{5}$`));
  });

  it('a database seeded before gets the three menu items switched to the pages, with their buttons granted to who held the item', async () => {
    const db = ctx.database.db;
    // As the seed of earlier versions left it: the old view keys, no page buttons, no 字典项 item.
    const newCodes = ['dict:list', 'dictItem:list', 'dictItem:add', 'dictItem:edit', 'dictItem:delete', 'checkRule:add', 'checkRule:edit', 'checkRule:delete', 'checkRule:list', 'checkRule:test', 'fillRule:add', 'fillRule:edit', 'fillRule:delete', 'fillRule:list', 'fillRule:test'];
    await db.deleteFrom('sys_permission').where('perms', 'in', newCodes).execute();
    await db.deleteFrom('sys_permission').where('component', '=', 'schema/sys/dictItem').execute();
    for (const [from, to] of [['system/DictList', 'schema/sys/dict'], ['system/SysCheckRuleList', 'schema/sys/checkRule'], ['system/SysFillRuleList', 'schema/sys/fillRule']]) {
      await db.updateTable('sys_permission').set({ component: from }).where('component', '=', to).execute();
    }
    expect(await call('GET', '/sys/checkRule/test?id=x&value=1')).toMatchObject(NO_PERMISSION);

    await migration0012(db as unknown as Kysely<unknown>);
    await migration0012(db as unknown as Kysely<unknown>);
    const components = (await db.selectFrom('sys_permission').select('component').where('component', 'like', 'schema/sys/%').execute()).map((r) => r.component);
    for (const page of ['schema/sys/dict', 'schema/sys/dictItem', 'schema/sys/checkRule', 'schema/sys/fillRule']) expect(components.filter((c) => c === page)).toHaveLength(1);
    const item = await db.selectFrom('sys_permission').select(['hidden', 'url']).where('component', '=', 'schema/sys/dictItem').executeTakeFirstOrThrow();
    expect(item).toEqual({ hidden: true, url: '/isystem/dict-item' });
    const granted = await db
      .selectFrom('sys_permission as p')
      .innerJoin('sys_role_permission as rp', 'rp.permission_id', 'p.id')
      .innerJoin('sys_role as r', 'r.id', 'rp.role_id')
      .select(['p.perms', 'r.role_code'])
      .where('p.perms', 'in', newCodes)
      .execute();
    expect(new Set(granted.map((g) => g.role_code))).toEqual(new Set(['admin']));
    expect(new Set(granted.map((g) => g.perms))).toEqual(new Set(newCodes));
    const fresh = (await login(ctx.app, 'admin')).token;
    expect(await call('GET', '/sys/checkRule/test?id=x&value=1', undefined, fresh)).toMatchObject({ success: false, message: '未找到对应数据' });
  });
});
