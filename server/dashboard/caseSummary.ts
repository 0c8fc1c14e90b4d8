/**
 * The case summary 首页 reads (dash_case_summary, migration 0038): kept current by statement
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
export const SUMMARY_TABLE = 'dash_case_summary';

const TRIGGERS = [
  { name: 'dash_case_summary_ins', event: 'INSERT', tables: 'NEW TABLE AS new_cases' },
  { name: 'dash_case_summary_upd', event: 'UPDATE', tables: 'OLD TABLE AS old_cases NEW TABLE AS new_cases' },
  { name: 'dash_case_summary_del', event: 'DELETE', tables: 'OLD TABLE AS old_cases' },
] as const;
const TRUNCATE_TRIGGER = 'dash_case_summary_trunc';

async function exists(db: Kysely<DB>, relation: string): Promise<boolean> {
  const { rows } = await sql<{ oid: string | null }>`SELECT to_regclass(${relation})::text AS oid`.execute(db);
  return rows[0].oid !== null;
}

async function attachedTriggers(db: Kysely<DB>): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM pg_trigger WHERE tgrelid = ${CASE_TABLE}::regclass AND tgname LIKE 'dash_case_summary%'`.execute(db);
  return Number(rows[0].n);
}

/**
 * Attaches the triggers and fills the summary when they are not there yet; true when it did. Nothing
 * to do without the summary (migration 0038) or the case table (no case page loaded).
 */
export async function ensureCaseSummary(db: Kysely<DB>): Promise<boolean> {
  if (!(await exists(db, SUMMARY_TABLE)) || !(await exists(db, CASE_TABLE))) return false;
  if ((await attachedTriggers(db)) === TRIGGERS.length + 1) return false;
  await inTransaction(db, async (trx) => {
    // Writers wait until the triggers are there and the summary holds every case they could change.
    await sql`LOCK TABLE ${sql.table(CASE_TABLE)} IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
    for (const t of [...TRIGGERS.map((x) => x.name), TRUNCATE_TRIGGER]) {
      await sql`DROP TRIGGER IF EXISTS ${sql.raw(t)} ON ${sql.table(CASE_TABLE)}`.execute(trx);
    }
    for (const t of TRIGGERS) {
      await sql
        .raw(`CREATE TRIGGER ${t.name} AFTER ${t.event} ON ${CASE_TABLE} REFERENCING ${t.tables} FOR EACH STATEMENT EXECUTE FUNCTION dash_case_summary_change()`)
        .execute(trx);
    }
    await sql.raw(`CREATE TRIGGER ${TRUNCATE_TRIGGER} AFTER TRUNCATE ON ${CASE_TABLE} FOR EACH STATEMENT EXECUTE FUNCTION dash_case_summary_change()`).execute(trx);
    await sql`DELETE FROM dash_case_summary`.execute(trx);
    await sql`
      INSERT INTO dash_case_summary (tenant_id, trust_month, receive_status, insurer_code, province, depart_id, cases, due_cases, due_amount)
      SELECT tenant_id, date_trunc('month', trust_date)::date, receive_status::text, insurer_code::text, left(area_code::text, 2), depart_id::text,
             count(*), count(*) FILTER (WHERE COALESCE(invoiced_amount, 0) < COALESCE(fee_amount, 0)),
             COALESCE(sum(COALESCE(fee_amount, 0) - COALESCE(invoiced_amount, 0)) FILTER (WHERE COALESCE(invoiced_amount, 0) < COALESCE(fee_amount, 0)), 0)
      FROM biz_receive
      GROUP BY 1, 2, 3, 4, 5, 6`.execute(trx);
  });
  return true;
}
