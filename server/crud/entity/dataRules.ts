/**
 * 数据规则 turned into a filter (JeecgBoot's `@PermissionData`): the enabled rules a user's roles hold
 * on the menu of a page become one condition, every rule ANDed, each value a bound parameter and
 * each column one of the page's own fields — a rule is data, never SQL text.
 *
 * - `ruleColumn` names a field of the page (its name, as `createBy`, or its column, as `create_by`);
 *   a rule naming no field is ignored (and reported), as JeecgBoot skips a rule no property matches.
 * - `ruleConditions` is one of JeecgBoot's QueryRuleEnum values or conditions: `=` `!=` `>` `>=` `<`
 *   `<=` `IN` `LIKE` `RIGHT_LIKE` (以..开始) `LEFT_LIKE` (以..结尾), or eq ne gt ge lt le in like
 *   right_like left_like.
 * - `ruleValue` may hold the session variables `#{sys_user_code}` (the username), `#{sys_org_code}`
 *   (the user's department code), `#{sys_user_departs}` (the ids of all the user's departments, a comma
 *   list for IN), `#{sys_user_depart_tree}` (those and every department below them), `#{sys_date}`
 *   (today, yyyy-MM-dd, Beijing time), `#{sys_time}` (now, yyyy-MM-dd HH:mm:ss) and `#{tenant_id}`
 *   (the request's tenant), also in camelCase (`#{sysUserCode}`). IN takes a comma list.
 * - `SCOPE` (命名范围) applies the page's named scope `ruleValue` (entity.scopes): a condition
 *   declared in the page document (anyOf / allOf of field, session and child-row conditions) that
 *   one field rule could not say — 本部门 or 主办 or 协办 or 成员. The rule's field is not read.
 * - A rule that names a field but cannot be applied — an unknown condition (custom SQL rules are not
 *   offered), or a value that does not fit the field's type — lets no row through: a broken rule must
 *   not open the data it was written to close.
 */
import { sql, type SqlBool } from 'kysely';
import { allOf, comparison, inList, like, type Condition } from '../query/conditions';
import { QueryError } from '../query/queryError';
import type { ComparisonRule, LikeRule } from '../query/rules';
import type { EntityField, EntityFields } from '../query/types';
import { labelOf, parseValue, type SqlValue } from '../query/values';

export interface DataRule {
  id: string;
  ruleName: string;
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
}

/** Who asks: what the rule values' variables stand for. */
export interface RuleSession {
  username: string;
  orgCode: string | null;
  tenantId: number;
  now: Date;
  /** The ids of the user's departments, and those with every department below; read only when a rule names them. */
  departIds?: readonly string[];
  departTreeIds?: readonly string[];
}

/** The variables whose values need a database read (the user's departments). */
export const DEPART_VARIABLES = /#\{\s*(sys_user_departs|sysuserdeparts|sys_user_depart_tree|sysuserdeparttree)\s*\}/i;

/** The condition naming a page's scope instead of a field. */
export const SCOPE_CONDITION = 'SCOPE';

export type RuleOperator = ComparisonRule | LikeRule | 'in';

const OPERATORS: Readonly<Record<string, RuleOperator>> = {
  '=': 'eq',
  eq: 'eq',
  '!=': 'ne',
  '<>': 'ne',
  ne: 'ne',
  '>': 'gt',
  gt: 'gt',
  '>=': 'ge',
  ge: 'ge',
  '<': 'lt',
  lt: 'lt',
  '<=': 'le',
  le: 'le',
  in: 'in',
  like: 'like',
  right_like: 'right_like',
  left_like: 'left_like',
};

/** The operator of a stored condition, or undefined for one we do not apply (USE_SQL_RULES…). */
export function operatorOf(condition: string): RuleOperator | undefined {
  const key = condition.trim();
  return OPERATORS[key] ?? OPERATORS[key.toLowerCase()];
}

const BEIJING = 'Asia/Shanghai';

function beijingParts(now: Date): Record<string, string> {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: BEIJING,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  return Object.fromEntries(parts.map((p) => [p.type, p.value]));
}

