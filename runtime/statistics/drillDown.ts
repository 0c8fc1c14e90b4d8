/**
 * From a figure to the list of the rows behind it: the report's filters in effect, the row's group
 * values and the measure's own conditions, written as the list reads its address — `q.<field>` where
 * the list has a matching query item, otherwise 高级查询 (`superQuery`) conditions (runtime/list/url.ts).
 * A figure whose rows the list cannot name exactly gets no link (undefined).
 */
import dayjs from 'dayjs';
import type { RowCondition } from '../generated/page';
import { SUPER_QUERY_RULES, type SuperQueryCondition, type SuperQueryRule } from '../contract/listQuery';
import { rangeParamNames } from '../list/wrap';
import type { CompiledField, CompiledPage } from '../schema/compiledPageTypes';
import type { CompiledStatistics, CompiledStatisticsGroup } from '../schema/statistics';
import { isMultiValued } from '../validation';
import type { StatisticsRow } from './answer';
import type { FilterValues } from './filterValues';

type Need =
  | { field: CompiledField; op: 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge'; value: string }
  | { field: CompiledField; op: 'in'; values: readonly string[] }
  | { field: CompiledField; op: 'range'; begin?: string; end?: string }
  | { field: CompiledField; op: 'startsWith' | 'contains'; value: string };

/** A field holding several keys comma-joined (协办人, 被保险人): a value is matched as contained. */
function commaList(field: CompiledField): boolean {
  return isMultiValued(field) || (field.widget === 'picker' && (field.type === 'text' || (field.options.picker as { multiple?: boolean } | undefined)?.multiple === true));
}

const DAY = 'YYYY-MM-DD';

/** A bucket's first and last day: 2026-03, 2026-Q1, 2026. */
function bucketRange(bucket: 'month' | 'quarter' | 'year', value: string): { begin: string; end: string } | undefined {
  const quarter = /^(\d{4})-Q([1-4])$/.exec(value);
  const first =
    bucket === 'quarter' && quarter ? dayjs(`${quarter[1]}-${String((Number(quarter[2]) - 1) * 3 + 1).padStart(2, '0')}-01`) : dayjs(bucket === 'year' ? `${value}-01-01` : `${value}-01`);
  if (!first.isValid()) return undefined;
  const last = bucket === 'month' ? first.endOf('month') : bucket === 'quarter' ? first.add(2, 'month').endOf('month') : first.endOf('year');
  return { begin: first.format(DAY), end: last.format(DAY) };
}

function groupNeed(group: CompiledStatisticsGroup, field: CompiledField, value: unknown): Need | undefined {
  if (group.join || value === null || value === undefined || value === '') return undefined;
  const text = String(value);
  if (group.bucket) {
    const range = bucketRange(group.bucket, text);
    return range ? { field, op: 'range', ...range } : undefined;
  }
  if (group.areaLevel) return { field, op: 'startsWith', value: text.slice(0, group.areaLevel * 2) };
  if (commaList(field)) return { field, op: 'contains', value: text };
  return { field, op: 'eq', value: text };
}

/** A measure's condition the list can say: a field compared with fixed values; anything else cannot. */
function conditionNeed(page: CompiledPage, condition: RowCondition): Need | undefined {
  if (!('field' in condition) || condition.value === undefined || condition.op === 'contains') return undefined;
  const field = page.fieldByName.get(condition.field);
  if (!field) return undefined;
  if (condition.op === 'in') return { field, op: 'in', values: Array.isArray(condition.value) ? condition.value : [condition.value] };
  return Array.isArray(condition.value) ? undefined : { field, op: condition.op, value: condition.value };
}

function superCondition(field: string, rule: SuperQueryRule, val: string): SuperQueryCondition {
  return { field, rule, val };
}

/** The list's address for the needs, or undefined when one cannot be said. */
function listSearch(page: CompiledPage, needs: readonly Need[]): string {
  const params = new URLSearchParams();
  const superQuery: SuperQueryCondition[] = [];
  const used = new Set<string>();
  const said = new Set<string>();
  for (const need of needs) {
    // A filter and a group on the same value (承办部门 chosen and grouped by) are said once.
    const text = JSON.stringify({ ...need, field: need.field.name });
    if (said.has(text)) continue;
    said.add(text);
    const name = need.field.name;
    const item = used.has(name) ? undefined : page.list.query.find((q) => q.field.name === name);
    if (need.op === 'range') {
      if (item?.mode === 'range') {
        const names = rangeParamNames(name);
        if (need.begin) params.append(`q.${names.begin}`, need.begin);
        if (need.end) params.append(`q.${names.end}`, need.end);
        used.add(name);
      } else {
        if (need.begin) superQuery.push(superCondition(name, 'ge', need.begin));
        if (need.end) superQuery.push(superCondition(name, 'le', need.end));
      }
    } else if (need.op === 'in') {
      if (item?.mode === 'in') {
        for (const v of need.values) params.append(`q.${name}`, v);
        used.add(name);
      } else superQuery.push(superCondition(name, 'in', need.values.join(',')));
    } else if (need.op === 'eq' && (item?.mode === 'eq' || item?.mode === 'in')) {
      params.append(`q.${name}`, need.value);
      used.add(name);
    } else if (need.op === 'startsWith') superQuery.push(superCondition(name, 'right_like', need.value));
    else if (need.op === 'contains') superQuery.push(superCondition(name, 'like', need.value));
    else if ((SUPER_QUERY_RULES as readonly string[]).includes(need.op)) superQuery.push(superCondition(name, need.op, need.value));
  }
  if (superQuery.length > 0) {
    params.set('superQuery', JSON.stringify(superQuery));
    params.set('matchType', 'and');
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

export interface DrillDownInput {
  report: CompiledStatistics;
  /** the report's own page (the list drilled into) */
  page: CompiledPage;
  /** the filters of the figures shown */
  filters: FilterValues;
  row: StatisticsRow;
  measureKey: string;
}

/** `/receive/all?q.departId=…&superQuery=…`, or undefined when the figure's rows cannot be listed exactly. */
export function drillDownTarget({ report, page, filters, row, measureKey }: DrillDownInput): string | undefined {
  const route = report.drillDown?.route;
  const measure = report.measures.find((m) => m.key === measureKey);
  if (!route || !measure || measure.join || measure.agg === 'ratio') return undefined;
  const needs: Need[] = [];
  for (const filter of report.filters) {
    const value = filters[filter.param];
    if (value === undefined || (typeof value === 'string' && value.trim() === '') || (typeof value === 'object' && !value.begin && !value.end)) continue;
    const field = page.fieldByName.get(filter.field);
    if (filter.join || !field) return undefined;
    if (typeof value === 'object') needs.push({ field, op: 'range', ...value });
    else needs.push(commaList(field) ? { field, op: 'contains', value } : { field, op: 'eq', value });
  }
  const depth = row.type === 'total' ? 0 : row.level;
  for (const group of report.groups.slice(0, depth)) {
    const field = page.fieldByName.get(group.field);
    const need = field ? groupNeed(group, field, row[group.key]) : undefined;
    if (!need) return undefined;
    needs.push(need);
  }
  for (const condition of measure.where) {
    const need = conditionNeed(page, condition);
    if (!need) return undefined;
    needs.push(need);
  }
  return `${route}${listSearch(page, needs)}`;
}
