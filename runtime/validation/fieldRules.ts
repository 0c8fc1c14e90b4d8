/**
 * The one translation of a field's rules into ValidationRules. Forms, editable grids and the
 * server all read a field's rules through here, so they refuse the same values with the same
 * messages:
 * - a page document's FieldRule (pattern, regex, lengths, min/max, checkRule, duplicateCheck);
 * - a JeecgBoot online `field_valid_type` code (contract §4.3), as grid columns write it.
 * `required` is not among the translated rules: each consumer keeps it as its own switch
 * (a linkage turns it on and off, a server-numbered field may be left blank).
 */
import type { FieldOptions, FieldRule, FieldWidget } from '../generated/page';
import { ONLINE_PATTERN_CODES } from './patterns';
import type { ValidationRule } from './rules';

/** What of a field its rules depend on (a compiled page field has all of it). */
export interface RuledField {
  widget: FieldWidget;
  options: FieldOptions;
  rules: readonly FieldRule[];
  unique?: boolean;
}

/**
 * Fields holding several values (comma-joined when stored): their min/max count the choices,
 * not the value.
 */
export function isMultiValued(field: Pick<RuledField, 'widget' | 'options'>): boolean {
  return field.widget === 'multiSelect' || field.widget === 'checkbox' || field.options.multiple === true;
}

function withMessage<T extends ValidationRule>(rule: T, message: string | undefined): T {
  return message ? { ...rule, message } : rule;
}

/**
 * One FieldRule's checks. A FieldRule may name several kinds; each becomes its own rule carrying
 * the shared message. An unknown pattern name stays as written: validateRule fails it with the
 * broken-rule message rather than passing the value.
 */
function fromFieldRule(rule: FieldRule, listValued: boolean): ValidationRule[] {
  const { message } = rule;
  const out: ValidationRule[] = [];
  if (rule.pattern !== undefined) out.push(withMessage({ pattern: rule.pattern }, message));
  if (rule.regex !== undefined) out.push(withMessage({ regex: rule.regex }, message));
  if (rule.minLength !== undefined) out.push(withMessage({ minLength: rule.minLength }, message));
  if (rule.maxLength !== undefined) out.push(withMessage({ maxLength: rule.maxLength }, message));
  if (rule.min !== undefined) out.push(withMessage(listValued ? { minItems: rule.min } : { minValue: rule.min }, message));
  if (rule.max !== undefined) out.push(withMessage(listValued ? { maxItems: rule.max } : { maxValue: rule.max }, message));
  if (rule.checkRule !== undefined) out.push(withMessage({ ruleCode: rule.checkRule }, message));
  if (rule.duplicateCheck) out.push(withMessage({ unique: true as const }, message));
  return out;
}

/** A field's rules in order, apart from `required`; `unique: true` and duplicate-check rules ask once. */
export function fieldRules(field: RuledField): ValidationRule[] {
  const listValued = isMultiValued(field);
  const rules = field.rules.flatMap((rule) => fromFieldRule(rule, listValued));
  if (field.unique && !rules.some((rule) => 'unique' in rule)) rules.push({ unique: true });
  return rules;
}

const translated = new WeakMap<RuledField, ValidationRule[]>();

/** fieldRules, translated once per field object (the server checks every row of an import). */
export function fieldRulesOf(field: RuledField): readonly ValidationRule[] {
  let rules = translated.get(field);
  if (!rules) {
    rules = fieldRules(field);
    translated.set(field, rules);
  }
  return rules;
}

/**
 * Rules for a JeecgBoot online `field_valid_type` (contract §4.3): '' none, `*` required,
 * `only` unique, a known code its pattern, anything else a raw regex (message 输入的值不合法).
 */
export function rulesFromOnlineCode(validType: string | null | undefined, message?: string): ValidationRule[] {
  const code = (validType ?? '').trim();
  if (code === '') return [];
  if (code === '*') return [withMessage({ required: true }, message)];
  if (code === 'only') return [withMessage({ unique: true }, message)];
  if (Object.prototype.hasOwnProperty.call(ONLINE_PATTERN_CODES, code)) {
    return [withMessage({ pattern: ONLINE_PATTERN_CODES[code] }, message)];
  }
  return [withMessage({ regex: code }, message)];
}
