/** Where the designer shows a problem: the server's refusal by pointer, and its own checks before saving. */
import { describe, expect, it } from 'vitest';
import { designerProblems, placeServerError } from '../../../../runtime/designer/problems';
import { addField, addIndex, newFieldRow } from '../../../../runtime/designer/rows';
import type { DesignerModel } from '../../../../runtime/designer/types';

function model(): DesignerModel {
  let m: DesignerModel = {
    table: { tableName: 'car_info', title: '车辆信息', tableType: '1' },
    fields: [],
    indexes: [],
    buttons: { add: true, edit: true, delete: true, batchDelete: true, export: true, import: true },
    subTables: [],
  };
  m = addField(m, { ...newFieldRow(), key: 'a', column: 'plate_no', label: '车牌号' });
  m = addField(m, { ...newFieldRow(), key: 'b', column: 'brand', label: '品牌' });
  return addIndex(addIndex(m, []), ['b']);
}

describe('placing the server refusal of a save', () => {
  it('puts a field error on its row and cell, an index error on its index, the table name on the table', () => {
    const m = model();
    expect(placeServerError(m, { pointer: '/fields/1/dictCode', message: '字典不存在' })).toEqual({
      area: 'field', rowKey: 'b', property: 'dictCode', message: '字典不存在', pointer: '/fields/1/dictCode',
    });
    expect(placeServerError(m, { pointer: '/fields/0/required', message: 'x' })).toMatchObject({ rowKey: 'a', property: 'nullable' });
    expect(placeServerError(m, { pointer: '/fields/0', message: 'x' })).toEqual({ area: 'field', rowKey: 'a', message: 'x', pointer: '/fields/0' });
    // The empty index is not saved, so the server's first index is the designer's second.
    expect(placeServerError(m, { pointer: '/indexes/0/fields', message: 'y' })).toMatchObject({ area: 'index', rowKey: m.indexes[1].key });
    expect(placeServerError(m, { pointer: '/entity/table', message: '表名已被占用' })).toMatchObject({ area: 'table', property: 'tableName' });
    expect(placeServerError(m, { pointer: '/list/columns', message: 'z' })).toMatchObject({ area: 'page', message: 'z' });
  });
});

describe('checks before saving', () => {
  it('accepts a good model', () => {
    expect(designerProblems(model())).toEqual([]);
  });

  it('names the row and cell of a bad column, a repeated column, a system column, a missing label and a bad regex', () => {
    let m = model();
    m = addField(m, { ...newFieldRow(), key: 'c', column: 'Bad-name', label: '坏' });
    m = addField(m, { ...newFieldRow(), key: 'd', column: 'brand', label: '重复' });
    m = addField(m, { ...newFieldRow(), key: 'e', column: 'create_time', label: '' });
    m = addField(m, { ...newFieldRow(), key: 'f', column: 'vin', label: '车架号', validation: { kind: 'regex', regex: '([', message: '' } });
    const problems = designerProblems({ ...m, table: { tableName: '1abc', title: ' ', tableType: '1' } });
    expect(problems).toEqual([
      { area: 'table', property: 'tableName', message: '表名必须以小写字母开头，只含小写字母、数字和下划线，最长 63 个字符' },
      { area: 'table', property: 'title', message: '请输入表描述' },
      { area: 'field', rowKey: 'c', property: 'column', message: '字段名称必须以小写字母开头，只含小写字母、数字和下划线' },
      { area: 'field', rowKey: 'd', property: 'column', message: '字段名称 brand 与 brand 重复' },
      { area: 'field', rowKey: 'e', property: 'column', message: '字段名称 create_time 是系统字段，每个表都有' },
      { area: 'field', rowKey: 'e', property: 'label', message: '请输入字段备注' },
      { area: 'field', rowKey: 'f', property: 'validation', message: '正则表达式无效' },
      { area: 'field', rowKey: 'f', property: 'validation', message: '正则表达式需要提示信息' },
    ]);
  });

  it('asks for a field and for one list column', () => {
    const m = model();
    expect(designerProblems({ ...m, fields: [] })).toEqual([{ area: 'page', message: '至少需要一个字段' }]);
    expect(designerProblems({ ...m, fields: m.fields.map((f) => ({ ...f, listShow: false })) })).toEqual([{ area: 'page', message: '列表至少显示一个字段' }]);
  });
});
