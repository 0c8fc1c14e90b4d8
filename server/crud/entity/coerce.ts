import type { CompiledField } from '../../../runtime/schema/compiledPageTypes';

/** A value as it is written to the database: dates as 'YYYY-MM-DD[ HH:mm:ss]' text, decimals as text. */
export type DbValue = string | number | boolean | null;

export type Coerced = { ok: true; value: DbValue } | { ok: false; message: string };

const ok = (value: DbValue): Coerced => ({ ok: true, value });
const bad = (message: string): Coerced => ({ ok: false, message });

const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;

function validDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

const pad = (n: number | string) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' from 'YYYY-MM-DD', 'YYYY/M/D' or the date part of a date-time text. */
export function dateText(text: string): string | undefined {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:$|[ T])/.exec(text.trim());
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return validDate(y, mo, d) ? `${m[1]}-${pad(mo)}-${pad(d)}` : undefined;
}

/** 'HH:mm:ss' from 'H:mm' or 'HH:mm:ss'. */
export function timeText(text: string): string | undefined {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/.exec(text.trim());
  if (!m) return undefined;
  const [h, mi, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  return h < 24 && mi < 60 && s < 60 ? `${pad(h)}:${pad(mi)}:${pad(s)}` : undefined;
}

/** 'YYYY-MM-DD HH:mm:ss' from that, 'YYYY-MM-DDTHH:mm[:ss]', 'YYYY-MM-DD HH:mm' or a bare date (midnight). */
export function dateTimeText(text: string): string | undefined {
  const trimmed = text.trim();
  const date = dateText(trimmed);
  if (!date) return undefined;
  const rest = trimmed.replace(/^\S+?(?=$|[ T])/, '').replace(/^[ T]/, '');
  if (rest === '') return `${date} 00:00:00`;
  const time = timeText(rest);
  return time ? `${date} ${time}` : undefined;
}

/** A decimal as exact text ('12.50'), or undefined when the value is no plain decimal number. */
function decimalText(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim().replace(/,/g, '');
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text) ? text : undefined;
}

function decimalDigits(text: string): { whole: number; fraction: number } {
  const unsigned = text.replace(/^[+-]/, '');
  const [whole, fraction = ''] = unsigned.split('.');
  return { whole: whole.replace(/^0+/, '').length, fraction: fraction.replace(/0+$/, '').length };
}

function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // Multi-selects may arrive as arrays; they are stored comma-joined.
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) return value.join(',');
  return undefined;
}

/**
 * Reads a non-empty client value into the field's stored form, or says why it cannot (in Chinese,
 * without the label: the caller names the field).
 */
export function coerceValue(field: CompiledField, value: unknown): Coerced {
  switch (field.type) {
    case 'string':
    case 'text': {
      const text = asText(value);
      return text === undefined ? bad('应为文本') : ok(text);
    }
    case 'integer': {
      const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : undefined;
      if (text === undefined || !/^[+-]?\d+$/.test(text)) return bad('应为整数');
      const n = Number(text);
      return n < INT32_MIN || n > INT32_MAX ? bad('超出整数范围') : ok(n);
    }
    case 'number':
    case 'money': {
      const text = decimalText(value);
      if (text === undefined) return bad(field.type === 'money' ? '应为金额' : '应为数字');
      const scale = field.scale ?? (field.type === 'money' ? 2 : 4);
      const precision = field.precision ?? 16;
      const digits = decimalDigits(text);
      if (digits.fraction > scale) return bad(field.type === 'money' ? '金额最多两位小数' : `最多${scale}位小数`);
      if (digits.whole > precision - scale) return bad(`整数部分最多${precision - scale}位`);
      return ok(text);
    }
    case 'date': {
      const text = typeof value === 'string' ? dateText(value) : undefined;
      return text ? ok(text) : bad('日期格式不正确，应为 yyyy-MM-dd');
    }
    case 'datetime': {
      const text = typeof value === 'string' ? dateTimeText(value) : undefined;
      return text ? ok(text) : bad('日期时间格式不正确，应为 yyyy-MM-dd HH:mm:ss');
    }
    case 'time': {
      const text = typeof value === 'string' ? timeText(value) : undefined;
      return text ? ok(text) : bad('时间格式不正确，应为 HH:mm:ss');
    }
    case 'boolean': {
      if (typeof value === 'boolean') return ok(value);
      const text = String(value).trim().toLowerCase();
      if (['true', '1', 'y', '是'].includes(text)) return ok(true);
      if (['false', '0', 'n', '否'].includes(text)) return ok(false);
      return bad('只能是 是 或 否');
    }
  }
}
