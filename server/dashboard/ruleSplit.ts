/**
 * A data rule split for 首页 into the part a summary answers and the part counted live. A 公估师's
 * rule (adjusterCases: 本部门 or 登记 or 主办 or 协办 or 成员) lets through a third of a firm's cases by
 * department and a few thousand more that name him; testing it on every case costs seconds at a
 * million. The summaries keep each case's 承办部门 (and, for 案件进度 and 费用, their case's), so:
 *
 *   rule = departments ∪ rest    ⇒    figure = summary(departments) + live(rest, outside those departments)
 *
 * the two sets disjoint, so each row is counted once. The split is read from the rule's definition —
 * the named scope of the page document a SCOPE rule applies — never from who the user is: a scope
 * that is an anyOf with branches `departId in session departs/departTree` (the summary's column)
 * splits. When the rest of its branches all name the user (登记, 主办, 协办, 成员: namedCases.ts), the
 * rest is his rows of dash_case_name outside those departments, and its case figures are sums over
 * them; otherwise the rest's cases are found through index lookups, one per branch (each compiled by
 * rowConditionSql, as the list compiles them). Any other rule (field rules, several rules, allOf, no
 * department branch) is not split: its figures are counted live as before.
 */
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { RowCondition } from '../../runtime/generated/page';
import { currentTenant, currentUser } from '../auth/guard';
import type { DB } from '../db/types';
import { rulesOfUser } from '../crud/entity/dataRuleScope';
import { SCOPE_CONDITION } from '../crud/entity/dataRules';
import type { EntityModel } from '../crud/entity/model';
import { RowConditionError, rowConditionSql, type ConditionScope } from '../crud/entity/rowConditionSql';
import type { Condition } from '../crud/query/conditions';
import { QueryError } from '../crud/query/queryError';
import { schemaComponentOf } from '../seed/entities';
import { CASE_TABLE } from './caseSummary';
import { CASE_NAME_TABLE, namedBy, namingWays } from './namedCases';

/** The case column the summaries keep as 承办部门 (their own column of the same name holds the owner case's). */
const DEPART_COLUMN = 'depart_id';
/** The column of a case's entries and costs naming their case (the summaries' triggers join on it). */
const OWNER_COLUMN = 'receive_id';

export interface RuleSplit {
  /** The rule's department part, on a summary's rows (`<summary>.depart_id IN (…)`). */
  departs(summary: string): Condition;
  /** The page's rows the rest of the rule lets through, outside those departments (on the page's table). */
  others: Condition;
  /**
   * When the rest of the rule is made of branches naming the user (namedCases.ts): its rows of
   * dash_case_name or of the summaries per user of 0044 (read as `q`: tenant, user, ways, 承办部门)
   * outside the departments — the figures of the rest are sums over them.
   */
  named?: (q: string) => Condition;
  /**
   * Whether every row a view's filter keeps passes the rule: one of its conditions is a branch of
   * the rule's anyOf, or an anyOf of such branches (我的案件: 主办 or 成员; 协办) — the rule then adds
   * nothing to the view and need not be tested on its rows.
   */
  covers(filter: readonly RowCondition[]): boolean;
}

type FieldBranch = Extract<RowCondition, { field: string }>;

const isDepartBranch = (model: EntityModel, c: RowCondition): c is FieldBranch =>
  'field' in c && (c.session === 'departs' || c.session === 'departTree') && model.queryFields.get(c.field)?.column === DEPART_COLUMN;

/** The one SCOPE rule's declared condition, or undefined when the user's rules on the page are anything else. */
async function scopeOfRules(db: Kysely<DB>, request: FastifyRequest, model: EntityModel): Promise<RowCondition | undefined> {
  const rules = await rulesOfUser(db, currentUser(request).userId, schemaComponentOf(model.page));
  if (rules.length !== 1 || rules[0].ruleConditions.trim().toUpperCase() !== SCOPE_CONDITION) return undefined;
  const name = rules[0].ruleValue.trim();
  return Object.hasOwn(model.page.entity.scopes, name) ? model.page.entity.scopes[name] : undefined;
}

