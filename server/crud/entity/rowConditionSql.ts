/**
 * A page's declared row condition (a view's filter, a named scope) as SQL. Every column comes from
 * the compiled pages (our own files), every value — fixed, or the signed-in user's — is a bound
 * parameter. Columns are qualified by the table (or a subquery's alias), so a condition means the
 * same row inside the subqueries of child pages and of scopedBy.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { FieldCondition, RowCondition } from '../../../runtime/generated/page';
import { allOf, anyOf, comparison, inList, type Condition } from '../query/conditions';
import type { EntityField } from '../query/types';
import { isStringKind, labelOf, parseValue, type SqlValue } from '../query/values';
import { CASE_NAME_TABLE, keptTest, namingWays, type KeptEquality } from '../../dashboard/namedCases';
import { NAMING_WAYS } from '../../db/migrations/0044_dashboard_case_names';
import type { EntityModel } from './model';
import type { PageModels } from './pageModels';

/** Who asks: what `session` stands for. */
export interface ConditionSession {
  userId: string;
  username: string;
  tenantId: number;
}

export interface ConditionScope {
  session: ConditionSession;
  pages: PageModels;
  /**
   * The condition selects a page read in the list's order (ORDER BY … LIMIT a page), not a set read
   * whole (a count, an id test): an anyOf of lookups then stays an OR whose child test is a hashed
   * list of ids, so the database walks the sort index and stops after a page — the id array of
   * lookupUnion fetched every matching row (21k for a 公估师's 我的案件 at 1M cases) to sort them.
   */
  ordered?: boolean;
  /**
   * The database keeps dash_case_name (migration 0044, its triggers attached: caseNamesKept) and the
   * rows read are of the request's tenant: the branches of an anyOf that name the user (登记, 主办,
   * 协办, 成员 — dashboard/namedCases.ts) are read as one semi-join on the user's rows of it
   * (namedBranches) instead of a lookup per branch.
   */
  caseNames?: boolean;
  /**
   * Equalities every row the top-level condition is read with passes (the list's own `eq`/`in`
   * parameters and its view's, on the case columns dash_case_name keeps: keptEqualities.ts): the
   * user's rows of dash_case_name are read passing them too (namedCaseIds) — the same rows in the end.
   * Only for a list of the case page itself; never applies inside a child's subquery.
   */
  kept?: readonly KeptEquality[];
}

const NOTHING: Condition = sql<SqlBool>`FALSE`;
const NUMERIC = new Set(['integer', 'number', 'money']);

/** The field as a column of `qualifier` (the table's name, or the alias of a subquery). */
function fieldOf(model: EntityModel, name: string, qualifier: string): EntityField {
  const field = model.queryFields.get(name);
  // Unreachable for a loaded page (the compile checks); a condition that cannot be read lets nothing through.
  if (!field) throw new RowConditionError(`${model.page.source}: 条件字段 ${name} 不存在`);
  return { ...field, column: `${qualifier}.${field.column}` };
}

export class RowConditionError extends Error {}

/** The ids of the user's departments (`departs`), or those and every department below (`departTree`). */
function departIds(session: ConditionSession, tree: boolean) {
  if (!tree) return sql`SELECT ud.dep_id FROM sys_user_depart ud WHERE ud.user_id = ${session.userId}`;
  return sql`SELECT d.id FROM sys_depart d JOIN sys_depart p ON left(d.org_code, length(p.org_code)) = p.org_code
    JOIN sys_user_depart ud ON ud.dep_id = p.id WHERE ud.user_id = ${session.userId} AND d.del_flag = '0'`;
}

function fieldCondition(model: EntityModel, c: FieldCondition, qualifier: string, scope: ConditionScope): Condition {
  const field = fieldOf(model, c.field, qualifier);
  const label = labelOf(c.field, field);
  const column = sql.ref(field.column);
  if (c.session === 'departs' || c.session === 'departTree') {
    return sql<SqlBool>`${column} IN (${departIds(scope.session, c.session === 'departTree')})`;
  }
  if (c.otherField !== undefined) {
    const other = fieldOf(model, c.otherField, qualifier);
    // A money field not yet written (no invoice yet) counts as 0, not as unknown.
    const side = (f: EntityField) => (NUMERIC.has(f.kind) ? sql`COALESCE(${sql.ref(f.column)}, 0)` : sql.ref(f.column));
    const op = { eq: '=', ne: '<>', lt: '<', le: '<=', gt: '>', ge: '>=' }[c.op as 'eq'];
    if (!op) throw new RowConditionError(`${model.page.source}: ${c.op} 不能比较两个字段`);
    return sql<SqlBool>`${side(field)} ${sql.raw(op)} ${side(other)}`;
  }
  const text = c.session === 'username' ? scope.session.username : c.value;
  if (text === undefined) throw new RowConditionError(`${model.page.source}: 条件 ${c.field} 没有值`);
  if (c.op === 'contains') {
    if (!isStringKind(field.kind) || typeof text !== 'string') throw new RowConditionError(`${model.page.source}: contains 只用于文本字段`);
    // `@>` rather than `= ANY`: a GIN index on string_to_array(column, ',') serves it (协办 at a million cases).
    return sql<SqlBool>`string_to_array(${column}, ',') @> ARRAY[CAST(${text} AS text)]`;
  }
  const values: SqlValue[] = (Array.isArray(text) ? text : [text]).map((v) => parseValue(v, field.kind, label));
  if (c.op === 'in') return inList(field, values) ?? NOTHING;
  return comparison(field, c.op, values[0]);
}

