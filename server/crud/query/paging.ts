import { INVALID_CURSOR_MESSAGE } from './cursor';
import { QUERY_LIMITS } from './limits';
import { singleParam } from './params';
import { QueryError } from './queryError';
import type { PageRequest, RawQuery } from './types';

const WHOLE = /^[+-]?\d{1,12}$/;

/**
 * `cursor`: the previous answer's `nextCursor` (keyset continuation, see cursor.ts).
 * `pageNo` (default 1) and `pageSize` (default 10), as MyBatis-Plus pages them: a page number below 1
 * is the first page. A page size above `QUERY_LIMITS.maxPageSize` is served as that size. A page size
 * below 1 — MyBatis-Plus's "no paging" (-1) and the online lists' -521 — is refused: a generic list
 * never reads a whole table in one answer (export streams instead).
 */
export function pageRequest(query: RawQuery): PageRequest {
  const noText = singleParam(query, 'pageNo')?.trim() || '1';
  const sizeText = singleParam(query, 'pageSize')?.trim() || '10';
  if (!WHOLE.test(noText)) throw new QueryError('页码必须是整数');
  if (!WHOLE.test(sizeText)) throw new QueryError('每页条数必须是整数');
  const pageNo = Math.max(1, Number(noText));
  if (pageNo > QUERY_LIMITS.maxPageNo) throw new QueryError(`页码不能大于${QUERY_LIMITS.maxPageNo}`);
  const requestedSize = Number(sizeText);
  if (requestedSize < 1) throw new QueryError('每页条数必须大于0');
  const pageSize = Math.min(requestedSize, QUERY_LIMITS.maxPageSize);
  const cursor = singleParam(query, 'cursor')?.trim();
  // A continuation opens page 2 or later; the token itself is checked against the query by the store.
  if (cursor && pageNo < 2) throw new QueryError(INVALID_CURSOR_MESSAGE);
  return { pageNo, pageSize, offset: (pageNo - 1) * pageSize, ...(cursor ? { cursor } : {}) };
}
