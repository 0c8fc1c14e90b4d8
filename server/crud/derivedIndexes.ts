/**
 * Builds the indexes derived from the page documents' conditions rather than from a table's own
 * schema — `contains` conditions (containsIndexes.ts), child-row conditions (childLinkIndexes.ts),
 * views comparing two fields (viewIndexes.ts), the covering twins of list indexes a data rule
 * counts by (coveringIndexes.ts) and the (department, text) GIN indexes of a search under a rule of
 * departments or the (user column, text) ones of a search in a view naming the user (searchIndexes.ts) — the way the list indexes of existing tables are
 * built (ddl/apply.ts): CREATE INDEX CONCURRENTLY, so a start that adds one to a table of a million
 * rows does not stop that table's writes on other nodes; one node at a time (the same advisory lock
 * as the list indexes); an invalid index a failed build left behind is dropped and built again; each
 * build recorded in lossdesk_entity_migration. Inside a caller's transaction (CONCURRENTLY cannot
 * run in one) they are built plainly, like the list indexes then.
 */
import crypto from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { CompiledPage } from '../../runtime/schema/compiledPageTypes';
import type { DB } from '../db/types';
import { childLinkIndexes } from './childLinkIndexes';
import { containsColumns } from './containsIndexes';
import { coveringIndexes } from './coveringIndexes';
import { INDEX_LOCK_KEY, ensureBookkeeping } from './ddl/apply';
import { indexNameFor } from './ddl/identifiers';
import { searchIndexes } from './searchIndexes';
import { viewIndexes, viewIndexName } from './viewIndexes';

/** One derived index: its name, its table, and what follows `ON table` in its CREATE INDEX. */
export interface DerivedIndex {
  name: string;
  table: string;
  /** `(columns) [WHERE …]` or `USING gin (expression)`, identifiers quoted. */
  definition: RawBuilder<unknown>;
}

/** What the start built, and the builds that failed (their invalid leftovers dropped; tried again next start). */
export interface DerivedIndexReport {
  built: string[];
  notes: string[];
}

/** Every derived index the pages ask for, in the order they are built. */
export function derivedIndexes(db: Kysely<DB>, pages: readonly CompiledPage[]): DerivedIndex[] {
  const contains = containsColumns(pages).map(({ table, column }) => ({
    name: indexNameFor(table, [column], false, 'split_idx'),
    table,
    definition: sql`USING gin (string_to_array(${sql.ref(column)}, ','))`,
  }));
  const childLinks = childLinkIndexes(pages).map(({ table, columns }) => ({
    name: indexNameFor(table, columns, false),
    table,
    definition: sql`(${sql.join(columns.map((c) => sql.ref(c)))})`,
  }));
  const views = viewIndexes(db, pages).map((index) => ({
    name: viewIndexName(index),
    table: index.table,
    // The predicate is the view's own filter rendered with its values as literals (viewIndexes.ts).
    definition: sql`(${sql.join(index.columns.map((c) => sql.ref(c)))}) WHERE ${sql.raw(index.predicate)}`,
  }));
  const covering = coveringIndexes(pages).map((index) => ({
    name: index.name,
    table: index.table,
    definition: sql`(${sql.join(index.columns.map((c) => sql.ref(c)))}) INCLUDE (${sql.join(index.include.map((c) => sql.ref(c)))})`,
  }));
  const searches = searchIndexes(db, pages).map((index) => ({
    name: index.name,
    table: index.table,
    // btree_gin's class for the department or user column (migration 0045), pg_trgm's for the searched text.
    definition: sql`USING gin (${sql.ref(index.keyColumn)}, ${sql.ref(index.column)} gin_trgm_ops)${index.predicate === undefined ? sql`` : sql` WHERE ${sql.raw(index.predicate)}`}`,
  }));
  return [...contains, ...childLinks, ...views, ...covering, ...searches];
}

/** Of the named indexes, those that are missing or left invalid by a failed concurrent build. */
async function notBuilt(db: Kysely<DB>, indexes: readonly DerivedIndex[]): Promise<Array<DerivedIndex & { invalid: boolean }>> {
  if (indexes.length === 0) return [];
  const { rows } = await sql<{ name: string; valid: boolean }>`
    SELECT c.relname AS name, i.indisvalid AS valid
    FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid
    WHERE c.relnamespace = current_schema()::regnamespace AND c.relname = ANY(${indexes.map((i) => i.name)}::text[])`.execute(db);
  const valid = new Map(rows.map((r) => [r.name, r.valid]));
  return indexes.filter((i) => valid.get(i.name) !== true).map((i) => ({ ...i, invalid: valid.get(i.name) === false }));
}

function createSql(index: DerivedIndex, concurrently: boolean): RawBuilder<unknown> {
  const kind = sql.raw(concurrently ? 'INDEX CONCURRENTLY IF NOT EXISTS' : 'INDEX IF NOT EXISTS');
  return sql`CREATE ${kind} ${sql.id(index.name)} ON ${sql.table(index.table)} ${index.definition}`;
}

async function recordBuild(db: Kysely<DB>, index: DerivedIndex, statement: RawBuilder<unknown>): Promise<void> {
  const text = statement.compile(db).sql;
  const hash = crypto.createHash('sha256').update(text).digest('hex');
  const steps = JSON.stringify([{ op: 'createDerivedIndex', table: index.table, name: index.name, sql: text }]);
  await sql`INSERT INTO lossdesk_entity_migration (table_name, schema_hash, steps) VALUES (${index.table}, ${hash}, ${steps}::jsonb)`.execute(db);
}

/** Builds the derived indexes the database lacks; see the file's comment for how. */
export async function ensureDerivedIndexes(db: Kysely<DB>, pages: readonly CompiledPage[]): Promise<DerivedIndexReport> {
  const report: DerivedIndexReport = { built: [], notes: [] };
  const wanted = derivedIndexes(db, pages);
  const missing = await notBuilt(db, wanted);
  if (missing.length === 0) return report;
  await ensureBookkeeping(db);
  if (db.isTransaction) {
    for (const index of missing) {
      const statement = createSql(index, false);
      await statement.execute(db);
      await recordBuild(db, index, statement);
      report.built.push(index.name);
    }
    return report;
  }
  await db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${sql.lit(INDEX_LOCK_KEY)})`.execute(conn);
    // An index over millions of rows takes longer than a request may (the pool's statement_timeout).
    await sql`SET statement_timeout = 0`.execute(conn);
    try {
      // Read again under the lock: another node may have built them meanwhile.
      for (const index of await notBuilt(conn, wanted)) {
        const drop = sql`DROP INDEX CONCURRENTLY IF EXISTS ${sql.id(index.name)}`;
        try {
          if (index.invalid) await drop.execute(conn);
          const statement = createSql(index, true);
          await statement.execute(conn);
          await recordBuild(conn, index, statement);
          report.built.push(index.name);
        } catch (err) {
          await drop.execute(conn).catch(() => undefined);
          report.notes.push(`索引 ${index.name} 并发建立失败，已删除未完成的索引，下次启动时重试：${err instanceof Error ? err.message : String(err)}`);
        }
      }
    } finally {
      await sql`RESET statement_timeout`.execute(conn);
      await sql`SELECT pg_advisory_unlock(${sql.lit(INDEX_LOCK_KEY)})`.execute(conn);
    }
  });
  return report;
}
