import { sql, type Kysely } from 'kysely';

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
// a member added, changed or removed.

/** Bits of `ways`: how a case names the user (server/dashboard/namedCases.ts reads them). */
export const NAMING_WAYS = { createBy: 1, handler: 2, assistants: 4, member: 8 } as const;

/** The rows of the cases in `cases` (a relation of biz_receive rows, alias c): one per user a case names. */
const namedRows = (cases: string) => `
  SELECT c.tenant_id, n.user_name, c.id::text AS case_id, n.ways, c.depart_id::text AS depart_id,
         date_trunc('month', c.trust_date)::date AS trust_month, c.receive_status::text AS receive_status,
         c.insurer_code::text AS insurer_code, left(c.area_code::text, 2) AS province,
         COALESCE(c.invoiced_amount, 0) < COALESCE(c.fee_amount, 0) AS due,
         COALESCE(c.fee_amount, 0) - COALESCE(c.invoiced_amount, 0) AS owed
  FROM ${cases} c CROSS JOIN LATERAL (
    SELECT x.u AS user_name, bit_or(x.w)::smallint AS ways FROM (
      SELECT c.create_by::text AS u, ${NAMING_WAYS.createBy} AS w
      UNION ALL SELECT c.handler::text, ${NAMING_WAYS.handler}
      UNION ALL SELECT a, ${NAMING_WAYS.assistants} FROM unnest(string_to_array(c.assistants::text, ',')) AS a
      UNION ALL SELECT m.user_name::text, ${NAMING_WAYS.member} FROM biz_receive_member m WHERE m.receive_id = c.id AND m.tenant_id = c.tenant_id
    ) x WHERE x.u IS NOT NULL GROUP BY x.u
  ) n`;

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
  INSERT INTO dash_case_name (${COLUMNS}) ${namedRows('biz_receive')};
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
}