/** A rule branch as the ids of the cases it lets through: an index lookup (a child-row branch reads its child rows' links, as rowConditionSql does). */
function branchIds(model: EntityModel, b: RowCondition, i: number, tenant: number, scope: ConditionScope): RawBuilder<unknown> {
  if ('child' in b) {
    const child = scope.pages.get(b.child.page);
    const link = child?.queryFields.get(b.child.link);
    if (!child || !link) throw new RowConditionError(`${model.page.source}: 条件引用的页面 ${b.child.page} 不存在`);
    const alias = `rsc${i}`;
    const parts: Condition[] = [sql<SqlBool>`${sql.ref(`${alias}.${link.column}`)} IS NOT NULL`];
    if (child.tenantScoped) parts.push(sql<SqlBool>`${sql.ref(`${alias}.tenant_id`)} = ${tenant}`);
    if (child.softDeleted) parts.push(sql<SqlBool>`CAST(${sql.ref(`${alias}.del_flag`)} AS text) = '0'`);
    for (const c of b.child.where ?? []) parts.push(rowConditionSql(child, c, alias, scope, 1));
    return sql`SELECT ${sql.ref(`${alias}.${link.column}`)} FROM ${sql.table(child.table)} AS ${sql.raw(alias)} WHERE ${sql.join(parts, sql` AND `)}`;
  }
  const alias = `rs${i}`;
  return sql`SELECT ${sql.ref(`${alias}.id`)} FROM ${sql.table(model.table)} AS ${sql.raw(alias)}
    WHERE ${sql.ref(`${alias}.tenant_id`)} = ${tenant} AND ${rowConditionSql(model, b, alias, scope)}`;
}

interface CaseSplit {
  branches: readonly RowCondition[];
  departs: (q: string) => Condition;
  /** The tenant's cases (read as `q`) the rest of the rule lets through outside those departments. */
  others: (q: string) => Condition;
  /** The rest as rows of dash_case_name (read as `q`), when its branches all name the user. */
  named?: (q: string) => Condition;
}

/**
 * The rest's cases are read once per request and their ids serve every figure — up to this many;
 * beyond, each figure finds them again by the lookups.
 */
const MAX_READ_IDS = 20_000;

const perRequest = new WeakMap<FastifyRequest, Map<string, Promise<CaseSplit | undefined>>>();

/** The case page's rule split (once per request: the ids of the rest are read once and serve every figure). */
function caseSplit(db: Kysely<DB>, request: FastifyRequest, model: EntityModel): Promise<CaseSplit | undefined> {
  let cache = perRequest.get(request);
  if (!cache) {
    cache = new Map();
    perRequest.set(request, cache);
  }
  let made = cache.get(model.table);
  if (!made) {
    made = readCaseSplit(db, request, model);
    cache.set(model.table, made);
  }
  return made;
}

