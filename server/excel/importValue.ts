import { BOOLEAN_TEXT } from './exportValue';
import { excelMessages } from './messages';
import type { CellValue, ExcelColumn, ImportValue } from './types';
import {
  excelSerialToDate,
  formatDate,
  formatDateTime,
  formatTime,
  hasTimeOfDay,
  parseDateText,
  parseTimeText,
  wallClockFromUtc,
  type WallClock,
} from './wallClock';

export type Conversion = { ok: true; value: ImportValue } | { ok: false; message: string };

const ok = (value: ImportValue): Conversion => ({ ok: true, value });
const bad = (message: string): Conversion => ({ ok: false, message });

/** Shortest text that shows a number as Excel does (no binary noise such as 0.30000000000000004). */
export function numberText(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Number.parseFloat(n.toPrecision(15)));
}

/** What the user sees in a cell, as text: for messages and for the error file. */
export function cellText(cell: CellValue): string {
  if (cell === null) return '';
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'number') return numberText(cell);
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  const clock = wallClockFromUtc(cell);
  if (clock.year === 1899 && clock.month === 12 && clock.day === 30) return formatTime(clock);
  return hasTimeOfDay(clock) ? formatDateTime(clock) : formatDate(clock);
}

export function isBlankCell(cell: CellValue | undefined): boolean {
  return cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');
}

/** Full-width digits and signs typed with a Chinese input method count as ordinary ones. */
function halfWidth(text: string): string {
  return text.replace(/[\uff01-\uff5e]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');
}

const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

function parseNumberText(text: string, currency: boolean): number | null {
  let t = halfWidth(text).replace(/\s+/g, '');
  if (currency) t = t.replace(/^([+-]?)[¥￥$]/, '$1').replace(/元$/, '');
  // Thousands separators only where they really group digits.
  if (/^[+-]?\d{1,3}(,\d{3})+(\.\d*)?$/.test(t)) t = t.replace(/,/g, '');
  return NUMBER_TEXT.test(t) ? Number(t) : null;
}

function toNumber(cell: CellValue, currency = false): number | null {
  if (typeof cell === 'number') return cell;
  if (typeof cell === 'string') return parseNumberText(cell, currency);
  return null;
}

// Excel's largest date serial is 9999-12-31.
const MAX_EXCEL_SERIAL = 2_958_465;

function toClock(cell: CellValue): { clock: WallClock; hasTime: boolean } | null {
  if (cell instanceof Date) {
    const clock = wallClockFromUtc(cell);
    return { clock, hasTime: hasTimeOfDay(clock) };
  }
  if (typeof cell === 'number') {
    // 20240305 typed into a General cell is a date, not day 20 million.
    if (Number.isInteger(cell) && cell >= 10_000_101 && cell <= 99_991_231) return parseDateText(String(cell));
    if (cell < 1 || cell > MAX_EXCEL_SERIAL) return null;
    const clock = wallClockFromUtc(excelSerialToDate(cell));
    return { clock, hasTime: hasTimeOfDay(clock) };
  }
  if (typeof cell === 'string') return parseDateText(halfWidth(cell));
  return null;
}

const TRUE_TEXTS = new Set([BOOLEAN_TEXT.yes, 'true', '1', 'y', 'yes', '对', '√']);
const FALSE_TEXTS = new Set([BOOLEAN_TEXT.no, 'false', '0', 'n', 'no', '错', '×']);

function convertByKind(column: ExcelColumn, cell: CellValue): Conversion {
  switch (column.kind) {
    case 'string':
    case 'text': {
      const text = cellText(cell).trim();
      if (column.maxLength !== undefined && [...text].length > column.maxLength) {
        return bad(excelMessages.tooLong(column.maxLength));
      }
      return ok(text);
    }
    case 'integer': {
      const n = toNumber(cell);
      if (n === null || !Number.isFinite(n)) return bad(excelMessages.notInteger);
      const rounded = Math.round(n);
      if (Math.abs(n - rounded) > 1e-9 || !Number.isSafeInteger(rounded)) return bad(excelMessages.notInteger);
      return ok(rounded);
    }
    case 'number': {
      const n = toNumber(cell);
      if (n === null || !Number.isFinite(n)) return bad(excelMessages.notNumber);
      return ok(Number.parseFloat(n.toPrecision(15)));
    }
    case 'money': {
      const n = toNumber(cell, true);
      if (n === null || !Number.isFinite(n)) return bad(excelMessages.notMoney);
      const cents = n * 100;
      if (Math.abs(cents - Math.round(cents)) > 1e-6) return bad(excelMessages.moneyDecimals);
      return ok(Math.round(cents) / 100);
    }
    case 'date': {
      const parsed = toClock(cell);
      return parsed ? ok(formatDate(parsed.clock)) : bad(excelMessages.badDate);
    }
    case 'datetime': {
      const parsed = toClock(cell);
      return parsed ? ok(formatDateTime(parsed.clock)) : bad(excelMessages.badDatetime);
    }
    case 'time': {
      if (typeof cell === 'string') {
        const time = parseTimeText(halfWidth(cell)) ?? parseDateText(halfWidth(cell))?.clock;
        return time ? ok(formatTime(time)) : bad(excelMessages.badTime);
      }
      if (cell instanceof Date) return ok(formatTime(wallClockFromUtc(cell)));
      if (typeof cell === 'number' && cell >= 0 && cell < 1) return ok(formatTime(wallClockFromUtc(excelSerialToDate(cell))));
      return bad(excelMessages.badTime);
    }
    case 'boolean': {
      if (typeof cell === 'boolean') return ok(cell);
      const text = halfWidth(cellText(cell)).trim().toLowerCase();
      if (TRUE_TEXTS.has(text)) return ok(true);
      if (FALSE_TEXTS.has(text)) return ok(false);
      return bad(excelMessages.badBoolean);
    }
  }
}

/**
 * Builds the converter of one column: dictionary text (or the raw value) to the value, then the
 * value to the column's kind. A blank cell converts to null; whether that is allowed is mapRows'.
 */
export function cellConverter(column: ExcelColumn): (cell: CellValue) => Conversion {
  if (!column.dict) {
    return (cell) => (isBlankCell(cell) ? ok(null) : convertByKind(column, cell));
  }
  const byText = new Map<string, string>();
  const values = new Set<string>();
  for (const item of column.dict) {
    if (!byText.has(item.text.trim())) byText.set(item.text.trim(), item.value);
    values.add(item.value);
  }
  const lookUp = (part: string): string | undefined => byText.get(part) ?? (values.has(part) ? part : undefined);
  return (cell) => {
    if (isBlankCell(cell)) return ok(null);
    const text = cellText(cell).trim();
    let value: string;
    if (column.multiple) {
      const parts = text.split(/[,，、]/).map((p) => p.trim()).filter((p) => p !== '');
      const unknown = parts.filter((p) => lookUp(p) === undefined);
      if (unknown.length) return bad(excelMessages.notInDict(unknown.join(',')));
      value = parts.map((p) => lookUp(p)).join(',');
      return ok(value);
    }
    const found = lookUp(text);
    if (found === undefined) return bad(excelMessages.notInDict(text));
    value = found;
    // A dictionary over a number or a flag still yields that kind ('1' → 1 for an integer status).
    return column.kind === 'string' || column.kind === 'text' ? ok(value) : convertByKind(column, value);
  };
}
