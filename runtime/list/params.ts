/**
 * The list request's parameters, built the way JeecgListMixin.getQueryParams does (contract §1.4):
 * `Object.assign({superQueryParams?, superQueryMatchType?}, queryParam, isorter)` + `field` +
 * `pageNo` + `pageSize`, then filterObj drops null / undefined / ''.
 */
import { LIST_PARAMS } from '../contract/listQuery';
import type { RequestParams } from '../host/types';
import { DEFAULT_ROW_KEY } from './constants';
import type { ListConfig, ListQuery, RowKey } from './types';
import { wrapQueryValues } from './wrap';

/** JeecgBoot's filterObj: leaves out null, undefined and ''. */
export function filterObj(params: RequestParams): RequestParams {
  const kept: RequestParams = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '') continue;
    kept[key] = value;
  }
  return kept;
}

/**
 * `field` = `id` and each column's data field: 'id,name,sex' (ignored by generic controllers, kept
 * for compatibility). JeecgListMixin starts from 'id,' and adds ',' + each dataIndex, which sends an
 * empty name ('id,,name'); names are listed once and never empty here.
 */
export function fieldList(columns: readonly string[]): string {
  return [...new Set(['id', ...columns.map((column) => column.trim())])].filter((name) => name !== '').join(',');
}

/**
 * The advanced query as sent: encodeURI(JSON.stringify(conditions)) — the request layer encodes
 * it once more and the server decodes twice (contract §1.4).
 */
export function encodeSuperQuery(query: ListQuery): RequestParams {
  const superQuery = query.superQuery;
  if (!superQuery || superQuery.conditions.length === 0) return {};
  return {
    [LIST_PARAMS.superQueryParams]: encodeURI(JSON.stringify(superQuery.conditions)),
    [LIST_PARAMS.superQueryMatchType]: superQuery.matchType,
  };
}

export function buildListParams(query: ListQuery, config: Pick<ListConfig, 'queryFields' | 'columns' | 'baseParams'>): RequestParams {
  const params: RequestParams = {
    ...encodeSuperQuery(query),
    ...config.baseParams,
    ...wrapQueryValues(query.values, config.queryFields),
    [LIST_PARAMS.column]: query.sort.column,
    [LIST_PARAMS.order]: query.sort.order,
    [LIST_PARAMS.field]: fieldList(config.columns),
    [LIST_PARAMS.pageNo]: query.page,
    [LIST_PARAMS.pageSize]: query.pageSize,
  };
  return filterObj(params);
}

/** Export sends the list's own parameters plus `selections=id1,id2` when rows are selected. */
export function buildExportParams(
  query: ListQuery,
  config: Pick<ListConfig, 'queryFields' | 'columns' | 'baseParams'>,
  selectedKeys: readonly RowKey[],
): RequestParams {
  const params = buildListParams(query, config);
  if (selectedKeys.length > 0) params[LIST_PARAMS.selections] = selectedKeys.join(',');
  return params;
}

/** Batch delete ids as the Vue client sends them: each key followed by a comma ('a,b,'). */
export function batchDeleteIds(keys: readonly RowKey[]): string {
  return keys.map((key) => `${key},`).join('');
}

export function rowKeyOf(row: unknown, rowKey: string = DEFAULT_ROW_KEY): RowKey | undefined {
  if (typeof row !== 'object' || row === null) return undefined;
  const key: unknown = (row as Record<string, unknown>)[rowKey];
  return typeof key === 'string' || typeof key === 'number' ? key : undefined;
}
