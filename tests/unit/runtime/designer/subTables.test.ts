/**
 * 主表/附表 in the designer's headless model: 表类型 and a 主表's 附表 rows read from and written to
 * the page document's form.children, checked before sending, and the server's refusals placed on
 * the exact 附表 cell.
 */
import { describe, expect, it } from 'vitest';
import { fromDocument } from '../../../../runtime/designer/fromDocument';
import { toDocument } from '../../../../runtime/designer/toDocument';
import { designerProblems, placeServerError } from '../../../../runtime/designer/problems';
import { addField, newFieldRow } from '../../../../runtime/designer/rows';
import { addSubTable, removeSubTable, setTableType, updateSubTable } from '../../../../runtime/designer/subTables';
import type { DesignerModel, JsonObject } from '../../../../runtime/designer/types';
import { loadPageSchema } from '../../../../runtime/schema/loadPageSchema';

function policyDocument(form: JsonObject = { fields: ['policyNo'] }): JsonObject {
  return {
    schemaVersion: 1,
    entity: { name: 'carPolicy', module: 'online', title: '车辆保单', table: 'car_policy', apiPath: '/online/form/carPolicy', permissionPrefix: 'onl_car_policy' },
    fields: [{ name: 'policyNo', label: '保单号', type: 'string', length: 30 }],
    list: { columns: [{ field: 'policyNo' }], toolbar: ['add'], rowActions: ['edit', 'delete'] },
    form,
  };
}

const child = { page: 'online/policyItem', foreignKey: 'policyId', key: 'policy_item', title: '保单明细' };

function mainModel(): DesignerModel {
  let model = setTableType(fromDocument(policyDocument()), '2');
  model = addSubTable(model, { key: 's1', tableName: 'policy_item', foreignKey: 'policy_id', title: '保单明细' });
  return model;
}

describe('designer: 主表/附表', () => {
  it('reads 表类型 from the head and the 附表 from form.children', () => {
    const model = fromDocument(policyDocument({ fields: ['policyNo'], children: [child] }), '2');
    expect(model.table.tableType).toBe('2');
    expect(model.subTables).toEqual([{ key: 'sub-0', origin: 0, tableName: 'policy_item', foreignKey: 'policy_id', title: '保单明细' }]);
    expect(fromDocument(policyDocument()).table.tableType).toBe('1');
  });

  it('writes a 主表\'s 附表 as form.children the runtime loads; an unchanged document comes back the same', () => {
    const base = policyDocument();
    const doc = toDocument(mainModel(), base);
    expect(doc.form).toEqual({ fields: ['policyNo'], children: [child] });
    const loaded = loadPageSchema(doc, 'online:car_policy');
    expect(loaded.ok && loaded.page.form.children).toEqual([{ page: 'online/policyItem', foreignKey: 'policyId', key: 'policy_item', title: '保单明细', pointer: '/form/children/0' }]);
    const withChildren = policyDocument({ fields: ['policyNo'], children: [{ ...child, fields: ['coverage'] }] });
    expect(toDocument(fromDocument(withChildren, '2'), withChildren)).toEqual(withChildren);
    // An empty title falls back to the 附表's own (no title written); a 单表 writes no children.
    const untitled = toDocument(updateSubTable(mainModel(), 's1', { title: '' }), base);
    expect((untitled.form as JsonObject).children).toEqual([{ page: 'online/policyItem', foreignKey: 'policyId', key: 'policy_item' }]);
    expect(toDocument(setTableType(fromDocument(withChildren, '2'), '1'), withChildren).form).toEqual({ fields: ['policyNo'] });
  });

  it('checks the 附表 rows before sending, each problem under its cell', () => {
    let model = addField(mainModel(), { ...newFieldRow(), key: 'f', column: 'holder', label: '投保人' });
    model = addSubTable(model, { key: 's2', tableName: 'policy_item', foreignKey: 'Policy-Id', title: '' });
    model = addSubTable(model, { key: 's3', tableName: '', foreignKey: 'x', title: '一二三四五六七八九十一二三四五六七八九十一' });
    expect(designerProblems(model).filter((p) => p.area === 'subTable')).toEqual([
      { area: 'subTable', rowKey: 's2', property: 'tableName', message: '附表 policy_item 重复' },
      { area: 'subTable', rowKey: 's2', property: 'foreignKey', message: '外键字段必须以小写字母开头，只含小写字母、数字和下划线' },
      { area: 'subTable', rowKey: 's3', property: 'tableName', message: '请选择附表' },
      { area: 'subTable', rowKey: 's3', property: 'title', message: '标题最长 20 个字符' },
    ]);
    const none = removeSubTable(mainModel(), 's1');
    expect(designerProblems(none)).toContainEqual({ area: 'table', property: 'tableType', message: '主表至少需要一个附表' });
    expect(designerProblems(setTableType(none, '1')).some((p) => p.area === 'subTable' || (p.area === 'table' && p.property === 'tableType'))).toBe(false);
  });

  it('places the server\'s refusal of a 附表 on its row and cell', () => {
    const model = mainModel();
    expect(placeServerError(model, { pointer: '/form/children/0/foreignKey', message: '附表 online/policyItem 没有外键字段 policyId' })).toEqual({
      area: 'subTable',
      rowKey: 's1',
      property: 'foreignKey',
      message: '附表 online/policyItem 没有外键字段 policyId',
      pointer: '/form/children/0/foreignKey',
    });
    expect(placeServerError(model, { pointer: '/form/children/0/page', message: '表 x 是主表，不能作为附表' })).toMatchObject({ area: 'subTable', rowKey: 's1', property: 'tableName' });
    expect(placeServerError(model, { pointer: '/form/children', message: '主表至少需要一个附表' })).toMatchObject({ area: 'table', property: 'tableType' });
  });
});
