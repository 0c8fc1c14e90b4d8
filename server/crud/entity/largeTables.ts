import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { timedAnswers } from '../../db/timedAnswers';

/**
 * Whether a table is large enough that a list's page can cost more than its count: PostgreSQL may
 * walk the sort index in search of the rows a search matches, reading the whole table when they are
 * rare. Under LARGE_TABLE_BYTES such a walk reads a few thousand rows at most, so the list reads its
 * page first and counts only when a next page exists (one statement for a search that fits a page).
 *
 * The size is the table's file size (pg_relation_size), not the planner's row estimate, which an
 * unanalysed table (PGlite has no autovacuum) does not keep. It is read again after SIZE_TTL_MS.
 */
export const LARGE_TABLE_BYTES = 8 * 1024 * 1024;
const SIZE_TTL_MS = 60_000;

const sizes = timedAnswers<boolean>(SIZE_TTL_MS);

export function isLargeTable(db: Kysely<DB>, table: string): Promise<boolean> {
  return sizes.get(db, table, async () => {
    // The table name comes from a page document (never a request); to_regclass makes a missing one NULL.
    const read = await sql<{ bytes: string | number | null }>`SELECT pg_relation_size(to_regclass(${table})) AS bytes`.execute(db);
    return Number(read.rows[0]?.bytes ?? 0) >= LARGE_TABLE_BYTES;
  });
}

/** Forgets every size read (tests that fill a table and want the new answer at once). */
export function forgetTableSizes(): void {
  sizes.forget();
}
