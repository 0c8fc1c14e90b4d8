/**
 * 首页's case figures read from the case summary (caseSummary.ts) instead of the cases: the figures
 * whose targets are whole months of 委托日期, a state, the 待开票 and 结案审批 views, and the year's
 * groups by 委托方 and province. Used only where the list's own conditions on the case page are the
 * tenant alone (no 数据规则: a rule tests columns the summary does not keep); any other target is
 * left to the live count (`undefined`). A view is read from the summary only while its filter is the
 * one the summary was built for — a page document that changes it falls back to the live count.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Measure } from '../../runtime/dashboard/figures';
import type { ListTarget } from '../../runtime/dashboard/target';
import type { RowCondition } from '../../runtime/generated/page';
import type { DB } from '../db/types';
import type { EntityModel } from '../crud/entity/model';
import type { ReadLimit } from './concurrency';
import type { Aggregate, GroupAggregate, Grouping } from './figureReader';

/** Figures a summary answers; undefined where it cannot say (the live count answers then). */
export interface FigureSummary {
  aggregate(target: ListTarget, measure: Measure): Promise<Aggregate | undefined>;
  groups(target: ListTarget, grouping: Grouping, limit?: number): Promise<GroupAggregate[] | undefined>;
}

/** The views the summary answers, with the filter it was built for. */
const SUMMARY_VIEWS: Readonly<Record<string, { filter: RowCondition[]; state: string; measure: 'due' | 'cases' }>> = {
  waitReceipt: {
    state: 'wait_receipt',
    filter: [
      { field: 'receiveStatus', op: 'eq', value: 'wait_receipt' },
      { field: 'invoicedAmount', op: 'lt', otherField: 'feeAmount' },
    ],
    measure: 'due',
  },
  approve: { filter: [{ field: 'receiveStatus', op: 'eq', value: 'approve' }], state: 'approve', measure: 'cases' },
};
const STATE_FIELD = 'receiveStatus';
const TRUST_DATE = 'trustDate';
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

function isMonthStart(day: string): boolean {
  return DATE_TEXT.exec(day)?.[3] === '01';
}

function isMonthEnd(day: string): boolean {
  const m = DATE_TEXT.exec(day);
  if (!m) return false;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]), 0)).getUTCDate() === Number(m[3]);
}

/** A range of whole months of 委托日期 (both bounds given), or undefined. */
export function wholeMonths(value: unknown): { begin: string; end: string } | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { begin, end } = value as { begin?: string; end?: string };
  return begin && end && isMonthStart(begin) && isMonthEnd(end) ? { begin, end } : undefined;
}

/** The summary's grouping column for the list's grouping, or undefined when it keeps none. */
function groupedBy(grouping: Grouping): 'month' | 'insurer' | 'province' | undefined {
  if (grouping.field === TRUST_DATE && grouping.by === 'month') return 'month';
  if (grouping.field === 'insurerCode' && grouping.by === 'value') return 'insurer';
  if (grouping.field === 'areaCode' && grouping.by === 'prefix' && grouping.length === 2) return 'province';
  return undefined;
}

