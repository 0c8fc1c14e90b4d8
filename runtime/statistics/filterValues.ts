/** The report's filter values as the bar holds them and as the request carries them. */
import type { CompiledStatistics } from '../schema/statistics';
import { periodRange, type DateRange } from './period';

/** param → one value, or a range for a period filter */
export type FilterValues = Readonly<Record<string, string | DateRange | undefined>>;

/** What the report opens with: each period filter's declared quick choice. */
export function initialFilterValues(report: CompiledStatistics): FilterValues {
  const values: Record<string, DateRange> = {};
  for (const filter of report.filters) if (filter.period) values[filter.param] = periodRange(filter.period);
  return values;
}

/** The request's parameters: `<param>=v`, a period as `<param>_begin` / `<param>_end`; blanks left out. */
export function filterParams(report: CompiledStatistics, values: FilterValues): Record<string, string> {
  const params: Record<string, string> = {};
  for (const filter of report.filters) {
    const value = values[filter.param];
    if (value === undefined) continue;
    if (typeof value === 'string') {
      if (value.trim() !== '') params[filter.param] = value.trim();
      continue;
    }
    if (value.begin) params[`${filter.param}_begin`] = value.begin;
    if (value.end) params[`${filter.param}_end`] = value.end;
  }
  return params;
}
