import { sql, type Kysely } from 'kysely';
import { OWNED_SUMMARIES, type OwnedSummary } from './0039_dashboard_owner_departs';

// 首页 for a 公估师 at a million cases (issue 18): his rule is 本部门 or a case naming him (登记, 主办,
// 协办, 成员). The department part is read from the summaries (0038/0039); the rest — cases naming him
// outside his departments — was found live, by one lookup per branch (≈0.6 s for a member of 21k
// cases), and every figure then tested those cases again. This table keeps, for each case, one row
// per user it names (however many ways: `ways` holds them as bits, 1 登记 create_by, 2 主办 handler,
// 4 协办 assistants, 8 成员 biz_receive_member), with the case's 承办部门 and the columns the case
// figures read (month of 委托日期, state, 委托方, province, what is left to invoice). The rest of a
// rule made of naming branches is then an index range over the user's rows, and its case figures are
// sums over it; 我的案件 and 协办 (views of naming branches) are counted from it too.
//
// The case and member tables belong to the page documents (created after the migrations), so the
// statement triggers are attached — and the table filled from the rows already there — by
// server/dashboard/caseSummary.ts once the page tables exist; the functions live here. Each trigger
// recomputes the rows of the cases a statement touched from the case and member tables as they are
// after it: a case added, edited (主办, 协办, department, tenant, state, amounts), deleted or put back,
// a member added, changed or removed. Rows go in in key order, so a bulk fill leaves each user's rows
// side by side in the table: a figure over them reads a few hundred pages, not a page per case.

/** Bits of `ways`: how a case names the user (server/dashboard/namedCases.ts reads them). */
export const NAMING_WAYS = { createBy: 1, handler: 2, assistants: 4, member: 8 } as const;

/**
 * The rows of the cases in `cases` (a relation of biz_receive rows): one per user a case names. Set
 * based (members joined, not looked up case by case): a bulk insert of members into a table not yet
 * indexed must not read the member table once per case.
 */
const namedRows = (cases: string) => `
  WITH nc AS MATERIALIZED (SELECT * FROM ${cases} c),
  nn AS (
    SELECT x.tenant_id, x.id, x.u, bit_or(x.w)::smallint AS ways FROM (
      SELECT nc.tenant_id, nc.id, nc.create_by::text AS u, ${NAMING_WAYS.createBy} AS w FROM nc
      UNION ALL SELECT nc.tenant_id, nc.id, nc.handler::text, ${NAMING_WAYS.handler} FROM nc
      UNION ALL SELECT nc.tenant_id, nc.id, a, ${NAMING_WAYS.assistants} FROM nc CROSS JOIN LATERAL unnest(string_to_array(nc.assistants::text, ',')) AS a
      UNION ALL SELECT nc.tenant_id, nc.id, m.user_name::text, ${NAMING_WAYS.member} FROM nc JOIN biz_receive_member m ON m.receive_id = nc.id AND m.tenant_id = nc.tenant_id
    ) x WHERE x.u IS NOT NULL GROUP BY 1, 2, 3
  )
  SELECT c.tenant_id, nn.u AS user_name, c.id::text AS case_id, nn.ways, c.depart_id::text AS depart_id,
         date_trunc('month', c.trust_date)::date AS trust_month, c.receive_status::text AS receive_status,
         c.insurer_code::text AS insurer_code, left(c.area_code::text, 2) AS province,
         COALESCE(c.invoiced_amount, 0) < COALESCE(c.fee_amount, 0) AS due,
         COALESCE(c.fee_amount, 0) - COALESCE(c.invoiced_amount, 0) AS owed
  FROM nc c JOIN nn ON nn.tenant_id = c.tenant_id AND nn.id = c.id`;

const COLUMNS = 'tenant_id, user_name, case_id, ways, depart_id, trust_month, receive_status, insurer_code, province, due, owed';

/** Replaces the rows of the cases keyed (tenant_id, id) in `keys` by those of the cases as they are now. */
const refresh = (keys: string) => `
  DELETE FROM dash_case_name d USING (${keys}) k WHERE d.tenant_id = k.tenant_id AND d.case_id = k.id::text;
  INSERT INTO dash_case_name (${COLUMNS})
  ${namedRows(`(SELECT r.* FROM biz_receive r WHERE (r.tenant_id, r.id) IN (SELECT k.tenant_id, k.id FROM (${keys}) k))`)}
  ORDER BY 1, 2, 3`;

const FILL = `CREATE FUNCTION dash_case_name_fill() RETURNS void LANGUAGE plpgsql AS $body$
BEGIN
  DELETE FROM dash_case_name;
  INSERT INTO dash_case_name (${COLUMNS}) ${namedRows('biz_receive')} ORDER BY 1, 2, 3;
END
$body$`;

