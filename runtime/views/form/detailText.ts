/**
 * The text the detail modal (详细信息) shows for a field of a record: dictionary text, dates in
 * the spec's formats, money with thousands separators and 2 decimals, switches as 是/否.
 */
import dayjs from 'dayjs';
import type { DictService } from '../../dict/dictService';
import type { CompiledField } from '../../schema/compiledPageTypes';
import { isTreeRoot } from '../../schema/treeRoots';
import { DATE_FORMAT, DATETIME_FORMAT, isSwitchOn, precisionOf } from '../../schema/storedValues';
import { formatMoney } from '../list/cellText';

export type DetailDict = Pick<DictService, 'textsOf'>;

function blank(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** 1234567.5 → '1,234,567.50' (money) or with up to the field's decimals (number). */
export function formatNumber(value: unknown, minDecimals: number, maxDecimals: number): string {
  const n = typeof value === 'number' ? value : Number(value);
  if (Number.isNaN(n)) return String(value);
  return n.toLocaleString('en-US', { minimumFractionDigits: minDecimals, maximumFractionDigits: maxDecimals });
}

function formatDate(value: unknown, format: string): string {
  const parsed = dayjs(String(value));
  return parsed.isValid() ? parsed.format(format) : String(value);
}

export function detailText(field: CompiledField, record: Readonly<Record<string, unknown>>, dict: DetailDict): string {
  const value = record[field.name];
  // A tree's root value ('86', '0') is "no parent", whatever text came with it.
  if (isTreeRoot(field, value)) return '';
  if (field.dictTextKey) {
    const fromServer = record[field.dictTextKey];
    if (!blank(fromServer)) return String(fromServer);
  }
  if (blank(value)) return '';
  if (field.dict) return dict.textsOf(field.dict.dictCode, Array.isArray(value) ? (value as string[]) : (value as string));
  // Pickers still to come: the server may already send their text (user → realname, depart → name).
  const text = record[`${field.name}_dictText`];
  if (!blank(text)) return String(text);
  switch (field.type) {
    case 'money':
      // One money format for lists and details (',' thousands, '.' and 2 decimals).
      return formatMoney(value);
    case 'number':
      return formatNumber(value, 0, precisionOf(field));
    case 'integer':
      return field.widget === 'switch' ? (isSwitchOn(field, value) ? '是' : '否') : formatNumber(value, 0, 0);
    case 'date':
      return formatDate(value, DATE_FORMAT);
    case 'datetime':
      return formatDate(value, DATETIME_FORMAT);
    case 'boolean':
      return isSwitchOn(field, value) ? '是' : '否';
    default:
      if (field.widget === 'switch') return isSwitchOn(field, value) ? '是' : '否';
      return Array.isArray(value) ? value.join(',') : String(value);
  }
}
