export { LIST_COUNT_LIMIT } from '../../../runtime/contract/listQuery';

/**
 * Bounds on one list request. A query string is short in practice (Node refuses headers over 16 KB),
 * but the translator is also called with bodies and by other code, so it enforces its own limits.
 */
export const QUERY_LIMITS = {
  /** Largest page: a bigger `pageSize` is served as this many rows (the answer's `size` says so). */
  maxPageSize: 1000,
  /** Largest page number; keeps the offset an exact integer. */
  maxPageNo: 100_000_000,
  /** Characters in one value (a field value, a range bound, a super-query `val`). */
  maxValueLength: 4000,
  /** Conditions in `superQueryParams`, counted before empty ones are dropped. */
  maxSuperConditions: 50,
  /** Characters of the raw `superQueryParams`. */
  maxSuperQueryLength: 100_000,
  /** Bound parameters of one translation; PostgreSQL's protocol allows 65 535 per statement. */
  maxParameters: 5000,
} as const;