/** On the case table: a new case adds its rows; an edit or a delete replaces those of the cases it touched. */
const CASE_CHANGE = `CREATE FUNCTION dash_case_name_change() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO dash_case_name (${COLUMNS}) ${namedRows('new_cases')} ORDER BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM dash_case_name d USING old_cases k WHERE d.tenant_id = k.tenant_id AND d.case_id = k.id::text;
  ELSIF TG_OP = 'UPDATE' THEN
    ${refresh('SELECT tenant_id, id FROM old_cases UNION SELECT tenant_id, id FROM new_cases')};
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM dash_case_name;
  END IF;
  RETURN NULL;
END
$body$`;

/** On the member table: the rows of the cases whose members a statement changed, again. */
const MEMBER_CHANGE = `CREATE FUNCTION dash_case_name_member_change() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${refresh('SELECT DISTINCT tenant_id, receive_id AS id FROM new_members')};
  ELSIF TG_OP = 'DELETE' THEN
    ${refresh('SELECT DISTINCT tenant_id, receive_id AS id FROM old_members')};
  ELSIF TG_OP = 'UPDATE' THEN
    ${refresh('SELECT tenant_id, receive_id AS id FROM old_members UNION SELECT tenant_id, receive_id FROM new_members')};
  ELSIF TG_OP = 'TRUNCATE' THEN
    PERFORM dash_case_name_fill();
  END IF;
  RETURN NULL;
END
$body$`;

// 结案 and 待审批费用 of the rest count 案件进度 entries and costs of cases naming the user outside his
// departments: kept per user in the shape of 0039's summaries (per state and day; per approval
// state) with the way the case names him and its 承办部门, by statement triggers on the entries or
// costs (joined with their case's rows here) and on this table (a case's rows replaced: its entries
// and costs move with them).
const namedSummary = (s: OwnedSummary) => `dash_named_${s.summary.replace(/^dash_/, '')}`;
const namedKey = (s: OwnedSummary) =>
  ['tenant_id', 'user_name', 'ways', '(COALESCE(depart_id, chr(1)))', ...s.keys.map((k) => (k.nullable ? `(COALESCE(${k.name}, chr(1)))` : k.name))].join(', ');
const namedColumns = (s: OwnedSummary) => ['tenant_id', 'user_name', 'ways', 'depart_id', ...s.keys.map((k) => k.name)];

/** Child rows `rows` (alias e) for each row of `names` naming a user in their case, counted `sign` times. */
const namedChildRows = (s: OwnedSummary, rows: string, names: string, sign: string) => `
  SELECT e.tenant_id, n.user_name, n.ways, n.depart_id, ${s.keys.map((k) => `${k.expr} AS ${k.name}`).join(', ')},
         ${s.measures.map((m) => `${sign} * (${m.expr}) AS ${m.name}`).join(', ')}
  FROM ${rows} e JOIN ${names} n ON n.case_id = e.receive_id AND n.tenant_id = e.tenant_id
  WHERE ${s.where}`;

const applyNamed = (s: OwnedSummary, changes: string) => {
  const cols = namedColumns(s);
  const groups = cols.map((_, i) => i + 1).join(', ');
  const sums = s.measures.map((m) => `COALESCE(sum(${m.name}), 0)`);
  return `
  INSERT INTO ${namedSummary(s)} AS s (${[...cols, ...s.measures.map((m) => m.name)].join(', ')})
  SELECT ${cols.join(', ')}, ${sums.join(', ')}
  FROM (${changes}) c
  GROUP BY ${groups}
  HAVING ${sums.map((x) => `${x} <> 0`).join(' OR ')}
  ORDER BY ${groups}
  ON CONFLICT (${namedKey(s)}) DO UPDATE SET ${s.measures.map((m) => `${m.name} = s.${m.name} + EXCLUDED.${m.name}`).join(', ')}`;
};

/** The statement trigger of `table` (the child table or dash_case_name): its rows joined with the other side. */
function namedChangeFunction(s: OwnedSummary, name: string, side: (rows: string, sign: string) => string, [newRows, oldRows]: [string, string]): string {
  return `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${applyNamed(s, side(newRows, '1'))};
  ELSIF TG_OP = 'DELETE' THEN
    ${applyNamed(s, side(oldRows, '-1'))};
  ELSIF TG_OP = 'UPDATE' THEN
    ${applyNamed(s, `${side(newRows, '1')} UNION ALL ${side(oldRows, '-1')}`)};
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM ${namedSummary(s)};
  END IF;
  RETURN NULL;
END
$body$`;
}

// The case figures of the rest (cases by state and by month of 委托日期, what is left to invoice) and
// 我的案件 read the rows of dash_case_name summed per user, way, 承办部门, month and state — a few
// thousand rows a user instead of a row per case; kept by statement triggers on dash_case_name.
const CASE_KEY = `tenant_id, user_name, ways, (COALESCE(depart_id, chr(1))), (COALESCE(trust_month, DATE '0001-01-01')), (COALESCE(receive_status, chr(1)))`;
const namedCaseRows = (rows: string, sign: number) => `
  SELECT tenant_id, user_name, ways, depart_id, trust_month, receive_status, ${sign} AS sign, due, owed FROM ${rows}`;
