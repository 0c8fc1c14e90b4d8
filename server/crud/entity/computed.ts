import { ExpressionError, evaluateExpression } from '../../../runtime/expr';
import { roundComputed } from '../../../runtime/schema/computedValue';
import { NUMERIC_TYPES } from '../../../runtime/schema/fieldSemantics';
import { isEmptyValue } from '../../../runtime/validation';
import { coerceValue, type DbValue } from './coerce';
import type { EntityModel } from './model';
import { wireValue, type EntityRow } from './records';

/** A failed computation, reported like a field error of the computed field. */
export interface ComputeError {
  field: string;
  label: string;
  message: string;
}

/**
 * Sets the page's computed fields (`compute`) from the record being written: the values checked
 * for this write, over the stored row on edit (a field the client left out keeps its stored
 * value). The client never writes a computed field (it is read-only), so an invariant such as
 * 已关联金额 + 待关联金额 = 发票金额 holds whatever a client sends. Computed fields read only
 * declared fields, never each other's results: they are computed from the same scope.
 */
export function computeFields(model: EntityModel, values: Record<string, DbValue>, existing?: Readonly<EntityRow>): ComputeError[] {
  const computed = model.page.fields.filter((f) => f.compute !== undefined);
  if (computed.length === 0) return [];
  const scope: Record<string, unknown> = {};
  for (const field of model.page.fields) {
    let value: unknown;
    if (Object.hasOwn(values, field.name)) value = values[field.name];
    else if (existing && Object.hasOwn(existing, field.column)) value = wireValue(field, existing[field.column]);
    else continue;
    // Numbers as the form holds them (decimals travel as text), so `$values.amount > 0` compares numbers.
    scope[field.name] = NUMERIC_TYPES.has(field.type) && value !== null && value !== '' ? Number(value) : value;
  }
  const errors: ComputeError[] = [];
  for (const field of computed) {
    let result: unknown;
    try {
      result = evaluateExpression(field.compute!.expression, { $values: scope });
    } catch (error) {
      if (!(error instanceof ExpressionError)) throw error;
      errors.push({ field: field.name, label: field.label, message: `无法计算：${error.reason}` });
      continue;
    }
    if (isEmptyValue(result)) {
      values[field.name] = null;
      continue;
    }
    const coerced = coerceValue(field, roundComputed(field, result));
    if (coerced.ok) values[field.name] = coerced.value;
    else errors.push({ field: field.name, label: field.label, message: `计算结果无效：${coerced.message}` });
  }
  return errors;
}
