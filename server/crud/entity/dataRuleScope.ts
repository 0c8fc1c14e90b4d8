/**
 * Which 数据规则 apply to a request on a page: those enabled rules of the menu items opening the page
 * (`schema/<module>/<entity>`) that the signed-in user's roles were given (sys_role_permission
 * .data_rule_ids, JeecgBoot's comma list). Read once per request and page — rules and grants change
 * while the server runs, so nothing is kept beyond the request.
 */
import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../db/types';
import { currentTenant, currentUser } from '../../auth/guard';
import { idList } from './context';
import { schemaComponentOf } from '../../seed/entities';
import type { Condition } from '../query/conditions';
import { dataRuleFilter, type DataRule } from './dataRules';
import type { EntityModel } from './model';

/** A rule that applies; `'1'` is 有效. */
export const RULE_ENABLED = '1';

/** The enabled rules the user's roles hold on the menu items opening this component. */
export async function rulesOfUser(db: Kysely<DB>, userId: string, component: string): Promise<DataRule[]> {
  const grants = await db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_role_permission as rp', 'rp.role_id', 'ur.role_id')
    .innerJoin('sys_permission as p', 'p.id', 'rp.permission_id')
    .select(['rp.permission_id', 'rp.data_rule_ids'])
    .where('ur.user_id', '=', userId)
    .where('p.component', '=', component)
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

const perRequest = new WeakMap<FastifyRequest, Map<string, Promise<Condition | undefined>>>();

/**
 * The condition the user's data rules put on this page's rows in this request, or undefined (no
 * enabled rule: unfiltered). Rules that name no field of the page, or that cannot apply, are logged.
 */
export function dataRuleCondition(request: FastifyRequest, db: Kysely<DB>, model: EntityModel): Promise<Condition | undefined> {
  const component = schemaComponentOf(model.page);
  let cache = perRequest.get(request);
  if (!cache) {
    cache = new Map();
    perRequest.set(request, cache);
  }
  const cached = cache.get(component);
  if (cached) return cached;
  const user = currentUser(request);
  const tenantId = currentTenant(request);
  const made = rulesOfUser(db, user.userId, component).then((rules) =>
    dataRuleFilter(model.queryFields, rules, { username: user.username, orgCode: user.orgCode, tenantId, now: new Date() }, (rule, outcome) =>
      request.log.warn(
        { ruleId: rule.id, ruleName: rule.ruleName, page: model.page.source, outcome: outcome.kind },
        `数据规则「${rule.ruleName}」${outcome.kind === 'ignored' ? '被忽略' : '不让任何记录通过'}：${outcome.reason}`,
      ),
    ),
  );
  cache.set(component, made);
  return made;
}

/** Both conditions (either may be absent). */
export function bothConditions(a: Expression<SqlBool> | undefined, b: Expression<SqlBool> | undefined): Expression<SqlBool> | undefined {
  return a && b ? sql<SqlBool>`(${a}) AND (${b})` : (a ?? b);
}
