/**
 * How form widgets store values (widgets spec §9): dates as text in fixed formats, switches as
 * 'Y'/'N' (or the field's own pair), multi-values comma-joined, decimals per field type. Shared by
 * the registry widgets and the Formily form so both read and write the same shapes.
 */
import type { CompiledField } from './compiledPageTypes';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const TIME_FORMAT = 'HH:mm:ss';

/** Separator of multi-select and checkbox values. */
export const MULTI_SEPARATOR = ',';

/** [on, off] stored values of a switch. */
export function switchValuesOf(field: CompiledField): readonly [unknown, unknown] {
  const declared = field.options.switchValues;
  if (declared && declared.length === 2) return [declared[0], declared[1]];
  if (field.type === 'boolean') return [true, false];
  if (field.type === 'integer') return [1, 0];
  return ['Y', 'N'];
}

export function isSwitchOn(field: CompiledField, value: unknown): boolean {
  const [on] = switchValuesOf(field);
  return value === true || (value !== null && value !== undefined && String(value) === String(on));
}

/** Decimal digits a number control allows: integer 0, money 2, number its scale (default 4). */
export function precisionOf(field: CompiledField): number {
  if (field.type === 'integer') return 0;
  if (field.widget === 'money' || field.type === 'money') return 2;
  return field.scale ?? 4;
}

/** A comma-joined (or list) value as its members. */
export function splitMulti(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter((part) => part !== '');
  if (value === null || value === undefined || value === '') return [];
  return String(value)
    .split(MULTI_SEPARATOR)
    .filter((part) => part !== '');
}
