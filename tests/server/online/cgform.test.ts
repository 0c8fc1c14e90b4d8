import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPageFolder } from '../../../generators/check-schemas';
import type { Kysely } from 'kysely';
import { readTable } from '../../../server/crud/ddl';
import { switchFormMenu } from '../../../server/db/migrations/0027_online_form';
import { DATABASE_KINDS } from '../../support/database';
import { buildApp } from '../../../server/app';
import { loadEntityPages } from '../../../server/crud/pages';
import { API, authHeaders, body, login, startTestApp, type TestApp } from '../support/app';
import { PNG_1PX, upload } from '../files/support';
import ExcelJS from 'exceljs';
import { multipart } from '../crud/support';

type Rec = Record<string, unknown>;
type Answer = Rec & { success: boolean; message: string; code: number; result: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
const NO_PERMISSION = { success: false, code: 510, message: '没有权限，请联系管理员授权' };

/** 车辆信息 as the designer would save it; `extra` fields and `remarkLength` vary between saves. */
function carDocument(opts: { extra?: Rec[]; remarkLength?: number } = {}): Rec {
  const extra = opts.extra ?? [];
  return {
    schemaVersion: 1,
    entity: { name: 'carInfo', module: 'online', title: '车辆信息', table: 'car_info', permissionPrefix: 'onl_car_info', apiPath: '/online/form/carInfo' },
    fields: [
      { name: 'carNo', label: '车牌号', type: 'string', length: 20, required: true, unique: true },
      { name: 'brand', label: '品牌', type: 'string', length: 10, dictCode: 'sex' },
      { name: 'buyDate', label: '购置日期', type: 'date' },
      { name: 'price', label: '价格', type: 'money' },
      { name: 'remark', label: '备注', type: 'string', length: opts.remarkLength ?? 50 },
      ...extra,
    ],
    list: {
      columns: [{ field: 'carNo' }, { field: 'brand' }, { field: 'buyDate' }, { field: 'price' }, ...extra.map((f) => ({ field: f.name }))],
      query: [{ field: 'carNo', mode: 'like' }],
      toolbar: ['add', 'batchDelete', 'export', 'import'],
      rowActions: ['edit', 'detail', 'delete'],
    },
    form: { fields: ['carNo', 'brand', 'buyDate', 'price', 'remark', ...extra.map((f) => String(f.name))] },
  };
}

describe.each(DATABASE_KINDS)('表单开发 (online forms) on %s', (kind) => {
  let ctx: TestApp;
  let admin: string;
  let lisi: string;
  let headId: string;

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    admin = (await login(ctx.app, 'admin')).token;
    lisi = (await login(ctx.app, 'lisi')).token;
  }, 120_000);
  afterAll(async () => ctx?.close());

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token = admin, payload?: Rec) =>
    (await ctx.app.inject({ method, url: `${API}${url}`, ...(payload ? { payload } : {}), headers: authHeaders(token) })).json() as Answer;
  const db = () => ctx.database.db;

  it('新增 creates a form with its first document (no field yet) as version 1, refusing reserved and taken table names', async () => {
    for (const [tableName, message] of [
      ['sys_car', '表名不能以 sys_ 开头（系统表）'],
      ['onl_car', '表名不能以 onl_ 开头（系统表）'],
      ['mnt_expert', '数据库中已有表 mnt_expert，不能用作在线表单'],
      ['pg_car', '表名不能以 pg_ 开头（系统表）'],
      ['lossdesk_car', '表名不能以 lossdesk_ 开头（系统表）'],
    ]) {
      expect(await call('POST', '/online/cgformHead/add', admin, { tableName, tableTxt: '车辆', tableType: '1' })).toMatchObject({ success: false, message });
    }
    expect(await call('POST', '/online/cgformHead/add', admin, { tableName: 'Car', tableTxt: '车辆', tableType: '1' })).toMatchObject({ success: false });
    const added = await call('POST', '/online/cgformHead/add', admin, { tableName: 'car_info', tableTxt: '车辆信息', tableType: '1' });
    expect(added, added.message).toMatchObject({ success: true });
    const list = await call('GET', '/online/cgformHead/list?tableName=car_info');
    expect(list.result.records).toHaveLength(1);
    headId = list.result.records[0].id;
    expect(list.result.records[0]).toMatchObject({ tableName: 'car_info', tableTxt: '车辆信息', tableVersion: 1, isDbSynch: 'N', isDbSynch_dictText: '未同步', tableType_dictText: '单表' });
    const doc = await call('GET', `/online/cgformHead/document?id=${headId}`);
    expect(doc.result).toMatchObject({ id: headId, tableName: 'car_info', tableVersion: 1, isDbSynch: 'N' });
    expect(doc.result.document).toMatchObject({ entity: { name: 'carInfo', module: 'online', table: 'car_info', apiPath: '/online/form/carInfo', permissionPrefix: 'onl_car_info', title: '车辆信息' }, fields: [] });
    // Not synced: nothing is served yet, and 同步 of a document without fields is refused.
    expect(await call('GET', '/online/form/carInfo/list')).toMatchObject({ success: false, message: '在线表单不存在或尚未同步数据库' });
    const sync = await call('POST', '/online/cgformHead/sync', admin, { id: headId });
    expect(sync.success).toBe(false);
    expect(sync.result.errors).toContainEqual({ pointer: '/fields', message: '至少需要 1 项' });
    expect(await readTable(db(), 'car_info')).toBeUndefined();
    // 表名 never changes after 新增.
    expect(await call('PUT', '/online/cgformHead/edit', admin, { id: headId, tableName: 'car_info2', tableTxt: '车辆信息', tableType: '1' })).toMatchObject({
      success: false,
      message: '表名保存后不能修改，可以复制为新表名',
    });
  });

  it('保存 refuses a document by pointer (runtime loader and online rules) and keeps a version per save', async () => {
    const bad = carDocument();
    (bad.entity as Rec).name = 'car';
    (bad.entity as Rec).apiPath = '/sys/user';
    (bad.fields as Rec[])[0] = { name: 'carNo', type: 'string' };
    const refused = await call('PUT', '/online/cgformHead/document', admin, { id: headId, document: bad });
    expect(refused.success).toBe(false);
    expect(refused.message).toMatch(/^页面定义有误：/);
    expect(refused.result.errors).toEqual(
      expect.arrayContaining([
        { pointer: '/entity/name', message: '在线表单的 entity.name 应为 carInfo' },
        { pointer: '/entity/apiPath', message: '在线表单的 entity.apiPath 应为 /online/form/carInfo' },
        expect.objectContaining({ pointer: '/fields/0' }),
      ]),
    );
    const workflow = { ...carDocument(), list: { ...(carDocument().list as Rec), toolbar: ['add', 'recycleBin'] } };
    const refusedBin = await call('PUT', '/online/cgformHead/document', admin, { id: headId, document: workflow });
    expect(refusedBin.result.errors).toContainEqual({ pointer: '/list/toolbar/1', message: '在线表单不支持回收站' });
    const saved = await call('PUT', '/online/cgformHead/document', admin, { id: headId, document: { $schema: '../../meta/page.schema.json', ...carDocument() } });
    expect(saved, saved.message).toMatchObject({ success: true, result: { tableVersion: 2 } });
    const doc = await call('GET', `/online/cgformHead/document?id=${headId}`);
    expect(doc.result).toMatchObject({ tableVersion: 2, isDbSynch: 'N' });
    expect(doc.result.document).toEqual(carDocument());
    const versions = await call('GET', `/online/cgformVersion/list?headId=${headId}`);
    expect(versions.result.records.map((r: Rec) => r.version)).toEqual([2, 1]);
  });

  it('同步数据库 creates the table and serves the page at once: CRUD with a duplicate refused, 510 without the code', async () => {
    const sync = await call('POST', '/online/cgformHead/sync', admin, { id: headId });
    expect(sync, sync.message).toMatchObject({ success: true, message: '同步数据库成功！' });
    const table = await readTable(db(), 'car_info');
    expect(table?.columns.map((c) => c.name)).toEqual(expect.arrayContaining(['id', 'car_no', 'brand', 'buy_date', 'price', 'remark', 'create_time']));
    expect((await call('GET', `/online/cgformHead/document?id=${headId}`)).result.isDbSynch).toBe('Y');

    expect(await call('POST', '/online/form/carInfo/add', admin, { carNo: '沪A12345', brand: '1', buyDate: '2026-01-02', price: '123456.78', remark: '首辆' })).toMatchObject({ success: true, message: '添加成功！' });
    const duplicate = await call('POST', '/online/form/carInfo/add', admin, { carNo: '沪A12345', brand: '2' });
    expect(duplicate.success).toBe(false);
    expect(duplicate.result.errors).toContainEqual(expect.objectContaining({ field: 'carNo' }));
    const list = await call('GET', '/online/form/carInfo/list?carNo=*A12*');
    expect(list.result).toMatchObject({ total: 1 });
    const [row] = list.result.records as Rec[];
    expect(row).toMatchObject({ carNo: '沪A12345', brand: '1', brand_dictText: '男', buyDate: '2026-01-02', price: '123456.78' });
    expect(await call('PUT', '/online/form/carInfo/edit', admin, { ...row, remark: '改过' })).toMatchObject({ success: true });
    expect((await call('GET', `/online/form/carInfo/queryById?id=${String(row.id)}`)).result).toMatchObject({ remark: '改过' });
    // The form's 重复校验 knows the online table's unique column.
    expect(await call('GET', `/sys/duplicate/check?tableName=car_info&fieldName=carNo&fieldVal=${encodeURIComponent('沪A12345')}`)).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    expect(await call('GET', `/sys/duplicate/check?tableName=car_info&fieldName=carNo&fieldVal=${encodeURIComponent('沪A12345')}&dataId=${String(row.id)}`)).toMatchObject({ success: true });
    expect(await call('GET', '/sys/duplicate/check?tableName=car_info&fieldName=remark&fieldVal=x')).toMatchObject({ success: false, message: '校验的表或字段不在允许范围内' });
    const exported = await ctx.app.inject({ method: 'GET', url: `${API}/online/form/carInfo/exportXls`, headers: authHeaders(admin) });
    expect(exported.headers['content-type']).toContain('spreadsheetml');

    // lisi holds neither the page's codes nor 功能测试.
    for (const [method, url, payload] of [
      ['GET', '/online/form/carInfo/list'],
      ['GET', `/online/form/carInfo/queryById?id=${String(row.id)}`],
      ['POST', '/online/form/carInfo/add', { carNo: '京B1' }],
      ['PUT', '/online/form/carInfo/edit', { id: row.id, carNo: '京B1' }],
      ['DELETE', `/online/form/carInfo/delete?id=${String(row.id)}`],
      ['GET', '/online/form/carInfo/exportXls'],
      ['GET', `/online/cgform/api/document/${headId}`],
      ['GET', `/online/cgform/api/getData/${headId}`],
      ['GET', `/online/cgform/api/getColumns/${headId}`],
      ['GET', `/online/cgform/api/form/${headId}/${String(row.id)}`],
    ] as const) {
      expect({ url, ...(await call(method, url, lisi, payload as Rec | undefined)) }).toMatchObject({ url, ...NO_PERMISSION });
    }
    expect((await call('GET', '/online/form/carInfo/list')).result.total).toBe(1);
  });

  it('a saved change of the table waits for 同步; adding a field and widening keep the rows; narrowing is refused naming the column', async () => {
    const color = { name: 'color', label: '颜色', type: 'string', length: 20 };
    expect(await call('PUT', '/online/cgformHead/document', admin, { id: headId, document: carDocument({ extra: [color], remarkLength: 200 }) })).toMatchObject({ success: true });
    expect((await call('GET', `/online/cgformHead/document?id=${headId}`)).result.isDbSynch).toBe('N');
    // Until synced, the served page is the one the table has.
    expect((await call('GET', '/online/form/carInfo/list')).result.records[0]).not.toHaveProperty('color');
    expect(await call('POST', '/online/cgformHead/sync', admin, { id: headId })).toMatchObject({ success: true });
    const table = await readTable(db(), 'car_info');
    expect(table?.columns.find((c) => c.name === 'color')).toBeDefined();
    expect(await call('POST', '/online/form/carInfo/add', admin, { carNo: '沪B2', color: '红' })).toMatchObject({ success: true });
    const records = (await call('GET', '/online/form/carInfo/list?column=carNo&order=asc')).result.records as Rec[];
    expect(records.map((r) => [r.carNo, r.remark ?? null, r.color ?? null])).toEqual([
      ['沪A12345', '改过', null],
      ['沪B2', null, '红'],
    ]);

    expect(await call('PUT', '/online/cgformHead/document', admin, { id: headId, document: carDocument({ extra: [color], remarkLength: 5 }) })).toMatchObject({ success: true });
    const narrowed = await call('POST', '/online/cgformHead/sync', admin, { id: headId });
    expect(narrowed.success).toBe(false);
    expect(narrowed.message).toMatch(/^同步失败，数据库未作任何修改：/);
    expect(narrowed.message).toContain('remark');
    expect((await readTable(db(), 'car_info'))?.columns.find((c) => c.name === 'remark')).toMatchObject({ name: 'remark' });
    expect((await call('GET', `/online/cgformHead/document?id=${headId}`)).result.isDbSynch).toBe('N');
    expect((await call('GET', '/online/form/carInfo/list')).result.total).toBe(2);
  });

  it('版本: 数据比较 shows one row per property, 恢复 saves the old document as a new version', async () => {
    const versions = (await call('GET', `/online/cgformVersion/list?headId=${headId}&column=version&order=asc`)).result.records as Rec[];
    expect(versions.map((v) => v.version)).toEqual([1, 2, 3, 4]);
    const compared = await call('GET', `/online/cgformVersion/queryCompareList?dataId1=${String(versions[3].id)}&dataId2=${String(versions[2].id)}`);
    expect(compared.success, compared.message).toBe(true);
    const [older, newer] = compared.result as Rec[];
    expect([older.version, newer.version]).toEqual([3, 4]);
    const before = JSON.parse(String(older.dataContent)) as Rec;
    const after = JSON.parse(String(newer.dataContent)) as Rec;
    expect([before['fields.remark.length'], after['fields.remark.length']]).toEqual(['200', '5']);
    expect(older.fieldLabels).toMatchObject({ 'fields.remark.length': '字段 › remark › 长度', 'fields.carNo.label': '字段 › carNo › 标题' });

    const restored = await call('POST', '/online/cgformVersion/restore', admin, { id: versions[2].id });
    expect(restored, restored.message).toMatchObject({ success: true, message: '已恢复版本 3，保存为版本 5' });
    const doc = await call('GET', `/online/cgformHead/document?id=${headId}`);
    expect(doc.result.document).toEqual(carDocument({ extra: [{ name: 'color', label: '颜色', type: 'string', length: 20 }], remarkLength: 200 }));
    // Version 3 is the table as synced: nothing left to sync, and the page is served as it is.
    expect(doc.result.isDbSynch).toBe('Y');
  });

  it('生成菜单 adds the menu with its six codes under the parent, granted to the roles', async () => {
    const parent = await db().selectFrom('sys_permission').select('id').where('url', '=', '/online').executeTakeFirstOrThrow();
    const manager = await db().selectFrom('sys_role').select('id').where('role_code', '=', 'manager').executeTakeFirstOrThrow();
    const made = await call('POST', '/online/cgformHead/generateMenu', admin, { id: headId, parentId: parent.id, roleIds: manager.id });
    expect(made, made.message).toMatchObject({ success: true, message: '生成菜单成功！' });
    const menu = await db().selectFrom('sys_permission').selectAll().where('url', '=', `/online/cgformList/${headId}`).executeTakeFirstOrThrow();
    expect(menu).toMatchObject({ parent_id: parent.id, name: '车辆信息', component: 'modules/online/cgform/auto/OnlCgformAutoList', menu_type: 1 });
    const buttons = await db().selectFrom('sys_permission').select('perms').where('parent_id', '=', menu.id).orderBy('sort_no').execute();
    expect(buttons.map((b) => b.perms)).toEqual(['list', 'add', 'edit', 'delete', 'exportXls', 'importExcel'].map((a) => `onl_car_info:${a}`));
    const zhangsan = (await login(ctx.app, 'zhangsan')).token;
    const managerHolder = await db()
      .selectFrom('sys_user_role as ur')
      .innerJoin('sys_user as u', 'u.id', 'ur.user_id')
      .select('u.username')
      .where('ur.role_id', '=', manager.id)
      .executeTakeFirst();
    if (managerHolder) {
      const token = managerHolder.username === 'zhangsan' ? zhangsan : (await login(ctx.app, managerHolder.username)).token;
      const api = await call('GET', `/online/cgform/api/document/${headId}`, token);
      expect(api, api.message).toMatchObject({ success: true, result: { tableTxt: '车辆信息' } });
      expect([...(api.result.permissions as string[])].sort()).toEqual(['add', 'delete', 'edit', 'exportXls', 'importExcel', 'list'].map((a) => `onl_car_info:${a}`).sort());
      expect((await call('GET', '/online/form/carInfo/list', token)).result.total).toBe(2);
    }
    expect(await call('POST', '/online/cgformHead/generateMenu', admin, { id: headId, parentId: parent.id })).toMatchObject({ success: false, message: '该表单已生成菜单「车辆信息」' });
  });

  it('JeecgBoot online endpoints answer in the contract shapes', async () => {
    const columns = await call('GET', `/online/cgform/api/getColumns/${headId}`);
    expect(columns.result).toMatchObject({ code: headId, description: '车辆信息', currentTableName: 'car_info' });
    expect(columns.result.columns[0]).toMatchObject({ title: '车牌号', dataIndex: 'carNo' });
    expect(columns.result.dictOptions.brand).toContainEqual({ value: '1', text: '男', title: '男', label: '男' });
    const data = await call('GET', `/online/cgform/api/getData/${headId}?pageSize=1&column=carNo&order=asc`);
    expect(data.result.total).toBe(2);
    expect(Object.keys(data.result).sort()).toEqual(['records', 'total']);
    expect(data.result.records[0]).toMatchObject({ car_no: '沪A12345', brand: '1', brand_dictText: '男', buy_date: '2026-01-02' });
    const added = await call('POST', `/online/cgform/api/form/${headId}`, admin, { carNo: '粤C3' });
    expect(added).toMatchObject({ success: true, message: '添加成功！' });
    expect(await call('POST', `/online/cgform/api/form/${headId}`, admin, { carNo: '粤C3' })).toMatchObject({ success: false, message: expect.stringContaining('车牌号「粤C3」已存在') });
    const row = (await call('GET', '/online/form/carInfo/list?carNo=粤C3')).result.records[0] as Rec;
    expect(added.result).toBe(row.id);
    expect((await call('GET', `/online/cgform/api/form/${headId}/${String(row.id)}`)).result).toMatchObject({ carNo: '粤C3' });
    expect(await call('PUT', `/online/cgform/api/form/${headId}`, admin, { ...row, color: '蓝' })).toMatchObject({ success: true });
    expect(await call('DELETE', `/online/cgform/api/form/${headId}/${String(row.id)}`)).toMatchObject({ success: true });
    expect((await call('GET', `/online/cgform/api/getData/${headId}`)).result.total).toBe(2);
  });

  it('a file in an online form record is readable by holders of the list code of the form, as on a file page', async () => {
    const photo = { name: 'photo', label: '照片', type: 'string', length: 500, widget: 'image' };
    const current = (await call('GET', `/online/cgformHead/document?id=${headId}`)).result.document as Rec;
    const withPhoto = { ...current, fields: [...(current.fields as Rec[]), photo], form: { fields: [...((current.form as Rec).fields as string[]), 'photo'] } };
    expect(await call('PUT', '/online/cgformHead/document', admin, { id: headId, document: withPhoto })).toMatchObject({ success: true });
    expect(await call('POST', '/online/cgformHead/sync', admin, { id: headId })).toMatchObject({ success: true });
    const uploaded = body<string>(await upload(ctx.app, admin, { name: '车.png', content: PNG_1PX, contentType: 'image/png' }));
    expect(uploaded.success).toBe(true);
    const stored = uploaded.message;
    expect(await call('POST', '/online/form/carInfo/add', admin, { carNo: '沪P1', photo: stored })).toMatchObject({ success: true });
    const readAs = async (token: string) =>
      (await ctx.app.inject({ method: 'GET', url: `${API}/sys/common/static/${stored.split('/').map(encodeURIComponent).join('/')}`, headers: authHeaders(token) })).statusCode;
    // zhangsan (部门经理) was granted onl_car_info:list by 生成菜单; lisi holds nothing of the form.
    expect(await readAs((await login(ctx.app, 'zhangsan')).token)).toBe(200);
    expect(await readAs(lisi)).toBe(404);
    const row = (await call('GET', '/online/form/carInfo/list?carNo=沪P1')).result.records[0] as Rec;
    expect(await call('DELETE', `/online/form/carInfo/delete?id=${String(row.id)}`)).toMatchObject({ success: true });
  });

  it('导入 (Excel) into an online form: a refused row stops the file with an error workbook its importer downloads; good rows are added', async () => {
    const workbookOf = async (rows: unknown[][]) => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('车辆信息');
      sheet.addRow(['车辆信息报表']);
      sheet.addRow(['导入']);
      sheet.addRow(['车牌号', '品牌', '购置日期', '价格', '备注']);
      for (const row of rows) sheet.addRow(row);
      return Buffer.from(await workbook.xlsx.writeBuffer());
    };
    const send = async (url: string, content: Buffer) => {
      const upload = multipart([{ field: 'file', name: '车辆信息.xlsx', content }]);
      return (await ctx.app.inject({ method: 'POST', url: `${API}${url}`, payload: upload.payload, headers: { ...authHeaders(admin), ...upload.headers } })).json() as Answer;
    };
    const good = ['浙D4', '男', '2026-03-04', 88000, '导入'];
    const refused = await send('/online/form/carInfo/importExcel', await workbookOf([good, ['沪A12345', '女', null, null, '重复']]));
    expect(refused, refused.message).toMatchObject({ success: true, code: 201 });
    expect(refused.message).toMatch(/^文件导入失败，第5行数据有误/);
    const fileUrl = String(refused.result.fileUrl);
    expect(fileUrl).toMatch(/^\/online\/form\/carInfo\/importErrorFile\?key=[0-9a-f]{48}$/);
    const download = await ctx.app.inject({ method: 'GET', url: `${API}${fileUrl}`, headers: authHeaders(admin) });
    expect(download.headers['content-type']).toContain('spreadsheetml');
    expect((await ctx.app.inject({ method: 'GET', url: `${API}${fileUrl}`, headers: authHeaders(lisi) })).json()).toMatchObject(NO_PERMISSION);
    expect((await call('GET', `/online/form/carInfo/list?carNo=${encodeURIComponent('浙D4')}`)).result.total).toBe(0);
    // JeecgBoot's importXls/{code} is the same import.
    expect(await send(`/online/cgform/api/importXls/${headId}`, await workbookOf([good]))).toMatchObject({ success: true, message: '文件导入成功！数据行数：1' });
    const added = (await call('GET', `/online/form/carInfo/list?carNo=${encodeURIComponent('浙D4')}`)).result.records as Rec[];
    expect(added.map((r) => [r.carNo, r.brand, r.buyDate])).toEqual([['浙D4', '1', '2026-03-04']]);
    expect(await call('DELETE', `/online/form/carInfo/delete?id=${String(added[0].id)}`)).toMatchObject({ success: true });
  });

  it('导出 writes a page file that passes schemas:check; 导入 of it and 导出 again give the same document; 复制 renames the entity', async () => {
    const exported = await ctx.app.inject({ method: 'GET', url: `${API}/online/cgformHead/exportDocument?id=${headId}`, headers: authHeaders(admin) });
    expect(exported.headers['content-disposition']).toContain('carInfo.json');
    const text = exported.body;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lossdesk-online-'));
    try {
      fs.mkdirSync(path.join(dir, 'online'));
      fs.writeFileSync(path.join(dir, 'online', 'carInfo.json'), text);
      expect(checkPageFolder(dir).errors).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const file = JSON.parse(text) as Rec;
    expect(file.$schema).toBe('../../meta/page.schema.json');

    // The same form under another table name, imported as a file and exported again.
    const renamed = JSON.parse(text.replaceAll('car_info', 'car_import').replaceAll('carInfo', 'carImport')) as Rec;
    const boundary = 'lossdeskBoundary';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="carImport.json"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(renamed)}\r\n--${boundary}--\r\n`;
    const imported = (await ctx.app.inject({ method: 'POST', url: `${API}/online/cgformHead/importDocument`, payload, headers: { ...authHeaders(admin), 'content-type': `multipart/form-data; boundary=${boundary}` } })).json() as Answer;
    expect(imported, imported.message).toMatchObject({ success: true, message: '导入成功！' });
    const again = await ctx.app.inject({ method: 'GET', url: `${API}/online/cgformHead/exportDocument?id=${String(imported.result.id)}`, headers: authHeaders(admin) });
    expect(JSON.parse(again.body)).toEqual(renamed);
    // A second import of the same table is refused.
    expect(await call('POST', '/online/cgformHead/importDocument', admin, { document: renamed })).toMatchObject({ success: false, message: '表名 car_import 已被其他在线表单使用' });

    const copied = await call('POST', '/online/cgformHead/copy', admin, { id: headId, tableName: 'car_copy' });
    expect(copied, copied.message).toMatchObject({ success: true });
    const copy = await call('GET', `/online/cgformHead/document?id=${String(copied.result.id)}`);
    expect(copy.result).toMatchObject({ tableName: 'car_copy', tableVersion: 1, isDbSynch: 'N' });
    expect(copy.result.document.entity).toMatchObject({ name: 'carCopy', table: 'car_copy', apiPath: '/online/form/carCopy', permissionPrefix: 'onl_car_copy', title: '车辆信息' });
    expect(await call('POST', '/online/cgformHead/copy', admin, { id: headId, tableName: 'sys_user' })).toMatchObject({ success: false, message: '表名不能以 sys_ 开头（系统表）' });
  });

  it('every 表单开发 endpoint answers 510 to a user without its code, and 删除 stops serving the form', async () => {
    const version = (await call('GET', `/online/cgformVersion/list?headId=${headId}`)).result.records[0] as Rec;
    for (const [method, url, payload] of [
      ['GET', '/online/cgformHead/list'],
      ['POST', '/online/cgformHead/add', { tableName: 'x_y', tableTxt: 'x', tableType: '1' }],
      ['GET', `/online/cgformHead/document?id=${headId}`],
      ['PUT', '/online/cgformHead/document', { id: headId, document: carDocument() }],
      ['POST', '/online/cgformHead/sync', { id: headId }],
      ['POST', '/online/cgformHead/generateMenu', { id: headId, parentId: 'x' }],
      ['GET', `/online/cgformHead/exportDocument?id=${headId}`],
      ['POST', '/online/cgformHead/importDocument', { document: carDocument() }],
      ['POST', '/online/cgformHead/copy', { id: headId, tableName: 'car_x' }],
      ['GET', `/online/cgformVersion/list?headId=${headId}`],
      ['GET', `/online/cgformVersion/queryCompareList?dataId1=${String(version.id)}&dataId2=x`],
      ['POST', '/online/cgformVersion/restore', { id: version.id }],
      ['DELETE', `/online/cgformHead/delete?id=${headId}`],
    ] as const) {
      expect({ url, ...(await call(method, url, lisi, payload as Rec | undefined)) }).toMatchObject({ url, ...NO_PERMISSION });
    }
    expect(await call('DELETE', `/online/cgformHead/delete?id=${headId}`)).toMatchObject({ success: true });
    expect(await call('GET', '/online/form/carInfo/list')).toMatchObject({ success: false, message: '在线表单不存在或尚未同步数据库' });
    // 还原 from the recycle bin serves it again; the table and its rows were never touched.
    expect(await call('PUT', `/online/cgformHead/back/${headId}`)).toMatchObject({ success: true });
    expect((await call('GET', '/online/form/carInfo/list')).result.total).toBe(2);
  });

  it('a 树 form is served with its tree: roots first, childList under a node, has-child kept by the server', async () => {
    expect(await call('POST', '/online/cgformHead/add', admin, { tableName: 'car_group', tableTxt: '车队', tableType: '4' })).toMatchObject({ success: true });
    const id = (await call('GET', '/online/cgformHead/list?tableName=car_group')).result.records[0].id as string;
    const document = {
      schemaVersion: 1,
      entity: {
        name: 'carGroup', module: 'online', title: '车队', table: 'car_group', permissionPrefix: 'onl_car_group', apiPath: '/online/form/carGroup',
        tree: { parentField: 'pid', hasChildField: 'hasChild', rootValue: '0' },
      },
      fields: [
        { name: 'groupName', label: '车队名称', type: 'string', length: 50, required: true },
        { name: 'pid', label: '上级车队', type: 'string', length: 32, default: '0' },
        { name: 'hasChild', label: '有下级', type: 'string', length: 1, dictCode: 'yn', default: 'N', hidden: true, readOnly: true },
      ],
      list: { columns: [{ field: 'groupName' }], query: [{ field: 'groupName', mode: 'like' }], toolbar: ['add'], rowActions: ['edit', 'delete'] },
      form: { fields: ['groupName', 'pid'] },
    };
    const saved = await call('PUT', '/online/cgformHead/document', admin, { id, document });
    expect(saved, JSON.stringify(saved.result)).toMatchObject({ success: true });
    expect(await call('POST', '/online/cgformHead/sync', admin, { id })).toMatchObject({ success: true });
    expect(await call('POST', '/online/form/carGroup/add', admin, { groupName: '华东车队' })).toMatchObject({ success: true });
    const root = (await call('GET', '/online/form/carGroup/list')).result.records[0] as Rec;
    expect(await call('POST', '/online/form/carGroup/add', admin, { groupName: '上海分队', pid: root.id })).toMatchObject({ success: true });
    const roots = (await call('GET', '/online/form/carGroup/list')).result.records as Rec[];
    expect(roots.map((r) => [r.groupName, r.hasChild])).toEqual([['华东车队', 'Y']]);
    const children = (await call('GET', `/online/form/carGroup/childList?pid=${String(root.id)}`)).result as Rec[];
    expect(children.map((r) => r.groupName)).toEqual(['上海分队']);
  });

  it('another node (or a restart) serves every synced form from the database, and sees a sync made elsewhere at its next call', async () => {
    const other = await buildApp({ config: ctx.config, database: ctx.database, pages: loadEntityPages() });
    try {
      await other.ready();
      const list = async () => ((await other.inject({ method: 'GET', url: `${API}/online/form/carGroup/list?hasQuery=true`, headers: authHeaders(admin) })).json() as Answer).result;
      expect((await list()).total).toBe(2);
      const id = (await call('GET', '/online/cgformHead/list?tableName=car_group')).result.records[0].id as string;
      const { document } = (await call('GET', `/online/cgformHead/document?id=${id}`)).result as { document: Rec };
      const withLeader = { ...document, fields: [...(document.fields as Rec[]), { name: 'leader', label: '队长', type: 'string', length: 20 }] };
      expect(await call('PUT', '/online/cgformHead/document', admin, { id, document: withLeader })).toMatchObject({ success: true });
      expect((await list()).records[0]).not.toHaveProperty('leader');
      expect(await call('POST', '/online/cgformHead/sync', admin, { id })).toMatchObject({ success: true });
      expect((await list()).records[0]).toHaveProperty('leader');
    } finally {
      await other.close();
    }
  });

  it('功能测试 (onlCgform:test) alone opens every online form with all of its codes', async () => {
    // wangwu (财务) holds nothing of 表单开发 until his role is given 功能测试 alone.
    const finance = await db().selectFrom('sys_role').select('id').where('role_code', '=', 'finance').executeTakeFirstOrThrow();
    const test = await db().selectFrom('sys_permission').select('id').where('perms', '=', 'onlCgform:test').executeTakeFirstOrThrow();
    await db().insertInto('sys_role_permission').values({ id: 'test_grant_onl_test', role_id: finance.id, permission_id: test.id, data_rule_ids: null }).execute();
    try {
      const wangwu = (await login(ctx.app, 'wangwu')).token;
      const api = await call('GET', `/online/cgform/api/document/${headId}`, wangwu);
      expect(api, api.message).toMatchObject({ success: true });
      expect([...(api.result.permissions as string[])].sort()).toEqual(['add', 'delete', 'edit', 'exportXls', 'importExcel', 'list'].map((a) => `onl_car_info:${a}`).sort());
      expect((await call('GET', '/online/form/carInfo/list', wangwu)).success).toBe(true);
      expect(await call('GET', '/online/cgformHead/list', wangwu)).toMatchObject(NO_PERMISSION);
    } finally {
      await db().deleteFrom('sys_role_permission').where('id', '=', 'test_grant_onl_test').execute();
    }
  });

  it('a database seeded before gets 表单开发 on its page with its codes and the hidden 版本 page, granted to who held the menu', async () => {
    const codes = [...['list', 'add', 'edit', 'delete', 'sync', 'test', 'menu', 'export', 'import', 'copy', 'version'].map((c) => `onlCgform:${c}`), 'onlCgformVersion:list'];
    await db().deleteFrom('sys_permission').where('perms', 'in', codes).execute();
    await db().deleteFrom('sys_permission').where('component', '=', 'schema/online/cgformVersion').execute();
    await db().updateTable('sys_permission').set({ component: 'modules/online/cgform/OnlCgformHeadList' }).where('component', '=', 'schema/online/cgformHead').execute();
    await switchFormMenu(db() as unknown as Kysely<unknown>);
    await switchFormMenu(db() as unknown as Kysely<unknown>);
    const menu = await db().selectFrom('sys_permission').select(['id', 'name']).where('component', '=', 'schema/online/cgformHead').execute();
    expect(menu.map((m) => m.name)).toEqual(['表单开发']);
    const granted = await db()
      .selectFrom('sys_permission as p')
      .innerJoin('sys_role_permission as rp', 'rp.permission_id', 'p.id')
      .innerJoin('sys_role as r', 'r.id', 'rp.role_id')
      .select(['p.perms', 'r.role_code', 'p.parent_id'])
      .where('p.perms', 'in', codes)
      .execute();
    expect(new Set(granted.map((g) => g.role_code))).toEqual(new Set(['admin']));
    expect(new Set(granted.map((g) => g.perms))).toEqual(new Set(codes));
    const versionMenu = await db().selectFrom('sys_permission').select(['id', 'hidden', 'parent_id']).where('component', '=', 'schema/online/cgformVersion').execute();
    expect(versionMenu).toHaveLength(1);
    expect(versionMenu[0]).toMatchObject({ hidden: true, parent_id: (await db().selectFrom('sys_permission').select('parent_id').where('id', '=', menu[0].id).executeTakeFirstOrThrow()).parent_id });
    expect(new Set(granted.map((g) => g.parent_id))).toEqual(new Set([menu[0].id, versionMenu[0].id]));
  });
});
