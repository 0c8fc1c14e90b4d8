import { EntityDdlError } from './errors';
import type { ColumnType, EntityField } from './types';

const INT4_MIN = -2_147_483_648;
const INT4_MAX = 2_147_483_647;
const DECIMAL = /^-?\d+(\.\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const TIME = /^\d{2}:\d{2}(:\d{2})?$/;

function validDate(ymd: string): boolean {
  const [y, m, d] = ymd.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function validTime(hms: string): boolean {
  const [h, m, s = 0] = hms.split(':').map(Number);
  return h <= 23 && m <= 59 && s <= 59;
}

/**
 * Checks a field's default against its type and returns it in the form we render as a literal:
 * integers as numbers, decimals as exact strings ('12.50' must not become 12.5000000001), booleans
 * as booleans, everything else as strings. Schemas often write numbers as strings and codes as
 * numbers, so '3' for an integer and 1 for a string are accepted.
 */
export function normalizeDefault(field: EntityField, type: ColumnType, table: string): string | number | boolean | undefined {
  const value = field.defaultValue;
  if (value === undefined) return undefined;
  const refuse = (why: string): never => {
    throw new EntityDdlError(`表 ${table} 的字段 ${field.column} 默认值 ${JSON.stringify(value)} 不合法：${why}`, { table, column: field.column });
  };
  switch (field.kind) {
    case 'string':
    case 'text': {
      if (typeof value === 'boolean') refuse('应为文本');
      const text = String(value);
      if (text.includes('\u0000')) refuse('不能含有 NUL 字符');
      if (type.base === 'varchar' && type.length !== null && [...text].length > type.length) refuse(`超过长度 ${type.length}`);
      return text;
    }
    case 'integer': {
      const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < INT4_MIN || n > INT4_MAX) refuse('应为整数');
      return n as number;
    }
    case 'number':
    case 'money': {
      const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
      if (typeof text !== 'string' || !DECIMAL.test(text)) refuse('应为数字');
      const [whole, fraction = ''] = (text as string).replace(/^-/, '').split('.');
      if (type.base === 'numeric' && type.precision !== null) {
        const scale = type.scale ?? 0;
        if (fraction.length > scale) refuse(`小数位数超过 ${scale}`);
        if (whole.replace(/^0+/, '').length > type.precision - scale) refuse(`整数位数超过 ${type.precision - scale}`);
      }
      return text as string;
    }
    case 'boolean':
      if (typeof value !== 'boolean') refuse('应为 true 或 false');
      return value;
    case 'date':
      if (typeof value !== 'string' || !DATE.test(value) || !validDate(value)) refuse('应为 YYYY-MM-DD 格式的日期');
      return value;
    case 'datetime':
      if (typeof value !== 'string' || !DATETIME.test(value) || !validDate(value.slice(0, 10)) || !validTime(value.slice(11))) {
        refuse('应为 YYYY-MM-DD HH:mm:ss 格式的时间');
      }
      return value;
    case 'time':
      if (typeof value !== 'string' || !TIME.test(value) || !validTime(value)) refuse('应为 HH:mm:ss 格式的时间');
      return value;
    default:
      return refuse('类型未知');
  }
}

/**
 * The literal inside a default expression as PostgreSQL prints it (`'abc'::character varying`,
 * `'-1'::integer`, `0`, `true`), or null for anything else (`now()`, `nextval(...)`).
 */
export function defaultLiteral(expr: string | null): string | null {
  if (expr === null) return null;
  const trimmed = expr.trim();
  if (trimmed.startsWith("'")) {
    let content = '';
    for (let i = 1; i < trimmed.length; i++) {
      const ch = trimmed[i];
      if (ch !== "'") {
        content += ch;
        continue;
      }
      if (trimmed[i + 1] === "'") {
        content += "'";
        i++;
        continue;
      }
      const rest = trimmed.slice(i + 1);
      return rest === '' || /^::[a-z ]+(\(\d+(,\d+)?\))?$/.test(rest) ? content : null;
    }
    return null;
  }
  if (DECIMAL.test(trimmed) || trimmed === 'true' || trimmed === 'false') return trimmed;
  return null;
}

/** Whether a column's current default already is the wanted literal. */
export function defaultMatches(expr: string | null, wanted: string | number | boolean, type: ColumnType): boolean {
  const literal = defaultLiteral(expr);
  if (literal === null) return false;
  if (type.base === 'integer' || type.base === 'numeric') {
    return DECIMAL.test(literal) && Number(literal) === Number(wanted);
  }
  return literal === String(wanted);
}
