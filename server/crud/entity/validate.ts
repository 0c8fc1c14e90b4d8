import type { CompiledField } from '../../../runtime/schema/compiledPageTypes';
import { fieldRulesOf, isEmptyValue, isMultiValued, maxLengthMessage, requiredMessage, validateValue } from '../../../runtime/validation';
import { cronFieldError } from '../../../runtime/cron';
import { isChosenWidget } from '../../../runtime/schema/fieldSemantics';
import { coerceValue, type DbValue } from './coerce';
import { computeFields } from './computed';
import { fieldHookError } from './fieldHooks';
import type { EntityModel } from './model';
import { holdsRichText, sanitizeRichText } from './richText';

/** One refused field: the property name (for the form), its label and what is wrong. */
export interface FieldError {
  field: string;
  label: string;
  message: string;
}

/** Values by field name, ready for the database. */
export type EntityValues = Record<string, DbValue>;

/** The keys a field accepts; `names` says what a refused key names (a deleted department: its name). */
export type AllowedKeys = ReadonlySet<string> & { readonly names?: ReadonlyMap<string, string> };
/** Values a dictionary field accepts, per field name (prepared once for a request or an import). */
export type AllowedValues = ReadonlyMap<string, AllowedKeys>;

/** Fields checked against the database for duplicates: unique fields and those with a duplicate-check rule. */
export function uniqueFields(model: EntityModel): CompiledField[] {
  return model.page.fields.filter((f) => fieldRulesOf(f).some((rule) => 'unique' in rule));
}

/** What is wrong with one typed value of a field (length, rules, range, dictionary), or undefined. */
export function checkValue(field: CompiledField, value: DbValue, allowed: AllowedValues): string | undefined {
  const rules = fieldRulesOf(field);
  const text = value === null ? '' : String(value);
  if (field.type === 'string' && field.length !== undefined && [...text].length > field.length) return maxLengthMessage(field.length);
  if (field.widget === 'cron') {
    const cron = cronFieldError(text);
    if (cron) return cron;
  }
  const failed = validateValue(field.type === 'string' || field.type === 'text' ? text : value, rules, { label: field.label, chosen: isChosenWidget(field.widget) });
  if (failed) return failed;
  const accepted = allowed.get(field.name);
  if (accepted) {
    // A picker stores its picked keys comma-joined (one key in single mode), as its widget emits them.
    const parts = isMultiValued(field) || field.widget === 'picker' ? text.split(',').filter((p) => p !== '') : [text];
    const unknown = parts.find((p) => !accepted.has(p));
    if (unknown !== undefined) return `「${accepted.names?.get(unknown) ?? unknown}」不是可选的值`;
  }
  return undefined;
}

function literalDefault(field: CompiledField): DbValue {
  const value = field.default;
  // Expression defaults are computed by the form and fill-rule numbers after validation (fillRules.ts); both start empty here.
  return value === undefined || typeof value === 'object' ? null : value;
}

/**
 * Validates one record for add (`existing` undefined) or edit: every writable field is read, typed,
 * checked against required, length, its rules and its dictionary; unknown properties and system
 * fields are ignored. On edit a property the client leaves out keeps its stored value.
 * `numbered`: fields a fill rule numbers when they are left blank on add — blank is then no
 * required error (the server fills them before the insert, see fillRules.ts); on edit they are
 * ordinary fields.
 * Computed fields (`compute`) are then set from the checked values over the stored row.
 * Returns the values to write (by field name) and every field error found.
 */
export function checkRecord(
  model: EntityModel,
  input: Readonly<Record<string, unknown>>,
  allowed: AllowedValues,
  existing?: Readonly<Record<string, unknown>>,
  numbered: ReadonlySet<string> = new Set(),
): { values: EntityValues; errors: FieldError[] } {
  const values: EntityValues = {};
  const errors: FieldError[] = [];
  for (const field of model.writable) {
    const present = Object.hasOwn(input, field.name) && input[field.name] !== undefined;
    if (!present && existing) continue;
    // Given once, when adding (a password): an edit never changes it.
    if (existing && field.addOnly) continue;
    const raw = present ? input[field.name] : literalDefault(field);
    const fail = (message: string) => errors.push({ field: field.name, label: field.label, message });
    // The form never receives a stored secret, so an edit that leaves it blank keeps it.
    if (field.encrypted && existing && (isEmptyValue(raw) || raw === '')) continue;
    if (isEmptyValue(raw) || (Array.isArray(raw) && raw.length === 0)) {
      if (field.required && (existing || !numbered.has(field.name))) fail(requiredMessage(field.label, isChosenWidget(field.widget)));
      else values[field.name] = null;
      continue;
    }
    const coerced = coerceValue(field, raw);
    if (!coerced.ok) {
      fail(coerced.message);
      continue;
    }
    // Rich text is stored only as the shared HTML policy allows (scripts, handlers, javascript: URLs go).
    const value = holdsRichText(field) && typeof coerced.value === 'string' ? sanitizeRichText(coerced.value) : coerced.value;
    if (value === '') {
      if (field.required) fail(requiredMessage(field.label, isChosenWidget(field.widget)));
      else values[field.name] = null;
      continue;
    }
    const problem = checkValue(field, value, allowed) ?? fieldHookError(field, value);
    if (problem) fail(problem);
    else values[field.name] = value;
  }
  if (errors.length === 0) errors.push(...computeFields(model, values, existing));
  return { values, errors };
}

/** '联系电话：请输入正确的手机号码；专家姓名：请输入专家姓名' */
export function describeFieldErrors(errors: readonly FieldError[]): string {
  return errors.map((e) => (e.message.includes(e.label) ? e.message : `${e.label}：${e.message}`)).join('；');
}