const applyNamedCases = (changes: string) => `
  INSERT INTO dash_named_case_summary AS s (tenant_id, user_name, ways, depart_id, trust_month, receive_status, cases, due_cases, due_amount)
  SELECT tenant_id, user_name, ways, depart_id, trust_month, receive_status,
         sum(sign), COALESCE(sum(sign) FILTER (WHERE due), 0), COALESCE(sum(sign * owed) FILTER (WHERE due), 0)
  FROM (${changes}) c
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(sign) <> 0 OR COALESCE(sum(sign) FILTER (WHERE due), 0) <> 0 OR COALESCE(sum(sign * owed) FILTER (WHERE due), 0) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (${CASE_KEY})
  DO UPDATE SET cases = s.cases + EXCLUDED.cases, due_cases = s.due_cases + EXCLUDED.due_cases, due_amount = s.due_amount + EXCLUDED.due_amount`;

async function createNamedCaseSummary(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE dash_named_case_summary (
      tenant_id integer NOT NULL,
      user_name text NOT NULL,
      ways smallint NOT NULL,
      depart_id text,
      trust_month date,
      receive_status text,
      cases bigint NOT NULL,
      due_cases bigint NOT NULL,
      due_amount numeric NOT NULL
    )`.execute(db);
  await sql.raw(`CREATE UNIQUE INDEX dash_named_case_summary_key ON dash_named_case_summary (${CASE_KEY})`).execute(db);
  await sql
    .raw(
      `CREATE FUNCTION dash_named_case_summary_fill() RETURNS void LANGUAGE plpgsql AS $body$
BEGIN
  DELETE FROM dash_named_case_summary;
  ${applyNamedCases(namedCaseRows('dash_case_name', 1))};
END
$body$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE FUNCTION dash_named_case_summary_change() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${applyNamedCases(namedCaseRows('new_names', 1))};
  ELSIF TG_OP = 'DELETE' THEN
    ${applyNamedCases(namedCaseRows('old_names', -1))};
  ELSIF TG_OP = 'UPDATE' THEN
    ${applyNamedCases(`${namedCaseRows('new_names', 1)} UNION ALL ${namedCaseRows('old_names', -1)}`)};
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM dash_named_case_summary;
  END IF;
  RETURN NULL;
END
$body$`,
    )
    .execute(db);
}

async function createNamedSummary(db: Kysely<unknown>, s: OwnedSummary, [newRows, oldRows]: [string, string]): Promise<void> {
  const table = namedSummary(s);
  const keyColumns = s.keys.map((k) => `${k.name} ${k.name === 'day' ? 'date' : 'text'}${k.nullable ? '' : ' NOT NULL'}`).join(', ');
  const measureColumns = s.measures.map((m) => `${m.name} ${m.name === 'amount' ? 'numeric' : 'bigint'} NOT NULL`).join(', ');
  await sql
    .raw(`CREATE TABLE ${table} (tenant_id integer NOT NULL, user_name text NOT NULL, ways smallint NOT NULL, depart_id text, ${keyColumns}, ${measureColumns})`)
    .execute(db);
  await sql.raw(`CREATE UNIQUE INDEX ${table}_key ON ${table} (${namedKey(s)})`).execute(db);
  await sql
    .raw(
      `CREATE FUNCTION ${table}_fill() RETURNS void LANGUAGE plpgsql AS $body$
BEGIN
  DELETE FROM ${table};
  ${applyNamed(s, namedChildRows(s, s.child, 'dash_case_name', '1'))};
END
$body$`,
    )
    .execute(db);
  // Entries or costs written: each joined with the rows of its case.
  await sql.raw(namedChangeFunction(s, `${table}_change`, (rows, sign) => namedChildRows(s, rows, 'dash_case_name', sign), [newRows, oldRows])).execute(db);
  // A case's rows replaced: its entries or costs, for the users it named and names now.
  await sql.raw(namedChangeFunction(s, `${table}_names_change`, (rows, sign) => namedChildRows(s, s.child, rows, sign), ['new_names', 'old_names'])).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE dash_case_name (
      tenant_id integer NOT NULL,
      user_name text NOT NULL,
      case_id text NOT NULL,
      ways smallint NOT NULL,
      depart_id text,
      trust_month date,
      receive_status text,
      insurer_code text,
      province text,
      due boolean NOT NULL,
      owed numeric NOT NULL,
      PRIMARY KEY (tenant_id, user_name, case_id)
    )`.execute(db);
  // The triggers find a case's rows by it.
  await sql`CREATE INDEX dash_case_name_case ON dash_case_name (tenant_id, case_id)`.execute(db);
  await sql.raw(FILL).execute(db);
  await sql.raw(CASE_CHANGE).execute(db);
  await sql.raw(MEMBER_CHANGE).execute(db);
  await createNamedCaseSummary(db);
  for (const s of OWNED_SUMMARIES) await createNamedSummary(db, s, s.child === 'biz_receive_progress' ? ['new_entries', 'old_entries'] : ['new_costs', 'old_costs']);
}
