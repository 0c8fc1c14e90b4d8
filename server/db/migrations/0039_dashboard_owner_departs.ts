import { sql, type Kysely } from 'kysely';

// 首页 for a user under a data rule (issue 18): a 公估师's rule is 本部门 or a case naming him. The
// case summary (0038) keeps 承办部门, so the department part of his case figures is read from it; his
// 结案 figures count 案件进度 entries whose case passes the rule, and 待审批费用 costs whose case does,
// so the entries' and the costs' summaries now keep the 承办部门 of the case each belongs to (its
// owner: the case of the same id and tenant; blank when there is none). Both are kept by statement
// triggers on their own table (an entry or cost written) and on the case table (a case added, moved
// to another department or tenant, deleted: its entries and costs move with it). The functions live
// here; server/dashboard/caseSummary.ts attaches the triggers once the page tables exist and fills
// the summaries through the fill functions (the progress summary refilled: its triggers are dropped
// here so the next start refills it with the departments).

/** A summary of a table whose rows belong to a case (receive_id), kept per owner department. */
export interface OwnedSummary {
  summary: string;
  child: string;
  /** Key columns (after tenant_id) and their expressions over the child row `e`; nullable ones get a key of their own for blank. */
  keys: ReadonlyArray<{ name: string; expr: string; nullable: boolean }>;
  /** Measures: their expression for one row counted `sign` times (sign is a column of the changes). */
  measures: ReadonlyArray<{ name: string; expr: string }>;
  /** Which child rows the summary counts. */
  where: string;
}

export const OWNED_SUMMARIES: readonly OwnedSummary[] = [
  {
    // 结案 figures: entries per state entered and day, and how many of the day's fall after 23:59:59
    // (a list's range ends at the end day's 23:59:59, so those are left out of a range ending that day).
    summary: 'dash_progress_summary',
    child: 'biz_receive_progress',
    keys: [
      { name: 'to_status', expr: 'e.to_status::text', nullable: false },
      { name: 'day', expr: 'e.progress_time::date', nullable: false },
    ],
    measures: [
      { name: 'entries', expr: '1' },
      { name: 'late', expr: "CASE WHEN e.progress_time > e.progress_time::date + interval '23:59:59' THEN 1 ELSE 0 END" },
    ],
    where: 'e.to_status IS NOT NULL AND e.progress_time IS NOT NULL',
  },
  {
    // 待审批费用: costs per approval state, how many and how much.
    summary: 'dash_cost_summary',
    child: 'biz_case_cost',
    keys: [{ name: 'cost_status', expr: 'e.cost_status::text', nullable: true }],
    measures: [
      { name: 'costs', expr: '1' },
      { name: 'amount', expr: 'COALESCE(e.amount, 0)' },
    ],
    where: 'TRUE',
  },
];

const keyExpr = (k: { name: string; nullable: boolean }) => (k.nullable ? `(COALESCE(${k.name}, chr(1)))` : k.name);
const conflictKey = (s: OwnedSummary) => ['tenant_id', ...s.keys.map(keyExpr), '(COALESCE(depart_id, chr(1)))'].join(', ');
const columns = (s: OwnedSummary) => ['tenant_id', ...s.keys.map((k) => k.name), 'depart_id'];

/** Child rows `rows` (alias e), each counted `sign` times, with the department of their owner looked up in `owners`. */
const childRows = (s: OwnedSummary, rows: string, sign: string, owners: string, only = 'TRUE') => `
  SELECT e.tenant_id, ${s.keys.map((k) => `${k.expr} AS ${k.name}`).join(', ')}, o.depart_id::text AS depart_id,
         ${s.measures.map((m) => `${sign} * (${m.expr}) AS ${m.name}`).join(', ')}
  FROM ${rows} e LEFT JOIN ${owners} o ON o.id = e.receive_id AND o.tenant_id = e.tenant_id
  WHERE ${s.where} AND ${only}`;

/** Adds the signed changes to the summary, group by group in key order (so writers lock alike). */
const apply = (s: OwnedSummary, changes: string) => {
  const cols = columns(s);
  const groups = cols.map((_, i) => i + 1).join(', ');
  const sums = s.measures.map((m) => `COALESCE(sum(${m.name}), 0)`);
  return `
  INSERT INTO ${s.summary} AS s (${[...cols, ...s.measures.map((m) => m.name)].join(', ')})
  SELECT ${cols.join(', ')}, ${sums.join(', ')}
  FROM (${changes}) c
  GROUP BY ${groups}
  HAVING ${sums.map((x) => `${x} <> 0`).join(' OR ')}
  ORDER BY ${groups}
  ON CONFLICT (${conflictKey(s)}) DO UPDATE SET ${s.measures.map((m) => `${m.name} = s.${m.name} + EXCLUDED.${m.name}`).join(', ')}`;
};