export class CaseSummaryReader implements FigureSummary {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly tenantId: number,
    private readonly model: EntityModel,
    private readonly limit: ReadLimit,
  ) {}

  private viewOf(key: string): (typeof SUMMARY_VIEWS)[string] | undefined {
    const wanted = Object.hasOwn(SUMMARY_VIEWS, key) ? SUMMARY_VIEWS[key] : undefined;
    const view = this.model.page.views.find((v) => v.key === key);
    return wanted && view && JSON.stringify(view.filter) === JSON.stringify(wanted.filter) ? wanted : undefined;
  }

  /** The summary's condition and measure for the target, or undefined when the summary cannot say. */
  private shape(target: ListTarget, measure: Measure): { where: RawBuilder<SqlBool>; due: boolean } | undefined {
    if (target.superQuery && target.superQuery.length > 0) return undefined;
    const values = Object.entries(target.values ?? {});
    const parts: RawBuilder<SqlBool>[] = [];
    let due = false;
    if (target.view) {
      const view = this.viewOf(target.view);
      if (!view) return undefined;
      due = view.measure === 'due';
      parts.push(sql<SqlBool>`receive_status = ${view.state}`);
    }
    for (const [field, value] of values) {
      if (field === STATE_FIELD && typeof value === 'string') parts.push(sql<SqlBool>`receive_status = ${value}`);
      else if (field === TRUST_DATE && wholeMonths(value)) {
        const months = wholeMonths(value) as { begin: string; end: string };
        parts.push(sql<SqlBool>`trust_month >= ${months.begin}::date AND trust_month <= ${months.end}::date`);
      } else return undefined;
    }
    const countOnly = measure.kind === 'count';
    const owedSum = measure.kind === 'sum' && measure.field === 'feeAmount' && measure.minus === 'invoicedAmount';
    if (!countOnly && !(owedSum && due)) return undefined;
    parts.push(sql<SqlBool>`tenant_id = ${this.tenantId}`);
    return { where: sql<SqlBool>`${sql.join(parts, sql` AND `)}`, due };
  }

  /** The target's count and measure from the summary, or undefined when the summary cannot say. */
  async aggregate(target: ListTarget, measure: Measure): Promise<Aggregate | undefined> {
    const shape = this.shape(target, measure);
    if (!shape) return undefined;
    const query = shape.due
      ? sql<{ n: string; v: string }>`SELECT COALESCE(sum(due_cases), 0) AS n, COALESCE(sum(due_amount), 0) AS v FROM dash_case_summary WHERE ${shape.where}`
      : sql<{ n: string; v: string }>`SELECT COALESCE(sum(cases), 0) AS n, COALESCE(sum(cases), 0) AS v FROM dash_case_summary WHERE ${shape.where}`;
    const { rows } = await this.limit.run(() => query.execute(this.db));
    return { count: Number(rows[0].n), value: Number(rows[0].v) };
  }

  /**
   * The target's case counts per month of 委托日期, per 委托方 or per province (the first two digits of
   * 出险地区), most first then by key, at most `limit`; undefined when the summary cannot say.
   */
  async groups(target: ListTarget, grouping: Grouping, limit?: number): Promise<GroupAggregate[] | undefined> {
    const by = groupedBy(grouping);
    const shape = this.shape(target, { kind: 'count' });
    if (!by || !shape || shape.due) return undefined;
    const key = { month: sql`to_char(trust_month, 'YYYY-MM')`, insurer: sql`insurer_code`, province: sql`province` }[by];
    const column = { month: sql`trust_month`, insurer: sql`insurer_code`, province: sql`province` }[by];
    const query = sql<{ k: string; n: string }>`
      SELECT ${key} AS k, sum(cases) AS n FROM dash_case_summary WHERE ${shape.where} AND ${column} IS NOT NULL
      GROUP BY 1 HAVING sum(cases) > 0 ORDER BY 2 DESC, 1 ${limit === undefined ? sql`` : sql`LIMIT ${limit}`}`;
    const { rows } = await this.limit.run(() => query.execute(this.db));
    return rows.map((r) => ({ key: r.k, count: Number(r.n), value: Number(r.n) }));
  }
}

/** A range of whole days (yyyy-MM-dd bounds, both given), or undefined. */
function wholeDays(value: unknown): { begin: string; end: string } | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { begin, end } = value as { begin?: string; end?: string };
  return begin && end && DATE_TEXT.test(begin) && DATE_TEXT.test(end) ? { begin, end } : undefined;
}

/**
 * 案件进度 entries into a state over whole days (结案: the entries to 已结案), from the progress
 * summary: a list's range ends at 23:59:59 of its end day, so that day's later entries are taken off.
 */
