import { allOf, anyOf, comparison, inList, like, type Condition } from './conditions';
import { QUERY_LIMITS } from './limits';
import { checkText, singleParam, type ParameterBudget } from './params';
import { QueryError, quote } from './queryError';
import { splitList, type ComparisonRule, type LikeRule, type QueryRule } from './rules';
import type { EntityField, EntityFields, RawQuery } from './types';
import { isDecimal, isWholeNumber, labelOf, parseBoolean, parseCalendar, parseValue } from './values';

export const SUPER_QUERY_FORMAT_MESSAGE = '高级查询参数格式错误';

/**
 * Rule names of `JSuperQuery.vue`; `QueryRuleEnum.getByValue` also takes each rule's value
 * (`=`, `LIKE`, `>=`, …), so those are read too.
 */
const SUPER_RULES: Readonly<Record<string, QueryRule>> = {
  eq: 'eq',
  like: 'like',
  right_like: 'right_like',
  left_like: 'left_like',
  in: 'in',
  ne: 'ne',
  gt: 'gt',
  ge: 'ge',
  lt: 'lt',
  le: 'le',
  '=': 'eq',
  LIKE: 'like',
  RIGHT_LIKE: 'right_like',
  LEFT_LIKE: 'left_like',
  IN: 'in',
  '!=': 'ne',
  '>': 'gt',
  '>=': 'ge',
  '<': 'lt',
  '<=': 'le',
};

type Scalar = string | number | boolean;

/** One entry of `superQueryParams` (JeecgBoot's `QueryCondition`), as sent by the client. */
interface RawCondition {
  field?: unknown;
  rule?: unknown;
  val?: unknown;
  type?: unknown;
  dbType?: unknown;
}

const malformed = () => new QueryError(SUPER_QUERY_FORMAT_MESSAGE);

/**
 * `superQueryParams` is `encodeURI(JSON.stringify(conditions))`, URL-encoded again by axios; Fastify
 * undid the second encoding, this undoes the first. A value that is already JSON (it starts with
 * `[`, which `encodeURI` never leaves) is read as is. Anything else — a value encoded twice more,
 * broken escapes, JSON that is not an array — is refused, never guessed at.
 */
export function decodeSuperQuery(raw: string): unknown[] {
  if (raw.length > QUERY_LIMITS.maxSuperQueryLength) throw new QueryError('高级查询条件过长');
  let json = raw.trim();
  if (!json.startsWith('[')) {
    try {
      json = decodeURIComponent(json).trim();
    } catch {
      throw malformed();
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw malformed();
  }
  if (!Array.isArray(parsed)) throw malformed();
  return parsed;
}

function isRecord(value: unknown): value is RawCondition {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isScalar(value: unknown): value is Scalar {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean';
}

/** A text member (`field`, `rule`, `type`, `dbType`); absent or null reads as empty. */
function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw malformed();
  return value.trim();
}

/** `val`: text, a number or boolean, or an array of those (multi-selects), joined by commas. */
function valOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (isScalar(value)) return String(value).trim();
  if (Array.isArray(value) && value.every(isScalar)) return value.map(String).join(',').trim();
  throw malformed();
}

/**
 * The client's `type`/`dbType` describe the value it sent; a value that does not match them is
 * refused as JeecgBoot's casts would fail. The comparison itself always uses our field's kind.
 */
function checkHints(condition: RawCondition, values: readonly string[], label: string): void {
  const type = textOf(condition.type);
  const dbType = textOf(condition.dbType).toLowerCase();
  const bad = (text: string, what: string) =>
    new QueryError(`高级查询「${quote(label)}」的值「${quote(text)}」不是有效的${what}`);
  for (const text of values) {
    if (type === 'date' || type === 'datetime') {
      if (!parseCalendar(text)) throw bad(text, type === 'date' ? '日期（yyyy-MM-dd）' : '日期时间（yyyy-MM-dd HH:mm:ss）');
    }
    if ((dbType === 'int' || dbType === 'short' || dbType === 'long') && !isWholeNumber(text)) throw bad(text, '整数');
    if ((dbType === 'bigdecimal' || dbType === 'float' || dbType === 'double') && !isDecimal(text)) throw bad(text, '数字');
    if (dbType === 'boolean' && parseBoolean(text) === undefined) throw bad(text, '布尔值（true 或 false）');
  }
}

function conditionOf(field: EntityField, label: string, rule: QueryRule, val: string, raw: RawCondition, budget: ParameterBudget): Condition | undefined {
  if (rule === 'in') {
    const items = splitList(val);
    checkHints(raw, items, label);
    budget.spend(items.length * (field.kind === 'datetime' ? 2 : 1));
    return inList(field, items.map((item) => parseValue(item, field.kind, label)));
  }
  checkHints(raw, [val], label);
  budget.spend(2);
  if (rule === 'like' || rule === 'left_like' || rule === 'right_like') return like(field, rule as LikeRule, val);
  return comparison(field, rule as ComparisonRule, parseValue(val, field.kind, label));
}

/**
 * JeecgBoot's `doSuperQuery`: conditions with an empty field, rule or value are dropped; the rest
 * form one group, joined by OR when `superQueryMatchType` is `or`, else by AND. A field outside the
 * field map or an unknown rule is refused.
 */
export function superQueryGroup(fields: EntityFields, query: RawQuery, budget: ParameterBudget): Condition | undefined {
  const raw = singleParam(query, 'superQueryParams');
  if (raw === undefined || raw.trim() === '') return undefined;
  const entries = decodeSuperQuery(raw);
  if (entries.length > QUERY_LIMITS.maxSuperConditions) {
    throw new QueryError(`高级查询条件过多（最多${QUERY_LIMITS.maxSuperConditions}条）`);
  }
  const parts: Condition[] = [];
  for (const entry of entries) {
    if (!isRecord(entry)) throw malformed();
    const property = textOf(entry.field);
    const ruleName = textOf(entry.rule);
    const val = valOf(entry.val);
    if (property === '' || ruleName === '' || val === '') continue;
    const field = fields.get(property);
    if (!field) throw new QueryError(`高级查询的字段不存在：${quote(property)}`);
    const label = labelOf(property, field);
    const rule = Object.hasOwn(SUPER_RULES, ruleName) ? SUPER_RULES[ruleName] : undefined;
    if (!rule) throw new QueryError(`高级查询不支持的匹配规则：${quote(ruleName)}`);
    checkText(val, label);
    const condition = conditionOf(field, label, rule, val, entry, budget);
    if (condition) parts.push(condition);
  }
  const matchType = singleParam(query, 'superQueryMatchType');
  return matchType?.trim().toLowerCase() === 'or' ? anyOf(parts) : allOf(parts);
}
