/**
 * The dashboard's periods in Beijing time (every stored date and time is Beijing time): this month,
 * this year and the last 12 months, as `yyyy-MM-dd` bounds a list's range query takes (a date-time
 * field reads `_end` as that day's last second).
 */
export interface Period {
  /** First day, yyyy-MM-dd. */
  begin: string;
  /** Last day, yyyy-MM-dd. */
  end: string;
}

export interface MonthPeriod extends Period {
  /** yyyy-MM */
  month: string;
  /** The chart's label, e.g. 11月 or 2025年12月 for a month of another year than `today`'s. */
  label: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Today in Beijing, yyyy-MM-dd. */
export function beijingToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function monthOf(year: number, month: number, thisYear: number): MonthPeriod {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return {
    month: `${year}-${pad(month)}`,
    begin: `${year}-${pad(month)}-01`,
    end: `${year}-${pad(month)}-${pad(last)}`,
    label: year === thisYear ? `${month}月` : `${year}年${month}月`,
  };
}

export function monthPeriod(today: string): MonthPeriod {
  const [year, month] = today.split('-').map(Number);
  return monthOf(year, month, year);
}

export function yearPeriod(today: string): Period {
  const year = today.slice(0, 4);
  return { begin: `${year}-01-01`, end: `${year}-12-31` };
}

/** The 12 months ending with today's, oldest first. */
export function lastMonths(today: string, count = 12): MonthPeriod[] {
  const [year, month] = today.split('-').map(Number);
  const months: MonthPeriod[] = [];
  for (let i = count - 1; i >= 0; i -= 1) {
    const index = year * 12 + (month - 1) - i;
    months.push(monthOf(Math.floor(index / 12), (index % 12) + 1, year));
  }
  return months;
}
