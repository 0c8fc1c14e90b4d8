import { sql, type Kysely } from 'kysely';
import { EntityDdlError } from './errors';
import { checkIdentifier } from './identifiers';
import type { ColumnInfo, IndexInfo, TableState } from './types';

interface ColumnRow {
  column_name: string;
  data_type: string;
  character_maximum_length: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
  is_nullable: string;
  column_default: string | null;
}

interface IndexRow {
  name: string;
  is_unique: boolean;
  is_primary: boolean;
  is_valid: boolean;
  method: string;
  columns: (string | null)[];
}

/**
 * Reads a table of the current schema: its columns from information_schema and its indexes from
 * pg_index (which, unlike pg_indexes' text definitions, gives the columns in order). Undefined when
 * there is no such table. Works on PostgreSQL and PGlite alike.
 */
export async function readTable<T>(db: Kysely<T>, table: string): Promise<TableState | undefined> {
  checkIdentifier(table, '表名', table);
  const kind = await sql<{ table_type: string }>`
    SELECT table_type FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_name = ${table}`.execute(db);
  if (kind.rows.length === 0) return undefined;
  if (kind.rows[0].table_type !== 'BASE TABLE') {
    throw new EntityDdlError(`${table} 已存在但不是普通表（${kind.rows[0].table_type}），无法作为实体表使用`, { table });
  }

  // information_schema's cardinal_number is a domain; cast so the driver hands back plain numbers.
  const columns = await sql<ColumnRow>`
    SELECT column_name::text AS column_name, data_type::text AS data_type,
           character_maximum_length::int AS character_maximum_length,
           numeric_precision::int AS numeric_precision, numeric_scale::int AS numeric_scale,
           is_nullable::text AS is_nullable, column_default::text AS column_default
    FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = ${table}
    ORDER BY ordinal_position`.execute(db);

  const indexes = await sql<IndexRow>`
    SELECT i.relname::text AS name, ix.indisunique AS is_unique, ix.indisprimary AS is_primary,
           ix.indisvalid AS is_valid, am.amname::text AS method,
           array(
             SELECT a.attname::text
             FROM unnest(ix.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
             LEFT JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = k.attnum AND k.attnum <> 0
             WHERE k.ord <= ix.indnkeyatts
             ORDER BY k.ord
           ) AS columns
    FROM pg_index ix
    JOIN pg_class t ON t.oid = ix.indrelid
    JOIN pg_class i ON i.oid = ix.indexrelid
    JOIN pg_am am ON am.oid = i.relam
    JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE n.nspname = current_schema() AND t.relname = ${table}
      AND ix.indpred IS NULL
    ORDER BY i.relname`.execute(db);

  return {
    columns: columns.rows.map(
      (r): ColumnInfo => ({
        name: r.column_name,
        dataType: r.data_type,
        charLength: r.character_maximum_length,
        numericPrecision: r.numeric_precision,
        numericScale: r.numeric_scale,
        nullable: r.is_nullable === 'YES',
        defaultExpr: r.column_default,
      }),
    ),
    indexes: indexes.rows.map(
      (r): IndexInfo => ({ name: r.name, unique: r.is_unique, primary: r.is_primary, columns: r.columns, method: r.method, valid: r.is_valid }),
    ),
  };
}
