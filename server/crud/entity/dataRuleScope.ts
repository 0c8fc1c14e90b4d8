/**
 * Which 数据规则 apply to a request on a page: those enabled rules of the menu items opening the page
 * (`schema/<module>/<entity>` or one of its views `schema/<module>/<entity>/<view>`) that the
 * signed-in user's roles were given (sys_role_permission.data_rule_ids, JeecgBoot's comma list). A
 * rule given on any menu item of the page applies whichever of them the request comes from: the
 * views are one page, and a rule must not be escaped by opening another view. A page whose rows
 * belong to another page's (entity.scopedBy) also shows only rows whose owner the user may see.
 * Read once per request and page — rules and grants change while the server runs.
 */
import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../db/types';
import type { RowCondition } from '../../../runtime/generated/page';
import { caseNamesKept } from '../../dashboard/caseSummary';
import type { KeptEquality } from '../../dashboard/namedCases';
import { currentTenant, currentUser } from '../../auth/guard';
import { cachedAuthRead } from '../../auth/authCache';
import { grantKeyOf, permissionCodesOf, roleIdsOfGrantKey } from '../../auth/permissions';
import { idList } from './context';
import { schemaComponentOf } from '../../seed/entities';
import type { Condition } from '../query/conditions';
import { QueryError } from '../query/queryError';
import { dataRuleFilter, DEPART_VARIABLES, SCOPE_CONDITION, type DataRule, type RuleSession } from './dataRules';
import { implies } from './conditionImplication';
import type { EntityModel } from './model';
import { RowConditionError, rowConditionSql, type ConditionScope } from './rowConditionSql';

/** A rule that applies; `'1'` is 有效. */
export const RULE_ENABLED = '1';

/**
 * The enabled rules the user's roles hold on the menu items opening this component or one of its
 * views; through the node's auth cache (a change of rules, grants or roles empties it at once), kept
 * per set of roles (users with the same roles share the read).
 */
export async function rulesOfUser(db: Kysely<DB>, userId: string, component: string): Promise<DataRule[]> {
  const roleIds = roleIdsOfGrantKey(await grantKeyOf(db, userId));
  if (roleIds.length === 0) return [];
  return cachedAuthRead(db, `rules:${roleIds.join(',')}:${component}`, () => readRulesOfRoles(db, roleIds, component));
}

async function readRulesOfRoles(db: Kysely<DB>, roleIds: readonly string[], component: string): Promise<DataRule[]> {
  const viewPrefix = `${component}/`;
  const grants = await db
    .selectFrom('sys_role_permission as rp')
    .innerJoin('sys_permission as p', 'p.id', 'rp.permission_id')
    .select(['rp.permission_id', 'rp.data_rule_ids'])
    .where('rp.role_id', 'in', [...roleIds])
    .where((eb) => eb.or([eb('p.component', '=', component), eb(sql<string>`left(p.component, ${viewPrefix.length})`, '=', viewPrefix)]))
    .where('p.del_flag', '=', 0)
    .where('rp.data_rule_ids', 'is not', null)
    .execute();
  const ids = [...new Set(grants.flatMap((g) => idList(g.data_rule_ids ?? '')))];
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('sys_permission_data_rule')
    .select(['id', 'rule_name', 'rule_column', 'rule_conditions', 'rule_value'])
    .where('id', 'in', ids)
    // A rule counts only on the menu item it was written for, as granted there.
    .where('permission_id', 'in', [...new Set(grants.map((g) => g.permission_id))])
    .where('status', '=', RULE_ENABLED)
    .orderBy('create_time')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, ruleName: r.rule_name, ruleColumn: r.rule_column, ruleConditions: r.rule_conditions, ruleValue: r.rule_value }));
}

/** The user's department ids, and those with every department below them (org codes start alike). */
function departsOf(db: Kysely<DB>, userId: string): Promise<{ departIds: string[]; departTreeIds: string[] }> {
  return cachedAuthRead(db, `departs:${userId}`, () => readDepartsOf(db, userId));
}

