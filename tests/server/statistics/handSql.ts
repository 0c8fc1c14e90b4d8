/**
 * The figures each 统计报表 must show, written by hand in SQL over the tables (never through the
 * statistics executor): the tests compare the executor's answer to these. One function per report,
 * each returning its leaf groups (two group levels, or one) and the 合计 over the same rows.
 *
 * `scope` narrows the cases as a role's data rule does (lisi, 公估师: cases of his departments, or that
 * he registered, handles, assists or is a member of); `tenant` is the session's tenant.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../../server/db/types';

export interface HandFilter {
  tenant: number;
  /** Inclusive dates (YYYY-MM-DD) of the period, Beijing time. */
  begin: string;
  end: string;
  /** The cases lisi's 公估师 rule lets through, when set. */
  scopeUser?: string;
  /** 承办部门 of the case (sys_depart.id), when the report offers it. */
  departId?: string;
  /** 委托方 of the case (insurance company code), when the report offers it. */
  insurerCode?: string;
}

/** One group's figures: the group values (level 1, level 2 or '' at a level the row sums up) and numbers. */
export interface HandRow {
  keys: string[];
  figures: Record<string, number>;
}

export interface HandReport {
  rows: HandRow[];
  total: Record<string, number>;
}

export const CLOSED_STATES = ['over', 'wait_receipt', 'receipted', 'old'] as const;
export const OPEN_STATES = ['new', 'handle', 'approve'] as const;
export const EFFECTIVE_COSTS = ['approved', 'paid'] as const;

/** Cases (alias r) the filter lets through: tenant, scope, department, insurer (not the period). */
function caseWhere(f: HandFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`r.tenant_id = ${f.tenant}`];
  if (f.scopeUser) {
    const u = f.scopeUser;
    parts.push(sql`(r.create_by = ${u}
      OR r.depart_id IN (SELECT ud.dep_id FROM sys_user_depart ud JOIN sys_user su ON su.id = ud.user_id WHERE su.username = ${u})
      OR r.handler = ${u}
      OR ${u} = ANY (string_to_array(r.assistants, ','))
      OR EXISTS (SELECT 1 FROM biz_receive_member sm WHERE sm.receive_id = r.id AND sm.user_name = ${u}))`);
  }
  if (f.departId) parts.push(sql`r.depart_id = ${f.departId}`);
  if (f.insurerCode) parts.push(sql`r.insurer_code = ${f.insurerCode}`);
  return sql.join(parts, sql` AND `);
}

const period = (column: RawBuilder<unknown>, f: HandFilter) => sql`${column} BETWEEN ${f.begin}::date AND ${f.end}::date`;

type Raw = Record<string, string | number | null>;

/** Rows of a GROUP BY over k1 (and k2), split into leaves and the 合计 (computed separately, not summed in JS). */
async function run(db: Kysely<DB>, groups: RawBuilder<unknown>, total: RawBuilder<unknown>, keyCount: number): Promise<HandReport> {
  const num = (r: Raw) =>
    Object.fromEntries(
      Object.entries(r)
        .filter(([k]) => !/^k\d$/.test(k))
        .map(([k, v]) => [k, Number(v ?? 0)]),
    );
  const leaves = (await groups.execute(db)).rows as Raw[];
  const [sum] = (await total.execute(db)).rows as Raw[];
  return {
    rows: leaves.map((r) => ({ keys: Array.from({ length: keyCount }, (_, i) => String(r[`k${i + 1}`] ?? '')), figures: num(r) })),
    total: num(sum ?? {}),
  };
}

const closed = sql`r.receive_status IN (${sql.join([...CLOSED_STATES])})`;
const open = sql`r.receive_status IN (${sql.join([...OPEN_STATES])})`;