/**
 * The condition on rows of `model` read as `qualifier` (the table name at the top, an alias inside a
 * subquery); `depth` numbers the aliases of nested child subqueries.
 */
export function rowConditionSql(model: EntityModel, condition: RowCondition, qualifier: string, scope: ConditionScope, depth = 0): Condition {
  if ('field' in condition) return fieldCondition(model, condition, qualifier, scope);
  if ('anyOf' in condition) {
    return (
      (scope.caseNames ? namedBranches(model, condition.anyOf, qualifier, scope, depth) : undefined) ??
      (scope.ordered ? undefined : lookupUnion(model, condition.anyOf, qualifier, scope, depth)) ??
      anyOf(condition.anyOf.map((c) => rowConditionSql(model, c, qualifier, scope, depth))) ??
      NOTHING
    );
  }
  if ('allOf' in condition) return allOf(condition.allOf.map((c) => rowConditionSql(model, c, qualifier, scope, depth))) ?? NOTHING;
  return sql<SqlBool>`${sql.ref(`${qualifier}.id`)} IN (${childLinks(model, condition, scope, depth)})`;
}

type ChildCondition = Extract<RowCondition, { child: unknown }>;

/**
 * The ids the matching child rows link to, as a subquery that does not refer to the outer row: the
 * database reads it once (a hashed list, or an index lookup), where a correlated EXISTS was probed
 * once per row of the outer table.
 */
function childLinks(model: EntityModel, condition: ChildCondition, scope: ConditionScope, depth: number): RawBuilder<unknown> {
  const child = scope.pages.get(condition.child.page);
  if (!child) throw new RowConditionError(`${model.page.source}: 条件引用的页面 ${condition.child.page} 不存在`);
  const alias = `rc${depth + 1}`;
  const link = fieldOf(child, condition.child.link, alias);
  const parts: Condition[] = [sql<SqlBool>`${sql.ref(link.column)} IS NOT NULL`];
  if (child.tenantScoped) parts.push(sql<SqlBool>`${sql.ref(`${alias}.tenant_id`)} = ${scope.session.tenantId}`);
  if (child.softDeleted) parts.push(sql<SqlBool>`CAST(${sql.ref(`${alias}.del_flag`)} AS text) = '0'`);
  for (const c of condition.child.where ?? []) parts.push(rowConditionSql(child, c, alias, scope, depth + 1));
  return sql`SELECT ${sql.ref(link.column)} FROM ${sql.table(child.table)} AS ${sql.raw(alias)} WHERE ${allOf(parts) ?? NOTHING}`;
}

/** Every way a case names a user: a row of dash_case_name has at least one of them. */
const EVERY_WAY = Object.values(NAMING_WAYS).reduce((all, way) => all | way, 0);

/**
 * The ids of the cases naming the user in one of `ways`, from his rows of dash_case_name — one index
 * range (tenant_id, user_name, …) — undefined when the anyOf has no branch naming him or the scope
 * does not read the table.
 */
export function namedCaseIds(model: EntityModel, conditions: readonly RowCondition[], scope: ConditionScope, depth = 0): { ids: RawBuilder<unknown>; rest: RowCondition[] } | undefined {
  if (!scope.caseNames) return undefined;
  const naming = conditions.filter((c) => namingWays(model, scope.pages, [c]) !== undefined);
  const ways = naming.length > 0 ? namingWays(model, scope.pages, naming) : undefined;
  if (ways === undefined) return undefined;
  const alias = `rn${depth + 1}`;
  const ref = (column: string) => sql.ref(`${alias}.${column}`);
  // Every row names the user one way or another: the test of all ways is left out (the index alone answers).
  const some = ways === EVERY_WAY ? sql`` : sql` AND (${ref('ways')} & ${sql.lit(ways)}) <> 0`;
  // The list's equalities hold on the outer row (depth 0 only: inside a child's subquery they are not its).
  const kept = depth === 0 ? keptTest(alias, scope.kept) : sql``;
  const ids = sql`SELECT ${ref('case_id')} FROM ${sql.table(CASE_NAME_TABLE)} AS ${sql.raw(alias)}
    WHERE ${ref('tenant_id')} = ${scope.session.tenantId} AND ${ref('user_name')} = ${scope.session.username}${some}${kept}`;
  return { ids, rest: conditions.filter((c) => !naming.includes(c)) };
}

