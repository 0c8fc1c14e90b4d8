/**
 * The equalities every row of a case list passes on the case columns dash_case_name keeps (委托方,
 * 状态, 承办部门): the request's own `eq`/`in` parameters (read as the list reads them,
 * query/simpleQuery.ts `equalValues`) and the fixed `eq`/`in` conditions of the view it names.
 * The cases naming the user are then read from his rows of dash_case_name that pass them too
 * (rowConditionSql.ts namedCaseIds, searchArms.ts): the same rows in the end — the list still tests
 * each on the case — but a few hundred or thousand ids, not all 21k of a 公估师's, hashed or fetched.
 */
import type { RowCondition } from '../../../runtime/generated/page';
import { CASE_TABLE } from '../../dashboard/caseSummary';
import { KEPT_CASE_COLUMNS, type KeptEquality } from '../../dashboard/namedCases';
import { equalValues, type RawQuery } from '../query';
import { isStringKind } from '../query/values';
import type { EntityModel } from './model';

type Asked = [property: string, values: readonly string[]];

/** A view condition fixing a field to a value or to one of a list of values; none for any other. */
function fixedValues(condition: RowCondition): Asked[] {
  if (!('field' in condition) || condition.session !== undefined || condition.otherField !== undefined) return [];
  const { op, value } = condition;
  if (op === 'eq' && typeof value === 'string') return [[condition.field, [value]]];
  if (op === 'in' && Array.isArray(value) && value.length > 0) return [[condition.field, value]];
  return [];
}

/** The request's and the view's (`filter`, ANDed) equalities on the case columns dash_case_name keeps; none on another table. */
export function keptEqualities(model: EntityModel, raw: RawQuery, filter: readonly RowCondition[] = []): KeptEquality[] {
  if (model.table !== CASE_TABLE) return [];
  const asked: Asked[] = [...equalValues(model.queryFields, raw), ...filter.flatMap(fixedValues)];
  return asked.flatMap(([property, values]) => {
    const field = model.queryFields.get(property);
    return field && isStringKind(field.kind) && KEPT_CASE_COLUMNS.has(field.column) ? [{ column: field.column, values }] : [];
  });
}