/** 区域统计: cases by 省 → 市 of 出险地区, entrusted (委托日期) in the period. */
export function areaReport(db: Kysely<DB>, f: HandFilter): Promise<HandReport> {
  const measures = sql`count(*) AS cases, count(*) FILTER (WHERE ${closed}) AS closed,
    sum(r.estimated_loss) AS "estimatedLoss", sum(r.fee_amount) AS fee, sum(r.invoiced_amount) AS invoiced`;
  const where = sql`${caseWhere(f)} AND ${period(sql`r.trust_date`, f)}`;
  return run(
    db,
    sql`SELECT left(r.area_code, 2) || '0000' AS k1, left(r.area_code, 4) || '00' AS k2, ${measures}
        FROM biz_receive r WHERE ${where} GROUP BY 1, 2 ORDER BY 1, 2`,
    sql`SELECT ${measures} FROM biz_receive r WHERE ${where}`,
    2,
  );
}

/** 通报统计: what each insurer's 案件通报 reports — its cases of the period by 委托方 → 案件状态. */
export function circularReport(db: Kysely<DB>, f: HandFilter): Promise<HandReport> {
  const measures = sql`count(*) AS cases, count(*) FILTER (WHERE ${closed}) AS closed, sum(r.estimated_loss) AS "estimatedLoss",
    sum(r.fee_amount) AS fee, sum(r.invoiced_amount) AS invoiced`;
  const where = sql`${caseWhere(f)} AND ${period(sql`r.trust_date`, f)}`;
  return run(
    db,
    sql`SELECT r.insurer_code AS k1, r.receive_status AS k2, ${measures} FROM biz_receive r WHERE ${where} GROUP BY 1, 2 ORDER BY 1, 2`,
    sql`SELECT ${measures} FROM biz_receive r WHERE ${where}`,
    2,
  );
}

/** 费用统计: case costs that occurred (发生日期) in the period, by 费用大类 → 费用类型. */
export function costReport(db: Kysely<DB>, f: HandFilter): Promise<HandReport> {
  const measures = sql`count(*) AS count, sum(c.amount) AS amount,
    sum(c.amount) FILTER (WHERE c.cost_status IN (${sql.join([...EFFECTIVE_COSTS])})) AS effective,
    sum(c.amount) FILTER (WHERE c.cost_status = 'submitted') AS pending, sum(c.paid_amount) AS paid`;
  const where = sql`c.tenant_id = ${f.tenant} AND ${period(sql`c.occur_date`, f)}
    AND EXISTS (SELECT 1 FROM biz_receive r WHERE r.id = c.receive_id AND ${caseWhere({ ...f, departId: undefined })})
    ${f.departId ? sql`AND c.bear_depart = ${f.departId}` : sql``}`;
  return run(
    db,
    sql`SELECT c.cost_category AS k1, c.cost_type AS k2, ${measures} FROM biz_case_cost c WHERE ${where} GROUP BY 1, 2 ORDER BY 1, 2`,
    sql`SELECT ${measures} FROM biz_case_cost c WHERE ${where}`,
    2,
  );
}

/**
 * 客户统计: cases of the period by 被保险人 → 委托方; a case with several 被保险人 counts under each of them,
 * the 合计 counts it once.
 */
export function customerReport(db: Kysely<DB>, f: HandFilter): Promise<HandReport> {
  const measures = sql`count(*) AS cases, count(*) FILTER (WHERE ${closed}) AS closed,
    sum(r.estimated_loss) AS "estimatedLoss", sum(r.fee_amount) AS fee, sum(r.invoiced_amount) AS invoiced`;
  const where = sql`${caseWhere(f)} AND ${period(sql`r.trust_date`, f)}`;
  return run(
    db,
    sql`SELECT c.customer AS k1, r.insurer_code AS k2, ${measures}
        FROM biz_receive r LEFT JOIN LATERAL unnest(string_to_array(r.customer_ids, ',')) AS c(customer) ON true
        WHERE ${where} GROUP BY 1, 2 ORDER BY 1, 2`,
    sql`SELECT ${measures} FROM biz_receive r WHERE ${where}`,
    2,
  );
}

/** 部门统计: cases of the period by 承办部门 → 主办公估师. */
export function departmentReport(db: Kysely<DB>, f: HandFilter): Promise<HandReport> {
  const measures = sql`count(*) AS cases, count(*) FILTER (WHERE ${open}) AS open, count(*) FILTER (WHERE ${closed}) AS closed,
    sum(r.fee_amount) AS fee, sum(r.invoiced_amount) AS invoiced`;
  const where = sql`${caseWhere(f)} AND ${period(sql`r.trust_date`, f)}`;
  return run(
    db,
    sql`SELECT r.depart_id AS k1, r.handler AS k2, ${measures} FROM biz_receive r WHERE ${where} GROUP BY 1, 2 ORDER BY 1, 2`,
    sql`SELECT ${measures} FROM biz_receive r WHERE ${where}`,
    2,
  );
}