async function readDepartsOf(db: Kysely<DB>, userId: string): Promise<{ departIds: string[]; departTreeIds: string[] }> {
  const own = await db.selectFrom('sys_user_depart').select('dep_id').where('user_id', '=', userId).execute();
  const tree = await sql<{ id: string }>`
    SELECT DISTINCT d.id FROM sys_depart d
    JOIN sys_depart p ON left(d.org_code, length(p.org_code)) = p.org_code
    JOIN sys_user_depart ud ON ud.dep_id = p.id
    WHERE ud.user_id = ${userId} AND d.del_flag = '0'`.execute(db);
  return { departIds: own.map((r) => r.dep_id), departTreeIds: tree.rows.map((r) => r.id) };
}

const perRequest = new WeakMap<FastifyRequest, Map<string, Promise<Condition | undefined>>>();

/** A scopedBy chain longer than this is a cycle in the documents; nothing passes rather than loop. */
const MAX_OWNER_DEPTH = 4;

/**
 * The rules of `model` for this user as one condition; columns qualified by `qualifier` when given
 * (inside the scopedBy subquery of a child page), else as the page's own query names them.
 */
async function ownRules(
  request: FastifyRequest,
  db: Kysely<DB>,
  model: EntityModel,
  qualifier: string | undefined,
  caseNames: boolean,
  kept?: readonly KeptEquality[],
): Promise<Condition | undefined> {
  const user = currentUser(request);
  const tenantId = currentTenant(request);
  const rules = await rulesOfUser(db, user.userId, schemaComponentOf(model.page));
  if (rules.length === 0) return undefined;
  const session: RuleSession = { username: user.username, orgCode: user.orgCode, tenantId, now: new Date() };
  if (rules.some((r) => DEPART_VARIABLES.test(r.ruleValue))) Object.assign(session, await departsOf(db, user.userId));
  const fields = qualifier
    ? new Map([...model.queryFields].map(([name, f]) => [name, { ...f, column: `${qualifier}.${f.column}` }]))
    : model.queryFields;
  const scope: ConditionScope = { session: { userId: user.userId, username: user.username, tenantId }, pages: request.server.pageModels, caseNames, kept };
  const log = (ruleName: string, ruleId: string, kind: string, reason: string) =>
    request.log.warn({ ruleId, ruleName, page: model.page.source, outcome: kind }, `数据规则「${ruleName}」${kind === 'ignored' ? '被忽略' : '不让任何记录通过'}：${reason}`);
  return dataRuleFilter(
    fields,
    rules,
    session,
    (rule, outcome) => log(rule.ruleName, rule.id, outcome.kind, outcome.reason),
    (name) => {
      const declared = Object.hasOwn(model.page.entity.scopes, name) ? model.page.entity.scopes[name] : undefined;
      if (!declared) return undefined;
      try {
        return rowConditionSql(model, declared, qualifier ?? model.table, scope);
      } catch (err) {
        if (!(err instanceof RowConditionError) && !(err instanceof QueryError)) throw err;
        log(name, name, 'closed', err.message);
        return sql<SqlBool>`FALSE`;
      }
    },
  );
}

/** The rows of the owner page (scopedBy) the user may see, as `<field> IN (SELECT id …)`; undefined when all. */
async function ownerRule(request: FastifyRequest, db: Kysely<DB>, model: EntityModel, depth: number, caseNames: boolean): Promise<Condition | undefined> {
  const scopedBy = model.page.entity.scopedBy;
  if (!scopedBy) return undefined;
  const owner = request.server.pageModels.get(scopedBy.page);
  if (!owner || depth >= MAX_OWNER_DEPTH) return sql<SqlBool>`FALSE`;
  if (scopedBy.unlessPermission && (await permissionCodesOf(db, currentUser(request).userId)).has(scopedBy.unlessPermission)) return undefined;
  const alias = `sb${depth + 1}`;
  const rules = await ownRules(request, db, owner, alias, caseNames);
  const above = await ownerRule(request, db, owner, depth + 1, caseNames);
  if (!rules && !above) return undefined;
  const parts: Condition[] = [...(rules ? [rules] : []), ...(above ? [above] : [])];
  if (owner.tenantScoped) parts.push(sql<SqlBool>`${sql.ref(`${alias}.tenant_id`)} = ${currentTenant(request)}`);
  const where = parts.reduce((a, b) => sql<SqlBool>`(${a}) AND (${b})`);
  // This page's rows are the table itself at the top, the alias of the subquery one level down.
  const column = sql.ref(depth === 0 ? scopedBy.field.column : `sb${depth}.${scopedBy.field.column}`);
  return sql<SqlBool>`${column} IN (SELECT ${sql.ref(`${alias}.id`)} FROM ${sql.table(owner.table)} AS ${sql.raw(alias)} WHERE ${where})`;
}

