/**
 * The control each query item gets and the conversion between the antd form's values (dayjs,
 * numbers, lists) and the controller's string query values (which round-trip through the URL).
 *
 * Dates: a `date` field is queried by day. A `datetime` field queried with ge / le / range is
 * picked by day too, and the day is stretched to its whole length (ge/begin 00:00:00, le/end
 * 23:59:59) so "up to the 31st" includes the 31st; eq / ne pick an exact moment.
 */
import dayjs, { type Dayjs } from 'dayjs';
import type { QueryValue, QueryValues, RangeValue } from '../../list/types';
import type { CompiledQueryItem } from '../../schema/compiledPageTypes';
import { DATETIME_FORMAT, DATE_FORMAT, TIME_FORMAT } from './cellText';

export type QueryControl =
  | 'input'
  | 'tags'
  | 'select'
  | 'multiSelect'
  | 'boolean'
  | 'number'
  | 'numberRange'
  | 'date'
  | 'datetime'
  | 'dateRange'
  | 'time'
  | 'timeRange'
  | 'textRange';

export function controlOf(item: CompiledQueryItem): QueryControl {
  const { field, mode } = item;
  if (field.dict) {
    if (mode === 'in') return 'multiSelect';
    if (mode === 'range') return 'textRange';
    return 'select';
  }
  switch (field.type) {
    case 'boolean':
      return 'boolean';
    case 'integer':
    case 'number':
    case 'money':
      return mode === 'range' ? 'numberRange' : 'number';
    case 'date':
      return mode === 'range' ? 'dateRange' : 'date';
    case 'datetime':
      if (mode === 'range') return 'dateRange';
      return mode === 'eq' || mode === 'ne' ? 'datetime' : 'date';
    case 'time':
      return mode === 'range' ? 'timeRange' : 'time';
    default:
      if (mode === 'in') return 'tags';
      return mode === 'range' ? 'textRange' : 'input';
  }
}

/** A form value of one item as antd holds it. */
export type FormValue =
  | string
  | number
  | boolean
  | string[]
  | Dayjs
  | [Dayjs | null, Dayjs | null]
  | { begin?: string | number | null; end?: string | number | null }
  | null
  | undefined;

export type FormValues = Record<string, FormValue>;

function isDayjs(value: unknown): value is Dayjs {
  return dayjs.isDayjs(value);
}

function dayEdge(moment: Dayjs, item: CompiledQueryItem, edge: 'start' | 'end'): string {
  if (item.field.type !== 'datetime') return moment.format(DATE_FORMAT);
  return (edge === 'start' ? moment.startOf('day') : moment.endOf('day')).format(DATETIME_FORMAT);
}

function momentText(moment: Dayjs, item: CompiledQueryItem, control: QueryControl): string {
  if (control === 'datetime') return moment.format(DATETIME_FORMAT);
  if (control === 'time' || control === 'timeRange') return moment.format(TIME_FORMAT);
  return dayEdge(moment, item, item.mode === 'le' ? 'end' : 'start');
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** One item's form value → its query value (undefined: no condition). */
export function toQueryValue(item: CompiledQueryItem, value: FormValue): QueryValue | undefined {
  const control = controlOf(item);
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value) && (control === 'dateRange' || control === 'timeRange')) {
    const [begin, end] = value as [Dayjs | null, Dayjs | null];
    const range: RangeValue = {};
    if (isDayjs(begin)) range.begin = control === 'timeRange' ? begin.format(TIME_FORMAT) : dayEdge(begin, item, 'start');
    if (isDayjs(end)) range.end = control === 'timeRange' ? end.format(TIME_FORMAT) : dayEdge(end, item, 'end');
    return range;
  }
  if (Array.isArray(value)) return value.filter((entry): entry is string => typeof entry === 'string');
  if (isDayjs(value)) return momentText(value, item, control);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    const range: RangeValue = {};
    const begin = text(value.begin);
    const end = text(value.end);
    if (begin !== undefined) range.begin = begin;
    if (end !== undefined) range.end = end;
    return range;
  }
  return text(value);
}

export function toQueryValues(items: readonly CompiledQueryItem[], values: FormValues): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const item of items) {
    const value = toQueryValue(item, values[item.field.name]);
    if (value !== undefined) query[item.field.name] = value;
  }
  return query;
}

function parseMoment(raw: string | undefined, control: QueryControl): Dayjs | null {
  if (raw === undefined) return null;
  const moment = control === 'time' || control === 'timeRange' ? dayjs(`1970-01-01 ${raw}`) : dayjs(raw);
  return moment.isValid() ? moment : null;
}

function numberOf(raw: string | undefined): number | null {
  if (raw === undefined || raw.trim() === '') return null;
  const number = Number(raw);
  return Number.isFinite(number) ? number : null;
}

/** One item's query value (from the URL) → the form value its control shows. */
export function toFormValue(item: CompiledQueryItem, value: QueryValue | undefined): FormValue {
  if (value === undefined) return undefined;
  const control = controlOf(item);
  const scalar = typeof value === 'string' ? value : Array.isArray(value) ? value.join(',') : undefined;
  const range = typeof value === 'object' && !Array.isArray(value) ? (value as RangeValue) : undefined;
  switch (control) {
    case 'multiSelect':
    case 'tags':
      return Array.isArray(value) ? [...value] : scalar ? scalar.split(',') : undefined;
    case 'number':
      return numberOf(scalar) ?? undefined;
    case 'numberRange':
      return range ? { begin: numberOf(range.begin), end: numberOf(range.end) } : undefined;
    case 'date':
    case 'datetime':
    case 'time':
      return parseMoment(scalar, control) ?? undefined;
    case 'dateRange':
    case 'timeRange':
      return range ? [parseMoment(range.begin, control), parseMoment(range.end, control)] : undefined;
    case 'textRange':
      return range ? { begin: range.begin ?? null, end: range.end ?? null } : undefined;
    default:
      return scalar;
  }
}

export function toFormValues(items: readonly CompiledQueryItem[], values: QueryValues): FormValues {
  const form: FormValues = {};
  for (const item of items) form[item.field.name] = toFormValue(item, values[item.field.name]);
  return form;
}
