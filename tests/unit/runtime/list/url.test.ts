import { describe, expect, it } from 'vitest';
import type { ListConfig, ListQuery, QueryFieldSpec } from '../../../../runtime/list/types';
import { listSearch, readListQuery, sameQuery, writeListQuery } from '../../../../runtime/list/url';

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
  { field: 'amountRange', mode: 'range' },
];
const config: Pick<ListConfig, 'queryFields'> = { queryFields: fields };

const full: ListQuery = {
  values: {
    name: '张 三&=?#%',
    code: 'C,01',
    status: '2',
    amount: '100',
    limit: '200.5',
    score: '-1',
    rank: '9',
    prefix: 'A0',
    suffix: '*01',
    type: ['1', '3,4', '多'],
    createTime: { begin: '2024-01-01 00:00:00', end: '2024-01-31' },
    amountRange: { end: '99' },
  },
  page: 7,
  pageSize: 30,
  sort: { column: 'expertName', order: 'asc' },
  superQuery: {
    conditions: [
      { field: 'name', rule: 'like', val: '"引号"&', type: 'string' },
      { field: 'age', rule: 'ge', val: '18', dbType: 'int' },
      { field: 'tags', rule: 'in', val: 'a,b' },
    ],
    matchType: 'or',
  },
};

function roundTrip(query: ListQuery, cfg: Pick<ListConfig, 'queryFields' | 'urlPrefix'> = config): ListQuery {
  return readListQuery(listSearch('', query, cfg), cfg);
}

describe('list query ↔ URL search parameters', () => {
  it('round-trips every query mode, the page, page size, sort and advanced query exactly', () => {
    expect(roundTrip(full)).toEqual(full);
  });

  it('round-trips each mode on its own', () => {
    for (const { field, mode } of fields) {
      const value = mode === 'in' ? ['x', 'y'] : mode === 'range' ? { begin: '1', end: '2' } : 'v';
      const query: ListQuery = { ...full, values: { [field]: value }, superQuery: null };
      expect(roundTrip(query)).toEqual(query);
    }
  });

  it('leaves defaults out of the URL and restores them', () => {
    const empty: ListQuery = {
      values: {},
      page: 1,
      pageSize: 10,
      sort: { column: 'createTime', order: 'desc' },
      superQuery: null,
    };
    expect(listSearch('', empty, config)).toBe('');
    expect(readListQuery('', config)).toEqual(empty);
    // The default column with the other order is not the default sort.
    const asc = { ...empty, sort: { column: 'createTime', order: 'asc' as const } };
    expect(listSearch('', asc, config)).toBe('?column=createTime&order=asc');
    expect(roundTrip(asc)).toEqual(asc);
  });

  it('writes readable keys: q.<field>, repeated keys for lists, _begin/_end for ranges', () => {
    const search = listSearch(
      '',
      { ...full, values: { name: 'ab', type: ['1', '2'], createTime: { begin: '2024-01-01' } }, superQuery: null },
      config,
    );
    expect(search).toBe('?q.name=ab&q.type=1&q.type=2&q.createTime_begin=2024-01-01&page=7&pageSize=30&column=expertName&order=asc');
  });

  it("keeps the page's other parameters and replaces only the list's own", () => {
    const next = writeListQuery('tab=2&q.old=x&page=3&keep=%E4%B8%AD', { ...full, values: {}, superQuery: null, page: 1 }, config);
    expect(next.get('tab')).toBe('2');
    expect(next.get('keep')).toBe('中');
    expect(next.has('q.old')).toBe(false);
    expect(next.has('page')).toBe(false);
  });

  it('keeps two lists on one page apart with a prefix', () => {
    const a = { queryFields: fields, urlPrefix: 'a.' };
    const b = { queryFields: fields, urlPrefix: 'b.' };
    const queryA: ListQuery = { ...full, superQuery: null, values: { name: 'left' } };
    const queryB: ListQuery = { ...full, values: { code: 'right' }, page: 2 };
    const search = writeListQuery(writeListQuery('', queryA, a), queryB, b).toString();
    expect(readListQuery(search, a)).toEqual(queryA);
    expect(readListQuery(search, b)).toEqual(queryB);
  });

  it('reads junk tolerantly: bad pages, sizes, sorts and advanced queries fall back to defaults', () => {
    const junk = readListQuery(
      '?page=-3&pageSize=1000000&column=name;drop table x&order=sideways&superQuery={broken&matchType=xor&q.unknown=1&q.name=',
      config,
    );
    expect(junk).toEqual({
      values: {},
      page: 1,
      pageSize: 10,
      sort: { column: 'createTime', order: 'desc' },
      superQuery: null,
    });
    for (const page of ['abc', '0', '1.5', '1e3', '', '99999999999']) {
      expect(readListQuery(`?page=${page}`, config).page).toBe(1);
    }
    expect(readListQuery('?pageSize=20', config).pageSize).toBe(20);
    expect(readListQuery('?pageSize=15', config).pageSize).toBe(10);
    expect(readListQuery('?column=name&order=bogus', config).sort).toEqual({ column: 'name', order: 'desc' });
    expect(readListQuery('?order=asc', config).sort).toEqual({ column: 'createTime', order: 'asc' });
  });

  it('drops unusable advanced-query conditions and keeps the usable ones', () => {
    const raw = JSON.stringify([
      { field: 'a', rule: 'eq', val: '1' },
      { field: '', rule: 'eq', val: '1' },
      { field: 'b', rule: 'drop', val: '1' },
      { field: 'c', rule: 'like', val: '' },
      { field: 'd', rule: 'lt', val: 5 },
      'text',
      null,
    ]);
    const query = readListQuery(`?superQuery=${encodeURIComponent(raw)}`, config);
    expect(query.superQuery).toEqual({ conditions: [{ field: 'a', rule: 'eq', val: '1' }], matchType: 'and' });
    expect(readListQuery(`?superQuery=${encodeURIComponent('{"field":"a"}')}`, config).superQuery).toBeNull();
    expect(readListQuery(`?superQuery=${encodeURIComponent('[]')}`, config).superQuery).toBeNull();
  });

  it('compares queries by what they ask for', () => {
    const withBlank: ListQuery = { ...full, values: { ...full.values, code: '' } };
    const without: ListQuery = { ...full, values: { ...full.values } };
    delete (without.values as Record<string, unknown>).code;
    expect(sameQuery(withBlank, without, config)).toBe(true);
    expect(sameQuery(full, { ...full, page: 2 }, config)).toBe(false);
  });
});