async function readCaseSplit(db: Kysely<DB>, request: FastifyRequest, model: EntityModel): Promise<CaseSplit | undefined> {
  if (model.table !== CASE_TABLE || model.page.entity.scopedBy || !model.tenantScoped || model.softDeleted) return undefined;
  const scope = await scopeOfRules(db, request, model);
  if (!scope) return undefined;
  const branches = 'anyOf' in scope ? scope.anyOf : [scope];
  const departBranches = branches.filter((b) => isDepartBranch(model, b));
  if (departBranches.length === 0) return undefined;
  const rest = branches.filter((b) => !isDepartBranch(model, b));
  const user = currentUser(request);
  const tenant = currentTenant(request);
  const conditionScope: ConditionScope = { session: { userId: user.userId, username: user.username, tenantId: tenant }, pages: request.server.pageModels };
  const departs = (q: string) => sql<SqlBool>`(${sql.join(departBranches.map((b) => rowConditionSql(model, b, q, conditionScope)), sql` OR `)})`;
  if (rest.length === 0) return { branches, departs, others: () => sql<SqlBool>`FALSE` };
  const ways = namingWays(model, conditionScope.pages, rest);
  if (ways !== undefined) {
    try {
      departs(CASE_NAME_TABLE);
    } catch (err) {
      if (err instanceof RowConditionError || err instanceof QueryError) return undefined;
      throw err;
    }
    // The cases naming the user, from his rows of dash_case_name: one index range, outside his departments.
    const mine = namedBy(user.username, ways);
    const named = (q: string) =>
      sql<SqlBool>`${sql.ref(`${q}.tenant_id`)} = ${tenant} AND ${mine(q)} AND NOT COALESCE(${departs(q)}, FALSE)`;
    const others = (q: string) => sql<SqlBool>`${sql.ref(`${q}.id`)} IN (SELECT dcn.case_id FROM ${sql.table(CASE_NAME_TABLE)} AS dcn WHERE ${named('dcn')})`;
    return { branches, departs, others, named };
  }
  let lookups: RawBuilder<unknown>[];
  try {
    lookups = rest.map((b, i) => branchIds(model, b, i, tenant, conditionScope));
    departs(CASE_TABLE);
  } catch (err) {
    // A scope that cannot be read is left to the live count, which lets nothing through.
    if (err instanceof RowConditionError || err instanceof QueryError) return undefined;
    throw err;
  }
  // One lookup per branch (主办 = me by (tenant, handler), 协办 by the GIN index, 成员 by the member table …).
  const named = sql`${sql.join(lookups, sql` UNION ALL `)}`;
  const looked = (q: string) => sql<SqlBool>`${sql.ref(`${q}.id`)} IN (${named}) AND NOT COALESCE(${departs(q)}, FALSE)`;
  const { rows } = await sql<{ id: string }>`
    SELECT c.id FROM ${sql.table(model.table)} AS c WHERE c.tenant_id = ${tenant} AND ${looked('c')} LIMIT ${MAX_READ_IDS + 1}`.execute(db);
  if (rows.length > MAX_READ_IDS) return { branches, departs, others: looked };
  const ids = rows.map((r) => r.id);
  // Tested again against the departments: a case moved into them since the ids were read is counted there, not twice.
  return { branches, departs, others: (q) => (ids.length === 0 ? sql<SqlBool>`FALSE` : sql<SqlBool>`${sql.ref(`${q}.id`)} = ANY (CAST(${ids} AS text[])) AND NOT COALESCE(${departs(q)}, FALSE)`) };
}

/**
 * The split of the data rule on `model`'s rows for this request: the case page's own rule, or — for
 * a page whose rows belong to cases (案件进度, 费用: entity.scopedBy) and that has no rule of its own —
 * its case's. Undefined when the rule does not split (count live).
 */
export async function ruleSplit(db: Kysely<DB>, request: FastifyRequest, model: EntityModel): Promise<RuleSplit | undefined> {
  const scopedBy = model.page.entity.scopedBy;
  if (!scopedBy) {
    const own = await caseSplit(db, request, model);
    return own && { departs: own.departs, others: own.others(model.table), named: own.named, covers: (filter) => covered(own.branches, filter) };
  }
  const owner = request.server.pageModels.get(scopedBy.page);
  if (!owner || scopedBy.field.column !== OWNER_COLUMN || !model.tenantScoped || model.softDeleted) return undefined;
  if ((await rulesOfUser(db, currentUser(request).userId, schemaComponentOf(model.page))).length > 0) return undefined;
  const split = await caseSplit(db, request, owner);
  if (!split) return undefined;
  const ownerColumn = sql.ref(`${model.table}.${OWNER_COLUMN}`);
  // The rest's few thousand cases as an array: the entries are then found by their case (an index
  // probe a case), not by reading every entry of the period and joining.
  const others = split.named
    ? sql<SqlBool>`${ownerColumn} = ANY (ARRAY(SELECT dcn.case_id FROM ${sql.table(CASE_NAME_TABLE)} AS dcn WHERE ${split.named('dcn')}))`
    : sql<SqlBool>`${ownerColumn} IN (SELECT so.id FROM ${sql.table(owner.table)} AS so WHERE so.tenant_id = ${currentTenant(request)} AND ${split.others('so')})`;
  return { departs: split.departs, covers: () => false, others, named: split.named };
}



/** A view filter one of whose conditions is a rule branch, or an anyOf of rule branches (the same JSON: compiled alike). */
function covered(branches: readonly RowCondition[], filter: readonly RowCondition[]): boolean {
  const known = new Set(branches.map((b) => JSON.stringify(b)));
  return filter.some((c) => ('anyOf' in c ? c.anyOf : [c]).every((b) => known.has(JSON.stringify(b))) && ('anyOf' in c ? c.anyOf.length > 0 : true));
}
