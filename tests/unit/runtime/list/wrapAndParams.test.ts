import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT } from '../../../../runtime/list/constants';
import {
  batchDeleteIds,
  buildExportParams,
  buildListParams,
  fieldList,
  filterObj,
} from '../../../../runtime/list/params';
import type { ListQuery, QueryFieldSpec } from '../../../../runtime/list/types';
import { wrapQueryValues } from '../../../../runtime/list/wrap';

const fields: QueryFieldSpec[] = [
  { field: 'name', mode: 'like' },
  { field: 'code', mode: 'eq' },
  { field: 'status', mode: 'ne' },
  { field: 'amount', mode: 'ge' },
  { field: 'limit', mode: 'le' },
  { field: 'score', mode: 'gt' },
  { field: 'rank', mode: 'lt' },
  { field: 'prefix', mode: 'right_like' },
  { field: 'suffix', mode: 'left_like' },
  { field: 'type', mode: 'in' },
  { field: 'createTime', mode: 'range' },
];

function query(overrides: Partial<ListQuery> = {}): ListQuery {
  return { values: {}, page: 1, pageSize: 10, sort: DEFAULT_SORT, superQuery: null, ...overrides };
}

describe('search wrapping rules (widgets spec §5, contract §1.5)', () => {
  it('wraps each mode the way the server reads it', () => {
    expect(
      wrapQueryValues(
        {
          name: '张',
          code: 'C01',
          status: '2',
          amount: '100',
          limit: '200',
          score: '5',
          rank: '9',
          prefix: 'A0',
          suffix: '01',
          type: ['1', '3'],
          createTime: { begin: '2024-01-01', end: '2024-01-31' },
        },
        fields,
      ),
    ).toEqual({
      name: '*张*',
      code: 'C01',
      status: '!2',
      // The server recognises an operator only with a space after it ('>=5' would be the text '>=5').
      amount: '>= 100',
      limit: '<= 200',
      score: '> 5',
      rank: '< 9',
      prefix: 'A0*',
      suffix: '*01',
      type: '1,3',
      createTime_begin: '2024-01-01',
      createTime_end: '2024-01-31',
    });
  });

  it('drops empty values: blank text, empty lists, empty range ends', () => {
    expect(
      wrapQueryValues(
        { name: '', code: '   ', type: [], status: ['', ' '], createTime: { begin: '', end: '2024-02-01' } },
        fields,
      ),
    ).toEqual({ createTime_end: '2024-02-01' });
    expect(wrapQueryValues({ createTime: {} }, fields)).toEqual({});
  });

  it('ignores values of fields the list does not declare and values of the wrong shape', () => {
    expect(wrapQueryValues({ password: 'x', name: { begin: 'a' }, createTime: '2024' }, fields)).toEqual({});
  });

  it('reads an in field typed as text as a comma list, and a list on a single-value field as IN', () => {
    expect(wrapQueryValues({ type: '1,,2', code: ['A', 'B'] }, fields)).toEqual({ type: '1,2', code: 'A,B' });
  });
});

describe('list request parameters (JeecgListMixin.getQueryParams)', () => {
  const config = { queryFields: fields, columns: ['name', 'code', 'createTime'] };

  it('sends query values, sort, field, pageNo and pageSize', () => {
    expect(buildListParams(query({ values: { name: 'abc' }, page: 2, pageSize: 20 }), config)).toEqual({
      name: '*abc*',
      column: 'createTime',
      order: 'desc',
      field: 'id,name,code,createTime',
      pageNo: 2,
      pageSize: 20,
    });
  });

  it('sends the advanced query encoded once with encodeURI, and its match type only when set', () => {
    const conditions = [{ field: 'name', rule: 'like' as const, val: '张 三' }];
    const params = buildListParams(query({ superQuery: { conditions, matchType: 'or' } }), config);
    expect(params.superQueryParams).toBe(encodeURI(JSON.stringify(conditions)));
    expect(params.superQueryParams).toContain('%E5%BC%A0%20');
    expect(params.superQueryMatchType).toBe('or');
    const without = buildListParams(query(), config);
    expect(without).not.toHaveProperty('superQueryParams');
    expect(without).not.toHaveProperty('superQueryMatchType');
  });

  it('keeps the mixin key order: advanced query first, then values, then sort and paging', () => {
    const params = buildListParams(
      query({ values: { code: 'x' }, superQuery: { conditions: [{ field: 'a', rule: 'eq', val: '1' }], matchType: 'and' } }),
      { ...config, baseParams: { parentId: 'P1' } },
    );
    expect(Object.keys(params)).toEqual([
      'superQueryParams',
      'superQueryMatchType',
      'parentId',
      'code',
      'column',
      'order',
      'field',
      'pageNo',
      'pageSize',
    ]);
  });

  it('filterObj drops null, undefined and empty strings but keeps 0 and false', () => {
    expect(filterObj({ a: null, b: undefined, c: '', d: 0, e: false, f: 'x' })).toEqual({ d: 0, e: false, f: 'x' });
  });

  it('builds field as id,col1,col2 with no empty or repeated name, and batch ids with a trailing comma', () => {
    expect(fieldList([])).toBe('id');
    expect(fieldList(['a', 'b'])).toBe('id,a,b');
    // JeecgListMixin's 'id,' + ',' + dataIndex sent 'id,,a': an empty name.
    expect(fieldList(['expertName']).split(',')).not.toContain('');
    expect(fieldList(['', 'a', ' ', 'id', 'a'])).toBe('id,a');
    expect(batchDeleteIds(['a', 'b', 3])).toBe('a,b,3,');
  });

  it('export carries the filter and, with a selection, selections=id1,id2', () => {
    const q = query({ values: { name: 'k' } });
    expect(buildExportParams(q, config, [])).not.toHaveProperty('selections');
    expect(buildExportParams(q, config, ['id1', 'id2'])).toMatchObject({ name: '*k*', selections: 'id1,id2' });
  });
});
