/**
 * The values of an import's unique fields, kept in a temporary table of the import's transaction
 * instead of in memory, so that values repeated anywhere in the files are found however long they
 * are. The table disappears with the transaction.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types';

/** Rows of one file are numbered up to 1,048,576 (2^20): file and row fit in one ordered number. */
export const FILE_STRIDE = 2 ** 21;

export const placeKey = (file: number, rowNumber: number): number => file * FILE_STRIDE + rowNumber;

export interface StagedKey {
  /** Index of the unique field. */
  field: number;
  /** markDuplicates' key of the cell: trimmed text. */
  value: string;
  /** The value as the unique check reads it back from the table (its text), null when none is stored. */
  stored: string | null;
  file: number;
  rowNumber: number;
}

export interface RepeatedKey {
  field: number;
  /** placeKey of the row. */
  place: number;
  /** How many rows of the import hold the value. */
  count: number;
  /** placeKeys of the first six of them, in file order. */
  firsts: number[];
}

export async function createImportKeys(trx: Kysely<DB>): Promise<void> {
  await sql`CREATE TEMP TABLE lossdesk_import_keys (field smallint NOT NULL, value text NOT NULL, stored text, place bigint NOT NULL) ON COMMIT DROP`.execute(trx);
}

export async function stageKeys(trx: Kysely<DB>, keys: readonly StagedKey[]): Promise<void> {
  if (keys.length === 0) return;
  await sql`INSERT INTO lossdesk_import_keys (field, value, stored, place)
    SELECT * FROM unnest(${keys.map((k) => k.field)}::smallint[], ${keys.map((k) => k.value)}::text[], ${keys.map((k) => k.stored)}::text[],
      ${keys.map((k) => placeKey(k.file, k.rowNumber))}::bigint[])`.execute(trx);
}

/**
 * Which of these values (as stored) of the unique field rows of the import up to `through` (a
 * placeKey) hold: those rows are in the table, inserted by this import. Asked only when the
 * unique check found values in the table, so it rarely runs.
 */
export async function insertedKeys(trx: Kysely<DB>, field: number, stored: readonly string[], through: number): Promise<Set<string>> {
  const { rows } = await sql<{ stored: string }>`
    SELECT DISTINCT stored FROM lossdesk_import_keys
    WHERE field = ${field} AND place <= ${through} AND stored = ANY(${[...stored]}::text[])`.execute(trx);
  return new Set(rows.map((r) => r.stored));
}

/** Every row whose value of a unique field another row of the import holds too, in file order. */
export async function repeatedKeys(trx: Kysely<DB>): Promise<RepeatedKey[]> {
  const { rows } = await sql<{ field: number; place: string; count: number; firsts: string[] }>`
    SELECT k.field, k.place::text AS place, g.count, g.firsts
    FROM lossdesk_import_keys k
    JOIN (
      SELECT field, value, count(*)::int AS count, (array_agg(place::text ORDER BY place))[1:6] AS firsts
      FROM lossdesk_import_keys GROUP BY field, value HAVING count(*) > 1
    ) g ON g.field = k.field AND g.value = k.value
    ORDER BY k.place, k.field`.execute(trx);
  return rows.map((r) => ({ field: r.field, place: Number(r.place), count: r.count, firsts: r.firsts.map(Number) }));
}
