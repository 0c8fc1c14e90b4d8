/**
 * The answer of `GET {apiPath}/statistics/<key>` (server/crud/statistics) as the view reads it, and
 * the one way figures are written — on screen, in print and in the exported workbook alike.
 */
import { formatMoney } from '../format/money';
import type { StatisticsFormat } from '../schema/statistics';

export type StatisticsRowType = 'row' | 'subtotal' | 'total';

export interface StatisticsColumn {
  key: string;
  title: string;
  kind: 'group' | 'measure';
  /** measures only */
  format?: StatisticsFormat;
}

/**
 * One table row: `type`, `level` (rows: the number of groups; a 小计: its group's level; the 合计: 0),
 * each group's value under its key and its text under `<key>_text`, each measure's figure under its
 * key (integers and numbers as numbers, money as text with 2 decimals, ratios 0–1, null when undefined).
 */
export type StatisticsRow = { type: StatisticsRowType; level: number } & Record<string, unknown>;

export interface StatisticsAnswer {
  columns: StatisticsColumn[];
  rows: StatisticsRow[];
}

export const SUBTOTAL_TEXT = '小计';
export const TOTAL_TEXT = '合计';

const grouped = (digits: number) => new Intl.NumberFormat('zh-CN', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const INTEGER = grouped(0);
const NUMBER = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });

/** A figure as the table shows it: 1,234 / 12,345.60 / 66.67%; '' when there is none. */
export function formatFigure(value: unknown, format: StatisticsFormat | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  if (!Number.isFinite(n)) return '';
  switch (format) {
    case 'money':
      return formatMoney(n);
    case 'integer':
      return INTEGER.format(n);
    case 'percent':
      return `${NUMBER.format(Math.round(n * 10000) / 100)}%`;
    default:
      return NUMBER.format(n);
  }
}

/** The group texts of a row's first columns: its values, 小计 after a subtotal's last group, 合计 first. */
export function groupCells(row: StatisticsRow, groupKeys: readonly string[]): string[] {
  if (row.type === 'total') return groupKeys.map((_, i) => (i === 0 ? TOTAL_TEXT : ''));
  return groupKeys.map((key, i) => {
    if (row.type === 'subtotal' && i === row.level) return SUBTOTAL_TEXT;
    if (row.type === 'subtotal' && i > row.level) return '';
    return String(row[`${key}_text`] ?? '');
  });
}
