/**
 * What 示例 → 监控页 shows (schemas/pages/examples/monitor.json): the firm's live case figures as list
 * targets of 首页's kind (runtime/dashboard), so each is counted through the case list's own
 * conditions. The node's request rate is added by the server. No React here.
 */
import { closedTarget, openedTarget } from '../dashboard/figures';
import { monthPeriod, yearPeriod } from '../dashboard/periods';
import type { ListTarget } from '../dashboard/target';

/** The API path of the 监控页 page (entity examples/monitor) and its permission code. */
export const BUSINESS_MONITOR_PATH = '/examples/monitor';
export const BUSINESS_MONITOR_PERMISSION = 'exaMonitor:list';

export interface CaseFigureTargets {
  todayOpened: ListTarget;
  monthOpened: ListTarget;
  yearOpened: ListTarget;
  yearClosed: ListTarget;
}

export function caseFigureTargets(today: string): CaseFigureTargets {
  return {
    todayOpened: openedTarget({ begin: today, end: today }),
    monthOpened: openedTarget(monthPeriod(today)),
    yearOpened: openedTarget(yearPeriod(today)),
    yearClosed: closedTarget(yearPeriod(today)),
  };
}

/** Closed of opened as a percentage with one decimal; null without opened cases (nothing to rate). */
export function closeRate(closed: number, opened: number): number | null {
  if (opened <= 0) return null;
  return Math.round((closed / opened) * 1000) / 10;
}

/** A state row of the 监控页's list: one per 在办 state. */
export interface StateRow {
  id: string;
  stateName: string;
  cases: number;
  share: number | null;
}

export function stateRows(states: ReadonlyArray<{ value: string; title: string; count: number }>): StateRow[] {
  const total = states.reduce((sum, s) => sum + s.count, 0);
  return states.map((s) => ({ id: s.value, stateName: s.title, cases: s.count, share: total === 0 ? null : Math.round((s.count / total) * 1000) / 10 }));
}

export const BUSINESS_MONITOR_NOTES = {
  noCases: '没有案件列表权限（receive:list），案件数字不可显示',
  noProgress: '没有案件进度列表权限，本年结案数与结案率不可显示',
} as const;
