import type { ExcelColumn } from './types';
import {
  formatDate,
  formatDateTime,
  formatTime,
  parseDateText,
  parseTimeText,
  wallClockFromLocal,
  type WallClock,
} from './wallClock';

/** What one exported cell holds: Excel text or a number (money keeps its 2-decimal format). */
export type ExportCell = string | number | null;

/** Excel refuses longer cell texts. */
export const EXCEL_MAX_CELL_TEXT = 32_767;

export const BOOLEAN_TEXT = { yes: '是', no: '否' } as const;

function plainText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return formatDateTime(wallClockFromLocal(value));
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  return JSON.stringify(value) ?? '';
}

function clip(text: string): string {
  return text.length > EXCEL_MAX_CELL_TEXT ? text.slice(0, EXCEL_MAX_CELL_TEXT) : text;
}

function clockOf(value: unknown): WallClock | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : wallClockFromLocal(value);
  if (typeof value === 'string') return parseDateText(value)?.clock ?? null;
  return null;
}

function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    // pg hands numeric/bigint columns over as text; beyond 2^53 a number would silently change it.
    if (!Number.isFinite(n)) return null;
    if (/^[+-]?\d+$/.test(value.trim()) && !Number.isSafeInteger(n)) return null;
    return n;
  }
  return null;
}

function truthy(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === '1' || value === 'true' || value === 'Y') return true;
  if (value === 0 || value === '0' || value === 'false' || value === 'N') return false;
  return null;
}

/** Turns one column's record values into export cells; built once per column, used per row. */
export function exportCellWriter(column: ExcelColumn): (value: unknown) => ExportCell {
  const dictText = column.dict ? new Map(column.dict.map((item) => [item.value, item.text])) : null;
  if (dictText) {
    return (value) => {
      if (value === null || value === undefined || value === '') return null;
      const raw = plainText(value);
      const whole = dictText.get(raw);
      if (whole !== undefined) return whole;
      if (column.multiple) {
        return clip(
          raw
            .split(',')
            .filter((part) => part !== '')
            .map((part) => dictText.get(part) ?? part)
            .join(','),
        );
      }
      // A value the dictionary no longer knows is still worth showing.
      return clip(raw);
    };
  }
  switch (column.kind) {
    case 'integer':
    case 'number':
      return (value) => {
        if (value === null || value === undefined || value === '') return null;
        return asNumber(value) ?? clip(plainText(value));
      };
    case 'money':
      return (value) => {
        if (value === null || value === undefined || value === '') return null;
        const n = asNumber(value);
        return n === null ? clip(plainText(value)) : Math.round(n * 100) / 100;
      };
    case 'date':
    case 'datetime': {
      // Text already in the export's own form (the database's dates and times) is written as it is.
      const canonical = column.kind === 'date' ? /^\d{4}-\d{2}-\d{2}$/ : /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
      return (value) => {
        if (value === null || value === undefined || value === '') return null;
        if (typeof value === 'string' && canonical.test(value)) return value;
        const clock = clockOf(value);
        if (!clock) return clip(plainText(value));
        return column.kind === 'date' ? formatDate(clock) : formatDateTime(clock);
      };
    }
    case 'time':
      return (value) => {
        if (value === null || value === undefined || value === '') return null;
        if (value instanceof Date) return formatTime(wallClockFromLocal(value));
        const text = plainText(value);
        const time = parseTimeText(text) ?? parseDateText(text)?.clock;
        return time ? formatTime(time) : clip(text);
      };
    case 'boolean':
      return (value) => {
        if (value === null || value === undefined || value === '') return null;
        const b = truthy(value);
        return b === null ? clip(plainText(value)) : b ? BOOLEAN_TEXT.yes : BOOLEAN_TEXT.no;
      };
    case 'string':
    case 'text':
      return (value) => {
        if (value === null || value === undefined) return null;
        const text = plainText(value);
        return text === '' ? null : clip(text);
      };
  }
}
