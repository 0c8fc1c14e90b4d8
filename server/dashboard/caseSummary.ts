/**
 * The summaries 首页 reads (dash_case_summary, dash_progress_summary, dash_receipt_summary: migration
 * 0038; dash_cost_summary, and the entries' and costs' case departments: 0039; the users each case
 * names, dash_case_name: 0044): kept current by statement
 * triggers on the case table, in the transaction of every write whatever path it takes (the list's
 * add, edit and delete, import, workflow transitions, the demo seed, SQL by hand). The case table is
 * created from its page document after the migrations, so the triggers are attached here, once the
 * page tables exist — and then, in the same transaction with the case table locked against writes,
 * the summary is filled from the cases already there (a database older than the summary).
 */
import { sql, type Kysely } from 'kysely';
import { inTransaction } from '../db/transaction';
import type { DB } from '../db/types';
import { timedAnswers } from '../db/timedAnswers';

export const CASE_TABLE = 'biz_receive';
export const PROGRESS_TABLE = 'biz_receive_progress';
export const RECEIPT_TABLE = 'biz_receipt';
export const COST_TABLE = 'biz_case_cost';
export const MEMBER_TABLE = 'biz_receive_member';

/** A set of statement triggers (one per event) on `table` calling `change` (a function of the migrations). */
interface TriggerSet {
  table: string;
  /** The triggers are named `<prefix>_ins` … `<prefix>_trunc`. */
  prefix: string;
  change: string;
  newRows: string;
  oldRows: string;
}

/** A summary, the triggers that keep it and how it is filled from the rows it counts. */
interface Summary {
  summary: string;
  triggers: readonly TriggerSet[];
  fill: string;
}

/** The triggers of a summary kept per owner case's 承办部门 (migration 0039): on its own table and on the case table. */
const ownedTriggers = (summary: string, table: string, rows: string): TriggerSet[] => [
  { table, prefix: summary, change: `${summary}_change`, newRows: `new_${rows}`, oldRows: `old_${rows}` },
  { table: CASE_TABLE, prefix: `${summary}_owner`, change: `${summary}_owner_change`, newRows: 'new_cases', oldRows: 'old_cases' },
];

const SUMMARIES: readonly Summary[] = [
  {
    summary: 'dash_case_summary',
    triggers: [{ table: CASE_TABLE, prefix: 'dash_case_summary', change: 'dash_case_summary_change', newRows: 'new_cases', oldRows: 'old_cases' }],
    fill: `
      DELETE FROM dash_case_summary;
      INSERT INTO dash_case_summary (tenant_id, trust_month, receive_status, insurer_code, province, depart_id, cases, due_cases, due_amount)
      SELECT tenant_id, date_trunc('month', trust_date)::date, receive_status::text, insurer_code::text, left(area_code::text, 2), depart_id::text,
             count(*), count(*) FILTER (WHERE COALESCE(invoiced_amount, 0) < COALESCE(fee_amount, 0)),
             COALESCE(sum(COALESCE(fee_amount, 0) - COALESCE(invoiced_amount, 0)) FILTER (WHERE COALESCE(invoiced_amount, 0) < COALESCE(fee_amount, 0)), 0)
      FROM biz_receive
      GROUP BY 1, 2, 3, 4, 5, 6`,
  },
  // 结案 and 待审批费用 count entries and costs whose case the user may see: kept per the case's 承办部门.
  { summary: 'dash_progress_summary', triggers: ownedTriggers('dash_progress_summary', PROGRESS_TABLE, 'entries'), fill: 'SELECT dash_progress_summary_fill()' },
  { summary: 'dash_cost_summary', triggers: ownedTriggers('dash_cost_summary', COST_TABLE, 'costs'), fill: 'SELECT dash_cost_summary_fill()' },
  // The users each case names (登记, 主办, 协办, 成员: migration 0044), kept from the cases and their members.
  {
    summary: 'dash_case_name',
    triggers: [
      { table: CASE_TABLE, prefix: 'dash_case_name', change: 'dash_case_name_change', newRows: 'new_cases', oldRows: 'old_cases' },
      { table: MEMBER_TABLE, prefix: 'dash_case_name_member', change: 'dash_case_name_member_change', newRows: 'new_members', oldRows: 'old_members' },
    ],
    fill: 'SELECT dash_case_name_fill()',
  },
  // Those rows summed per user, way, 承办部门, month and state (0044).
  {
    summary: 'dash_named_case_summary',
    triggers: [{ table: 'dash_case_name', prefix: 'dash_named_case_summary', change: 'dash_named_case_summary_change', newRows: 'new_names', oldRows: 'old_names' }],
    fill: 'SELECT dash_named_case_summary_fill()',
  },
  // 结案 and 待审批费用 of the cases naming each user (0044), kept from the entries or costs and those rows.
  ...[
    { summary: 'dash_named_progress_summary', table: PROGRESS_TABLE, rows: 'entries' },
    { summary: 'dash_named_cost_summary', table: COST_TABLE, rows: 'costs' },
  ].map(
    (n): Summary => ({
      summary: n.summary,
      triggers: [
        { table: n.table, prefix: n.summary, change: `${n.summary}_change`, newRows: `new_${n.rows}`, oldRows: `old_${n.rows}` },
        { table: 'dash_case_name', prefix: `${n.summary}_names`, change: `${n.summary}_names_change`, newRows: 'new_names', oldRows: 'old_names' },
      ],
      fill: `SELECT ${n.summary}_fill()`,
    }),
  ),
  {
    summary: 'dash_receipt_summary',
    triggers: [{ table: RECEIPT_TABLE, prefix: 'dash_receipt_summary', change: 'dash_receipt_summary_change', newRows: 'new_receipts', oldRows: 'old_receipts' }],
    fill: `
      DELETE FROM dash_receipt_summary;
      INSERT INTO dash_receipt_summary (tenant_id, day, receipts, amount)
      SELECT tenant_id, open_date, count(*), sum(COALESCE(amount, 0)) FROM biz_receipt WHERE open_date IS NOT NULL GROUP BY 1, 2`,
  },
];