/** The summary's rows counted again from the child table (a start after the triggers were missing, a TRUNCATE of the cases). */
function fillFunction(s: OwnedSummary): string {
  return `CREATE OR REPLACE FUNCTION ${s.summary}_fill() RETURNS void LANGUAGE plpgsql AS $body$
BEGIN
  DELETE FROM ${s.summary};
  ${apply(s, childRows(s, s.child, '1', 'biz_receive'))};
END
$body$`;
}

/** The statement trigger on the child table: rows added and taken away, their owners as the cases are now. */
function childChangeFunction(s: OwnedSummary, [newRows, oldRows]: [string, string]): string {
  return `CREATE OR REPLACE FUNCTION ${s.summary}_change() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${apply(s, childRows(s, newRows, '1', 'biz_receive'))};
  ELSIF TG_OP = 'DELETE' THEN
    ${apply(s, childRows(s, oldRows, '-1', 'biz_receive'))};
  ELSIF TG_OP = 'UPDATE' THEN
    ${apply(s, `${childRows(s, newRows, '1', 'biz_receive')} UNION ALL ${childRows(s, oldRows, '-1', 'biz_receive')}`)};
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM ${s.summary};
  END IF;
  RETURN NULL;
END
$body$`;
}

const NO_CASES = `(SELECT NULL::text AS id, NULL::integer AS tenant_id, NULL::text AS depart_id WHERE FALSE)`;
const casesOf = (rows: string) => `(SELECT id::text AS id, tenant_id, depart_id::text AS depart_id FROM ${rows})`;

/**
 * The statement trigger on the case table: the child rows of the cases whose (id, tenant, 承办部门)
 * the statement changed move from the department their owner had before to the one it has now. The
 * ids are the table's key, so before the statement no row outside the old rows had one of the new
 * ids, and after it none outside the new rows has one of the old ids.
 */
function ownerChangeFunction(s: OwnedSummary): string {
  const only = 'e.receive_id IN (SELECT id FROM moved)';
  const moved = (before: string, after: string) => `
    WITH owners_before AS ${before}, owners_after AS ${after},
         moved AS ((SELECT * FROM owners_before EXCEPT SELECT * FROM owners_after) UNION (SELECT * FROM owners_after EXCEPT SELECT * FROM owners_before))
    ${apply(
      s,
      `${childRows(s, s.child, '-1', 'owners_before', only)} UNION ALL ${childRows(s, s.child, '1', 'owners_after', only)}`,
    )}`;
  return `CREATE OR REPLACE FUNCTION ${s.summary}_owner_change() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${moved(NO_CASES, casesOf('new_cases'))};
  ELSIF TG_OP = 'DELETE' THEN
    ${moved(casesOf('old_cases'), NO_CASES)};
  ELSIF TG_OP = 'UPDATE' THEN
    ${moved(casesOf('old_cases'), casesOf('new_cases'))};
  ELSIF TG_OP = 'TRUNCATE' THEN
    PERFORM ${s.summary}_fill();
  END IF;
  RETURN NULL;
END
$body$`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // The progress summary gets the owner's department; its old triggers go, so the next start attaches the new ones and refills it.
  await sql`
    DO $$ BEGIN
      IF to_regclass('biz_receive_progress') IS NOT NULL THEN
        DROP TRIGGER IF EXISTS dash_progress_summary_ins ON biz_receive_progress;
        DROP TRIGGER IF EXISTS dash_progress_summary_upd ON biz_receive_progress;
        DROP TRIGGER IF EXISTS dash_progress_summary_del ON biz_receive_progress;
        DROP TRIGGER IF EXISTS dash_progress_summary_trunc ON biz_receive_progress;
      END IF;
    END $$`.execute(db);
  await sql`DROP FUNCTION dash_progress_summary_change()`.execute(db);
  await sql`DELETE FROM dash_progress_summary`.execute(db);
  await sql`ALTER TABLE dash_progress_summary DROP CONSTRAINT dash_progress_summary_pkey`.execute(db);
  await sql`ALTER TABLE dash_progress_summary ADD COLUMN depart_id text`.execute(db);
  await sql`
    CREATE TABLE dash_cost_summary (
      tenant_id integer NOT NULL,
      cost_status text,
      depart_id text,
      costs bigint NOT NULL,
      amount numeric NOT NULL
    )`.execute(db);
  for (const s of OWNED_SUMMARIES) {
    await sql.raw(`CREATE UNIQUE INDEX ${s.summary}_key ON ${s.summary} (${conflictKey(s)})`).execute(db);
    await sql.raw(fillFunction(s)).execute(db);
    await sql.raw(childChangeFunction(s, s.summary === 'dash_progress_summary' ? ['new_entries', 'old_entries'] : ['new_costs', 'old_costs'])).execute(db);
    await sql.raw(ownerChangeFunction(s)).execute(db);
  }
}
