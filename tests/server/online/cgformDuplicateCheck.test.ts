/**
 * The add and edit form of a generated online page check a unique field (车牌号) through
 * /sys/duplicate/check as file pages do: once the form is synced its unique columns are known,
 * and still nothing else of its table may be queried.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, login, startTestApp, type TestApp } from '../support/app';

type Rec = Record<string, unknown>;
type Answer = Rec & { success: boolean; message: string; result: unknown };

const NOT_ALLOWED = '校验的表或字段不在允许范围内';

const truckDocument: Rec = {
  schemaVersion: 1,
  entity: { name: 'truckInfo', module: 'online', title: '货车信息', table: 'truck_info', permissionPrefix: 'onl_truck_info', apiPath: '/online/form/truckInfo' },
  fields: [
    { name: 'plateNo', label: '车牌号', type: 'string', length: 20, required: true, unique: true },
    { name: 'brand', label: '品牌', type: 'string', length: 20 },
  ],
  list: { columns: [{ field: 'plateNo' }, { field: 'brand' }], toolbar: ['add'], rowActions: ['edit', 'delete'] },
  form: { fields: ['plateNo', 'brand'] },
};

describe.each(DATABASE_KINDS)('duplicate check of an online form on %s', (kind) => {
  let ctx: TestApp;
  let admin: string;

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    admin = (await login(ctx.app, 'admin')).token;
  }, 120_000);
  afterAll(async () => ctx?.close());

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Rec) =>
    (await ctx.app.inject({ method, url: `${API}${url}`, ...(payload ? { payload } : {}), headers: authHeaders(admin) })).json() as Answer;
  const check = (fieldName: string, fieldVal: string) =>
    call('GET', `/sys/duplicate/check?tableName=truck_info&fieldName=${fieldName}&fieldVal=${encodeURIComponent(fieldVal)}`);

  it('answers for the unique column once the form is synced, and for nothing else', async () => {
    const added = await call('POST', '/online/cgformHead/add', { tableName: 'truck_info', tableTxt: '货车信息', tableType: '1' });
    expect(added.success, added.message).toBe(true);
    const list = await call('GET', '/online/cgformHead/list?tableName=truck_info');
    const id = (list.result as { records: { id: string }[] }).records[0].id;
    expect(await call('PUT', '/online/cgformHead/document', { id, document: truckDocument })).toMatchObject({ success: true });
    // Not served yet: its table is not known.
    expect(await check('plateNo', '粤B12345')).toMatchObject({ success: false, message: NOT_ALLOWED });

    expect(await call('POST', '/online/cgformHead/sync', { id })).toMatchObject({ success: true });
    expect(await call('POST', '/online/form/truckInfo/add', { plateNo: '粤B12345', brand: '解放' })).toMatchObject({ success: true });
    expect(await check('plateNo', '粤B12345')).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    expect(await check('plate_no', '粤B99999')).toMatchObject({ success: true, message: '该值可用！' });
    // A column that is not unique is never queried.
    expect(await check('brand', '解放')).toMatchObject({ success: false, message: NOT_ALLOWED });
  });
});