/** The value with every known `#{variable}` replaced from the session; other text stays as written. */
export function substituteVariables(value: string, session: RuleSession): string {
  const p = beijingParts(session.now);
  const date = `${p.year}-${p.month}-${p.day}`;
  const vars: Readonly<Record<string, string>> = {
    sys_user_code: session.username,
    sysusercode: session.username,
    sys_org_code: session.orgCode ?? '',
    sysorgcode: session.orgCode ?? '',
    sys_date: date,
    sysdate: date,
    sys_time: `${date} ${p.hour}:${p.minute}:${p.second}`,
    systime: `${date} ${p.hour}:${p.minute}:${p.second}`,
    tenant_id: String(session.tenantId),
    tenantid: String(session.tenantId),
    sys_user_departs: (session.departIds ?? []).join(','),
    sysuserdeparts: (session.departIds ?? []).join(','),
    sys_user_depart_tree: (session.departTreeIds ?? []).join(','),
    sysuserdeparttree: (session.departTreeIds ?? []).join(','),
  };
  return value.replace(/#\{\s*([A-Za-z_]+)\s*\}/g, (whole, name: string) => vars[name.toLowerCase()] ?? whole);
}

/** The page field a rule names, by field name or by column. */
export function ruleField(fields: EntityFields, ruleColumn: string): EntityField | undefined {
  const name = ruleColumn.trim();
  return fields.get(name) ?? [...fields.values()].find((f) => f.column === name);
}

const NOTHING: Condition = sql<SqlBool>`FALSE`;

export type RuleOutcome = { kind: 'applied'; condition: Condition } | { kind: 'ignored'; reason: string } | { kind: 'closed'; reason: string };

/** A page's named scope as a condition, or undefined when the page declares no scope of that name. */
export type ScopeOf = (name: string) => Condition | undefined;

/** One rule as a condition on the page's fields. */
export function ruleCondition(fields: EntityFields, rule: DataRule, session: RuleSession, scopeOf: ScopeOf = () => undefined): RuleOutcome {
  if (rule.ruleConditions.trim().toUpperCase() === SCOPE_CONDITION) {
    const scope = scopeOf(rule.ruleValue.trim());
    // A scope another page declares: the rule does not concern this page (as a field it lacks).
    return scope ? { kind: 'applied', condition: scope } : { kind: 'ignored', reason: `页面没有命名范围 ${rule.ruleValue.trim()}` };
  }
  const field = ruleField(fields, rule.ruleColumn);
  if (!field) return { kind: 'ignored', reason: `规则字段 ${rule.ruleColumn} 不是页面的字段` };
  const operator = operatorOf(rule.ruleConditions);
  if (!operator) return { kind: 'closed', reason: `不支持的条件规则 ${rule.ruleConditions}` };
  const text = substituteVariables(rule.ruleValue, session).trim();
  const label = labelOf(rule.ruleColumn, field);
  try {
    switch (operator) {
      case 'like':
      case 'left_like':
      case 'right_like':
        return { kind: 'applied', condition: like(field, operator, text) };
      case 'in': {
        const values: SqlValue[] = text
          .split(',')
          .map((v) => v.trim())
          .filter((v) => v !== '')
          .map((v) => parseValue(v, field.kind, label));
        const condition = inList(field, values);
        return condition ? { kind: 'applied', condition } : { kind: 'closed', reason: '在...中 没有任何值' };
      }
      default:
        return { kind: 'applied', condition: comparison(field, operator, parseValue(text, field.kind, label)) };
    }
  } catch (err) {
    if (err instanceof QueryError) return { kind: 'closed', reason: err.message };
    throw err;
  }
}

/**
 * Every rule ANDed into one condition (undefined when none applies); `report` hears of each rule that
 * was ignored or that closes the page, to be logged for the administrator.
 */
export function dataRuleFilter(
  fields: EntityFields,
  rules: readonly DataRule[],
  session: RuleSession,
  report: (rule: DataRule, outcome: Exclude<RuleOutcome, { kind: 'applied' }>) => void,
  scopeOf?: ScopeOf,
): Condition | undefined {
  const parts: Condition[] = [];
  for (const rule of rules) {
    const outcome = ruleCondition(fields, rule, session, scopeOf);
    if (outcome.kind === 'applied') parts.push(outcome.condition);
    else {
      report(rule, outcome);
      if (outcome.kind === 'closed') parts.push(NOTHING);
    }
  }
  return allOf(parts);
}
