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

/** One figure's statement: how many rows (`n`) and the measure (`v`). */
export type AggregateQuery = RawBuilder<{ n: string; v: string }>;
/** A grouping's statement: each group's key (`k`) and rows (`n`), unordered, groups of no rows allowed. */
export type GroupsQuery = RawBuilder<{ k: string; n: string }>;

/**
 * The statements of figures a source can answer (a summary, the live rows of a part of a data rule),
 * undefined where it cannot say; run by `summaryOf`, added up by `bothParts`.
 */
export interface FigureQueries {
  aggregate(target: ListTarget, measure: Measure): Promise<AggregateQuery | undefined>;
  groups(target: ListTarget, grouping: Grouping): Promise<GroupsQuery | undefined>;
}

/** The figures of `queries`, run under the request's read limit: groups with rows, most first then by key. */
export function summaryOf(queries: FigureQueries, db: Kysely<DB>, limit: ReadLimit): FigureSummary {
  return {
    async aggregate(target, measure) {
      const query = await queries.aggregate(target, measure);
      if (!query) return undefined;
      const { rows } = await limit.run(() => query.execute(db));
      return { count: Number(rows[0].n), value: Number(rows[0].v) };
    },
    async groups(target, grouping, most) {
      const query = await queries.groups(target, grouping);
      if (!query) return undefined;
      const ordered = sql<{ k: string; n: string }>`SELECT g.k, g.n FROM (${query}) AS g WHERE g.n > 0 ORDER BY g.n DESC, g.k
        ${most === undefined ? sql`` : sql`LIMIT ${most}`}`;
      const { rows } = await limit.run(() => ordered.execute(db));
      return rows.map((r) => ({ key: r.k, count: Number(r.n), value: Number(r.n) }));
    },
  };
}

/**
 * The figures of two disjoint sets of rows added up in one statement (a data rule split into its
 * departments, read from a summary, and the rest, counted live); undefined where either cannot say.
 */
