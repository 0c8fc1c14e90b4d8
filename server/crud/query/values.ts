import { QueryError, quote } from './queryError';
import type { EntityField, FieldKind } from './types';

/** A value bound as a parameter; PostgreSQL reads it against the column's type. */
export type SqlValue = string | number | boolean;

/**
 * Which end of a range a value is. JeecgBoot widens a bare date for a datetime field: the
 * beginning of that day for `_begin`, its last second for `_end`; anywhere else it is midnight.
 */
export type Bound = 'begin' | 'end' | 'exact';

export const STRING_KINDS: ReadonlySet<FieldKind> = new Set(['string', 'text']);

export function isStringKind(kind: FieldKind): boolean {
  return STRING_KINDS.has(kind);
}

export function labelOf(property: string, field: EntityField): string {
  return field.label ?? property;
}

const INTEGER = /^[+-]?\d{1,10}$/;
const DECIMAL = /^[+-]?\d{1,30}(\.\d{1,20})?$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;
const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

function invalid(label: string, text: string, what: string): QueryError {
  return new QueryError(`查询条件「${quote(label)}」的值「${quote(text)}」不是有效的${what}`);
}

function daysIn(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

interface CalendarDate {
  date: string;
  /** `HH:mm:ss` when the text had a time. */
  time?: string;
}

/** `yyyy-MM-dd` or `yyyy-MM-dd HH:mm:ss`, checked against the calendar. */
export function parseCalendar(text: string): CalendarDate | undefined {
  const m = DATE_TIME.exec(text);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return undefined;
  const date = `${m[1]}-${m[2]}-${m[3]}`;
  if (m[4] === undefined) return { date };
  if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6]) > 59) return undefined;
  return { date, time: `${m[4]}:${m[5]}:${m[6]}` };
}

/** A whole number as Java's int/short/long would parse it (up to 19 digits). */
export function isWholeNumber(text: string): boolean {
  return /^[+-]?\d{1,19}$/.test(text);
}

export function isDecimal(text: string): boolean {
  return DECIMAL.test(text);
}

export function parseBoolean(text: string): boolean | undefined {
  const lower = text.toLowerCase();
  if (lower === 'true' || lower === '1') return true;
  if (lower === 'false' || lower === '0') return false;
  return undefined;
}

/**
 * Reads one value for a field of the given kind, or refuses it with a message naming the field:
 * a value that does not fit the column is the user's mistake, never a database error.
 */
export function parseValue(text: string, kind: FieldKind, label: string, bound: Bound = 'exact'): SqlValue {
  switch (kind) {
    case 'string':
    case 'text':
      return text;
    case 'integer': {
      if (!INTEGER.test(text)) throw invalid(label, text, '整数');
      const n = Number(text);
      if (n < INT32_MIN || n > INT32_MAX) throw new QueryError(`查询条件「${quote(label)}」的值「${quote(text)}」超出整数范围`);
      return n;
    }
    case 'number':
    case 'money':
      if (!DECIMAL.test(text)) throw invalid(label, text, '数字');
      // Kept as text: PostgreSQL reads it as numeric without the rounding of a JS number.
      return text.replace(/^\+/, '');
    case 'date': {
      const parsed = parseCalendar(text);
      if (!parsed) throw invalid(label, text, '日期（yyyy-MM-dd）');
      return parsed.date;
    }
    case 'datetime': {
      const parsed = parseCalendar(text);
      if (!parsed) throw invalid(label, text, '日期时间（yyyy-MM-dd HH:mm:ss）');
      const time = parsed.time ?? (bound === 'end' ? '23:59:59' : '00:00:00');
      return `${parsed.date} ${time}`;
    }
    case 'time': {
      const m = TIME.exec(text);
      if (!m || Number(m[1]) > 23 || Number(m[2]) > 59 || Number(m[3] ?? 0) > 59) throw invalid(label, text, '时间（HH:mm:ss）');
      return `${m[1]}:${m[2]}:${m[3] ?? '00'}`;
    }
    case 'boolean': {
      const value = parseBoolean(text);
      if (value === undefined) throw invalid(label, text, '布尔值（true 或 false）');
      return value;
    }
  }
}
