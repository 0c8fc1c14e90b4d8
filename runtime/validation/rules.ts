import {
  BROKEN_RULE_MESSAGE,
  INVALID_VALUE_MESSAGE,
  maxItemsMessage,
  maxLengthMessage,
  maxValueMessage,
  minItemsMessage,
  minLengthMessage,
  minValueMessage,
  MOBILE_REQUIRED_MESSAGE,
  requiredMessage,
  USERNAME_REQUIRED_MESSAGE,
} from './messages';
import { isPatternName, PATTERNS, type PatternName } from './patterns';
import { compileRawRegex } from './rawRegex';

/**
 * One validation rule of a field, as page documents write it. Every rule may carry its own
 * `message`; without one the product's text for that rule is used. Apart from `required`, a rule
 * passes an empty value (nothing to check).
 */
export type ValidationRule =
  | { required: true; message?: string }
  /** A named pattern of runtime/validation/patterns.ts. */
  | { pattern: PatternName; message?: string }
  /** A raw regular expression (text, or /body/flags); default message 输入的值不合法. */
  | { regex: string; message?: string }
  /** Characters of a text (items of a list). */
  | { minLength: number; message?: string }
  | { maxLength: number; message?: string }
  /** Checkbox groups and multi-selects: chosen items (an array or a comma-joined string). */
  | { minItems: number; message?: string }
  | { maxItems: number; message?: string }
  /** Number and money fields: the value itself; a value that is not a number is not this rule's business. */
  | { minValue: number; message?: string }
  | { maxValue: number; message?: string }
  /**
   * Server-side: no other record holds this value (/sys/duplicate/check). Async; not checked by
   * validateValue. Forms show the server's message; `message` serves editable grids, which compare
   * rows among themselves (widgets §5).
   */
  | { unique: true; message?: string }
  /** Server-side: the value satisfies the code rule (/sys/checkRule/checkByCode). Async; not checked by validateValue. */
  | { ruleCode: string; message?: string };

export interface ValidateOptions {
  /** The field's label, for the default required message (请输入<label>). */
  label?: string;
  /** The value is chosen, not typed: the required message says 请选择<label>. */
  chosen?: boolean;
}

/** A rule that cannot work as written (unknown pattern name, uncompilable regex, bad number). */
export interface RuleProblem {
  /** Index of the rule in the list. */
  index: number;
  reason: string;
}

export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return Number.isNaN(value);
  if (Array.isArray(value)) return value.every(isEmptyValue);
  return false;
}

function characters(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  return [...String(value)].length;
}

function items(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  return String(value)
    .split(',')
    .filter((part) => part.trim() !== '').length;
}

/** Texts a pattern is tested against: each item of a list, otherwise the value as text. */
function texts(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v) => !isEmptyValue(v)).map(String) : [String(value)];
}

function isCount(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0;
}

/** Why a rule cannot work, or undefined when it is usable. */
export function ruleProblem(rule: ValidationRule): string | undefined {
  if ('pattern' in rule) return isPatternName(rule.pattern) ? undefined : `未知的校验规则「${String(rule.pattern)}」`;
  if ('regex' in rule) {
    const compiled = compileRawRegex(rule.regex);
    return compiled.ok ? undefined : compiled.reason;
  }
  for (const key of ['minLength', 'maxLength', 'minItems', 'maxItems'] as const) {
    if (key in rule) {
      const n = (rule as Record<string, unknown>)[key];
      return isCount(n) ? undefined : `${key} 必须是非负整数`;
    }
  }
  for (const key of ['minValue', 'maxValue'] as const) {
    if (key in rule) {
      const n = (rule as Record<string, unknown>)[key];
      return typeof n === 'number' && Number.isFinite(n) ? undefined : `${key} 必须是数字`;
    }
  }
  if ('ruleCode' in rule) return rule.ruleCode ? undefined : 'ruleCode 不能为空';
  return undefined;
}

