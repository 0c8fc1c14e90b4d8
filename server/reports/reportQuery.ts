import type { CompiledField } from '../../runtime/schema/compiledPageTypes';
import { translateListQuery, type EntityFields, type ListQuery, type RawQuery } from '../crud/query';
import { allOf, comparison, type Condition } from '../crud/query/conditions';
import { checkText, singleParam } from '../crud/query/params';
import { parseValue } from '../crud/query/values';
import type { CompiledReport } from './compiledReportTypes';

/** Prefix of a popup's dynamic parameters (JeecgBoot sends report SQL `${name}` values as self_<name>). */
export const PARAM_PREFIX = 'self_';
const CONTROL_NAMES = ['pageNo', 'pageSize', 'column', 'order'] as const;

/**
 * The fields a report reads, for the generic query translation: its columns (the only sortable
 * ones), query items, parameter fields, its default sort and the id tie-breaker.
 */
export function reportFields(report: CompiledReport): EntityFields {
  const sortable = new Set(report.columns.map((c) => c.field.name));
  const used: CompiledField[] = [
    ...report.columns.map((c) => c.field),
    ...report.query.map((q) => q.field),
    ...report.params.map((p) => p.field),
    report.defaultSort.field,
  ];
  const id = report.page.fieldByName.get('id');
  if (id) used.push(id);
  return new Map(
    used.map((f) => [f.name, { column: f.column, kind: f.type, sortable: sortable.has(f.name), dictText: f.dict !== undefined, label: f.label }]),
  );
}

/**
 * The parameters a report reads of a request: paging, sort, and per query item its value (single)
 * or its two bounds (group). Anything else — other fields, super queries, hostile names — is dropped
 * before the translation, so a report filters only as its document says.
 */
function reportParams(report: CompiledReport, raw: RawQuery): RawQuery {
  const names: string[] = [...CONTROL_NAMES];
  for (const item of report.query) {
    if (item.mode === 'group') names.push(`${item.field.name}_begin`, `${item.field.name}_end`);
    else names.push(item.field.name);
  }
  const picked: Record<string, string | string[] | undefined> = {};
  for (const name of names) if (Object.hasOwn(raw, name)) picked[name] = raw[name];
  return picked;
}

/** `self_<name>=value` → field = value for each declared parameter; blank values filter nothing. */
function paramConditions(report: CompiledReport, fields: EntityFields, raw: RawQuery): Condition[] {
  const parts: Condition[] = [];
  for (const { name, field } of report.params) {
    const text = singleParam(raw, `${PARAM_PREFIX}${name}`);
    const value = text === undefined ? '' : checkText(text, field.label).trim();
    if (value === '') continue;
    const entityField = fields.get(field.name);
    if (entityField) parts.push(comparison(entityField, 'eq', parseValue(value, field.type, field.label)));
  }
  return parts;
}

export interface ReportQuery {
  query: ListQuery;
  /** The parameter filter, ANDed with the query's own. */
  params: Condition | undefined;
}

/** Translates a getData request; throws QueryError (answered success:false) for input it refuses. */
export function translateReportQuery(report: CompiledReport, raw: RawQuery): ReportQuery {
  const fields = reportFields(report);
  const query = translateListQuery(fields, reportParams(report, raw), {
    defaultSort: [{ field: report.defaultSort.field.name, direction: report.defaultSort.order }],
  });
  return { query, params: allOf(paramConditions(report, fields, raw)) };
}
