/**
 * Dates travel as wall-clock parts: Excel has no time zones, and the database's `date`/`timestamp`
 * columns don't either, so a value must come out exactly as it went in whatever the server's zone.
 */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

export function formatDate(c: WallClock): string {
  return `${String(c.year).padStart(4, '0')}-${pad2(c.month)}-${pad2(c.day)}`;
}

export function formatTime(c: Pick<WallClock, 'hour' | 'minute' | 'second'>): string {
  return `${pad2(c.hour)}:${pad2(c.minute)}:${pad2(c.second)}`;
}

export function formatDateTime(c: WallClock): string {
  return `${formatDate(c)} ${formatTime(c)}`;
}

export function hasTimeOfDay(c: WallClock): boolean {
  return c.hour !== 0 || c.minute !== 0 || c.second !== 0;
}

/** Reads the UTC fields — the convention for dates that come out of a workbook. */
export function wallClockFromUtc(date: Date): WallClock {
  // Excel stores fractions of a day; a time like 08:09:10 may come back as 08:09:09.9996.
  const d = new Date(Math.round(date.getTime() / 1000) * 1000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

/** Reads the local fields — how the pg driver hands over `date` and `timestamp` values. */
export function wallClockFromLocal(date: Date): WallClock {
  const d = new Date(Math.round(date.getTime() / 1000) * 1000);
  return {
    year: d.getFullYear(),
    month: d.getMonth() + 1,
    day: d.getDate(),
    hour: d.getHours(),
    minute: d.getMinutes(),
    second: d.getSeconds(),
  };
}

const MS_PER_DAY = 86_400_000;
const EXCEL_EPOCH_1900 = Date.UTC(1899, 11, 30);
const EXCEL_EPOCH_1904 = Date.UTC(1904, 0, 1);

/** An Excel serial day number as a Date whose UTC fields are the wall-clock time. */
export function excelSerialToDate(serial: number, date1904 = false): Date {
  const epoch = date1904 ? EXCEL_EPOCH_1904 : EXCEL_EPOCH_1900;
  return new Date(Math.round((epoch + serial * MS_PER_DAY) / 1000) * 1000);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isValidClock(c: WallClock): boolean {
  return (
    c.year >= 1000 &&
    c.year <= 9999 &&
    c.month >= 1 &&
    c.month <= 12 &&
    c.day >= 1 &&
    c.day <= daysInMonth(c.year, c.month) &&
    c.hour <= 23 &&
    c.minute <= 59 &&
    c.second <= 59
  );
}

// 2024-03-05, 2024/3/5, 2024.3.5, 2024年3月5日, optionally followed by a time and an ISO zone.
const DATE_TEXT =
  /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:(?:\s+|T)(\d{1,2})\s*[:：时]\s*(\d{1,2})(?:\s*[:：分]\s*(\d{1,2})(?:\.\d+)?\s*秒?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
const COMPACT_DATE = /^(\d{4})(\d{2})(\d{2})$/;
const TIME_TEXT = /^(\d{1,2})\s*[:：时]\s*(\d{1,2})(?:\s*[:：分]\s*(\d{1,2})(?:\.\d+)?\s*秒?)?$/;

export interface ParsedDate {
  clock: WallClock;
  /** The text carried a time of day. */
  hasTime: boolean;
}

/** Parses the date spellings people type into Excel; null when the text is no real date. */
export function parseDateText(input: string): ParsedDate | null {
  const text = input.trim();
  const compact = COMPACT_DATE.exec(text);
  if (compact) {
    const clock = { year: +compact[1], month: +compact[2], day: +compact[3], hour: 0, minute: 0, second: 0 };
    return isValidClock(clock) ? { clock, hasTime: false } : null;
  }
  const m = DATE_TEXT.exec(text);
  if (!m) return null;
  const hasTime = m[4] !== undefined;
  let clock: WallClock = {
    year: +m[1],
    month: +m[2],
    day: +m[3],
    hour: hasTime ? +m[4] : 0,
    minute: hasTime ? +m[5] : 0,
    second: m[6] !== undefined ? +m[6] : 0,
  };
  if (!isValidClock(clock)) return null;
  const zone = m[7];
  if (zone) {
    // An instant (ISO text with a zone, e.g. from JSON) is shown in the server's zone, like the
    // pg driver shows timestamps.
    const offsetMinutes =
      zone.toUpperCase() === 'Z'
        ? 0
        : (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2)));
    const utc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
    clock = wallClockFromLocal(new Date(utc - offsetMinutes * 60_000));
  }
  return { clock, hasTime };
}

export function parseTimeText(input: string): Pick<WallClock, 'hour' | 'minute' | 'second'> | null {
  const m = TIME_TEXT.exec(input.trim());
  if (!m) return null;
  const time = { hour: +m[1], minute: +m[2], second: m[3] !== undefined ? +m[3] : 0 };
  return time.hour <= 23 && time.minute <= 59 && time.second <= 59 ? time : null;
}