export function bothParts(a: FigureQueries, b: FigureQueries): FigureQueries {
  return {
    async aggregate(target, measure) {
      const [x, y] = await Promise.all([a.aggregate(target, measure), b.aggregate(target, measure)]);
      if (!x || !y) return undefined;
      return sql<{ n: string; v: string }>`SELECT x.n + y.n AS n, x.v + y.v AS v FROM (${x}) AS x CROSS JOIN (${y}) AS y`;
    },
    async groups(target, grouping) {
      const [x, y] = await Promise.all([a.groups(target, grouping), b.groups(target, grouping)]);
      if (!x || !y) return undefined;
      return sql<{ k: string; n: string }>`SELECT u.k, sum(u.n) AS n FROM ((${x}) UNION ALL (${y})) AS u GROUP BY u.k`;
    },
  };
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

/**
 * A condition on a summary's rows (named by the summary table): the department part of a data rule
 * on the 承办部门 the summary keeps; undefined for every row.
 */
export type SummaryRows = ((summary: string) => RawBuilder<SqlBool>) | undefined;

/**
 * Where case figures are summed: the case summary (a row per group, with its counts), or the rows of
 * cases naming a user (dash_case_name: a row per case, the same key columns).
 */
export interface CaseRows {
  table: string;
  cases: RawBuilder<unknown>;
  dueCases: RawBuilder<unknown>;
  dueAmount: RawBuilder<unknown>;
  /** The groupings its columns keep. */
  groupings: ReadonlySet<'month' | 'insurer' | 'province'>;
}

const ALL_GROUPINGS = new Set(['month', 'insurer', 'province'] as const);
const CASE_SUMMARY: CaseRows = {
  table: 'dash_case_summary',
  cases: sql`sum(cases)`,
  dueCases: sql`sum(due_cases)`,
  dueAmount: sql`sum(due_amount)`,
  groupings: ALL_GROUPINGS,
};
/** The cases naming a user, a row each (0044). */
export const NAMED_CASES: CaseRows = {
  table: 'dash_case_name',
  cases: sql`count(*)`,
  dueCases: sql`count(*) FILTER (WHERE due)`,
  dueAmount: sql`sum(owed) FILTER (WHERE due)`,
  groupings: ALL_GROUPINGS,
};
/** Those rows summed per user, way, 承办部门, month and state (0044): no 委托方 nor province. */
export const NAMED_CASE_SUMMARY: CaseRows = { ...CASE_SUMMARY, table: 'dash_named_case_summary', groupings: new Set(['month'] as const) };

/** The statements of `a`, and of `b` where `a` cannot say (a smaller summary first, the rows it sums after). */
export function eitherOf(a: FigureQueries, b: FigureQueries): FigureQueries {
  return {
    aggregate: async (target, measure) => (await a.aggregate(target, measure)) ?? b.aggregate(target, measure),
    groups: async (target, grouping) => (await a.groups(target, grouping)) ?? b.groups(target, grouping),
  };
}

export class CaseSummaryQueries implements FigureQueries {
  constructor(
    private readonly tenantId: number,
    private readonly model: EntityModel,
    private readonly only: SummaryRows = undefined,
    private readonly rows: CaseRows = CASE_SUMMARY,
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
    if (this.only) parts.push(this.only(this.rows.table));
    return { where: sql<SqlBool>`${sql.join(parts, sql` AND `)}`, due };
  }

  /** The target's count and measure from the summary, or undefined when the summary cannot say. */
  aggregate(target: ListTarget, measure: Measure): Promise<AggregateQuery | undefined> {
    const shape = this.shape(target, measure);
    if (!shape) return Promise.resolve(undefined);
    const { table, cases, dueCases, dueAmount } = this.rows;
    return Promise.resolve(
      shape.due
        ? sql<{ n: string; v: string }>`SELECT COALESCE(${dueCases}, 0) AS n, COALESCE(${dueAmount}, 0) AS v FROM ${sql.table(table)} WHERE ${shape.where}`
        : sql<{ n: string; v: string }>`SELECT COALESCE(${cases}, 0) AS n, COALESCE(${cases}, 0) AS v FROM ${sql.table(table)} WHERE ${shape.where}`,
    );
  }

  /**
   * The target's case counts per month of 委托日期, per 委托方 or per province (the first two digits of
   * 出险地区); undefined when the summary cannot say.
   */
  groups(target: ListTarget, grouping: Grouping): Promise<GroupsQuery | undefined> {
    const by = groupedBy(grouping);
    const shape = this.shape(target, { kind: 'count' });
    if (!by || !this.rows.groupings.has(by) || !shape || shape.due) return Promise.resolve(undefined);
    const key = { month: sql`to_char(trust_month, 'YYYY-MM')`, insurer: sql`insurer_code`, province: sql`province` }[by];
    const column = { month: sql`trust_month`, insurer: sql`insurer_code`, province: sql`province` }[by];
    return Promise.resolve(sql<{ k: string; n: string }>`
      SELECT ${key} AS k, ${this.rows.cases} AS n FROM ${sql.table(this.rows.table)} WHERE ${shape.where} AND ${column} IS NOT NULL GROUP BY 1`);
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
export class ProgressSummaryQueries implements FigureQueries {
  constructor(
    private readonly tenantId: number,
    private readonly only: SummaryRows = undefined,
    /** The summary read: per 承办部门 (0039), or per user a case names (dash_named_progress_summary, 0044). */
    private readonly table = 'dash_progress_summary',
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
    const only = this.only ? sql<SqlBool>` AND ${this.only(this.table)}` : sql``;
    return sql<SqlBool>`tenant_id = ${this.tenantId} AND to_status = ${shape.state} AND day >= ${shape.begin}::date AND day <= ${shape.end}::date${only}`;
  }

  aggregate(target: ListTarget, measure: Measure): Promise<AggregateQuery | undefined> {
    const shape = this.shape(target, measure);
    if (!shape) return Promise.resolve(undefined);
    const n = sql`COALESCE(sum(entries), 0) - COALESCE(sum(late) FILTER (WHERE day = ${shape.end}::date), 0)`;
    return Promise.resolve(sql<{ n: string; v: string }>`SELECT ${n} AS n, ${n} AS v FROM ${sql.table(this.table)} WHERE ${this.where(shape)}`);
  }

  groups(target: ListTarget, grouping: Grouping): Promise<GroupsQuery | undefined> {
    const shape = this.shape(target, { kind: 'count' });
    if (!shape || grouping.field !== 'progressTime' || grouping.by !== 'month') return Promise.resolve(undefined);
    const n = sql`sum(entries) - COALESCE(sum(late) FILTER (WHERE day = ${shape.end}::date), 0)`;
    return Promise.resolve(sql<{ k: string; n: string }>`SELECT to_char(day, 'YYYY-MM') AS k, ${n} AS n FROM ${sql.table(this.table)} WHERE ${this.where(shape)} GROUP BY 1`);
  }
}

/** The views of the cost page the summary answers: a filter of one approval state (待审批: submitted). */
const COST_STATE_FIELD = 'costStatus';

/** Costs in an approval state (待审批费用: how many, how much), from the cost summary. */
export class CostSummaryQueries implements FigureQueries {
  constructor(
    private readonly tenantId: number,
    private readonly model: EntityModel,
    private readonly only: SummaryRows = undefined,
    /** The summary read: per 承办部门 (0039), or per user a case names (dash_named_cost_summary, 0044). */
    private readonly table = 'dash_cost_summary',
  ) {}

  /** The state a view's filter keeps, when its filter is exactly one fixed state. */
  private stateOf(key: string): string | undefined {
    const view = this.model.page.views.find((v) => v.key === key);
    const [only, ...more] = view?.filter ?? [];
    if (!only || more.length > 0 || !('field' in only) || only.field !== COST_STATE_FIELD || only.op !== 'eq') return undefined;
    return only.otherField === undefined && only.session === undefined && typeof only.value === 'string' ? only.value : undefined;
  }

  aggregate(target: ListTarget, measure: Measure): Promise<AggregateQuery | undefined> {
    const state = target.view ? this.stateOf(target.view) : undefined;
    if (!state || Object.keys(target.values ?? {}).length > 0 || (target.superQuery ?? []).length > 0) return Promise.resolve(undefined);
    const amount = measure.kind === 'sum' && measure.field === 'amount' && measure.minus === undefined;
    if (!(amount || measure.kind === 'count')) return Promise.resolve(undefined);
    const only = this.only ? sql` AND ${this.only(this.table)}` : sql``;
    return Promise.resolve(sql<{ n: string; v: string }>`SELECT COALESCE(sum(costs), 0) AS n, ${amount ? sql`COALESCE(sum(amount), 0)` : sql`COALESCE(sum(costs), 0)`} AS v
      FROM ${sql.table(this.table)} WHERE tenant_id = ${this.tenantId} AND cost_status = ${state}${only}`);
  }

  groups(): Promise<GroupsQuery | undefined> {
    return Promise.resolve(undefined);
  }
}

/** Invoices over whole days of 开票日期 (本年已开票: how many, how much), from the invoice summary. */
export class ReceiptSummaryQueries implements FigureQueries {
  constructor(private readonly tenantId: number) {}

  aggregate(target: ListTarget, measure: Measure): Promise<AggregateQuery | undefined> {
    const values = Object.entries(target.values ?? {});
    if (target.view || (target.superQuery ?? []).length > 0 || values.length !== 1 || values[0][0] !== 'openDate') return Promise.resolve(undefined);
    const days = wholeDays(values[0][1]);
    const amount = measure.kind === 'sum' && measure.field === 'amount' && measure.minus === undefined;
    if (!days || !(amount || measure.kind === 'count')) return Promise.resolve(undefined);
    return Promise.resolve(sql<{ n: string; v: string }>`SELECT COALESCE(sum(receipts), 0) AS n, ${amount ? sql`COALESCE(sum(amount), 0)` : sql`COALESCE(sum(receipts), 0)`} AS v
      FROM dash_receipt_summary WHERE tenant_id = ${this.tenantId} AND day >= ${days.begin}::date AND day <= ${days.end}::date`);
  }

  groups(): Promise<GroupsQuery | undefined> {
    return Promise.resolve(undefined);
  }
}
