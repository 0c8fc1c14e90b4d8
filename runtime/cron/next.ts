/**
 * Fire times of a Quartz cron expression in an IANA zone, strictly after a given instant (at whole
 * seconds, as Quartz: it moves one second on and drops the milliseconds).
 *
 * The search walks the calendar of the zone — years, months, the month's matching days, then hours,
 * minutes and seconds in ascending order — and turns each wall time into an instant the way Java's
 * Calendar does. A wall time that a DST change skips resolves to a different wall time; Quartz re-reads
 * the fields and moves on, so such a time never fires (and an hour-of-day that only exists once fires
 * once, at its standard-time reading). Like Quartz, the search gives up 100 years after the start.
 */
import { parseCron, type CronSpec, type DayOfMonthRule, type DayOfWeekRule } from './parse';
import { resolveWall, sameWall, wallOf, type WallTime } from './zone';

export interface NextOptions {
  /** Instant after which to look (Date or epoch ms). */
  readonly from: Date | number;
  /** IANA zone; default the runtime's zone. */
  readonly zone?: string;
  /** How many fire times; default 1. */
  readonly count?: number;
}

const sorted = (set: ReadonlySet<number>): number[] => [...set].filter((n) => n >= 0).sort((a, b) => a - b);
const lastDayOf = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();
/** 1 = Sunday … 7 = Saturday, as in cron. */
const weekdayOf = (year: number, month: number, day: number): number => new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 1;

/** The weekday (Mon–Fri) nearest to a day, never leaving the month (Quartz's 'W'). */
function nearestWeekday(year: number, month: number, day: number, lastDay: number): number {
  const dow = weekdayOf(year, month, day);
  if (dow === 7) return day === 1 ? day + 2 : day - 1; // Saturday
  if (dow === 1) return day === lastDay ? day - 2 : day + 1; // Sunday
  return day;
}

function daysByMonthRule(rule: DayOfMonthRule, year: number, month: number): Set<number> {
  const lastDay = lastDayOf(year, month);
  const out = new Set<number>();
  for (const d of rule.days) if (d <= lastDay) out.add(d);
  for (const k of rule.fromEnd) if (lastDay - k >= 1) out.add(lastDay - k);
  for (const d of rule.nearestWeekday) if (d <= lastDay) out.add(nearestWeekday(year, month, d, lastDay));
  for (const k of rule.nearestWeekdayFromEnd) {
    if (lastDay - k >= 1) out.add(nearestWeekday(year, month, lastDay - k, lastDay));
  }
  return out;
}

function daysByWeekRule(rule: DayOfWeekRule, year: number, month: number): Set<number> {
  const lastDay = lastDayOf(year, month);
  const out = new Set<number>();
  const target = Math.min(...rule.days);
  if (rule.nth > 0) {
    const first = 1 + ((target - weekdayOf(year, month, 1) + 7) % 7);
    const day = first + (rule.nth - 1) * 7;
    if (day <= lastDay) out.add(day);
  } else if (rule.last) {
    out.add(lastDay - ((weekdayOf(year, month, lastDay) - target + 7) % 7));
  } else {
    for (let d = 1; d <= lastDay; d++) if (rule.days.has(weekdayOf(year, month, d))) out.add(d);
  }
  return out;
}

function matchingDays(spec: CronSpec, year: number, month: number): number[] {
  const days = spec.dayOfMonth ? daysByMonthRule(spec.dayOfMonth, year, month) : daysByWeekRule(spec.dayOfWeek!, year, month);
  return sorted(days);
}

function defaultZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The next `count` fire times (instants) after `from`; fewer (or none) when the expression stops firing. */
export function nextFireTimes(expression: string | CronSpec, options: NextOptions): Date[] {
  const zone = options.zone ?? defaultZone();
  const count = options.count ?? 1;
  const fromMs = Math.floor(Number(options.from) / 1000) * 1000;
  const start = wallOf(fromMs + 1000, zone);
  const spec = typeof expression === 'string' ? parseCron(expression, { yearMax: start.year + 100 }) : expression;
  const out: Date[] = [];
  if (count <= 0) return out;

  const yearLimit = start.year + 100;
  const years = spec.years ? sorted(spec.years).filter((y) => y >= start.year && y <= yearLimit) : null;
  const months = sorted(spec.months);
  const hours = sorted(spec.hours);
  const minutes = sorted(spec.minutes);
  const seconds = sorted(spec.seconds);

  const yearList = years ?? Array.from({ length: yearLimit - start.year + 1 }, (_, i) => start.year + i);
  for (const year of yearList) {
    const atStartYear = year === start.year;
    for (const month of months) {
      if (atStartYear && month < start.month) continue;
      const atStartMonth = atStartYear && month === start.month;
      for (const day of matchingDays(spec, year, month)) {
        if (atStartMonth && day < start.day) continue;
        const atStartDay = atStartMonth && day === start.day;
        for (const hour of hours) {
          if (atStartDay && hour < start.hour) continue;
          const atStartHour = atStartDay && hour === start.hour;
          for (const minute of minutes) {
            if (atStartHour && minute < start.minute) continue;
            const atStartMinute = atStartHour && minute === start.minute;
            for (const second of seconds) {
              if (atStartMinute && second < start.second) continue;
              const wall: WallTime = { year, month, day, hour, minute, second };
              const instant = resolveWall(wall, zone);
              if (instant <= fromMs || !sameWall(wallOf(instant, zone), wall)) continue;
              out.push(new Date(instant));
              if (out.length >= count) return out;
            }
          }
        }
      }
    }
  }
  return out;
}

/** The next fire time after `from`, or null when there is none. */
export function nextFireTime(expression: string | CronSpec, from: Date | number, zone?: string): Date | null {
  return nextFireTimes(expression, { from, zone, count: 1 })[0] ?? null;
}
