import { describe, expect, it } from 'vitest';
import expertDocument from '../../../../schemas/pages/maintenance/expert.json';
import { loadPageSchema } from '../../../../runtime/schema/loadPageSchema';
import { encodeSuperQuery } from '../../../../runtime/list/params';
import { superQueryFields, valueControlOf } from '../../../../runtime/superQuery/fields';
import {
  isEmptyQuery,
  newRow,
  readRecords,
  recordsOf,
  rowsFromQuery,
  rowsOrDefault,
  toConditions,
  withField,
  withRule,
} from '../../../../runtime/superQuery/model';
import { MATCH_LABELS, RULE_LABELS } from '../../../../runtime/superQuery/texts';

function expertFields() {
  const result = loadPageSchema(expertDocument, 'schemas/pages/maintenance/expert.json');
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return superQueryFields(result.page);
}

describe('advanced query rows', () => {
  it('labels rules and match types with JeecgBoot’s Chinese texts', () => {
    expect(Object.values(RULE_LABELS)).toEqual(['等于', '包含', '以..开始', '以..结尾', '在...中', '不等于', '大于', '大于等于', '小于', '小于等于']);
    expect(MATCH_LABELS).toEqual({ and: 'AND（所有条件都要求匹配）', or: 'OR（条件中的任意一个匹配）' });
  });

  it('gives an empty list one default row with rule eq', () => {
    expect(rowsOrDefault([])).toEqual([{ rule: 'eq' }]);
    expect(rowsOrDefault(null)).toEqual([newRow()]);
    expect(rowsOrDefault([{ field: 'sex', rule: 'ne', val: '1' }])).toEqual([{ field: 'sex', rule: 'ne', val: '1' }]);
  });

  it('calls a query empty when the single row lacks field, value or rule', () => {
    expect(isEmptyQuery([])).toBe(true);
    expect(isEmptyQuery([{ rule: 'eq', val: 'x' }])).toBe(true);
    expect(isEmptyQuery([{ field: 'sex', rule: 'eq' }])).toBe(true);
    expect(isEmptyQuery([{ field: 'sex', rule: 'eq', val: '  ' }])).toBe(true);
    expect(isEmptyQuery([{ field: 'sex', val: '1' }])).toBe(true);
    expect(isEmptyQuery([{ field: 'sex', rule: 'in', val: [] }])).toBe(true);
    expect(isEmptyQuery([{ field: 'sex', rule: 'eq', val: '1' }])).toBe(false);
    // Two rows run; the unusable one is dropped on the way.
    expect(isEmptyQuery([{ field: 'sex', rule: 'eq', val: '1' }, { rule: 'eq' }])).toBe(false);
  });

  it('keeps only the first value when the rule moves away from in', () => {
    expect(withRule({ field: 'sex', rule: 'in', val: ['1', '2'] }, 'eq')).toEqual({ field: 'sex', rule: 'eq', val: '1' });
    expect(withRule({ field: 'sex', rule: 'in', val: '2,1' }, 'ne')).toEqual({ field: 'sex', rule: 'ne', val: '2' });
    expect(withRule({ field: 'sex', rule: 'in', val: [] }, 'eq')).toEqual({ field: 'sex', rule: 'eq' });
    expect(withRule({ field: 'sex', rule: 'eq', val: '1' }, 'in')).toEqual({ field: 'sex', rule: 'in', val: ['1'] });
    expect(withRule({ field: 'sex', rule: 'eq', val: '1' }, 'ne')).toEqual({ field: 'sex', rule: 'ne', val: '1' });
  });

  it('offers the page’s list fields with their type and dictionary', () => {
    const fields = expertFields();
    expect(fields.map((f) => f.text)).toEqual(['专家姓名', '性别', '联系电话', '专业方向', '职称', '职称级别', '工作单位', '电子邮箱', '创建时间']);
    const sex = fields.find((f) => f.value === 'sex');
    expect(sex).toMatchObject({ type: 'list', dictCode: 'sex' });
    expect(fields.find((f) => f.value === 'createTime')).toMatchObject({ type: 'datetime' });
    expect(valueControlOf(sex, 'eq')).toBe('dict');
    expect(valueControlOf(sex, 'in')).toBe('dictMulti');
    expect(valueControlOf(fields[0], 'in')).toBe('tags');
    expect(valueControlOf(fields[0], 'like')).toBe('input');
    const created = fields.find((f) => f.value === 'createTime');
    expect(valueControlOf(created, 'ge')).toBe('datetime');
    expect(valueControlOf(created, 'right_like')).toBe('input');
  });

  it('takes a field’s type and dictionary and clears the value when the field changes', () => {
    const sex = expertFields().find((f) => f.value === 'sex');
    expect(withField({ field: 'expertName', rule: 'like', val: '王' }, sex)).toEqual({ field: 'sex', rule: 'like', type: 'list', dictCode: 'sex' });
    expect(withField({ field: 'sex', rule: 'ne', val: '1' }, undefined)).toEqual({ rule: 'ne' });
  });

  it('serialises usable rows to superQueryParams as the server reads them', () => {
    const rows = [
      { field: 'majorDirection', rule: 'like' as const, val: '损失', type: 'string' },
      { field: 'sex', rule: 'in' as const, val: ['1', '2'], type: 'list', dictCode: 'sex' },
      { field: 'createTime', rule: 'right_like' as const, val: '2024-01', type: 'datetime' },
      { field: 'createTime', rule: 'ge' as const, val: '2024-01-01 00:00:00', type: 'datetime' },
      { rule: 'eq' as const },
    ];
    const conditions = toConditions(rows);
    expect(conditions).toEqual([
      { field: 'majorDirection', rule: 'like', val: '损失' },
      { field: 'sex', rule: 'in', val: '1,2', type: 'list' },
      // A text rule on a date compares its text: no date hint for the server to parse '2024-01' with.
      { field: 'createTime', rule: 'right_like', val: '2024-01' },
      { field: 'createTime', rule: 'ge', val: '2024-01-01 00:00:00', type: 'datetime' },
    ]);
    const sent = encodeSuperQuery({ values: {}, page: 1, pageSize: 10, sort: { column: 'createTime', order: 'desc' }, superQuery: { conditions, matchType: 'or' } });
    expect(sent.superQueryMatchType).toBe('or');
    expect(JSON.parse(decodeURI(String(sent.superQueryParams)))).toEqual(conditions);
  });

  it('rebuilds rows from the active query and keeps saved records as entered', () => {
    const fields = expertFields();
    const rows = rowsFromQuery({ conditions: [{ field: 'sex', rule: 'in', val: '1,2', type: 'list' }], matchType: 'and' }, fields);
    expect(rows).toEqual([{ field: 'sex', rule: 'in', val: ['1', '2'], type: 'list', dictCode: 'sex' }]);
    expect(recordsOf([...rows, { rule: 'eq' }])).toEqual(rows);
    expect(readRecords([{ field: 'sex', rule: 'between', val: 1, junk: true }, 'x'])).toEqual([{ field: 'sex', val: '1' }]);
  });
});
