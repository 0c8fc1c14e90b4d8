/**
 * The advanced query builder's rows (JSuperQuery's queryParamsModel) as pure functions: a row per
 * condition, the rules, the emptiness checks of spec §5 and the conversion to the list's
 * conditions (`superQueryParams`). No React, no antd.
 */
import {
  SUPER_QUERY_RULES,
  type SuperQuery,
  type SuperQueryCondition,
  type SuperQueryMatchType,
  type SuperQueryRule,
} from '../list/types';
import type { SuperQueryField } from './fields';
import { SAVED_QUERY_RECORD_KEYS, type SavedQueryRecord } from '../contract/listQuery';

/** A row's value: text, or a list for 'in' and multi-selects (sent comma-joined). */
export type RowValue = string | readonly string[];

/**
 * One condition row as the builder edits it and as a saved query keeps it (spec §3: field, rule,
 * val, type, dbType, dictCode, dictTable, dictText, customReturnField). `options` are never kept:
 * the page schema gives them again.
 */
export interface SuperQueryRow extends Partial<Omit<SavedQueryRecord, 'rule' | 'val'>> {
  rule?: SuperQueryRule;
  val?: RowValue;
}

export const DEFAULT_RULE: SuperQueryRule = 'eq';

/** A new row: rule 'eq', nothing else (JSuperQuery's addNewLine). */
export function newRow(): SuperQueryRow {
  return { rule: DEFAULT_RULE };
}

/** Rows to show: an empty list gets one default row (spec §4). */
export function rowsOrDefault(rows: readonly SuperQueryRow[] | null | undefined): SuperQueryRow[] {
  return rows && rows.length > 0 ? rows.map((row) => ({ ...row })) : [newRow()];
}

export function isRule(value: unknown): value is SuperQueryRule {
  return typeof value === 'string' && (SUPER_QUERY_RULES as readonly string[]).includes(value);
}

/** The value as sent: lists comma-joined, trimmed. */
export function valueText(val: RowValue | undefined | null): string {
  if (val === undefined || val === null) return '';
  if (typeof val === 'string') return val.trim();
  return val
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .join(',');
}

/** A row the server would use: field, rule and a value. */
export function isUsableRow(row: SuperQueryRow): boolean {
  return !!row.field && !!row.rule && valueText(row.val) !== '';
}

/**
 * Spec §5: a query is empty when there is no row, or the single row lacks field, value or rule.
 * (Like JSuperQuery's isNullArray: with two or more rows the query runs, and rows without a value
 * are dropped on the way, as the server drops them too.)
 */
export function isEmptyQuery(rows: readonly SuperQueryRow[]): boolean {
  if (rows.length === 0) return true;
  if (rows.length === 1) return !isUsableRow(rows[0]);
  return false;
}

/** Picking a field takes its type, dbType and dictionary and clears the value (handleSelected). */
export function withField(row: SuperQueryRow, field: SuperQueryField | undefined): SuperQueryRow {
  if (!field) return { rule: row.rule ?? DEFAULT_RULE };
  const next: SuperQueryRow = { field: field.value, rule: row.rule ?? DEFAULT_RULE, type: field.type };
  if (field.dbType) next.dbType = field.dbType;
  if (field.dictCode) next.dictCode = field.dictCode;
  if (field.dictTable) next.dictTable = field.dictTable;
  if (field.dictText) next.dictText = field.dictText;
  if (field.customReturnField) next.customReturnField = field.customReturnField;
  return next;
}

/** The first value of a list value (a string list: its first comma item). */
function firstValue(val: RowValue | undefined): string | undefined {
  if (val === undefined) return undefined;
  const items = typeof val === 'string' ? val.split(',') : [...val];
  const first = items.map((item) => item.trim()).find((item) => item !== '');
  return first;
}

/**
 * A new rule; switching away from 'in' keeps only the first value (spec §4). Switching to 'in'
 * turns a single value into a one-item list, so the multi-value control shows it.
 */
