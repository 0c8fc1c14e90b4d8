/** The period filter's quick choices (本月 / 本季 / 本年 / 全部) as date ranges, with dayjs. */
import dayjs, { type Dayjs } from 'dayjs';
import type { StatisticsPeriod } from '../schema/statistics';

export const PERIOD_CHOICES: readonly { key: StatisticsPeriod; label: string }[] = [
  { key: 'month', label: '本月' },
  { key: 'quarter', label: '本季' },
  { key: 'year', label: '本年' },
  { key: 'all', label: '全部' },
];

export interface DateRange {
  begin?: string;
  end?: string;
}

const DAY = 'YYYY-MM-DD';

/** The choice's first and last day around `today` (both inclusive); 全部: no bounds. */
export function periodRange(choice: StatisticsPeriod, today: Dayjs = dayjs()): DateRange {
  switch (choice) {
    case 'month':
      return { begin: today.startOf('month').format(DAY), end: today.endOf('month').format(DAY) };
    case 'quarter': {
      const first = today.month(today.month() - (today.month() % 3)).startOf('month');
      return { begin: first.format(DAY), end: first.add(2, 'month').endOf('month').format(DAY) };
    }
    case 'year':
      return { begin: today.startOf('year').format(DAY), end: today.endOf('year').format(DAY) };
    default:
      return {};
  }
}

/** The quick choice a range is, if it is one (so the bar shows which is chosen). */
export function choiceOf(range: DateRange, today: Dayjs = dayjs()): StatisticsPeriod | undefined {
  return PERIOD_CHOICES.map((c) => c.key).find((key) => {
    const r = periodRange(key, today);
    return r.begin === range.begin && r.end === range.end;
  });
}
