/**
 * What 首页 (/dashboard/analysis) shows, as data: each figure is a measure (a count, or a sum of a
 * money field) over the rows of a list target (target.ts). The server computes every figure from
 * its target through the lists' own query translation, data rules, views and tenant, and answers it
 * with the target, which the browser turns into the link to that list. The definitions live here,
 * apart from both sides, so a figure and its link cannot drift apart.
 */
import type { ListTarget } from './target';
import { lastMonths, monthPeriod, yearPeriod, type MonthPeriod, type Period } from './periods';

export type Measure = { kind: 'count' } | { kind: 'sum'; field: string; minus?: string };

export type FigureGroup = 'cases' | 'money' | 'mine';

export interface FigureSpec {
  key: string;
  title: string;
  group: FigureGroup;
  /** The unit of the list's total (件 cases, 张 invoices, 笔 costs). */
  unit: string;
  /** A money figure's amount is the sum; its list total (`count`) is shown beside it. */
  money: boolean;
  target: ListTarget;
  measure: Measure;
}

/** A figure as answered: the measure's value, how many rows it covers (the list's total) and its list. */
export interface Figure {
  key: string;
  title: string;
  group?: FigureGroup;
  unit: string;
  money: boolean;
  value: number;
  count: number;
  target: ListTarget;
}

export interface TrendMonth {
  month: string;
  label: string;
  opened: Figure;
  /** Absent when the user may not read 案件进度. */
  closed?: Figure;
}

export interface DashboardAnswer {
  /** Beijing date the figures were computed for (yyyy-MM-dd). */
  today: string;
  cards: Figure[];
  /** 在办 cases per state (every state but 历史). */
  states: Figure[];
  trend: TrendMonth[];
  /** This year's cases by 委托方, most first (at most TOP_COUNT). */
  insurers: Figure[];
  /** This year's cases by province of 出险地区, most first (at most TOP_COUNT). */
  areas: Figure[];
}

export const CASE_PAGE = 'receive/receive';
export const PROGRESS_PAGE = 'receive/receiveProgress';
export const COST_PAGE = 'cost/caseCost';
export const RECEIPT_PAGE = 'receipt/receipt';
export const TOP_COUNT = 5;

const COUNT: Measure = { kind: 'count' };
const range = (p: Period) => ({ begin: p.begin, end: p.end });

/** Cases whose 委托日期 falls in the period. */
export function openedTarget(p: Period): ListTarget {
  return { page: CASE_PAGE, values: { trustDate: range(p) } };
}

/** Closings (the 通过 entry to 已结案 in 案件进度) in the period: each case is closed once. */
export function closedTarget(p: Period): ListTarget {
  return { page: PROGRESS_PAGE, values: { progressTime: range(p) }, superQuery: [{ field: 'toStatus', rule: 'eq', val: 'over' }] };
}

/** The states of receive_status a case is 在办 in (历史 is archived), with their dictionary texts. */
export const OPEN_STATES: ReadonlyArray<{ value: string; title: string }> = [
  { value: 'new', title: '新建' },
  { value: 'handle', title: '处理中' },
  { value: 'approve', title: '结案审批' },
  { value: 'over', title: '已结案' },
  { value: 'wait_receipt', title: '待开票' },
  { value: 'receipted', title: '已开票' },
];

/** The single figures (cards) of the day `today`. */
export function cardSpecs(today: string): FigureSpec[] {
  const month = monthPeriod(today);
  const year = yearPeriod(today);
  const cases = (key: string, title: string, target: ListTarget): FigureSpec => ({ key, title, group: 'cases', unit: '件', money: false, target, measure: COUNT });
  return [
    cases('monthOpened', '本月新收', openedTarget(month)),
    cases('yearOpened', '本年新收', openedTarget(year)),
    cases('monthClosed', '本月结案', closedTarget(month)),
    cases('yearClosed', '本年结案', closedTarget(year)),
    {
      key: 'yearInvoiced',
      title: '本年已开票',
      group: 'money',
      unit: '张',
      money: true,
      target: { page: RECEIPT_PAGE, values: { openDate: range(year) } },
      measure: { kind: 'sum', field: 'amount' },
    },
    {
      key: 'toInvoice',
      title: '待开票公估费',
      group: 'money',
      unit: '件',
      money: true,
      target: { page: CASE_PAGE, view: 'waitReceipt' },
      measure: { kind: 'sum', field: 'feeAmount', minus: 'invoicedAmount' },
    },
    {
      key: 'costsToApprove',
      title: '待审批费用',
      group: 'money',
      unit: '笔',
      money: true,
      target: { page: COST_PAGE, view: 'approve' },
      measure: { kind: 'sum', field: 'amount' },
    },
    { key: 'casesToApprove', title: '待我审批结案', group: 'mine', unit: '件', money: false, target: { page: CASE_PAGE, view: 'approve' }, measure: COUNT },
    { key: 'myCases', title: '我的案件', group: 'mine', unit: '件', money: false, target: { page: CASE_PAGE, view: 'personal' }, measure: COUNT },
    {
      key: 'myHandling',
      title: '我的在办',
      group: 'mine',
      unit: '件',
      money: false,
      target: { page: CASE_PAGE, view: 'personal', values: { receiveStatus: 'handle' } },
      measure: COUNT,
    },
    { key: 'myCooperating', title: '我协办的', group: 'mine', unit: '件', money: false, target: { page: CASE_PAGE, view: 'cooperate' }, measure: COUNT },
  ];
}

/** 在办 by state: one figure per state. */
export function stateSpecs(): FigureSpec[] {
  return OPEN_STATES.map((s) => ({
    key: `state.${s.value}`,
    title: s.title,
    group: 'cases',
    unit: '件',
    money: false,
    target: { page: CASE_PAGE, values: { receiveStatus: s.value } },
    measure: COUNT,
  }));
}

export function trendMonths(today: string): MonthPeriod[] {
  return lastMonths(today, 12);
}

/** 登录日志 (sys/log, whose first tab is the sign-ins) behind the visit figures of /sys/loginfo. */
export const LOG_PAGE = 'sys/log';
/** sys_log.result of a successful sign-in (server/sys/log/sysLog.ts RESULT_SUCCESS). */
const SIGN_IN_SUCCESS = '1';

export function visitTargets(today: string): { today: ListTarget; total: ListTarget } {
  return {
    today: { page: LOG_PAGE, values: { createTime: { begin: today, end: today }, result: SIGN_IN_SUCCESS } },
    total: { page: LOG_PAGE, values: { result: SIGN_IN_SUCCESS } },
  };
}
