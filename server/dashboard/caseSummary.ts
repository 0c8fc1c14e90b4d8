/**
 * The summaries 首页 reads (dash_case_summary, dash_progress_summary, dash_receipt_summary; migration 0038): kept current by statement
 * triggers on the case table, in the transaction of every write whatever path it takes (the list's
 * add, edit and delete, import, workflow transitions, the demo seed, SQL by hand). The case table is
 * created from its page document after the migrations, so the triggers are attached here, once the
 * page tables exist — and then, in the same transaction with the case table locked against writes,
 * the summary is filled from the cases already there (a database older than the summary).
 */
import { sql, type Kysely } from 'kysely';
import { inTransaction } from '../db/transaction';
import type { DB } from '../db/types';

export const CASE_TABLE = 'biz_receive';
export const PROGRESS_TABLE = 'biz_receive_progress';
export const RECEIPT_TABLE = 'biz_receipt';

/** A summary, the table whose triggers keep it, and how it is filled from that table's rows. */
interface Summary {
  table: string;
  summary: string;
  /** The trigger function (migration 0038) and the names of its transition tables. */
  change: string;
  newRows: string;
  oldRows: string;
  fill: string;
}

const SUMMARIES: readonly Summary[] = [
  {
    table: CASE_TABLE,
    summary: 'dash_case_summary',
    change: 'dash_case_summary_change',
    newRows: 'new_cases',
    oldRows: 'old_cases',
    fill: `
      INSERT INTO dash_case_summary (tenant_id, trust_month, receive_status, insurer_code, province, depart_id, cases, due_cases, due_amount)
      SELECT tenant_id, date_trunc('month', trust_date)::date, receive_status::text, insurer_code::text, left(area_code::text, 2), depart_id::text,
             count(*), count(*) FILTER (WHERE COALESCE(invoiced_amount, 0) < COALESCE(fee_amount, 0)),
             COALESCE(sum(COALESCE(fee_amount, 0) - COALESCE(invoiced_amount, 0)) FILTER (WHERE COALESCE(invoiced_amount, 0) < COALESCE(fee_amount, 0)), 0)
      FROM biz_receive
      GROUP BY 1, 2, 3, 4, 5, 6`,
  },
  {
    table: PROGRESS_TABLE,
    summary: 'dash_progress_summary',
    change: 'dash_progress_summary_change',
    newRows: 'new_entries',
    oldRows: 'old_entries',
    fill: `
      INSERT INTO dash_progress_summary (tenant_id, to_status, day, entries, late)
      SELECT tenant_id, to_status::text, progress_time::date, count(*), count(*) FILTER (WHERE progress_time > progress_time::date + interval '23:59:59')
      FROM biz_receive_progress WHERE to_status IS NOT NULL AND progress_time IS NOT NULL
      GROUP BY 1, 2, 3`,
  },
  {
    table: RECEIPT_TABLE,
    summary: 'dash_receipt_summary',
    change: 'dash_receipt_summary_change',
    newRows: 'new_receipts',
    oldRows: 'old_receipts',
    fill: `
      INSERT INTO dash_receipt_summary (tenant_id, day, receipts, amount)
      SELECT tenant_id, open_date, count(*), sum(COALESCE(amount, 0)) FROM biz_receipt WHERE open_date IS NOT NULL GROUP BY 1, 2`,
  },
];

const EVENTS = [
  { suffix: 'ins', event: 'INSERT', tables: (s: Summary) => `REFERENCING NEW TABLE AS ${s.newRows}` },
  { suffix: 'upd', event: 'UPDATE', tables: (s: Summary) => `REFERENCING OLD TABLE AS ${s.oldRows} NEW TABLE AS ${s.newRows}` },
  { suffix: 'del', event: 'DELETE', tables: (s: Summary) => `REFERENCING OLD TABLE AS ${s.oldRows}` },
  { suffix: 'trunc', event: 'TRUNCATE', tables: () => '' },
] as const;

async function exists(db: Kysely<DB>, relation: string): Promise<boolean> {
  const { rows } = await sql<{ oid: string | null }>`SELECT to_regclass(${relation})::text AS oid`.execute(db);
  return rows[0].oid !== null;
}

async function attachedTriggers(db: Kysely<DB>, s: Summary): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM pg_trigger WHERE tgrelid = ${s.table}::regclass AND tgname LIKE ${`${s.summary}%`}`.execute(db);
  return Number(rows[0].n);
}

/**
 * Attaches a summary's triggers and fills it when they are not there yet; true when it did. Nothing
 * to do without the summary (migration 0038) or its table (no page of it loaded).
 */
async function ensureSummary(db: Kysely<DB>, s: Summary): Promise<boolean> {
  if (!(await exists(db, s.summary)) || !(await exists(db, s.table))) return false;
  if ((await attachedTriggers(db, s)) === EVENTS.length) return false;
  await inTransaction(db, async (trx) => {
    // Writers wait until the triggers are there and the summary holds every row they could change.
    await sql`LOCK TABLE ${sql.table(s.table)} IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
    for (const e of EVENTS) {
      const name = `${s.summary}_${e.suffix}`;
      await sql.raw(`DROP TRIGGER IF EXISTS ${name} ON ${s.table}`).execute(trx);
      await sql.raw(`CREATE TRIGGER ${name} AFTER ${e.event} ON ${s.table} ${e.tables(s)} FOR EACH STATEMENT EXECUTE FUNCTION ${s.change}()`).execute(trx);
    }
    await sql.raw(`DELETE FROM ${s.summary}`).execute(trx);
    await sql.raw(s.fill).execute(trx);
  });
  // The planner reads the summary by its key only once it knows the table's size.
  await sql.raw(`ANALYZE ${s.summary}`).execute(db);
  return true;
}

/** Every summary of 首页 attached and filled (see above); true when one of them was just now. */
export async function ensureCaseSummary(db: Kysely<DB>): Promise<boolean> {
  let made = false;
  for (const s of SUMMARIES) made = (await ensureSummary(db, s)) || made;
  return made;
}
