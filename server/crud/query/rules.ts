/**
 * JeecgBoot's `QueryGenerator.convert2Rule` + `replaceValue`: how one query-string value chooses its
 * comparison. Pure text work; values are typed and bound later.
 */

export type ComparisonRule = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';
export type LikeRule = 'like' | 'left_like' | 'right_like';
export type QueryRule = ComparisonRule | LikeRule | 'in';

export type ParsedRule =
  | { rule: ComparisonRule | LikeRule; text: string }
  | { rule: 'in'; items: string[] };

/**
 * `QueryRuleEnum.getByValue` matches a rule's value or its condition. Two-character candidates
 * (`'>= 5'`, `'ge 5'`, `'in a,b'`, and the enum value `'IN a,b'`) are tried before one-character ones.
 */
const TWO_CHAR_OPERATORS: Readonly<Record<string, ComparisonRule | 'in'>> = {
  '>=': 'ge',
  '<=': 'le',
  '!=': 'ne',
  IN: 'in',
  gt: 'gt',
  ge: 'ge',
  lt: 'lt',
  le: 'le',
  eq: 'eq',
  ne: 'ne',
  in: 'in',
};
const ONE_CHAR_OPERATORS: Readonly<Record<string, ComparisonRule>> = { '>': 'gt', '<': 'lt', '=': 'eq' };

function operatorOf<R>(table: Readonly<Record<string, R>>, text: string): R | undefined {
  return Object.hasOwn(table, text) ? table[text] : undefined;
}

/** Comma lists: items trimmed, empty items dropped (`'a,,b,'` is `a`, `b`). */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function withRule(rule: ComparisonRule | 'in', text: string): ParsedRule {
  return rule === 'in' ? { rule, items: splitList(text) } : { rule, text };
}

/**
 * A spaced operator at the start: the 3rd character is a space after a two-character operator, or
 * the 2nd after a one-character one. `'>=5'` has no space and is not an operator.
 * Everything after the operator (trimmed) is the operand.
 */
export function spacedOperator(value: string): ParsedRule | undefined {
  if (value.length >= 3 && value[2] === ' ') {
    const rule = operatorOf(TWO_CHAR_OPERATORS, value.slice(0, 2));
    if (rule) return withRule(rule, value.slice(3).trim());
  }
  if (value.length >= 2 && value[1] === ' ') {
    const rule = operatorOf(ONE_CHAR_OPERATORS, value[0]);
    if (rule) return withRule(rule, value.slice(2).trim());
  }
  return undefined;
}

/**
 * The full rule for a string field's (trimmed, non-empty) value, in JeecgBoot's order:
 * spaced operator; exactly `*` (a literal star); `*x*`, `*x`, `x*`; a comma (IN, except a
 * `to_date(…, 'yyyy-MM-dd')` literal); a leading `!` (NE); `++` after the first character (EQ with
 * `++` read as a comma); otherwise EQ. A star only in the middle is no LIKE and falls through.
 */
export function stringRule(value: string): ParsedRule {
  const operator = spacedOperator(value);
  if (operator) return operator;
  if (value === '*') return { rule: 'eq', text: value };
  const starts = value.startsWith('*');
  const ends = value.endsWith('*');
  if (starts && ends) return { rule: 'like', text: value.slice(1, -1) };
  if (starts) return { rule: 'left_like', text: value.slice(1) };
  if (ends) return { rule: 'right_like', text: value.slice(0, -1) };
  if (value.includes(',')) {
    if (value.includes('to_date') && value.includes('yyyy-MM-dd')) return { rule: 'eq', text: value };
    return { rule: 'in', items: splitList(value) };
  }
  if (value.startsWith('!')) return { rule: 'ne', text: value.slice(1) };
  if (value.indexOf('++') > 0) return { rule: 'eq', text: value.replaceAll('++', ',') };
  return { rule: 'eq', text: value };
}

/**
 * The rule for a number, date, time or boolean field. JeecgBoot binds such values by type, so only
 * a plain value (EQ), a spaced operator, or a comma list (IN) make sense; anything else is later
 * refused by the value's type check.
 */
export function typedRule(value: string): ParsedRule {
  const operator = spacedOperator(value);
  if (operator) return operator;
  if (value.includes(',')) return { rule: 'in', items: splitList(value) };
  return { rule: 'eq', text: value };
}

/**
 * `,a,b,` on a string field (multi-select values stored as a comma list) becomes a LIKE `%item%` per
 * item, joined by OR. JeecgBoot first reads `,,` as `,`; dropping empty items does the same.
 */
export function isCommaWrapped(value: string): boolean {
  return value.startsWith(',') && value.endsWith(',');
}
