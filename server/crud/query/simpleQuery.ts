import { LIST_PARAM_NAMES } from '../../../runtime/contract/listQuery';
import { anyOf, comparison, inList, like, type Condition } from './conditions';
import { checkText, fieldParam, singleParam, type ParameterBudget } from './params';
import { isCommaWrapped, splitList, stringRule, typedRule, type ParsedRule } from './rules';
import type { EntityField, EntityFields, RawQuery } from './types';
import { isStringKind, labelOf, parseValue, type Bound, type SqlValue } from './values';

/**
 * Names that are never a filter, even when an entity has a property of that name: JeecgBoot's
 * `judgedIsUselessField` (class, ids, page, rows, sort, order) and the list's own parameters
 * (runtime/contract/listQuery.ts).
 */
export const IGNORED_NAMES: ReadonlySet<string> = new Set(['class', 'ids', 'page', 'rows', 'sort', 'order', ...LIST_PARAM_NAMES]);

interface FieldContext {
  field: EntityField;
  label: string;
  budget: ParameterBudget;
}

function typed(ctx: FieldContext, text: string, bound: Bound = 'exact'): SqlValue {
  return parseValue(text, ctx.field.kind, ctx.label, bound);
}

/** A parsed rule as SQL; the values typed by the field's kind. */
export function ruleCondition(ctx: FieldContext, parsed: ParsedRule): Condition | undefined {
  if (parsed.rule === 'in') {
    const values = parsed.items.map((item) => typed(ctx, item));
    ctx.budget.spend(values.length * (ctx.field.kind === 'datetime' ? 2 : 1));
    return inList(ctx.field, values);
  }
  ctx.budget.spend(2);
  if (parsed.rule === 'like' || parsed.rule === 'left_like' || parsed.rule === 'right_like') {
    return like(ctx.field, parsed.rule, parsed.text);
  }
  return comparison(ctx.field, parsed.rule, typed(ctx, parsed.text));
}

const parameterNames = new WeakMap<EntityFields, ReadonlyMap<string, readonly string[]>>();

/** By property, every query parameter name that asks about it: its own and its range names (rangeConditions). */
function parameterNamesOf(fields: EntityFields): ReadonlyMap<string, readonly string[]> {
  let names = parameterNames.get(fields);
  if (!names) {
    names = new Map([...fields.keys()].map((property) => [property, [property, `${property}_begin`, `${property}_end`, `${property}_MultiString`]]));
    parameterNames.set(fields, names);
  }
  return names;
}

/** `<field>_begin` (GE), `<field>_end` (LE), `<field>_MultiString` (IN). Blank bounds are skipped. */
function rangeConditions(ctx: FieldContext, query: RawQuery, property: string): Condition[] {
  const parts: Condition[] = [];
  const bound = (suffix: string, rule: 'ge' | 'le', edge: Bound) => {
    const raw = singleParam(query, `${property}${suffix}`);
    const text = raw === undefined ? '' : checkText(raw, ctx.label).trim();
    if (text === '') return;
    ctx.budget.spend(1);
    parts.push(comparison(ctx.field, rule, typed(ctx, text, edge)));
  };
  bound('_begin', 'ge', 'begin');
  bound('_end', 'le', 'end');
  const multi = singleParam(query, `${property}_MultiString`);
  if (multi !== undefined) {
    const condition = ruleCondition(ctx, { rule: 'in', items: splitList(checkText(multi, ctx.label)) });
    if (condition) parts.push(condition);
  }
  return parts;
}

/** What a field's own value asks: `,a,b,` on a string field (any of those LIKEs), or one rule (`convert2Rule`). */
type ValueAsk = { rule: ParsedRule } | { anyLike: string[] };

/** The field's own value as what it asks; undefined when blank. */
function valueAsk(field: EntityField, label: string, query: RawQuery, property: string): ValueAsk | undefined {
  const raw = fieldParam(query, property);
  const value = raw === undefined ? '' : checkText(raw, label).trim();
  if (value === '') return undefined;
  if (!isStringKind(field.kind)) return { rule: typedRule(value) };
  if (isCommaWrapped(value)) return { anyLike: splitList(value) };
  return { rule: stringRule(value) };
}

/** The field's own value: the `,a,b,` multi-select form, or `convert2Rule`. */
function valueCondition(ctx: FieldContext, query: RawQuery, property: string): Condition | undefined {
  const ask = valueAsk(ctx.field, ctx.label, query, property);
  if (!ask) return undefined;
  if ('rule' in ask) return ruleCondition(ctx, ask.rule);
  ctx.budget.spend(ask.anyLike.length);
  return anyOf(ask.anyLike.map((item) => like(ctx.field, 'like', item)));
}

/**
 * By property, the values a text field's own parameter asks it to equal: its `eq` rule (one value)
 * or `in` rule (a list; none when the list is empty). Each is one of the ANDed conditions of
 * simpleConditions, so every row the list keeps holds one of these values — a caller may test them
 * early on a copy of the column (a list of the cases naming the user, dash_case_name). Other rules
 * and kinds are left out (their condition stays the list's own).
 */
export function equalValues(fields: EntityFields, query: RawQuery): Map<string, readonly string[]> {
  const asked = new Map<string, readonly string[]>();
  const given = new Set(Object.keys(query));
  for (const [property, field] of fields) {
    if (IGNORED_NAMES.has(property) || !isStringKind(field.kind) || !given.has(property)) continue;
    const ask = valueAsk(field, labelOf(property, field), query, property);
    if (!ask || !('rule' in ask)) continue;
    const { rule } = ask;
    if (rule.rule === 'eq') asked.set(property, [rule.text]);
    else if (rule.rule === 'in' && rule.items.length > 0) asked.set(property, rule.items);
  }
  return asked;
}

/**
 * The conditions of the plain query parameters, field by field in the field map's order (as
 * JeecgBoot walks the entity's properties). Names outside the field map are never read.
 */
export function simpleConditions(fields: EntityFields, query: RawQuery, budget: ParameterBudget): Condition[] {
  const parts: Condition[] = [];
  const given = new Set(Object.keys(query));
  const names = parameterNamesOf(fields);
  for (const [property, field] of fields) {
    if (IGNORED_NAMES.has(property)) continue;
    // Most fields of a page are not asked about: no name of theirs in the query, nothing to read.
    if (!(names.get(property) ?? []).some((name) => given.has(name))) continue;
    const ctx: FieldContext = { field, label: labelOf(property, field), budget };
    parts.push(...rangeConditions(ctx, query, property));
    const condition = valueCondition(ctx, query, property);
    if (condition) parts.push(condition);
  }
  return parts;
}