/**
 * An anyOf some of whose branches name the user (我的案件: 主办 or 成员; a 公估师's rule: 本部门 or
 * 登记, 主办, 协办, 成员) with those branches as one `id IN (his rows of dash_case_name)`: the same
 * rows (the table holds a row for every case and user it names, kept in the writing transaction),
 * and the planner, knowing from the table's statistics how many cases name him, walks the sort
 * index probing the table per row or reads his cases by id — where the union of lookups forced one
 * shape for the page and another for the count, and lost the search's own index under a narrowing
 * search (a case number in 我的案件: 126 ms against 2.7 ms).
 */
function namedBranches(model: EntityModel, conditions: readonly RowCondition[], qualifier: string, scope: ConditionScope, depth: number): Condition | undefined {
  const named = namedCaseIds(model, conditions, scope, depth);
  if (!named) return undefined;
  const inNamed = sql<SqlBool>`${sql.ref(`${qualifier}.id`)} IN (${named.ids})`;
  return anyOf([...named.rest.map((c) => rowConditionSql(model, c, qualifier, scope, depth)), inNamed]) ?? NOTHING;
}

/**
 * An anyOf of child-row conditions and equality tests (我的案件: 主办 is me or a member row names me)
 * as the ids of a union of lookups, each of which an index answers — an OR with a child subquery
 * cannot be read through indexes and reads the whole table. Undefined for any other anyOf.
 */
function lookupUnion(model: EntityModel, conditions: readonly RowCondition[], qualifier: string, scope: ConditionScope, depth: number): Condition | undefined {
  const ids = lookupIds(model, conditions, scope, depth);
  // `= ANY(ARRAY(…))` rather than `IN (…)`: the ids are read once, then fetched by primary key. As a
  // semi-join the planner took the union for 200 rows (its guess for a distinct over an Append) and
  // hashed it against a scan of the whole table — seconds for a 公估师 with 21k cases at 1M; the array
  // reads his rows by id (bench/README.md, case lists at 1M).
  return ids && sql<SqlBool>`${sql.ref(`${qualifier}.id`)} = ANY(ARRAY(${ids}))`;
}

/** The anyOf is one lookupUnion writes as a union of index lookups. */
function isLookupUnion(conditions: readonly RowCondition[]): boolean {
  const lookup = (c: RowCondition) => 'field' in c && c.op === 'eq' && c.otherField === undefined && c.session !== 'departs' && c.session !== 'departTree';
  return conditions.some((c) => 'child' in c) && conditions.every((c) => 'child' in c || lookup(c));
}

/**
 * The ids an anyOf of lookups names, as `SELECT … UNION ALL SELECT …` (an id may come twice), or
 * undefined for another anyOf. Also read on its own: how many ids a user's 我的案件 holds decides
 * how its page is read (viewFilter.ts).
 */
export function lookupIds(model: EntityModel, conditions: readonly RowCondition[], scope: ConditionScope, depth = 0): RawBuilder<unknown> | undefined {
  if (!isLookupUnion(conditions)) return undefined;
  const alias = `ru${depth + 1}`;
  // The row is the outer one (same id), so its tenant is the request's: saying so lets the branch read
  // an index that begins with tenant_id (the 主办 index) instead of walking all of it.
  const own = (c: RowCondition) =>
    model.tenantScoped
      ? sql<SqlBool>`${sql.ref(`${alias}.tenant_id`)} = ${scope.session.tenantId} AND ${rowConditionSql(model, c, alias, scope, depth)}`
      : rowConditionSql(model, c, alias, scope, depth);
  const branches = conditions.map((c) =>
    'child' in c ? childLinks(model, c, scope, depth) : sql`SELECT ${sql.ref(`${alias}.id`)} FROM ${sql.table(model.table)} AS ${sql.raw(alias)} WHERE ${own(c)}`,
  );
  return sql`${sql.join(branches, sql` UNION ALL `)}`;
}

/** Every condition ANDed (a view's filter). */
export function allRowConditions(model: EntityModel, conditions: readonly RowCondition[], qualifier: string, scope: ConditionScope): Condition | undefined {
  return allOf(conditions.map((c) => rowConditionSql(model, c, qualifier, scope)));
}