const EVENTS = [
  { suffix: 'ins', event: 'INSERT', tables: (t: TriggerSet) => `REFERENCING NEW TABLE AS ${t.newRows}` },
  { suffix: 'upd', event: 'UPDATE', tables: (t: TriggerSet) => `REFERENCING OLD TABLE AS ${t.oldRows} NEW TABLE AS ${t.newRows}` },
  { suffix: 'del', event: 'DELETE', tables: (t: TriggerSet) => `REFERENCING OLD TABLE AS ${t.oldRows}` },
  { suffix: 'trunc', event: 'TRUNCATE', tables: () => '' },
] as const;

async function exists(db: Kysely<DB>, relation: string): Promise<boolean> {
  const { rows } = await sql<{ oid: string | null }>`SELECT to_regclass(${relation})::text AS oid`.execute(db);
  return rows[0].oid !== null;
}

async function attachedTriggers(db: Kysely<DB>, t: TriggerSet): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM pg_trigger WHERE tgrelid = ${t.table}::regclass AND tgname IN (${sql.join(EVENTS.map((e) => `${t.prefix}_${e.suffix}`))})`.execute(db);
  return Number(rows[0].n);
}

/**
 * Attaches a summary's triggers and fills it when they are not all there yet; true when it did.
 * Nothing to do without the summary (migrations) or a table it follows (no page of it loaded).
 */
async function ensureSummary(db: Kysely<DB>, s: Summary): Promise<boolean> {
  if (!(await exists(db, s.summary))) return false;
  for (const t of s.triggers) if (!(await exists(db, t.table))) return false;
  const counts = await Promise.all(s.triggers.map((t) => attachedTriggers(db, t)));
  if (counts.every((n) => n === EVENTS.length)) return false;
  const tables = [...new Set(s.triggers.map((t) => t.table))].sort((a, b) => (a === CASE_TABLE ? -1 : b === CASE_TABLE ? 1 : a.localeCompare(b)));
  await inTransaction(db, async (trx) => {
    // Writers wait until the triggers are there and the summary holds every row they could change (the case table first, as its writes lock).
    for (const table of tables) await sql`LOCK TABLE ${sql.table(table)} IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
    for (const t of s.triggers) {
      for (const e of EVENTS) {
        const name = `${t.prefix}_${e.suffix}`;
        await sql.raw(`DROP TRIGGER IF EXISTS ${name} ON ${t.table}`).execute(trx);
        await sql.raw(`CREATE TRIGGER ${name} AFTER ${e.event} ON ${t.table} ${e.tables(t)} FOR EACH STATEMENT EXECUTE FUNCTION ${t.change}()`).execute(trx);
      }
    }
    for (const statement of s.fill.split(';').filter((x) => x.trim() !== '')) await sql.raw(statement).execute(trx);
  });
  // The planner reads the summary by its key only once it knows the table's size.
  await sql.raw(`ANALYZE ${s.summary}`).execute(db);
  return true;
}

const CASE_NAMES = SUMMARIES.find((s) => s.summary === 'dash_case_name');
const namesKept = timedAnswers<boolean>(60_000);

/**
 * Whether dash_case_name follows the case and member tables (every trigger of it attached), so a
 * list may read the cases naming a user from it (rowConditionSql.ts) — a database whose member page
 * is not loaded has the table but not the triggers. Read again after a minute.
 */
export function caseNamesKept(db: Kysely<DB>): Promise<boolean> {
  return namesKept.get(db, 'dash_case_name', async () => {
    let kept = CASE_NAMES !== undefined && (await exists(db, CASE_NAMES.summary));
    for (const t of CASE_NAMES?.triggers ?? []) kept = kept && (await exists(db, t.table)) && (await attachedTriggers(db, t)) === EVENTS.length;
    return kept;
  });
}

/** Every summary of 首页 attached and filled (see above); true when one of them was just now. */
export async function ensureCaseSummary(db: Kysely<DB>): Promise<boolean> {
  let made = false;
  for (const s of SUMMARIES) made = (await ensureSummary(db, s)) || made;
  return made;
}
