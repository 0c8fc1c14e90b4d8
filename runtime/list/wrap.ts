/**
 * Search wrapping rules (widgets spec §5; contract §1.5 is what the server reads):
 * like `*v*`, left_like `*v`, right_like `v*`, ne `!v`, eq plain, in a comma list, range
 * `<field>_begin` / `<field>_end`.
 *
 * The comparison operators are sent WITH a space: ge `>= v`, le `<= v`, gt `> v`, lt `< v`.
 * The spec text says "ge prefix >=", and JeecgBoot's JInput sends `>=v` with no space — but
 * QueryGenerator.convert2Rule only recognises an operator when a space follows it, so `>=5` is
 * compared as the literal text '>=5' (contract §1.5: "stale FE/BE mismatch, read from code").
 * Our server implements §1.5 exactly, so the spaced form is the one that filters.
 */
import type { QueryFieldSpec, QueryMode, QueryValue, QueryValues, RangeValue } from './types';

export type WireParams = Record<string, string>;

const RANGE_BEGIN = '_begin';
const RANGE_END = '_end';

export function rangeParamNames(field: string): { begin: string; end: string } {
  return { begin: field + RANGE_BEGIN, end: field + RANGE_END };
}

/** A blank or whitespace-only entry means "no condition" (the server trims values too). */
export function isBlank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === '';
}

function isRange(value: QueryValue): value is RangeValue {
  return typeof value === 'object' && !Array.isArray(value);
}

function isList(value: QueryValue): value is readonly string[] {
  return Array.isArray(value);
}

/** Wraps one non-blank scalar for `mode` (not `range`). */
export function wrapScalar(mode: Exclude<QueryMode, 'range'>, value: string): string {
  switch (mode) {
    case 'like':
      return `*${value}*`;
    case 'left_like':
      return `*${value}`;
    case 'right_like':
      return `${value}*`;
    case 'ne':
      return `!${value}`;
    case 'ge':
      return `>= ${value}`;
    case 'le':
      return `<= ${value}`;
    case 'gt':
      return `> ${value}`;
    case 'lt':
      return `< ${value}`;
    case 'eq':
    case 'in':
      return value;
  }
}

/**
 * Brings a value to the shape its mode keeps (the shape the URL round-trips): blanks dropped,
 * `in` as a list, `range` as `{begin?, end?}`, the others as one string. Undefined = no condition.
 */
export function normalizeValue(mode: QueryMode, value: QueryValue | null | undefined): QueryValue | undefined {
  if (value === null || value === undefined) return undefined;
  if (mode === 'range') {
    if (!isRange(value)) return undefined;
    const range: RangeValue = {};
    if (typeof value.begin === 'string' && !isBlank(value.begin)) range.begin = value.begin;
    if (typeof value.end === 'string' && !isBlank(value.end)) range.end = value.end;
    return range.begin === undefined && range.end === undefined ? undefined : range;
  }
  if (isRange(value)) return undefined;
  if (mode === 'in') {
    const items = (isList(value) ? value : value.split(',')).filter(
      (item): item is string => typeof item === 'string' && !isBlank(item),
    );
    return items.length === 0 ? undefined : items;
  }
  // A multi-select feeding a single-value mode: the server reads a comma list as IN.
  const text = isList(value) ? value.filter((item) => typeof item === 'string' && !isBlank(item)).join(',') : value;
  return typeof text !== 'string' || isBlank(text) ? undefined : text;
}

/** Keeps only the declared query fields, each in its normal shape; empty ones are left out. */
export function normalizeValues(values: QueryValues, fields: readonly QueryFieldSpec[]): Record<string, QueryValue> {
  const normal: Record<string, QueryValue> = {};
  for (const { field, mode } of fields) {
    if (!Object.hasOwn(values, field)) continue;
    const value = normalizeValue(mode, values[field]);
    if (value !== undefined) normal[field] = value;
  }
  return normal;
}

/** The request parameters of the query form, wrapped per mode. */
export function wrapQueryValues(values: QueryValues, fields: readonly QueryFieldSpec[]): WireParams {
  const params: WireParams = {};
  const normal = normalizeValues(values, fields);
  for (const { field, mode } of fields) {
    const value = normal[field];
    if (value === undefined) continue;
    if (mode === 'range') {
      const range = value as RangeValue;
      const names = rangeParamNames(field);
      if (range.begin !== undefined) params[names.begin] = range.begin;
      if (range.end !== undefined) params[names.end] = range.end;
    } else if (mode === 'in') {
      params[field] = (value as readonly string[]).join(',');
    } else {
      params[field] = wrapScalar(mode, value as string);
    }
  }
  return params;
}
