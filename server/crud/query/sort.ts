import { singleParam } from './params';
import { QueryError, quote } from './queryError';
import type { EntityFields, ListQueryOptions, RawQuery, SortDirection, SortOrder } from './types';

const DICT_TEXT_SUFFIX = '_dictText';

/**
 * JeecgBoot's `doMultiFieldsOrder`: `column` is one property or a comma list (each may carry the
 * `_dictText` suffix of a dictionary column), `order` is `asc` when it contains ASC in any case,
 * else `desc` — one direction for all columns. Only sortable fields of the map are accepted
 * (JeecgBoot's answer to sort injection, issue #3676); `createTime` on an entity without it sorts by
 * `id`, as JeecgBoot does for the web app's default sort.
 */
export function sortOrders(fields: EntityFields, query: RawQuery, options: ListQueryOptions = {}): SortOrder[] {
  const requested = singleParam(query, 'column')?.trim() ?? '';
  const direction: SortDirection = /asc/i.test(singleParam(query, 'order') ?? '') ? 'asc' : 'desc';
  const orders: SortOrder[] = [];
  const add = (column: string, dir: SortDirection) => {
    if (!orders.some((o) => o.column === column)) orders.push({ column, direction: dir });
  };
  for (const name of requested.split(',').map((n) => n.trim())) {
    if (name === '') continue;
    let property = name.endsWith(DICT_TEXT_SUFFIX) ? name.slice(0, -DICT_TEXT_SUFFIX.length) : name;
    if (property === 'createTime' && !fields.has('createTime')) {
      if (!fields.has('id')) continue;
      property = 'id';
    }
    const field = fields.get(property);
    if (!field || field.sortable === false) throw new QueryError(`请注意，将要排序的列字段不存在：${quote(name)}`);
    add(field.column, direction);
  }
  if (orders.length === 0) {
    const defaults = options.defaultSort ?? (fields.has('createTime') ? [{ field: 'createTime', direction: 'desc' as const }] : []);
    for (const { field: property, direction: dir } of defaults) {
      const field = fields.get(property);
      if (!field) throw new Error(`default sort: ${property} is not in the entity's field map`);
      add(field.column, dir);
    }
  }
  const tieBreaker = options.tieBreaker === undefined ? (fields.has('id') ? 'id' : null) : options.tieBreaker;
  if (tieBreaker !== null) {
    const field = fields.get(tieBreaker);
    if (!field) throw new Error(`tie-breaker: ${tieBreaker} is not in the entity's field map`);
    add(field.column, orders.at(-1)?.direction ?? 'asc');
  }
  return orders;
}
