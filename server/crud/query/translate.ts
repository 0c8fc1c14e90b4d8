import { allOf, assertColumn } from './conditions';
import { pageRequest } from './paging';
import { ParameterBudget } from './params';
import { simpleConditions } from './simpleQuery';
import { sortOrders } from './sort';
import { superQueryGroup } from './superQuery';
import type { EntityFields, ListQuery, ListQueryOptions, RawQuery } from './types';

/**
 * Translates a list request into filter, sort and page; throws `QueryError` for input it refuses.
 * Throws a plain `Error` when the field map itself is wrong (a programming mistake, not the user's).
 */
export function translateListQuery(fields: EntityFields, query: RawQuery, options: ListQueryOptions = {}): ListQuery {
  for (const [property, field] of fields) assertColumn(property, field);
  const budget = new ParameterBudget();
  const parts = simpleConditions(fields, query, budget);
  const group = superQueryGroup(fields, query, budget);
  if (group) parts.push(group);
  return {
    where: allOf(parts),
    orderBy: sortOrders(fields, query, options),
    page: pageRequest(query),
  };
}
