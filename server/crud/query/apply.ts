import { sql, type SelectQueryBuilder } from 'kysely';
import type { ListQuery } from './types';

/** The request's filter on a query (for the page and for its count). */
export function applyListFilter<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  query: Pick<ListQuery, 'where'>,
): SelectQueryBuilder<DB, TB, O> {
  return query.where ? qb.where(query.where) : qb;
}

/** The request's sort on a query. */
export function applyListOrder<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  query: Pick<ListQuery, 'orderBy'>,
): SelectQueryBuilder<DB, TB, O> {
  return query.orderBy.reduce((q, { column, direction }) => q.orderBy(sql.ref(column), direction), qb);
}

/** Filter, sort and the requested page: the `records` query of a list endpoint. */
export function applyListQuery<DB, TB extends keyof DB, O>(qb: SelectQueryBuilder<DB, TB, O>, query: ListQuery): SelectQueryBuilder<DB, TB, O> {
  return applyListOrder(applyListFilter(qb, query), query).limit(query.page.pageSize).offset(query.page.offset);
}
