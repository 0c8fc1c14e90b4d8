import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { desiredTable } from './desired';
import { EntityDdlError } from './errors';
import { readTable } from './introspect';
import { planTable } from './plan';
import { dropInvalidIndexSql, stepSql, stepText } from './render';
import type { AppliedTable, ApplyReport, EntityTable, Step, TablePlan } from './types';
import { inTransaction } from '../../db/transaction';

/**
 * The advisory lock key of entity DDL ('ldDDL' in ASCII). Several API nodes may start at once; the
 * lock makes them apply one after the other, and each reads the tables only once it holds the lock.
 */
export const DDL_LOCK_KEY = 0x6c_64_44_44_4c;

const ACTION = { create: 'created', alter: 'altered', unchanged: 'unchanged' } as const;

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** A stable hash of the schema a plan was made from, recorded beside the steps. */
export function schemaHash(table: EntityTable): string {
  return crypto.createHash('sha256').update(JSON.stringify(canonical(table))).digest('hex');
}

function checkInput(tables: EntityTable[]): void {
  if (!Array.isArray(tables)) throw new EntityDdlError('实体表列表应为数组', { table: '' });
  const seen = new Set<string>();
  for (const table of tables) {
    const { table: name } = desiredTable(table);
    if (seen.has(name)) throw new EntityDdlError(`表 ${name} 在同一批中定义了两次`, { table: name });
    seen.add(name);
  }
}

export async function ensureBookkeeping<T>(db: Kysely<T>): Promise<void> {
  await sql`
    CREATE TABLE IF NOT EXISTS lossdesk_entity_migration (
      id serial PRIMARY KEY,
      table_name varchar(63) NOT NULL,
      schema_hash varchar(64) NOT NULL,
      steps jsonb NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

type IndexStep = Extract<Step, { op: 'createIndex' }>;

async function record<T>(db: Kysely<T>, table: string, hash: string, steps: readonly Step[]): Promise<void> {
  const recorded = steps.map((step) => ({ ...step, sql: stepText(step) }));
  await sql`
    INSERT INTO lossdesk_entity_migration (table_name, schema_hash, steps)
    VALUES (${table}, ${hash}, ${JSON.stringify(recorded)}::jsonb)`.execute(db);
}

async function applyPlan<T>(db: Kysely<T>, plan: TablePlan, hash: string): Promise<void> {
  for (const step of plan.steps) {
    try {
      await stepSql(step).execute(db);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      throw new EntityDdlError(`表 ${plan.table} 变更失败，本次所有变更已回滚。执行 ${stepText(step)} 时出错：${message}`, { table: plan.table }, { cause: err });
    }
  }
  await record(db, plan.table, hash, plan.steps);
}

/** The session advisory lock of the concurrent index builds ('ldIDX'): two nodes build one after the other (derivedIndexes.ts too). */
export const INDEX_LOCK_KEY = 0x6c_64_49_44_58;

/**
 * Builds the list indexes of existing tables with CREATE INDEX CONCURRENTLY, after the DDL
 * transaction committed (it cannot run inside one), so the table takes writes meanwhile. A build
 * that fails leaves an invalid index: it is dropped and the failure reported in the table's notes;
 * the next start tries again. Each table's built indexes are recorded like the other steps.
 */
async function buildConcurrently<T>(db: Kysely<T>, pending: ReadonlyArray<{ entry: AppliedTable; hash: string; steps: IndexStep[] }>): Promise<void> {
  await db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${sql.lit(INDEX_LOCK_KEY)})`.execute(conn);
    // Building an index over millions of rows takes longer than a request may (the pool's
    // statement_timeout); this session is the start's own, not a request's.
    await sql`SET statement_timeout = 0`.execute(conn);
    try {
      for (const { entry, hash, steps } of pending) {
        const built: Step[] = [];
        for (const step of steps) {
          try {
            if (step.replaceInvalid) await dropInvalidIndexSql(step).execute(conn);
            await stepSql(step).execute(conn);
            built.push(step);
          } catch (err) {
            await dropInvalidIndexSql(step).execute(conn).catch(() => undefined);
            entry.steps = entry.steps.filter((s) => s !== step);
            entry.notes.push(`索引 ${step.name} 并发建立失败，已删除未完成的索引，下次启动时重试：${err instanceof Error ? err.message : String(err)}`);
          }
        }
        if (built.length > 0) await record(conn, entry.table, hash, built);
      }
    } finally {
      await sql`RESET statement_timeout`.execute(conn);
      await sql`SELECT pg_advisory_unlock(${sql.lit(INDEX_LOCK_KEY)})`.execute(conn);
    }
  });
}

/**
 * Creates and evolves the tables of schema-described entities, all in one transaction (the caller's,
 * when `db` is one): either every table reaches its schema or nothing changes. Each plan with steps is recorded in
 * lossdesk_entity_migration; a second run with the same schemas finds nothing to do and records nothing.
 */
export async function applyEntityTables<T>(db: Kysely<T>, tables: EntityTable[]): Promise<ApplyReport> {
  // Bad identifiers and malformed fields are refused before the database is touched.
  checkInput(tables);
  // Inside a caller's transaction (e.g. together with the system migrations) that one is the unit of
  // work and nothing can run after it: list indexes are then built in it like any other step.
  const later = !db.isTransaction;
  const pending: Array<{ entry: AppliedTable; hash: string; steps: IndexStep[] }> = [];
  const run = async (trx: Kysely<T>): Promise<ApplyReport> => {
    await sql`SELECT pg_advisory_xact_lock(${sql.lit(DDL_LOCK_KEY)})`.execute(trx);
    await ensureBookkeeping(trx);
    const report: AppliedTable[] = [];
    for (const table of tables) {
      const plan = planTable(await readTable(trx, table.table), table);
      const concurrent = plan.steps.filter((s): s is IndexStep => s.op === 'createIndex' && s.concurrently === true);
      const now = later ? plan.steps.filter((s) => !concurrent.includes(s as IndexStep)) : plan.steps.map(inline);
      const hash = schemaHash(table);
      if (now.length > 0) await applyPlan(trx, { ...plan, steps: now }, hash);
      const entry: AppliedTable = { table: plan.table, action: ACTION[plan.action], steps: [...plan.steps], kept: plan.kept, notes: [...plan.notes] };
      if (later && concurrent.length > 0) pending.push({ entry, hash, steps: concurrent });
      report.push(entry);
    }
    return { tables: report };
  };
  const report = await inTransaction(db, run);
  if (pending.length > 0) await buildConcurrently(db, pending);
  return report;
}

/** A concurrent index step made a plain one (inside a caller's transaction). */
function inline(step: Step): Step {
  if (step.op !== 'createIndex' || !step.concurrently) return step;
  const { concurrently: _c, replaceInvalid: _r, ...plain } = step;
  return plain;
}

/** The plans applyEntityTables would carry out now, without changing anything (for `npm run db:plan`). */
export async function planEntityTables<T>(db: Kysely<T>, tables: EntityTable[]): Promise<TablePlan[]> {
  checkInput(tables);
  const plans: TablePlan[] = [];
  for (const table of tables) plans.push(planTable(await readTable(db, table.table), table));
  return plans;
}