export class ProgressSummaryReader implements FigureSummary {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly tenantId: number,
    private readonly limit: ReadLimit,
  ) {}

  private shape(target: ListTarget, measure: Measure): { state: string; begin: string; end: string } | undefined {
    if (target.view || measure.kind !== 'count') return undefined;
    const values = Object.entries(target.values ?? {});
    const conditions = target.superQuery ?? [];
    if (values.length !== 1 || values[0][0] !== 'progressTime' || conditions.length !== 1) return undefined;
    const days = wholeDays(values[0][1]);
    const [state] = conditions;
    if (!days || state.field !== 'toStatus' || state.rule !== 'eq' || typeof state.val !== 'string') return undefined;
    return { state: state.val, ...days };
  }

  private where(shape: { state: string; begin: string; end: string }): RawBuilder<SqlBool> {
    return sql<SqlBool>`tenant_id = ${this.tenantId} AND to_status = ${shape.state} AND day >= ${shape.begin}::date AND day <= ${shape.end}::date`;
  }

  async aggregate(target: ListTarget, measure: Measure): Promise<Aggregate | undefined> {
    const shape = this.shape(target, measure);
    if (!shape) return undefined;
    const query = sql<{ n: string }>`SELECT COALESCE(sum(entries), 0) - COALESCE(sum(late) FILTER (WHERE day = ${shape.end}::date), 0) AS n
      FROM dash_progress_summary WHERE ${this.where(shape)}`;
    const { rows } = await this.limit.run(() => query.execute(this.db));
    return { count: Number(rows[0].n), value: Number(rows[0].n) };
  }

  async groups(target: ListTarget, grouping: Grouping, limit?: number): Promise<GroupAggregate[] | undefined> {
    const shape = this.shape(target, { kind: 'count' });
    if (!shape || grouping.field !== 'progressTime' || grouping.by !== 'month') return undefined;
    const n = sql`sum(entries) - COALESCE(sum(late) FILTER (WHERE day = ${shape.end}::date), 0)`;
    const query = sql<{ k: string; n: string }>`
      SELECT to_char(day, 'YYYY-MM') AS k, ${n} AS n FROM dash_progress_summary WHERE ${this.where(shape)}
      GROUP BY 1 HAVING ${n} > 0 ORDER BY 2 DESC, 1 ${limit === undefined ? sql`` : sql`LIMIT ${limit}`}`;
    const { rows } = await this.limit.run(() => query.execute(this.db));
    return rows.map((r) => ({ key: r.k, count: Number(r.n), value: Number(r.n) }));
  }
}

/** Invoices over whole days of 开票日期 (本年已开票: how many, how much), from the invoice summary. */
export class ReceiptSummaryReader implements FigureSummary {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly tenantId: number,
    private readonly limit: ReadLimit,
  ) {}

  async aggregate(target: ListTarget, measure: Measure): Promise<Aggregate | undefined> {
    const values = Object.entries(target.values ?? {});
    if (target.view || (target.superQuery ?? []).length > 0 || values.length !== 1 || values[0][0] !== 'openDate') return undefined;
    const days = wholeDays(values[0][1]);
    const amount = measure.kind === 'sum' && measure.field === 'amount' && measure.minus === undefined;
    if (!days || !(amount || measure.kind === 'count')) return undefined;
    const query = sql<{ n: string; v: string }>`SELECT COALESCE(sum(receipts), 0) AS n, COALESCE(sum(amount), 0) AS v FROM dash_receipt_summary
      WHERE tenant_id = ${this.tenantId} AND day >= ${days.begin}::date AND day <= ${days.end}::date`;
    const { rows } = await this.limit.run(() => query.execute(this.db));
    return { count: Number(rows[0].n), value: Number(amount ? rows[0].v : rows[0].n) };
  }

  groups(): Promise<GroupAggregate[] | undefined> {
    return Promise.resolve(undefined);
  }
}