/** The value as a number, or undefined when it is none (a range then has nothing to say). */
function numeric(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
  return Number.isNaN(n) ? undefined : n;
}

/** Reports every unusable rule, for load-time checks of a page document. */
export function checkRules(rules: readonly ValidationRule[]): RuleProblem[] {
  const problems: RuleProblem[] = [];
  rules.forEach((rule, index) => {
    const reason = ruleProblem(rule);
    if (reason) problems.push({ index, reason });
  });
  return problems;
}

/**
 * The message of one synchronous rule for a value, or undefined when it passes. Asynchronous
 * rules (unique, ruleCode) pass here; see remoteChecks.ts. A broken rule fails with
 * BROKEN_RULE_MESSAGE, so a value is never accepted unchecked.
 */
export function validateRule(value: unknown, rule: ValidationRule, options: ValidateOptions = {}): string | undefined {
  if ('required' in rule) {
    return rule.required && isEmptyValue(value) ? (rule.message ?? requiredMessage(options.label, options.chosen)) : undefined;
  }
  if ('unique' in rule || 'ruleCode' in rule) return undefined;
  if (ruleProblem(rule)) return BROKEN_RULE_MESSAGE;
  if (isEmptyValue(value)) return undefined;

  if ('pattern' in rule) {
    const { regex, message, then } = PATTERNS[rule.pattern];
    if (!texts(value).every((text) => regex.test(text))) return rule.message ?? message;
    if (then && !texts(value).every((text) => then.regex.test(text))) return rule.message ?? then.message;
    return undefined;
  }
  if ('regex' in rule) {
    const compiled = compileRawRegex(rule.regex);
    if (!compiled.ok) return BROKEN_RULE_MESSAGE;
    return texts(value).every((text) => compiled.regex.test(text)) ? undefined : (rule.message ?? INVALID_VALUE_MESSAGE);
  }
  if ('minLength' in rule) return characters(value) < rule.minLength ? (rule.message ?? minLengthMessage(rule.minLength)) : undefined;
  if ('maxLength' in rule) return characters(value) > rule.maxLength ? (rule.message ?? maxLengthMessage(rule.maxLength)) : undefined;
  if ('minItems' in rule) return items(value) < rule.minItems ? (rule.message ?? minItemsMessage(rule.minItems)) : undefined;
  if ('maxItems' in rule) return items(value) > rule.maxItems ? (rule.message ?? maxItemsMessage(rule.maxItems)) : undefined;
  if ('minValue' in rule) {
    const n = numeric(value);
    return n !== undefined && n < rule.minValue ? (rule.message ?? minValueMessage(rule.minValue)) : undefined;
  }
  if ('maxValue' in rule) {
    const n = numeric(value);
    return n !== undefined && n > rule.maxValue ? (rule.message ?? maxValueMessage(rule.maxValue)) : undefined;
  }
  return undefined;
}

/** The first failing rule's message, or undefined when the value passes every synchronous rule. */
export function validateValue(
  value: unknown,
  rules: readonly ValidationRule[],
  options: ValidateOptions = {},
): string | undefined {
  for (const rule of rules) {
    const message = validateRule(value, rule, options);
    if (message !== undefined) return message;
  }
  return undefined;
}

/** The username field of app-shell §5: required, letters/digits/underscore, 4-18 long with the 6-18 message. */
export const USERNAME_RULES: readonly ValidationRule[] = [{ required: true, message: USERNAME_REQUIRED_MESSAGE }, { pattern: 'username' }];

/** The mobile field of app-shell §5. */
export const MOBILE_RULES: readonly ValidationRule[] = [{ required: true, message: MOBILE_REQUIRED_MESSAGE }, { pattern: 'mobile' }];

/** The e-mail field of app-shell §5: optional, valid format. */
export const EMAIL_RULES: readonly ValidationRule[] = [{ pattern: 'email' }];
