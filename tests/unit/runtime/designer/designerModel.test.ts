/**
 * The online-form designer's headless model: a page document read as designer rows and written back.
 * Unchanged rows give the very same document (every shipped page as proof), unknown parts survive,
 * and the 车辆信息 form designed row by row is a page the runtime loads.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromDocument } from '../../../../runtime/designer/fromDocument';
import { toDocument } from '../../../../runtime/designer/toDocument';
import { addField, addIndex, moveField, newFieldRow, removeField, updateField } from '../../../../runtime/designer/rows';
import type { DesignerModel, JsonObject } from '../../../../runtime/designer/types';
import { loadPageSchema } from '../../../../runtime/schema/loadPageSchema';
import { formatSchemaError } from '../../../../runtime/schema/schemaError';
import { pageFiles, repoRoot } from '../schema/fixtures';

function read(file: string): JsonObject {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as JsonObject;
}

/** The document the server makes for 新增 (server/online/form/documentRules.ts firstDocument). */
function emptyOnlineDocument(): JsonObject {
  return {
    schemaVersion: 1,
    entity: { name: 'carInfo', module: 'online', title: '车辆信息', table: 'car_info', apiPath: '/online/form/carInfo', permissionPrefix: 'onl_car_info' },
    fields: [],
    list: {
      columns: [{ field: 'createTime', title: '创建时间', format: 'datetime', sortable: true }],
      query: [],
      toolbar: ['add', 'batchDelete', 'export', 'import'],
      rowActions: ['edit', 'detail', 'delete'],
    },
    form: { fields: [] },
  };
}

function field(model: DesignerModel, column: string, patch: Partial<DesignerModel['fields'][number]>): DesignerModel {
  const row = { ...newFieldRow(), column, ...patch };
  return addField(model, row);
}

function carInfo(): { base: JsonObject; model: DesignerModel } {
  const base = emptyOnlineDocument();
  let model = fromDocument(base);
  model = field(model, 'plate_no', { label: '车牌号', length: 20, nullable: false, unique: true, queryMode: 'like', sortable: true });
  model = field(model, 'brand', { label: '品牌', length: 32, dictCode: 'car_brand', queryMode: 'eq' });
  model = field(model, 'buy_date', { label: '购置日期', type: 'date', length: undefined, queryMode: 'range' });
  model = field(model, 'price', { label: '价格', type: 'money', length: 12, scale: 2, defaultValue: '0', validation: { kind: 'pattern', pattern: 'money' } });
  model = field(model, 'remark', { label: '备注', type: 'text', length: undefined, listShow: false, widget: 'textarea' });
  return { base, model };
}

describe('designer model round trip', () => {
  it('gives back every shipped page document unchanged when nothing was edited', () => {
    const files = pageFiles();
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) {
      const doc = read(file);
      expect(toDocument(fromDocument(doc), doc), path.relative(repoRoot, file)).toEqual(doc);
    }
  });

  it('keeps parts it does not edit: linkage, a column width, a rule message, extra rules, views', () => {
    const doc = read(path.join(repoRoot, 'schemas/pages/sys/position.json'));
    let model = fromDocument(doc);
    model = updateField(model, 'name', { label: '职务名', listShow: true });
    const saved = toDocument(model, doc);
    const before = doc.fields as JsonObject[];
    const after = saved.fields as JsonObject[];
    expect(after[1]).toEqual({ ...before[1], label: '职务名' });
    expect(after[0]).toEqual(before[0]);
    expect(saved.list).toEqual(doc.list);
    expect(saved.picker).toEqual(doc.picker);
    expect(saved.detail).toEqual(doc.detail);
  });

  it('carries unknown keys of an online document through a save', () => {
    const doc = { ...emptyOnlineDocument(), fields: [{ name: 'plateNo', label: '车牌号', type: 'string', length: 20, designerNote: '保留' }], views: [{ key: 'mine' }] };
    const model = updateField(fromDocument(doc), 'plateNo', { label: '车牌' });
    const saved = toDocument(model, doc);
    expect((saved.fields as JsonObject[])[0]).toEqual({ name: 'plateNo', label: '车牌', type: 'string', length: 20, designerNote: '保留' });
    expect(saved.views).toEqual([{ key: 'mine' }]);
  });
});