/**
 * The condition the user's data rules put on this page's rows in this request, or undefined (no
 * enabled rule: unfiltered). Rules that name no field of the page, or that cannot apply, are logged.
 * `caseNames`: the caller reads only rows of the request's tenant (a list), so branches naming the
 * user may be read from dash_case_name when the database keeps it (rowConditionSql.ts) — the same rows.
 * `kept`: equalities the caller tests on every row it reads (a list's, keptEqualities.ts); those rows
 * of dash_case_name are read passing them too.
 */
export function dataRuleCondition(
  request: FastifyRequest,
  db: Kysely<DB>,
  model: EntityModel,
  opts: { caseNames?: boolean; kept?: readonly KeptEquality[] } = {},
): Promise<Condition | undefined> {
  const component = schemaComponentOf(model.page);
  let cache = perRequest.get(request);
  if (!cache) {
    cache = new Map();
    perRequest.set(request, cache);
  }
  const kept = opts.caseNames && opts.kept && opts.kept.length > 0 ? opts.kept : undefined;
  const key = opts.caseNames ? `${component}#names${kept ? JSON.stringify(kept) : ''}` : component;
  const cached = cache.get(key);
  if (cached) return cached;
  const made = (opts.caseNames ? caseNamesKept(db) : Promise.resolve(false)).then((caseNames) =>
    Promise.all([ownRules(request, db, model, undefined, caseNames, kept), ownerRule(request, db, model, 0, caseNames)]).then(([own, owner]) =>
      own && owner ? sql<SqlBool>`(${own}) AND (${owner})` : (own ?? owner),
    ),
  );
  cache.set(key, made);
  return made;
}

/**
 * Whether every row `filter` (a view's, ANDed) keeps passes the user's data rules on this page: each
 * rule is a named scope one of the filter's conditions implies (我的案件 — 主办 or 成员 — within a
 * 公估师's 本部门 or 登记, 主办, 协办, 成员). The rules then add nothing to the view: a list need not
 * test them (the OR of a rule is what no index serves). False for any other rule, and for a page whose
 * rows belong to another's (scopedBy).
 */
export async function rulesImpliedBy(request: FastifyRequest, db: Kysely<DB>, model: EntityModel, filter: readonly RowCondition[]): Promise<boolean> {
  if (model.page.entity.scopedBy || filter.length === 0) return false;
  const rules = await rulesOfUser(db, currentUser(request).userId, schemaComponentOf(model.page));
  if (rules.length === 0) return false;
  return rules.every((rule) => {
    if (rule.ruleConditions.trim().toUpperCase() !== SCOPE_CONDITION) return false;
    const name = rule.ruleValue.trim();
    const declared = Object.hasOwn(model.page.entity.scopes, name) ? model.page.entity.scopes[name] : undefined;
    return declared !== undefined && filter.some((c) => implies(c, declared));
  });
}

/** Both conditions (either may be absent). */
export function bothConditions(a: Expression<SqlBool> | undefined, b: Expression<SqlBool> | undefined): Expression<SqlBool> | undefined {
  return a && b ? sql<SqlBool>`(${a}) AND (${b})` : (a ?? b);
}
