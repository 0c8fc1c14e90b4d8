import { sql, type AliasedRawBuilder, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { SortOrder } from '../query';

/**
 * Keyset paging over a list's sort: the next page is "the rows after the last one read" in exactly
 * the list's order, so each page is one bounded query (no OFFSET re-reading the rows before it)
 * and no connection is held between pages.
 *
 * PostgreSQL sorts NULL as larger than every value: last in ASC, first in DESC — the default of a
 * plain ORDER BY, which the list uses. The "after" conditions below follow that. Sort columns come
 * from the page (sql.ref); key values are bound parameters read back from the previous page as
 * text (`CAST(col AS text)`: exact for numeric and for timestamps with microseconds, which the
 * driver would round to seconds), and PostgreSQL types each parameter by its column.
 */

/** The list's sort, ending with `id` so that every row has a distinct position. */
export function keysetOrder(orderBy: readonly SortOrder[]): SortOrder[] {
  if (orderBy.some((o) => o.column === 'id')) return [...orderBy];
  return [...orderBy, { column: 'id', direction: orderBy.at(-1)?.direction ?? 'asc' }];
}

/** Alias of the i-th key column in the page's rows. */
export const keyAlias = (i: number): string => `__keyset_${i}`;

/** The key columns to select, as text, beside the row's own columns. */
export function keySelections(order: readonly SortOrder[]): AliasedRawBuilder<string | null, string>[] {
  return order.map((o, i) => sql<string | null>`CAST(${sql.ref(o.column)} AS text)`.as(keyAlias(i)));
}

/** The key of a row read with keySelections. */
export function keyOf(row: Readonly<Record<string, unknown>>, order: readonly SortOrder[]): (string | null)[] {
  return order.map((_, i) => {
    const value = row[keyAlias(i)];
    return value === null || value === undefined ? null : String(value);
  });
}

function equal(column: string, value: string | null): RawBuilder<SqlBool> {
  return value === null ? sql<SqlBool>`${sql.ref(column)} IS NULL` : sql<SqlBool>`${sql.ref(column)} = ${value}`;
}

/** Rows strictly after `value` in one column's order; undefined when none can be (after NULL in ASC). */
function after({ column, direction }: SortOrder, value: string | null): RawBuilder<SqlBool> | undefined {
  const c = sql.ref(column);
  if (direction === 'asc') return value === null ? undefined : sql<SqlBool>`(${c} > ${value} OR ${c} IS NULL)`;
  return value === null ? sql<SqlBool>`${c} IS NOT NULL` : sql<SqlBool>`${c} < ${value}`;
}

/**
 * The rows after `key` in `order`: (k1 after) OR (k1 equal AND k2 after) OR … . Undefined when no
 * row can come after (cannot happen with `id` last, which is never NULL).
 */
export function afterKey(order: readonly SortOrder[], key: readonly (string | null)[]): Expression<SqlBool> | undefined {
  const branches: RawBuilder<SqlBool>[] = [];
  for (let i = 0; i < order.length; i++) {
    const last = after(order[i], key[i]);
    if (!last) continue;
    const parts = [...order.slice(0, i).map((o, j) => equal(o.column, key[j])), last];
    branches.push(parts.length === 1 ? parts[0] : sql<SqlBool>`(${sql.join(parts, sql` AND `)})`);
  }
  if (branches.length === 0) return undefined;
  const either = branches.length === 1 ? branches[0] : sql<SqlBool>`(${sql.join(branches, sql` OR `)})`;
  // The OR above cannot start an index scan; in a DESC order after a value every later row has
  // first column <= that value (NULLs come first in DESC), so this redundant bound lets the scan
  // of the sort index begin at the key instead of filtering every row before it.
  const [first] = order;
  const value = key[0];
  if (first?.direction === 'desc' && value !== null && value !== undefined && branches.length > 1) {
    return sql<SqlBool>`(${sql.ref(first.column)} <= ${value} AND ${either})`;
  }
  return either;
}
