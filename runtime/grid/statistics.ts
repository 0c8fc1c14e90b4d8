import { cellValue, type GridColumn, type StatisticsKind } from './columns';
import type { GridRow } from './rowTypes';
import { AVERAGE_TITLE, STATISTICS_FAILED, SUM_TITLE } from './texts';

export type StatisticValue = number | typeof STATISTICS_FAILED;

export interface FooterRow {
  kind: StatisticsKind;
  title: string;
  /** Column key → value, for the columns that ask for this statistic. */
  values: Record<string, StatisticValue>;
}

function decimalsOf(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/**
 * Numbers of a column, or undefined when a cell holds something that is not a number. Empty cells
 * ('' / null / undefined) count as 0 — a new row does not break its column's total.
 */
function numbersOf(cells: readonly unknown[]): { numbers: number[]; decimals: number } | undefined {
  const numbers: number[] = [];
  let decimals = 0;
  for (const raw of cells) {
    if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
      numbers.push(0);
      continue;
    }
    const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
    const n = text === '' ? NaN : Number(text);
    if (!Number.isFinite(n)) return undefined;
    numbers.push(n);
    decimals = Math.max(decimals, decimalsOf(text));
  }
  return { numbers, decimals };
}

/** Rounded to the inputs' decimals so 0.1 + 0.2 shows 0.3. */
function round(n: number, decimals: number): number {
  return Number(n.toFixed(Math.min(decimals, 10)));
}

/** The sum of a column; '-' when one of its cells is not a number (spec §5). */
export function columnSum(rows: readonly GridRow[], key: string): StatisticValue {
  return sumOf(rows.map((row) => row.values[key]));
}

function sumOf(cells: readonly unknown[]): StatisticValue {
  const parsed = numbersOf(cells);
  if (!parsed) return STATISTICS_FAILED;
  return round(
    parsed.numbers.reduce((a, b) => a + b, 0),
    parsed.decimals,
  );
}

/** The average over all rows (0 with no rows), with two decimals more than the inputs; '-' on a failure. */
export function columnAverage(rows: readonly GridRow[], key: string): StatisticValue {
  return averageOf(rows.map((row) => row.values[key]));
}

function averageOf(cells: readonly unknown[]): StatisticValue {
  const parsed = numbersOf(cells);
  if (!parsed) return STATISTICS_FAILED;
  if (parsed.numbers.length === 0) return 0;
  return round(parsed.numbers.reduce((a, b) => a + b, 0) / parsed.numbers.length, parsed.decimals + 2);
}

/** The footer: a 合计 row when a column asks for sums, a 平均值 row when one asks for averages. */
export function footerRows(columns: readonly GridColumn[], rows: readonly GridRow[]): FooterRow[] {
  const footer: FooterRow[] = [];
  for (const [kind, title, compute] of [
    ['sum', SUM_TITLE, sumOf],
    ['average', AVERAGE_TITLE, averageOf],
  ] as const) {
    const wanted = columns.filter((column) => column.visible && column.statistics.includes(kind));
    if (wanted.length === 0) continue;
    const values: Record<string, StatisticValue> = {};
    for (const column of wanted) values[column.key] = compute(rows.map((row) => cellValue(column, row.values)));
    footer.push({ kind, title, values });
  }
  return footer;
}
