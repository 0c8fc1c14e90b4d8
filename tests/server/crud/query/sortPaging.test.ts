import { describe, expect, it } from 'vitest';
import { QUERY_LIMITS, QueryError, translateListQuery, type EntityField, type RawQuery } from '../../../../server/crud/query';
import { CLAIM, selectOf } from './support';

function orderOf(query: RawQuery) {
  return translateListQuery(CLAIM, query).orderBy;
}

function refusal(query: RawQuery): string {
  try {
    translateListQuery(CLAIM, query);
  } catch (err) {
    expect(err).toBeInstanceOf(QueryError);
    return (err as QueryError).message;
  }
  throw new Error('expected a QueryError');
}

describe('sort', () => {
  it('sorts by createTime desc, then id, when the request names no column', () => {
    expect(orderOf({})).toEqual([
      { column: 'create_time', direction: 'desc' },
      { column: 'id', direction: 'desc' },
    ]);
    expect(selectOf({}).sql).toBe('select * from "claim" order by "create_time" desc, "id" desc limit $1 offset $2');
  });

  it('sorts by the requested column; asc when order contains ASC in any case, else desc', () => {
    expect(orderOf({ column: 'caseNo', order: 'asc' })).toEqual([
      { column: 'case_no', direction: 'asc' },
      { column: 'id', direction: 'asc' },
    ]);
    expect(orderOf({ column: 'caseNo', order: 'ASCEND' })[0]).toEqual({ column: 'case_no', direction: 'asc' });
    expect(orderOf({ column: 'caseNo', order: 'descend' })[0]).toEqual({ column: 'case_no', direction: 'desc' });
    expect(orderOf({ column: 'caseNo', order: 'whatever' })[0]).toEqual({ column: 'case_no', direction: 'desc' });
    expect(orderOf({ column: 'caseNo' })[0]).toEqual({ column: 'case_no', direction: 'desc' });
  });

  it('sorts by a comma list with one direction, and by a dictionary text column', () => {
    expect(orderOf({ column: 'status_dictText,age', order: 'asc' })).toEqual([
      { column: 'status', direction: 'asc' },
      { column: 'age', direction: 'asc' },
      { column: 'id', direction: 'asc' },
    ]);
    expect(selectOf({ column: 'age,caseNo', order: 'desc', age_begin: '18' }).sql).toBe(
      'select * from "claim" where "age" >= $1 order by "age" desc, "case_no" desc, "id" desc limit $2 offset $3',
    );
    expect(orderOf({ column: 'id,caseNo,caseNo', order: 'asc' })).toEqual([
      { column: 'id', direction: 'asc' },
      { column: 'case_no', direction: 'asc' },
    ]);
  });

  it('refuses columns that are not sortable fields of the entity, naming the column', () => {
    for (const [column, named] of [
      ['password', 'password'],
      ['case_no', 'case_no'],
      ['remark', 'remark'],
      ['createTime desc; DROP TABLE claim', 'createTime desc; DROP TABLE claim'],
      ['(select 1)', '(select 1)'],
      ['caseNo,password', 'password'],
      ['caseNo desc', 'caseNo desc'],
      ['1', '1'],
      ['"case_no"', '"case_no"'],
      ['constructor', 'constructor'],
      ['__proto__', '__proto__'],
      ['x'.repeat(5000), `${'x'.repeat(40)}…`],
    ]) {
      expect(refusal({ column, order: 'asc' })).toBe(`请注意，将要排序的列字段不存在：${named}`);
    }
  });

  it('falls back to id for createTime on an entity without it, and honours the caller default', () => {
    const noCreateTime = new Map<string, EntityField>([
      ['id', { column: 'id', kind: 'string' }],
      ['name', { column: 'name', kind: 'string' }],
    ]);
    expect(translateListQuery(noCreateTime, { column: 'createTime', order: 'desc' }).orderBy).toEqual([{ column: 'id', direction: 'desc' }]);
    expect(translateListQuery(noCreateTime, {}).orderBy).toEqual([{ column: 'id', direction: 'asc' }]);
    expect(translateListQuery(noCreateTime, {}, { defaultSort: [{ field: 'name', direction: 'asc' }] }).orderBy).toEqual([
      { column: 'name', direction: 'asc' },
      { column: 'id', direction: 'asc' },
    ]);
    expect(translateListQuery(CLAIM, {}, { defaultSort: [], tieBreaker: null }).orderBy).toEqual([]);
    const noId = new Map<string, EntityField>([['name', { column: 'name', kind: 'string' }]]);
    expect(translateListQuery(noId, { column: 'createTime', order: 'asc' }).orderBy).toEqual([]);
  });

  it('refuses a repeated column or order', () => {
    expect(refusal({ column: ['caseNo', 'age'] })).toBe('查询参数「column」只能有一个值');
    expect(refusal({ column: 'caseNo', order: ['asc', 'desc'] })).toBe('查询参数「order」只能有一个值');
  });
});

describe('paging', () => {
  const page = (query: RawQuery) => translateListQuery(CLAIM, query).page;

  it('defaults to page 1 of 10 rows', () => {
    expect(page({})).toEqual({ pageNo: 1, pageSize: 10, offset: 0 });
    expect(page({ pageNo: '', pageSize: '' })).toEqual({ pageNo: 1, pageSize: 10, offset: 0 });
  });

  it('pages by pageNo and pageSize', () => {
    expect(page({ pageNo: '3', pageSize: '20' })).toEqual({ pageNo: 3, pageSize: 20, offset: 40 });
    expect(selectOf({ pageNo: '3', pageSize: '20' }).parameters).toEqual([20, 40]);
  });

  it('reads a page number below 1 as the first page, and serves at most the largest page', () => {
    expect(page({ pageNo: '0' })).toEqual({ pageNo: 1, pageSize: 10, offset: 0 });
    expect(page({ pageNo: '-4' })).toEqual({ pageNo: 1, pageSize: 10, offset: 0 });
    expect(page({ pageSize: '100000' })).toEqual({ pageNo: 1, pageSize: QUERY_LIMITS.maxPageSize, offset: 0 });
  });

  it.each<[RawQuery, string]>([
    [{ pageNo: 'abc' }, '页码必须是整数'],
    [{ pageNo: '1.5' }, '页码必须是整数'],
    [{ pageNo: '1 OR 1=1' }, '页码必须是整数'],
    [{ pageNo: '999999999999999999999' }, '页码必须是整数'],
    [{ pageNo: '100000001' }, '页码不能大于100000000'],
    [{ pageSize: 'ten' }, '每页条数必须是整数'],
    [{ pageSize: '0' }, '每页条数必须大于0'],
    [{ pageSize: '-1' }, '每页条数必须大于0'],
    [{ pageSize: '-521' }, '每页条数必须大于0'],
    [{ pageNo: ['1', '2'] }, '查询参数「pageNo」只能有一个值'],
  ])('refuses %j', (query, message) => {
    expect(refusal(query)).toBe(message);
  });
});
