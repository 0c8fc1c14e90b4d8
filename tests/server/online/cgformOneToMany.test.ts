import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTable } from '../../../server/crud/ddl';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, login, startTestApp, type TestApp } from '../support/app';

type Rec = Record<string, unknown>;
type Answer = Rec & { success: boolean; message: string; code: number; result: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
const NO_PERMISSION = { success: false, code: 510, message: '没有权限，请联系管理员授权' };

const entity = (table: string, name: string, title: string) => ({
  name,
  module: 'online',
  title,
  table,
  permissionPrefix: `onl_${table}`,
  apiPath: `/online/form/${name}`,
});

/** 车辆保单 (主表) as the designer saves it, listing 保单明细 (附表) by its foreign key policy_id. */
function policyDocument(children: Rec[] = [{ page: 'online/policyItem', foreignKey: 'policyId', key: 'policy_item', title: '保单明细' }]): Rec {
  return {
    schemaVersion: 1,
    entity: entity('car_policy', 'carPolicy', '车辆保单'),
    fields: [
      { name: 'policyNo', label: '保单号', type: 'string', length: 30, required: true, unique: true },
      { name: 'holder', label: '投保人', type: 'string', length: 30 },
    ],
    list: { columns: [{ field: 'policyNo' }, { field: 'holder' }], toolbar: ['add', 'batchDelete'], rowActions: ['edit', 'detail', 'delete'] },
    form: { fields: ['policyNo', 'holder'], ...(children.length > 0 ? { children } : {}) },
  };
}

/** 保单明细: 险种 (required, a dictionary), 保额 (money), 车牌号 (a pattern-checked, unique value). */
function itemDocument(): Rec {
  return {
    schemaVersion: 1,
    entity: entity('policy_item', 'policyItem', '保单明细'),
    fields: [
      { name: 'policyId', label: '保单', type: 'string', length: 32 },
      { name: 'coverage', label: '险种', type: 'string', length: 10, required: true, dictCode: 'sex' },
      { name: 'amount', label: '保额', type: 'money' },
      { name: 'itemCode', label: '明细编码', type: 'string', length: 20, unique: true, rules: [{ regex: '^[A-Z][0-9]+$', message: '明细编码应为大写字母加数字' }] },
    ],
    list: { columns: [{ field: 'coverage' }, { field: 'amount' }, { field: 'itemCode' }], toolbar: ['add'], rowActions: ['edit', 'delete'] },
    form: { fields: ['coverage', 'amount', 'itemCode'] },
  };
}

describe.each(DATABASE_KINDS)('表单开发 主表/附表 (one-to-many) on %s', (kind) => {
  let ctx: TestApp;
  let admin: string;
  let lisi: string;
  let mainId: string;
  let subId: string;
  let policyRowId: string;

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    admin = (await login(ctx.app, 'admin')).token;
    lisi = (await login(ctx.app, 'lisi')).token;
  }, 120_000);
  afterAll(async () => ctx?.close());

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token = admin, payload?: Rec) =>
    (await ctx.app.inject({ method, url: `${API}${url}`, ...(payload ? { payload } : {}), headers: authHeaders(token) })).json() as Answer;
  const db = () => ctx.database.db;
  const headOf = async (tableName: string) => (await call('GET', `/online/cgformHead/list?tableName=${tableName}`)).result.records[0] as Rec;
  const itemsOf = async (id: string) => (await call('GET', `/online/form/carPolicy/queryById?id=${id}`)).result.policy_item as Rec[];

  it('a 主表 must list an existing 附表 carrying the foreign key; saving links the heads', async () => {
    expect(await call('POST', '/online/cgformHead/add', admin, { tableName: 'car_policy', tableTxt: '车辆保单', tableType: '2' })).toMatchObject({ success: true });
    expect(await call('POST', '/online/cgformHead/add', admin, { tableName: 'policy_item', tableTxt: '保单明细', tableType: '3' })).toMatchObject({ success: true });
    mainId = String((await headOf('car_policy')).id);
    subId = String((await headOf('policy_item')).id);

    // The 附表 does not have its fields yet: no foreign key to bind by.
    const early = await call('PUT', '/online/cgformHead/document', admin, { id: mainId, document: policyDocument(), tableType: '2' });
    expect(early.success).toBe(false);
    expect(early.result.errors).toContainEqual({ pointer: '/form/children/0/foreignKey', message: '附表 policy_item 没有外键字段 policy_id' });
    expect(await call('PUT', '/online/cgformHead/document', admin, { id: subId, document: itemDocument(), tableType: '3' })).toMatchObject({ success: true });

    const missing = await call('PUT', '/online/cgformHead/document', admin, {
      id: mainId,
      document: policyDocument([{ page: 'online/noSuchItem', foreignKey: 'policyId', key: 'no_such_item' }]),
      tableType: '2',
    });
    expect(missing.result.errors).toContainEqual({ pointer: '/form/children/0/page', message: '附表 no_such_item 不存在（没有页面名为 noSuchItem 的在线表单）' });
    const noChild = await call('PUT', '/online/cgformHead/document', admin, { id: mainId, document: policyDocument([]), tableType: '2' });
    expect(noChild.result.errors).toContainEqual({ pointer: '/form/children', message: '主表至少需要一个附表' });
    const single = await call('PUT', '/online/cgformHead/document', admin, { id: mainId, document: policyDocument(), tableType: '1' });
    expect(single.result.errors).toContainEqual({ pointer: '/form/children', message: '只有主表可以有附表，请把表类型设为主表' });

    const saved = await call('PUT', '/online/cgformHead/document', admin, { id: mainId, document: policyDocument(), tableType: '2' });
    expect(saved, saved.message).toMatchObject({ success: true });
    expect((await call('GET', `/online/cgformHead/document?id=${mainId}`)).result).toMatchObject({ tableType: '2', subTableStr: 'policy_item' });
    expect((await call('GET', `/online/cgformHead/document?id=${subId}`)).result).toMatchObject({ tableType: '3', mainTable: 'car_policy', mainField: 'policy_id' });
  });

  it('同步数据库 of the 主表 creates its table and its 附表 table together', async () => {
    expect(await readTable(db(), 'policy_item')).toBeUndefined();
    const sync = await call('POST', '/online/cgformHead/sync', admin, { id: mainId });
    expect(sync, sync.message).toMatchObject({ success: true, message: '同步数据库成功！（含附表 policy_item）' });
    expect((await readTable(db(), 'car_policy'))?.columns.map((c) => c.name)).toEqual(expect.arrayContaining(['id', 'policy_no', 'holder']));
    expect((await readTable(db(), 'policy_item'))?.columns.map((c) => c.name)).toEqual(expect.arrayContaining(['id', 'policy_id', 'coverage', 'amount', 'item_code']));
    for (const id of [mainId, subId]) expect((await call('GET', `/online/cgformHead/document?id=${id}`)).result.isDbSynch).toBe('Y');
    const served = await call('GET', `/online/cgform/api/document/${mainId}`);
    expect(served.result.document).toMatchObject({ form: { children: [{ page: 'online/policyItem', key: 'policy_item' }] } });
    expect(served.result.children['online/policyItem']).toMatchObject({ entity: { table: 'policy_item' } });
  });

  it('add writes the main row and its rows in one transaction; a bad row refuses all, naming the tab, row and field', async () => {
    const bad = await call('POST', '/online/form/carPolicy/add', admin, {
      policyNo: 'BD001',
      holder: '张三',
      policy_item: [
        { coverage: '1', amount: '1000.00', itemCode: 'A1' },
        { amount: '20.00', itemCode: 'b2' },
      ],
    });
    expect(bad.success, JSON.stringify(bad)).toBe(false);
    expect(bad.message).toContain('「保单明细」第2行：请选择险种');
    expect(bad.message).toContain('「保单明细」第2行：明细编码应为大写字母加数字');
    expect(bad.result.errors).toContainEqual(expect.objectContaining({ field: 'policy_item[1].coverage' }));
    expect(bad.result.errors).toContainEqual(expect.objectContaining({ field: 'policy_item[1].itemCode' }));
    // Nothing was kept: neither the main row nor the good first row.
    expect((await call('GET', '/online/form/carPolicy/list')).result.total).toBe(0);
    expect((await call('GET', '/online/form/policyItem/list')).result.total).toBe(0);

    // A dictionary value the dictionary lacks, and a duplicate within the rows, are refused as well.
    const dict = await call('POST', '/online/form/carPolicy/add', admin, { policyNo: 'BD001', policy_item: [{ coverage: '9' }] });
    expect(dict.message).toContain('「保单明细」第1行');
    const twice = await call('POST', '/online/form/carPolicy/add', admin, { policyNo: 'BD001', policy_item: [{ coverage: '1', itemCode: 'A1' }, { coverage: '2', itemCode: 'A1' }] });
    expect(twice.message).toContain('「保单明细」第2行：明细编码「A1」已存在');
    expect((await call('GET', '/online/form/carPolicy/list')).result.total).toBe(0);

    const added = await call('POST', '/online/form/carPolicy/add', admin, {
      policyNo: 'BD001',
      holder: '张三',
      policy_item: [
        { coverage: '1', amount: '1000.00', itemCode: 'A1', policyId: 'someone-else' },
        { coverage: '2', amount: '20.50', itemCode: 'B2' },
      ],
    });
    expect(added, added.message).toMatchObject({ success: true, message: '添加成功！' });
    policyRowId = String((await call('GET', '/online/form/carPolicy/list')).result.records[0].id);
    const items = await itemsOf(policyRowId);
    expect(items.map((r) => [r.coverage, r.coverage_dictText, r.amount, r.itemCode, r.policyId])).toEqual([
      ['1', '男', '1000.00', 'A1', policyRowId],
      ['2', '女', '20.50', 'B2', policyRowId],
    ]);
  });

  it('edit keeps, changes, adds and removes rows; detail endpoints answer them; a bad row keeps everything as it was', async () => {
    const [first, second] = await itemsOf(policyRowId);
    const refused = await call('PUT', '/online/form/carPolicy/edit', admin, {
      id: policyRowId,
      policyNo: 'BD001',
      holder: '李四',
      policy_item: [{ ...first, amount: '1.00' }, { coverage: '' }],
    });
    expect(refused.success).toBe(false);
    expect(refused.message).toContain('「保单明细」第2行：请选择险种');
    const unchanged = (await call('GET', `/online/form/carPolicy/queryById?id=${policyRowId}`)).result;
    expect(unchanged.holder).toBe('张三');
    expect((unchanged.policy_item as Rec[]).map((r) => r.amount)).toEqual(['1000.00', '20.50']);

    const edited = await call('PUT', '/online/form/carPolicy/edit', admin, {
      id: policyRowId,
      policyNo: 'BD001',
      holder: '李四',
      policy_item: [{ ...first, amount: '1500.00' }, { coverage: '1', amount: '8.00', itemCode: 'C3' }],
    });
    expect(edited, edited.message).toMatchObject({ success: true });
    const items = await itemsOf(policyRowId);
    expect(items.map((r) => [r.id === first.id, r.amount, r.itemCode])).toEqual([
      [true, '1500.00', 'A1'],
      [false, '8.00', 'C3'],
    ]);
    expect(items.some((r) => r.id === second.id)).toBe(false);
    // Edit without the key leaves the rows alone.
    expect(await call('PUT', '/online/form/carPolicy/edit', admin, { id: policyRowId, policyNo: 'BD001', holder: '王五' })).toMatchObject({ success: true });
    expect(await itemsOf(policyRowId)).toHaveLength(2);

    // JeecgBoot's online endpoints: the record with its 附表 keyed by table name, and subform/list.
    const detail = await call('GET', `/online/cgform/api/form/${mainId}/${policyRowId}`);
    expect(detail.result).toMatchObject({ policyNo: 'BD001', holder: '王五', policy_item: [{ itemCode: 'A1' }, { itemCode: 'C3' }] });
    const subList = await call('GET', `/online/cgform/api/subform/list/policy_item/${policyRowId}`);
    expect((subList.result as Rec[]).map((r) => r.itemCode)).toEqual(['A1', 'C3']);
    const columns = await call('GET', `/online/cgform/api/getColumns/${mainId}`);
    expect(columns.result).toMatchObject({ tableType: 2, foreignKeys: [{ table: 'policy_item', field: 'policy_id' }] });
    // JeecgBoot's online insert answers the id; its rows come along.
    const viaApi = await call('POST', `/online/cgform/api/form/${mainId}`, admin, { policyNo: 'BD002', policy_item: [{ coverage: '2', itemCode: 'D4' }] });
    expect(viaApi, viaApi.message).toMatchObject({ success: true });
    expect((await itemsOf(String(viaApi.result))).map((r) => r.itemCode)).toEqual(['D4']);
  });

  it('the main page\'s codes govern its rows: 510 per endpoint without them', async () => {
    for (const [method, url, payload] of [
      ['GET', `/online/form/carPolicy/queryById?id=${policyRowId}`],
      ['POST', '/online/form/carPolicy/add', { policyNo: 'X', policy_item: [{ coverage: '1' }] }],
      ['PUT', '/online/form/carPolicy/edit', { id: policyRowId, policy_item: [] }],
      ['DELETE', `/online/form/carPolicy/delete?id=${policyRowId}`],
      ['DELETE', `/online/form/carPolicy/deleteBatch?ids=${policyRowId}`],
      ['GET', `/online/cgform/api/form/${mainId}/${policyRowId}`],
      ['POST', `/online/cgform/api/form/${mainId}`, { policyNo: 'X' }],
      ['PUT', `/online/cgform/api/form/${mainId}`, { id: policyRowId, policy_item: [] }],
      ['DELETE', `/online/cgform/api/form/${mainId}/${policyRowId}`],
      ['GET', `/online/cgform/api/subform/list/policy_item/${policyRowId}`],
      ['GET', `/online/cgform/api/document/${mainId}`],
    ] as const) {
      expect({ url, ...(await call(method, url, lisi, payload as Rec | undefined)) }).toMatchObject({ url, ...NO_PERMISSION });
    }
    expect(await itemsOf(policyRowId)).toHaveLength(2);
  });

  it('delete of a main row deletes its rows with it', async () => {
    expect(await call('DELETE', `/online/form/carPolicy/delete?id=${policyRowId}`)).toMatchObject({ success: true });
    const left = await db().selectFrom('policy_item' as never).selectAll().execute();
    expect((left as Rec[]).map((r) => r.item_code)).toEqual(['D4']);
    expect(await call('DELETE', `/online/cgform/api/form/${mainId}/${String((await call('GET', '/online/form/carPolicy/list')).result.records[0].id)}`)).toMatchObject({ success: true });
    expect(await db().selectFrom('policy_item' as never).selectAll().execute()).toHaveLength(0);
  });

  it('导出 → 导入 of the 主表 gives the same document; the 附表 must come first', async () => {
    const exported = await ctx.app.inject({ method: 'GET', url: `${API}/online/cgformHead/exportDocument?id=${mainId}`, headers: authHeaders(admin) });
    const document = JSON.parse(exported.body) as Rec;
    expect(document).toEqual({ $schema: '../../meta/page.schema.json', ...policyDocument() });
    // Import under another table name, its 附表 imported (as a 单表) first and taken over as a 附表.
    const item = { ...itemDocument(), entity: entity('policy_item2', 'policyItem2', '保单明细2') };
    const main = policyDocument([{ page: 'online/policyItem2', foreignKey: 'policyId', key: 'policy_item2', title: '保单明细' }]);
    (main as { entity: Rec }).entity = entity('car_policy2', 'carPolicy2', '车辆保单2');
    expect(await call('POST', '/online/cgformHead/importDocument', admin, { document: item })).toMatchObject({ success: true });
    const imported = await call('POST', '/online/cgformHead/importDocument', admin, { document: main });
    expect(imported, imported.message).toMatchObject({ success: true });
    const head = (await call('GET', `/online/cgformHead/document?id=${String(imported.result.id)}`)).result;
    expect(head).toMatchObject({ tableType: '2', subTableStr: 'policy_item2', document: main });
    expect((await call('GET', `/online/cgformHead/document?id=${String((await headOf('policy_item2')).id)}`)).result).toMatchObject({ tableType: '3', mainTable: 'car_policy2' });
    const again = await ctx.app.inject({ method: 'GET', url: `${API}/online/cgformHead/exportDocument?id=${String(imported.result.id)}`, headers: authHeaders(admin) });
    expect(JSON.parse(again.body)).toEqual({ $schema: '../../meta/page.schema.json', ...main });
  });
});
