import { sql, type Kysely } from 'kysely';

// 首页 at a million cases (issue 18): the case figures (新收 by month, cases by state, 待开票, the
// year's 委托方 and provinces) are read from this summary instead of counting the cases. One row per
// tenant, month of 委托日期, state, 委托方, province (the first two digits of 出险地区) and 承办部门, with
// how many cases it holds and, of those, how many still have fee to invoice (已开票 < 公估费, both as 0
// when blank) and how much. The case table itself belongs to the page documents (created after the
// migrations), so its triggers are attached — and the summary filled from the cases already there —
// by server/dashboard/caseSummary.ts once the page tables exist; the function lives here.
//
// The unique key treats a blank (NULL) key column as a value of its own, apart from '' (chr(1) never
// appears in a code), so each group has one row and a trigger adds to it.
export const SUMMARY_KEY = sql`tenant_id, (COALESCE(trust_month, DATE '0001-01-01')), receive_status,
  (COALESCE(insurer_code, chr(1))), (COALESCE(province, chr(1))), (COALESCE(depart_id, chr(1)))`;

/** The summary's columns from case rows `rows` (a transition table), each counted `sign` times. */
const rowsOf = (rows: string, sign: number) => `
  SELECT tenant_id, date_trunc('month', trust_date)::date AS trust_month, receive_status::text AS receive_status,
         insurer_code::text AS insurer_code, left(area_code::text, 2) AS province, depart_id::text AS depart_id,
         ${sign} AS sign, COALESCE(invoiced_amount, 0) < COALESCE(fee_amount, 0) AS due,
         COALESCE(fee_amount, 0) - COALESCE(invoiced_amount, 0) AS owed
  FROM ${rows}`;

/** Adds the signed rows of `changes` to the summary, group by group in key order (so writers lock alike). */
const apply = (changes: string) => `
  INSERT INTO dash_case_summary AS s (tenant_id, trust_month, receive_status, insurer_code, province, depart_id, cases, due_cases, due_amount)
  SELECT tenant_id, trust_month, receive_status, insurer_code, province, depart_id,
         sum(sign), COALESCE(sum(sign) FILTER (WHERE due), 0), COALESCE(sum(sign * owed) FILTER (WHERE due), 0)
  FROM (${changes}) c
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(sign) <> 0 OR COALESCE(sum(sign) FILTER (WHERE due), 0) <> 0 OR COALESCE(sum(sign * owed) FILTER (WHERE due), 0) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (tenant_id, (COALESCE(trust_month, DATE '0001-01-01')), receive_status,
               (COALESCE(insurer_code, chr(1))), (COALESCE(province, chr(1))), (COALESCE(depart_id, chr(1))))
  DO UPDATE SET cases = s.cases + EXCLUDED.cases, due_cases = s.due_cases + EXCLUDED.due_cases, due_amount = s.due_amount + EXCLUDED.due_amount`;

// 结案 figures (本月/本年结案, the trend's closings) count 案件进度 entries by state and time: kept per
// tenant, state entered and day, with how many of the day's entries fall after 23:59:59 (a list's
// range ends at the end day's 23:59:59, so those are left out of a range ending that day).
const entriesOf = (rows: string, sign: number) => `
  SELECT tenant_id, to_status::text AS to_status, progress_time::date AS day, ${sign} AS sign,
         progress_time > progress_time::date + interval '23:59:59' AS late
  FROM ${rows} WHERE to_status IS NOT NULL AND progress_time IS NOT NULL`;

const applyEntries = (changes: string) => `
  INSERT INTO dash_progress_summary AS s (tenant_id, to_status, day, entries, late)
  SELECT tenant_id, to_status, day, sum(sign), COALESCE(sum(sign) FILTER (WHERE late), 0)
  FROM (${changes}) c
  GROUP BY 1, 2, 3
  HAVING sum(sign) <> 0 OR COALESCE(sum(sign) FILTER (WHERE late), 0) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (tenant_id, to_status, day) DO UPDATE SET entries = s.entries + EXCLUDED.entries, late = s.late + EXCLUDED.late`;

