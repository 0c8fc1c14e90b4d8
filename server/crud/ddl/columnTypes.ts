import { EntityDdlError } from './errors';
import type { ColumnInfo, ColumnType, EntityField } from './types';

const DEFAULT_STRING_LENGTH = 255;
/** PostgreSQL's own ceiling for varchar(n). */
const MAX_VARCHAR = 10_485_760;
const MAX_NUMERIC_PRECISION = 1000;
const NUMERIC_DEFAULTS = { number: { precision: 18, scale: 4 }, money: { precision: 14, scale: 2 } } as const;

function positiveInt(value: unknown, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= max;
}

/**
 * The database type of a field. `length` counts for 'string' only and precision/scale for 'number'
 * and 'money' only; other kinds have one fixed type.
 */
export function columnTypeOf(field: EntityField, table: string): ColumnType {
  const where = { table, column: field.column };
  switch (field.kind) {
    case 'string': {
      const length = field.length ?? DEFAULT_STRING_LENGTH;
      if (!positiveInt(length, MAX_VARCHAR)) {
        throw new EntityDdlError(`表 ${table} 的字段 ${field.column} 长度 ${String(field.length)} 不合法：应为 1 到 ${MAX_VARCHAR} 的整数`, where);
      }
      return { base: 'varchar', length };
    }
    case 'number':
    case 'money': {
      const defaults = NUMERIC_DEFAULTS[field.kind];
      const precision = field.precision ?? defaults.precision;
      if (!positiveInt(precision, MAX_NUMERIC_PRECISION)) {
        throw new EntityDdlError(`表 ${table} 的字段 ${field.column} 精度 ${String(field.precision)} 不合法：应为 1 到 ${MAX_NUMERIC_PRECISION} 的整数`, where);
      }
      const scale = field.scale ?? Math.min(defaults.scale, precision);
      if (typeof scale !== 'number' || !Number.isInteger(scale) || scale < 0 || scale > precision) {
        throw new EntityDdlError(`表 ${table} 的字段 ${field.column} 小数位数 ${String(field.scale)} 不合法：应为 0 到精度 ${precision} 之间的整数`, where);
      }
      return { base: 'numeric', precision, scale };
    }
    case 'text':
      return { base: 'text' };
    case 'integer':
      return { base: 'integer' };
    case 'date':
      return { base: 'date' };
    case 'datetime':
      // Business timestamps are wall-clock Beijing time, like the foundation tables.
      return { base: 'timestamp' };
    case 'time':
      return { base: 'time' };
    case 'boolean':
      return { base: 'boolean' };
    default:
      throw new EntityDdlError(`表 ${table} 的字段 ${String((field as { column: unknown }).column)} 类型 ${JSON.stringify((field as { kind: unknown }).kind)} 未知`, where);
  }
}

/** Reads information_schema's description of a column back into our type model. */
export function columnTypeOfInfo(info: ColumnInfo): ColumnType {
  switch (info.dataType) {
    case 'character varying':
      return { base: 'varchar', length: info.charLength };
    case 'text':
      return { base: 'text' };
    case 'smallint':
      return { base: 'smallint' };
    case 'integer':
      return { base: 'integer' };
    case 'bigint':
      return { base: 'bigint' };
    case 'numeric':
      return { base: 'numeric', precision: info.numericPrecision, scale: info.numericScale };
    case 'date':
      return { base: 'date' };
    case 'timestamp without time zone':
      return { base: 'timestamp' };
    case 'timestamp with time zone':
      return { base: 'timestamptz' };
    case 'time without time zone':
      return { base: 'time' };
    case 'boolean':
      return { base: 'boolean' };
    default:
      return { base: 'other', name: info.dataType };
  }
}

/** The SQL spelling of a type. Only ever built from ColumnType values made by our own code. */
export function typeSql(type: ColumnType): string {
  switch (type.base) {
    case 'varchar':
      return type.length === null ? 'varchar' : `varchar(${type.length})`;
    case 'numeric':
      if (type.precision === null) return 'numeric';
      return `numeric(${type.precision},${type.scale ?? 0})`;
    case 'other':
      return type.name;
    default:
      return type.base;
  }
}

/** Decimal digits the integer types can hold, to tell whether a numeric column can take them all. */
const INTEGER_DIGITS = { smallint: 5, integer: 10, bigint: 19 } as const;
const INTEGER_RANK = { smallint: 1, integer: 2, bigint: 3 } as const;

/**
 * How an existing column type relates to the wanted one: the same, a change that keeps every value
 * that fits the old type (PostgreSQL converts without loss), or a change that could lose or reject data.
 */
export function typeChange(from: ColumnType, to: ColumnType): 'same' | 'widen' | 'refuse' {
  switch (from.base) {
    case 'varchar':
      if (to.base === 'text') return 'widen';
      if (to.base !== 'varchar') return 'refuse';
      if (from.length === to.length) return 'same';
      if (to.length === null) return 'widen';
      if (from.length === null) return 'refuse';
      return to.length > from.length ? 'widen' : 'refuse';
    case 'smallint':
    case 'integer':
    case 'bigint': {
      if (to.base === 'smallint' || to.base === 'integer' || to.base === 'bigint') {
        const delta = INTEGER_RANK[to.base] - INTEGER_RANK[from.base];
        return delta === 0 ? 'same' : delta > 0 ? 'widen' : 'refuse';
      }
      if (to.base !== 'numeric') return 'refuse';
      if (to.precision === null) return 'widen';
      return to.precision - (to.scale ?? 0) >= INTEGER_DIGITS[from.base] ? 'widen' : 'refuse';
    }
    case 'numeric': {
      if (to.base !== 'numeric') return 'refuse';
      if (from.precision === to.precision && (from.scale ?? 0) === (to.scale ?? 0)) return 'same';
      if (to.precision === null) return 'widen';
      if (from.precision === null) return 'refuse';
      const fromScale = from.scale ?? 0;
      const toScale = to.scale ?? 0;
      // Neither fewer decimals (values would be rounded) nor fewer integer digits (values would overflow).
      return toScale >= fromScale && to.precision - toScale >= from.precision - fromScale ? 'widen' : 'refuse';
    }
    case 'date':
      if (to.base === 'date') return 'same';
      return to.base === 'timestamp' ? 'widen' : 'refuse';
    case 'other':
      return to.base === 'other' && to.name === from.name ? 'same' : 'refuse';
    default:
      return to.base === from.base ? 'same' : 'refuse';
  }
}
