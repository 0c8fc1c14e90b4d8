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
 * Each part also carries the view's filter; the named part reads only his rows passing the list's
 * equalities (`kept`: 委托方, 状态 … of the request and the view, keptEqualities.ts). Only when the rule splits with its rest in dash_case_name
 * (its triggers attached), and the request searches a field the search indexes hold and no unique
 * field (a case number names a row or two: its own trigram index finds them, where the named part
 * alone fetches a few thousand cases by id); otherwise the list counts the one condition as before.
 */
import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { RowCondition } from '../../../runtime/generated/page';
import type { DB } from '../../db/types';
import { currentTenant, currentUser } from '../../auth/guard';
import { caseNamesKept } from '../../dashboard/caseSummary';
import { CASE_NAME_TABLE, keptTest, namedBy, namingWays, type KeptEquality } from '../../dashboard/namedCases';
import { ruleSplit } from '../../dashboard/ruleSplit';
import { bothConditions } from './dataRuleScope';
import type { EntityModel } from './model';
import { rowConditionSql, type ConditionScope } from './rowConditionSql';
import type { RawQuery } from '../query';
import { allOf } from '../query/conditions';
import { searchedColumns, userColumns } from '../searchIndexes';

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
  kept: readonly KeptEquality[] = [],
): Promise<Expression<SqlBool>[] | undefined> {
  if (model.page.entity.scopedBy || !searchesIndexedField(model, raw) || !(await caseNamesKept(db))) return undefined;
  const split = await ruleSplit(db, request, model);
  if (!split?.named) return undefined;
  const table = model.table;
  const departs = split.departs(table);
  const named = sql<SqlBool>`${sql.ref(`${table}.id`)} = ANY (ARRAY(SELECT dcn.case_id FROM ${sql.table(CASE_NAME_TABLE)} AS dcn WHERE ${split.named('dcn')}${keptTest('dcn', kept)}))
    AND NOT COALESCE(${departs}, FALSE)`;
  return [departs, named].map((arm) => bothConditions(arm, view) ?? arm);
}

type FieldBranch = Extract<RowCondition, { field: string }>;

/**
 * A search in a view that is one anyOf of branches naming the user (我的案件: 主办 is me, or a member
 * row names me), read without the user's rule (the view implies it, or he has none), as disjoint
 * parts. As one condition the search either fetched every case naming him by id to test the name
 * (21,271 for a 公估师 at a million cases: ≈ 85,000 buffers, 80 ms) or read every case whose name
 * matched (58,000) from the table to test the naming. Split:
 *   - each branch comparing a column with his name (主办 = me) that a (column, text) search index
 *     holds (searchIndexes.ts `userColumns`): that branch AND the search, found inside the index,
 *     and not in an earlier such branch;
 *   - the cases naming him only in the other ways (成员, not 主办): his rows of dash_case_name
 *     without the indexed ways' bits — a few thousand, one index range — fetched by id and tested
 *     against the indexed branches on the case's own row, so no case is in two parts.
 * The last part reads only his rows passing the list's equalities (`kept`, keptEqualities.ts).
 * Undefined (the list counts the one condition) unless the view is such an anyOf on a page whose
 * naming branches dash_case_name keeps, one of its branches is indexed, and the request searches a
 * field the search indexes hold and no unique field.
 */
export async function viewSearchArms(
  request: FastifyRequest,
  db: Kysely<DB>,
  model: EntityModel,
  raw: RawQuery,
  filter: readonly RowCondition[],
  kept: readonly KeptEquality[] = [],
): Promise<Expression<SqlBool>[] | undefined> {
  if (model.page.entity.scopedBy || filter.length !== 1 || !('anyOf' in filter[0])) return undefined;
  const branches = filter[0].anyOf;
  const pages = request.server.pageModels;
  const keyed = new Set(userColumns(model.page));
  const indexed = branches.filter(
    (b): b is FieldBranch => 'field' in b && b.op === 'eq' && b.session === 'username' && keyed.has(model.queryFields.get(b.field)?.column ?? ''),
  );
  const rest = branches.filter((b) => !indexed.includes(b as FieldBranch));
  const indexedWays = indexed.length > 0 ? namingWays(model, pages, indexed) : undefined;
  const restWays = rest.length > 0 ? namingWays(model, pages, rest) : 0;
  if (indexedWays === undefined || restWays === undefined || !searchesIndexedField(model, raw) || !(await caseNamesKept(db))) return undefined;
  const user = currentUser(request);
  const tenant = currentTenant(request);
  const scope: ConditionScope = { session: { userId: user.userId, username: user.username, tenantId: tenant }, pages };
  const own = indexed.map((b) => rowConditionSql(model, b, model.table, scope));
  const notIn = (conditions: readonly Expression<SqlBool>[]) => conditions.map((c) => sql<SqlBool>`NOT COALESCE(${c}, FALSE)`);
  const arms = own.map((c, i) => allOf([c, ...notIn(own.slice(0, i))]) ?? c);
  if (rest.length === 0) return arms;
  // His rows naming him in the rest's ways and in none of the indexed ones (those cases are in the parts above).
  const named = sql<SqlBool>`dcn.tenant_id = ${tenant} AND ${namedBy(user.username, restWays)('dcn')} AND (dcn.ways & ${sql.lit(indexedWays)}) = 0${keptTest('dcn', kept)}`;
  const others = sql<SqlBool>`${sql.ref(`${model.table}.id`)} = ANY (ARRAY(SELECT dcn.case_id FROM ${sql.table(CASE_NAME_TABLE)} AS dcn WHERE ${named}))`;
  return [...arms, allOf([others, ...notIn(own)]) ?? others];
}