// 本年已开票 sums invoices by 开票日期: kept per tenant and day, with how many and how much.
const invoicesOf = (rows: string, sign: number) => `
  SELECT tenant_id, open_date AS day, ${sign} AS sign, COALESCE(amount, 0) AS amount FROM ${rows} WHERE open_date IS NOT NULL`;

const applyInvoices = (changes: string) => `
  INSERT INTO dash_receipt_summary AS s (tenant_id, day, receipts, amount)
  SELECT tenant_id, day, sum(sign), sum(sign * amount)
  FROM (${changes}) c
  GROUP BY 1, 2
  HAVING sum(sign) <> 0 OR sum(sign * amount) <> 0
  ORDER BY 1, 2
  ON CONFLICT (tenant_id, day) DO UPDATE SET receipts = s.receipts + EXCLUDED.receipts, amount = s.amount + EXCLUDED.amount`;

/**
 * The plpgsql body of a summary's statement trigger: INSERT adds the new rows' groups, DELETE takes
 * the old rows' away, UPDATE does both in one statement, TRUNCATE empties the summary.
 */
function summaryChangeFunction(
  name: string,
  summary: string,
  apply: (rows: string) => string,
  rowsOf: (transitionTable: string, sign: 1 | -1) => string,
  [newRows, oldRows]: [string, string],
): string {
  return `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${apply(rowsOf(newRows, 1))};
  ELSIF TG_OP = 'DELETE' THEN
    ${apply(rowsOf(oldRows, -1))};
  ELSIF TG_OP = 'UPDATE' THEN
    ${apply(`${rowsOf(newRows, 1)} UNION ALL ${rowsOf(oldRows, -1)}`)};
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM ${summary};
  END IF;
  RETURN NULL;
END
$body$`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE dash_receipt_summary (
      tenant_id integer NOT NULL,
      day date NOT NULL,
      receipts bigint NOT NULL,
      amount numeric NOT NULL,
      PRIMARY KEY (tenant_id, day)
    )`.execute(db);
  await sql.raw(summaryChangeFunction('dash_receipt_summary_change', 'dash_receipt_summary', applyInvoices, invoicesOf, ['new_receipts', 'old_receipts'])).execute(db);
  await sql`
    CREATE TABLE dash_progress_summary (
      tenant_id integer NOT NULL,
      to_status text NOT NULL,
      day date NOT NULL,
      entries bigint NOT NULL,
      late bigint NOT NULL,
      PRIMARY KEY (tenant_id, to_status, day)
    )`.execute(db);
  await sql.raw(summaryChangeFunction('dash_progress_summary_change', 'dash_progress_summary', applyEntries, entriesOf, ['new_entries', 'old_entries'])).execute(db);
  await sql`
    CREATE TABLE dash_case_summary (
      tenant_id integer NOT NULL,
      trust_month date,
      receive_status text NOT NULL,
      insurer_code text,
      province text,
      depart_id text,
      cases bigint NOT NULL,
      due_cases bigint NOT NULL,
      due_amount numeric NOT NULL
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX dash_case_summary_key ON dash_case_summary (${SUMMARY_KEY})`.execute(db);
  // The unique key (tenant, month, …) serves the month ranges; states are read by this one.
  await sql`CREATE INDEX dash_case_summary_state ON dash_case_summary (tenant_id, receive_status)`.execute(db);
  // One function for the statement triggers of INSERT, UPDATE and DELETE (each with its transition
  // tables) and TRUNCATE: a million-row import adds its groups once, not once per row.
  await sql.raw(summaryChangeFunction('dash_case_summary_change', 'dash_case_summary', apply, rowsOf, ['new_cases', 'old_cases'])).execute(db);
}
