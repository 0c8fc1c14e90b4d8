/**
 * Values between the record as the API carries it and the form's controls: multi-values travel
 * comma-joined ('a,b') but checkbox groups and multi-selects hold lists; switches hold booleans
 * but store 'Y'/'N' (or 1/0); decimals may arrive as text. Also the values a new record starts with.
 */
import { evaluateExpression, type EvaluateOptions } from '../../expr';
import type { CompiledField, CompiledPage } from '../../schema/compiledPageTypes';
import { isSwitchOn, MULTI_SEPARATOR, splitMulti, switchValuesOf } from '../../schema/storedValues';
import { widgetControl } from './widgetControl';

export type FormRecord = Record<string, unknown>;

/**
 * A default given by a fill rule is a number the server gives the record when it is saved (add and
 * import): the form leaves the field empty with this placeholder and does not require it. A value
 * the user types instead is kept.
 */
export const FILL_RULE_PLACEHOLDER = '保存后自动生成';

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** One stored value as the field's control holds it. */
export function toControlValue(field: CompiledField, value: unknown): unknown {
  const { valueType } = widgetControl(field);
  if (valueType === 'array') return splitMulti(value);
  if (isBlank(value)) return undefined;
  if (valueType === 'boolean') return isSwitchOn(field, value);
  if (valueType === 'number') {
    const n = typeof value === 'number' ? value : Number(value);
    return Number.isNaN(n) ? value : n;
  }
  return value;
}

/** One control value as the record stores it. */
export function toStoredValue(field: CompiledField, value: unknown): unknown {
  const { valueType } = widgetControl(field);
  if (valueType === 'array') return splitMulti(value).join(MULTI_SEPARATOR);
  if (valueType === 'boolean') {
    const [on, off] = switchValuesOf(field);
    return value ? on : off;
  }
  return value === undefined ? null : value;
}

/** The form's starting values for a record being edited (or shown). */
export function recordToForm(page: CompiledPage, record: FormRecord): FormRecord {
  const values: FormRecord = { ...record };
  for (const field of page.form.fields) values[field.name] = toControlValue(field, record[field.name]);
  return values;
}

/** Stored values that start a new record (添加下级's parent), as the form's controls hold them; unknown fields are dropped. */
export function presetToForm(page: CompiledPage, presets: Readonly<Record<string, string>>): FormRecord {
  const values: FormRecord = {};
  for (const field of page.form.fields) if (Object.hasOwn(presets, field.name)) values[field.name] = toControlValue(field, presets[field.name]);
  return values;
}

/**
 * The body sent to add/edit: every stored form field in its stored shape, plus the id when editing.
 * Fields outside the form (audit fields, other pages' fields) are the server's business.
 */
export function formToRecord(page: CompiledPage, values: FormRecord, id?: string | number): FormRecord {
  const body: FormRecord = {};
  if (id !== undefined) body.id = id;
  for (const field of page.form.fields) {
    // A form-only field (the human check) has done its job once the form validated: nothing to send;
    // nor has a field given only when adding, on edit.
    if (field.stored && field.sameAs === undefined && !(id !== undefined && field.addOnly)) body[field.name] = toStoredValue(field, values[field.name]);
  }
  return body;
}

export interface DefaultsResult {
  values: FormRecord;
  /** Fields whose default is a fill rule: left empty for the server to number, FILL_RULE_PLACEHOLDER on the form. */
  fillRuleFields: string[];
  /** Expression defaults that could not be evaluated (the field starts empty), for the developer console. */
  failures: { field: string; message: string }[];
}

/** A new record's values: literal defaults, {expr} defaults through the safe evaluator. */
export function defaultValues(page: CompiledPage, options: EvaluateOptions = {}): DefaultsResult {
  const result: DefaultsResult = { values: {}, fillRuleFields: [], failures: [] };
  for (const field of page.form.fields) {
    const declared = field.default;
    if (declared === undefined) {
      if (widgetControl(field).valueType === 'array') result.values[field.name] = [];
      continue;
    }
    if (typeof declared === 'object' && 'fillRule' in declared) {
      result.fillRuleFields.push(field.name);
      continue;
    }
    let stored: unknown = declared;
    if (typeof declared === 'object' && 'expr' in declared) {
      try {
        stored = evaluateExpression(declared.expr, { $values: result.values }, options);
      } catch (error) {
        result.failures.push({ field: field.name, message: error instanceof Error ? error.message : String(error) });
        continue;
      }
    }
    result.values[field.name] = toControlValue(field, stored);
  }
  return result;
}

/**
 * A new record's dictionary choices whose items mark isDefault 'Y' (widgets spec §3): every such
 * item for a checkbox group or multi-select, the first for a single choice. Only fields without a
 * declared default and still empty; the values are in the control's shape.
 */
export function dictDefaults(
  page: CompiledPage,
  start: FormRecord,
  itemsOf: (dictCode: string) => readonly { value: string; isDefault?: true }[] | undefined,
): FormRecord {
  const values: FormRecord = {};
  for (const field of page.form.fields) {
    const control = widgetControl(field);
    if (!field.dict || field.default !== undefined) continue;
    if (control.valueType !== 'array' && !control.usesDict && field.widget !== 'searchSelect') continue;
    const current = start[field.name];
    if (!isBlank(current) && !(Array.isArray(current) && current.length === 0)) continue;
    const marked = (itemsOf(field.dict.dictCode) ?? []).filter((item) => item.isDefault).map((item) => item.value);
    if (marked.length === 0) continue;
    values[field.name] = toControlValue(field, control.valueType === 'array' ? marked.join(MULTI_SEPARATOR) : marked[0]);
  }
  return values;
}
