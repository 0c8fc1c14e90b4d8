import type { CompiledField } from './compiledPageTypes';
import { DEFAULT_SCALE, NUMERIC_TYPES } from './fieldSemantics';

/**
 * A computed number kept to its field's decimals, as the database column keeps it: 1200.1 + 300.2
 * is 1500.3 in a money field, not 1500.3000000000002 (which the field's own check would refuse).
 * Other values pass untouched.
 */
export function roundComputed(field: Pick<CompiledField, 'type' | 'scale'>, value: unknown): unknown {
  if (typeof value !== 'number' || !Number.isFinite(value) || !NUMERIC_TYPES.has(field.type)) return value;
  const scale = field.type === 'integer' ? 0 : (field.scale ?? DEFAULT_SCALE[field.type] ?? 0);
  // Half away from zero on the decimal the user sees, as numeric columns round (1.005 → 1.01);
  // toFixed would round the binary value (1.005 → 1.00). Exponent texts (1e21, 1e-7) lie outside
  // any column's digits or below its last one, where toFixed is exact enough.
  const magnitude = String(Math.abs(value));
  if (magnitude.includes('e')) return Number(value.toFixed(scale));
  return (Math.sign(value) * Math.round(Number(`${magnitude}e${scale}`))) / 10 ** scale || 0;
}
