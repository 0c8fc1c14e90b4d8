/**
 * The online report page's headless parts (在线报表, /online/cgreport/:code): the report's dynamic
 * parameters and their values, the 合计 row from getData's totals, and the export's parameters —
 * the data request itself is the popup picker's (runtime/widgets/popup/reportQuery.ts).
 */
import type { RequestParams } from '../host/types';

/** A dynamic parameter of an online report (getParamsInfo): sent as self_<paramName>. */
export interface ReportParamInfo {
  paramName: string;
  paramTxt: string;
  /** The default value. */
  paramValue?: string | null;
}

export const TOTAL_LABEL = '合计';

/** The parameters' starting values: their defaults. */
export function defaultParamValues(params: readonly ReportParamInfo[]): Record<string, string> {
  return Object.fromEntries(params.map((p) => [p.paramName, p.paramValue ?? '']));
}

/** Decimal places of a value as the rows show it ('600300.00' → 2, 31 → 0). */
function decimalsOf(value: unknown): number {
  const text = typeof value === 'number' || typeof value === 'string' ? String(value) : '';
  const match = /^-?\d+\.(\d+)$/.exec(text.trim());
  return match ? match[1].length : 0;
}

/**
 * A figure of the 合计 row, with as many decimals as the column's rows show (the database answers
 * numeric sums as '600300.00'); at least two when the total itself has a fraction.
 */
export function totalText(value: unknown, decimals = 0): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return String(value);
  const places = Math.max(decimals, Number.isInteger(n) ? 0 : 2);
  return places === 0 ? String(n) : n.toFixed(places);
}

/**
 * The 合计 row for the table's summary: by column, the total of the columns with one, 合计 in the
 * first column without one; undefined when the answer has no totals (no column totals).
 */
export function totalsRow(
  columns: ReadonlyArray<{ dataIndex: string }>,
  totals: Readonly<Record<string, unknown>> | undefined,
  rows: ReadonlyArray<Readonly<Record<string, unknown>>> = [],
): string[] | undefined {
  if (!totals || Object.keys(totals).length === 0) return undefined;
  const cells = columns.map((column) => {
    if (!Object.hasOwn(totals, column.dataIndex)) return '';
    const decimals = Math.max(0, ...rows.map((row) => decimalsOf(row[column.dataIndex])));
    return totalText(totals[column.dataIndex], decimals);
  });
  const labelAt = columns.findIndex((column) => !Object.hasOwn(totals, column.dataIndex));
  if (labelAt >= 0) cells[labelAt] = TOTAL_LABEL;
  return cells;
}

/** The export takes the list's query without its page: the whole filtered result. */
export function exportParams(dataParams: RequestParams): RequestParams {
  const { pageNo: _pageNo, pageSize: _pageSize, ...rest } = dataParams;
  return rest;
}

/** The downloaded file's name: the report's name and the day (报表名_20261127.xlsx). */
export function exportFileName(name: string, now: Date = new Date()): string {
  const day = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`;
  return `${name || '报表'}_${day}.xlsx`;
}
