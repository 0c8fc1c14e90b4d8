import { indexNameFor } from './identifiers';
import type { IndexMethod, ListShape } from './types';

/** An index the page's list needs, before it is named and checked against the declared ones. */
export interface ListIndex {
  columns: string[];
  method: IndexMethod;
}

const TENANT = 'tenant_id';
const ID = 'id';

/**
 * The indexes a page's list reads by, derived from its document (see README.md, "List indexes"):
 *  - the default sort with the `id` tie-break the list appends: `ORDER BY col DESC, id DESC LIMIT n`
 *    walks the index (backwards) and stops after a page, instead of sorting every row;
 *  - each other sortable column, the same way;
 *  - an `eq` query field (dictionaries, in, ne) followed by the default sort, so a filtered first page
 *    is still one index walk;
 *  - a `range` query field alone;
 *  - a `like` query field on a text column as a trigram GIN index (`LIKE '%x%'`, 3+ characters), and
 *    as a GIN index over its characters (`string_to_array(column, NULL)`), which serves the 1–2
 *    character texts no trigram can (query/conditions.ts adds `@> ARRAY[chars]` before the LIKE);
 * each btree behind `tenant_id` when the table is tenant-scoped (every query has `tenant_id = ?`).
 * A btree that is a prefix of another wanted btree is left out: the longer one serves it.
 */
export function listIndexes(list: ListShape, known: ReadonlySet<string>): ListIndex[] {
  const head = list.tenantScoped && known.has(TENANT) ? [TENANT] : [];
  const sort = list.sortColumn;
  const wanted: ListIndex[] = [];
  const btree = (...columns: string[]) => {
    const unique = [...new Set([...head, ...columns])];
    if (unique.every((c) => known.has(c))) wanted.push({ columns: unique, method: 'btree' });
  };
  btree(sort, ID);
  for (const column of list.sortable) btree(column, ID);
  for (const { column, mode, text } of list.query) {
    if (mode === 'eq') btree(column, sort, ID);
    else if (mode === 'range') btree(column);
    else if (text && known.has(column)) wanted.push({ columns: [column], method: 'trgm' }, { columns: [column], method: 'chars' });
  }
  const same = (a: ListIndex, b: ListIndex) => a.method === b.method && a.columns.join() === b.columns.join();
  const distinct = wanted.filter((index, i) => wanted.findIndex((other) => same(index, other)) === i);
  return distinct.filter((index) => index.method !== 'btree' || !distinct.some((other) => other !== index && isPrefix(index.columns, other)));
}

/** `columns` begin `of` (and `of` is longer): a btree on `of` serves every query a btree on `columns` would. */
export function isPrefix(columns: readonly (string | null)[], of: ListIndex | { columns: readonly (string | null)[] }): boolean {
  return of.columns.length > columns.length && columns.every((c, i) => c === of.columns[i]);
}

export function listIndexName(table: string, index: ListIndex): string {
  if (index.method === 'btree') return indexNameFor(table, index.columns, false);
  return indexNameFor(table, index.columns, false, index.method === 'trgm' ? 'trgm_idx' : 'chars_idx');
}