/** 发票统计: invoices opened (开票日期) in the period by month → 发票类型 (red invoices count negative). */
export function receiptReport(db: Kysely<DB>, f: HandFilter): Promise<HandReport> {
  const measures = sql`count(*) AS count, sum(i.amount) AS amount, sum(i.amount) FILTER (WHERE i.red_flag = '1') AS red,
    sum(i.ref_amount) AS linked, sum(i.wait_amount) AS waiting`;
  const where = sql`i.tenant_id = ${f.tenant} AND ${period(sql`i.open_date`, f)}`;
  return run(
    db,
    sql`SELECT to_char(i.open_date, 'YYYY-MM') AS k1, i.receipt_type AS k2, ${measures} FROM biz_receipt i WHERE ${where} GROUP BY 1, 2 ORDER BY 1, 2`,
    sql`SELECT ${measures} FROM biz_receipt i WHERE ${where}`,
    2,
  );
}

/**
 * 分摊统计: each case of the period (委托日期) shares its 公估费 among its members in proportion to their
 * 分摊比例 (a member's part = 公估费 × 比例 ÷ the case's members' 比例 together); by 承办部门 of the case → 成员.
 */
export function shareReport(db: Kysely<DB>, f: HandFilter): Promise<HandReport> {
  // A case's effective costs (approved + paid), shared by the same weights as its fee.
  const caseCosts = sql`(SELECT sum(c.amount) FROM biz_case_cost c WHERE c.receive_id = r.id AND c.tenant_id = r.tenant_id
    AND c.cost_status IN (${sql.join([...EFFECTIVE_COSTS])}))`;
  const measures = sql`count(*) AS cases, sum(r.fee_amount * m.share_ratio / NULLIF(w.total, 0)) AS "sharedFee",
    sum(${caseCosts} * m.share_ratio / NULLIF(w.total, 0)) AS "sharedCost"`;
  const from = sql`biz_receive_member m JOIN biz_receive r ON r.id = m.receive_id
    JOIN (SELECT receive_id, sum(share_ratio) AS total FROM biz_receive_member GROUP BY receive_id) w ON w.receive_id = r.id`;
  const where = sql`m.tenant_id = ${f.tenant} AND ${caseWhere(f)} AND ${period(sql`r.trust_date`, f)}`;
  return run(
    db,
    sql`SELECT r.depart_id AS k1, m.user_name AS k2, ${measures} FROM ${from} WHERE ${where} GROUP BY 1, 2 ORDER BY 1, 2`,
    sql`SELECT ${measures} FROM ${from} WHERE ${where}`,
    2,
  );
}

/** 案件统计 (H4's worked example): cases of the period by 承办部门 → 案件状态, with their effective costs and hours. */
export function receiveReport(db: Kysely<DB>, f: HandFilter): Promise<HandReport> {
  const measures = sql`count(*) AS cases, count(*) FILTER (WHERE ${closed}) AS closed, sum(r.fee_amount) AS fee,
    sum((SELECT sum(c.amount) FROM biz_case_cost c WHERE c.receive_id = r.id AND c.tenant_id = r.tenant_id
         AND c.cost_status IN (${sql.join([...EFFECTIVE_COSTS])}))) AS cost,
    sum((SELECT sum(h.hours) FROM cost_work_hour h WHERE h.case_id = r.id AND h.tenant_id = r.tenant_id)) AS hours`;
  const where = sql`${caseWhere(f)} AND ${period(sql`r.trust_date`, f)}`;
  return run(
    db,
    sql`SELECT r.depart_id AS k1, r.receive_status AS k2, ${measures} FROM biz_receive r WHERE ${where} GROUP BY 1, 2 ORDER BY 1, 2`,
    sql`SELECT ${measures} FROM biz_receive r WHERE ${where}`,
    2,
  );
}
