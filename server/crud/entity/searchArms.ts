/**
 * A search under a data rule of departments, counted as two disjoint parts. A 公估师's rule is 本部门 or
 * a case naming him (登记, 主办, 协办, 成员); as one OR no index narrows a search by the department, so
 * a 案件名称 search read every case whose name matched (≈ 58,000 at a million) to test the rule on the
 * row. Split as the 首页 splits it (dashboard/ruleSplit.ts, read from the rule's declared scope):
 *   - his departments: `depart_id IN (his)` AND the search — the (department, text) GIN index
 *     (searchIndexes.ts) finds these rows inside the index;
 *   - the cases naming him outside his departments: his rows of dash_case_name whose 承办部门 is not
 *     his (a few thousand, one index range), fetched by id, and tested again on the case's own
 *     department, so no row is in both parts.
 * Each part also carries the view's filter. Only when the rule splits with its rest in dash_case_name
 * (its triggers attached), and the request searches a field the search indexes hold and no unique
 * field (a case number names a row or two: its own trigram index finds them, where the named part
 * alone fetches a few thousand cases by id); otherwise the list counts the one condition as before.
 */
import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../db/types';
import { caseNamesKept } from '../../dashboard/caseSummary';
import { CASE_NAME_TABLE } from '../../dashboard/namedCases';
import { ruleSplit } from '../../dashboard/ruleSplit';
import { bothConditions } from './dataRuleScope';
import type { EntityModel } from './model';
import type { RawQuery } from '../query';
import { searchedColumns } from '../searchIndexes';

/** The request fills one of the page's query fields the search indexes hold, and none that is unique. */
function searchesIndexedField(model: EntityModel, raw: RawQuery): boolean {
  const asked = (param: string) => {
    const value = raw[param];
    return value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0);
  };
  const held = new Set(searchedColumns(model.page));
  const items = model.page.list.query.filter((q) => q.params.some(asked));
  return items.some((q) => q.mode === 'like' && held.has(q.field.column)) && !items.some((q) => q.field.unique);
}

/** The rule ∧ view as [department part, named part], or undefined when the rule does not split that way. */
export async function searchArms(
  request: FastifyRequest,
  db: Kysely<DB>,
  model: EntityModel,
  raw: RawQuery,
  view: Expression<SqlBool> | undefined,
): Promise<Expression<SqlBool>[] | undefined> {
  if (model.page.entity.scopedBy || !searchesIndexedField(model, raw) || !(await caseNamesKept(db))) return undefined;
  const split = await ruleSplit(db, request, model);
  if (!split?.named) return undefined;
  const table = model.table;
  const departs = split.departs(table);
  const named = sql<SqlBool>`${sql.ref(`${table}.id`)} = ANY (ARRAY(SELECT dcn.case_id FROM ${sql.table(CASE_NAME_TABLE)} AS dcn WHERE ${split.named('dcn')}))
    AND NOT COALESCE(${departs}, FALSE)`;
  return [departs, named].map((arm) => bothConditions(arm, view) ?? arm);
}
