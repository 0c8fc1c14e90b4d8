/**
 * A field's rules as the page document writes them (FieldRule: pattern, regex, lengths, min/max,
 * checkRule, duplicateCheck) turned into the validation module's rules, plus the numeric ranges
 * that module has no rule for. One FieldRule may name several kinds; each becomes its own rule
 * carrying the shared message.
 */
import type { FieldRule, FieldWidget } from '../../generated/page';
import type { CompiledField } from '../../schema/compiledPage';
import { isEmptyValue, isPatternName, ONLINE_PATTERN_CODES, type PatternName, type ValidationRule } from '../../validation';

/** A numeric bound on the value itself (number and money fields). */
export interface ValueRange {
  min?: number;
  max?: number;
  message?: string;
}

export interface FieldChecks {
  /** In order; `required` is not among them (the form keeps it as its own switchable rule). */
  rules: ValidationRule[];
  ranges: ValueRange[];
}

/** Widgets whose value is a list of choices: min/max count choices, not the value. */
const LIST_WIDGETS: ReadonlySet<FieldWidget> = new Set<FieldWidget>(['checkbox', 'multiSelect']);

export const minValueMessage = (n: number): string => `最小值为${n}`;
export const maxValueMessage = (n: number): string => `最大值为${n}`;

function patternName(name: string): PatternName | undefined {
  if (isPatternName(name)) return name;
  return Object.prototype.hasOwnProperty.call(ONLINE_PATTERN_CODES, name) ? ONLINE_PATTERN_CODES[name] : undefined;
}

function withMessage<T extends ValidationRule>(rule: T, message: string | undefined): T {
  return message ? { ...rule, message } : rule;
}

function fromRule(rule: FieldRule, listValued: boolean, checks: FieldChecks): void {
  const { message } = rule;
  if (rule.pattern !== undefined) {
    const name = patternName(rule.pattern);
    // An unknown name reaches validateRule, which fails it with its broken-rule message rather than passing the value.
    checks.rules.push(withMessage({ pattern: (name ?? rule.pattern) as PatternName }, message));
    // The page language's username pattern is the whole username rule: characters and length (app-shell §5).
    if (name === 'username') checks.rules.push(withMessage({ pattern: 'usernameLength' }, message));
  }
  if (rule.regex !== undefined) checks.rules.push(withMessage({ regex: rule.regex }, message));
  if (rule.minLength !== undefined) checks.rules.push(withMessage({ minLength: rule.minLength }, message));
  if (rule.maxLength !== undefined) checks.rules.push(withMessage({ maxLength: rule.maxLength }, message));
  if (listValued) {
    if (rule.min !== undefined) checks.rules.push(withMessage({ minItems: rule.min }, message));
    if (rule.max !== undefined) checks.rules.push(withMessage({ maxItems: rule.max }, message));
  } else if (rule.min !== undefined || rule.max !== undefined) {
    checks.ranges.push({ min: rule.min, max: rule.max, message });
  }
  if (rule.checkRule !== undefined) checks.rules.push(withMessage({ ruleCode: rule.checkRule }, message));
  if (rule.duplicateCheck) checks.rules.push(withMessage({ unique: true as const }, message));
}

/** The checks a form applies to a field's value, apart from `required`. */
export function fieldChecks(field: CompiledField): FieldChecks {
  const checks: FieldChecks = { rules: [], ranges: [] };
  const listValued = LIST_WIDGETS.has(field.widget);
  for (const rule of field.rules) fromRule(rule, listValued, checks);
  // `unique: true` on the field is the same server check as a duplicateCheck rule; ask once.
  if (field.unique && !checks.rules.some((rule) => 'unique' in rule)) checks.rules.push({ unique: true });
  return checks;
}

/** The message of a failed range, or undefined; empty and non-numeric values are not its business. */
export function checkRange(value: unknown, range: ValueRange): string | undefined {
  if (isEmptyValue(value)) return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  if (Number.isNaN(n)) return undefined;
  if (range.min !== undefined && n < range.min) return range.message ?? minValueMessage(range.min);
  if (range.max !== undefined && n > range.max) return range.message ?? maxValueMessage(range.max);
  return undefined;
}