export function withRule(row: SuperQueryRow, rule: SuperQueryRule): SuperQueryRow {
  const next: SuperQueryRow = { ...row, rule };
  if (row.rule === 'in' && rule !== 'in') {
    const first = firstValue(row.val);
    if (first === undefined) delete next.val;
    else next.val = first;
  } else if (rule === 'in' && row.rule !== 'in' && typeof row.val === 'string') {
    next.val = row.val.trim() === '' ? [] : [row.val.trim()];
  }
  return next;
}

export function withValue(row: SuperQueryRow, val: RowValue | undefined): SuperQueryRow {
  const next = { ...row };
  if (val === undefined) delete next.val;
  else next.val = val;
  return next;
}

/** The rows to keep in a saved query: the usable ones, values as they are (lists stay lists). */
export function recordsOf(rows: readonly SuperQueryRow[]): SuperQueryRow[] {
  return rows.filter(isUsableRow).map((row) => {
    const record: SuperQueryRow = {};
    for (const key of SAVED_QUERY_RECORD_KEYS) {
      const value = row[key];
      if (value !== undefined && value !== '') (record as Record<string, unknown>)[key] = Array.isArray(value) ? [...value] : value;
    }
    return record;
  });
}

const TEXT_RULES: readonly SuperQueryRule[] = ['like', 'left_like', 'right_like'];

/**
 * The list's conditions (what superQueryParams carries): usable rows, list values comma-joined.
 * A text rule (包含, 以..开始, 以..结尾) on a number or date matches its text form, so it goes
 * without the type hints that would make the server read '2024-01' as a whole date.
 */
export function toConditions(rows: readonly SuperQueryRow[]): SuperQueryCondition[] {
  return rows.filter(isUsableRow).map((row) => {
    const rule = row.rule as SuperQueryRule;
    const condition: SuperQueryCondition = { field: row.field as string, rule, val: valueText(row.val) };
    if (!TEXT_RULES.includes(rule)) {
      if (row.type) condition.type = row.type;
      if (row.dbType) condition.dbType = row.dbType;
    }
    return condition;
  });
}

/**
 * Rows back from the list's active query (the URL): each condition gets its field's dictionary and
 * type again from the page's fields; 'in' and multi-value fields get their list back.
 */
export function rowsFromQuery(query: SuperQuery | null, fields: readonly SuperQueryField[]): SuperQueryRow[] {
  if (!query) return [];
  return query.conditions.map((condition) => {
    const field = fields.find((candidate) => candidate.value === condition.field);
    const row = withField({ rule: condition.rule }, field);
    if (!field) {
      row.field = condition.field;
      if (condition.type) row.type = condition.type;
      if (condition.dbType) row.dbType = condition.dbType;
    }
    row.val = condition.rule === 'in' ? condition.val.split(',').filter((item) => item !== '') : condition.val;
    return row;
  });
}

/** Reads saved records tolerantly (older or foreign entries): unknown members and bad rules are dropped. */
export function readRecords(raw: unknown): SuperQueryRow[] {
  if (!Array.isArray(raw)) return [];
  const rows: SuperQueryRow[] = [];
  for (const item of raw as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const source = item as Record<string, unknown>;
    const row: SuperQueryRow = {};
    if (typeof source.field === 'string') row.field = source.field;
    if (isRule(source.rule)) row.rule = source.rule;
    if (typeof source.val === 'string' || typeof source.val === 'number') row.val = String(source.val);
    else if (Array.isArray(source.val)) row.val = source.val.filter((v): v is string => typeof v === 'string');
    for (const key of ['type', 'dbType', 'dictCode', 'dictTable', 'dictText', 'customReturnField'] as const) {
      if (typeof source[key] === 'string') row[key] = source[key];
    }
    rows.push(row);
  }
  return rows;
}

export function readMatchType(raw: unknown): SuperQueryMatchType {
  return raw === 'or' ? 'or' : 'and';
}