describe('designing 车辆信息', () => {
  it('writes a page document the runtime loads, with list, query, form and unique column', () => {
    const { base, model } = carInfo();
    const doc = toDocument(addIndex(model, [model.fields[0].key, model.fields[1].key]), base);
    const loaded = loadPageSchema(doc, 'online:test');
    expect(loaded.ok ? [] : loaded.errors.map(formatSchemaError)).toEqual([]);
    expect(doc.fields).toEqual([
      { name: 'plateNo', label: '车牌号', type: 'string', length: 20, required: true, unique: true },
      { name: 'brand', label: '品牌', type: 'string', length: 32, dictCode: 'car_brand' },
      { name: 'buyDate', label: '购置日期', type: 'date' },
      { name: 'price', label: '价格', type: 'money', precision: 12, scale: 2, default: 0, rules: [{ pattern: 'money' }] },
      { name: 'remark', label: '备注', type: 'text', widget: 'textarea' },
    ]);
    const list = doc.list as JsonObject;
    expect(list.columns).toEqual([
      { field: 'plateNo', sortable: true },
      { field: 'brand' },
      { field: 'buyDate', format: 'date' },
      { field: 'price', format: 'money', align: 'right' },
      { field: 'createTime', title: '创建时间', format: 'datetime', sortable: true },
    ]);
    expect(list.query).toEqual([
      { field: 'plateNo', mode: 'like' },
      { field: 'brand', mode: 'eq' },
      { field: 'buyDate', mode: 'range' },
    ]);
    expect(doc.form).toEqual({ fields: ['plateNo', 'brand', 'buyDate', 'price', 'remark'] });
    expect(doc.indexes).toEqual([{ fields: ['plateNo', 'brand'] }]);
  });

  it('adds 颜色 to a saved form and keeps the rest as it was', () => {
    const first = carInfo();
    const saved = toDocument(first.model, first.base);
    const next = field(fromDocument(saved), 'color', { label: '颜色', length: 20 });
    const doc = toDocument(next, saved);
    expect((doc.fields as JsonObject[]).slice(0, 5)).toEqual(saved.fields);
    expect((doc.fields as JsonObject[])[5]).toEqual({ name: 'color', label: '颜色', type: 'string', length: 20 });
    expect(((doc.list as JsonObject).columns as JsonObject[]).map((c) => c.field)).toEqual(['plateNo', 'brand', 'buyDate', 'price', 'color', 'createTime']);
    expect(loadPageSchema(doc, 'online:test2').ok).toBe(true);
  });

  it('renames a column everywhere the page names its field, and removes a field everywhere', () => {
    const first = carInfo();
    const saved = toDocument(addIndex(first.model, [first.model.fields[1].key]), first.base);
    let model = fromDocument(saved);
    model = updateField(model, 'brand', { column: 'car_brand' });
    model = removeField(model, 'buyDate');
    const doc = toDocument(model, saved);
    expect((doc.fields as JsonObject[]).map((f) => f.name)).toEqual(['plateNo', 'carBrand', 'price', 'remark']);
    const list = doc.list as JsonObject;
    expect((list.columns as JsonObject[]).map((c) => c.field)).toEqual(['plateNo', 'carBrand', 'price', 'createTime']);
    expect((list.query as JsonObject[]).map((q) => q.field)).toEqual(['plateNo', 'carBrand']);
    expect(doc.indexes).toEqual([{ fields: ['carBrand'] }]);
  });

  it('follows the rows order in list and query, and hides a field from the form by listing the others', () => {
    const first = carInfo();
    const saved = toDocument(first.model, first.base);
    let model = moveField(fromDocument(saved), 'brand', -1);
    model = updateField(model, 'remark', { formShow: false });
    const doc = toDocument(model, saved);
    expect(((doc.list as JsonObject).columns as JsonObject[]).map((c) => c.field)).toEqual(['brand', 'plateNo', 'buyDate', 'price', 'createTime']);
    expect((doc.form as JsonObject).fields).toEqual(['brand', 'plateNo', 'buyDate', 'price']);
  });

  it('switches buttons off and on in their usual places', () => {
    const base = emptyOnlineDocument();
    const model = fromDocument(base);
    expect(model.buttons).toEqual({ add: true, edit: true, delete: true, batchDelete: true, export: true, import: true });
    const off = toDocument({ ...model, buttons: { ...model.buttons, import: false, delete: false, add: false } }, base);
    expect((off.list as JsonObject).toolbar).toEqual(['batchDelete', 'export']);
    expect((off.list as JsonObject).rowActions).toEqual(['edit', 'detail']);
    const on = toDocument({ ...fromDocument(off), buttons: model.buttons }, off);
    expect((on.list as JsonObject).toolbar).toEqual(['add', 'batchDelete', 'export', 'import', 'templateDownload']);
    expect((toDocument({ ...model, buttons: { ...model.buttons, add: false } }, base).list as JsonObject).toolbar).toEqual(['batchDelete', 'export', 'import']);
    expect((on.list as JsonObject).rowActions).toEqual(['edit', 'detail', 'delete']);
  });

  it('changes a table name together with the entity name, API path and permission prefix', () => {
    const base = emptyOnlineDocument();
    const doc = toDocument({ ...fromDocument(base), table: { tableName: 'truck_info', title: '货车信息', tableType: '1' } }, base);
    expect(doc.entity).toEqual({ name: 'truckInfo', module: 'online', title: '货车信息', table: 'truck_info', apiPath: '/online/form/truckInfo', permissionPrefix: 'onl_truck_info' });
  });

  it('writes a regular expression with its message in place of a named pattern', () => {
    const first = carInfo();
    const saved = toDocument(first.model, first.base);
    const model = updateField(fromDocument(saved), 'plateNo', { validation: { kind: 'regex', regex: '^[\\u4e00-\\u9fa5][A-Z][A-Z0-9]{5}$', message: '车牌号格式不正确' } });
    const doc = toDocument(model, saved);
    expect((doc.fields as JsonObject[])[0].rules).toEqual([{ regex: '^[\\u4e00-\\u9fa5][A-Z][A-Z0-9]{5}$', message: '车牌号格式不正确' }]);
    const none = toDocument(updateField(fromDocument(doc), 'plateNo', { validation: { kind: 'none' } }), doc);
    expect((none.fields as JsonObject[])[0].rules).toBeUndefined();
  });
});
