/**
 * The text of a list cell (widgets spec §9): dates as YYYY-MM-DD, datetimes YYYY-MM-DD HH:mm:ss,
 * money with ',' thousands and 2 decimals, dictionary text (the server's `<field>_dictText`, else
 * the cached dictionary, never a request per row), and the ellipsis cut after N characters.
 */
import dayjs from 'dayjs';
import { formatMoney } from '../../format/money';
import type { DictService } from '../../dict/dictService';
import type { CompiledListColumn } from '../../schema/compiledPageTypes';
import { htmlToPlainText } from '../../richText/plainText';
import { isTreeRoot } from '../../schema/treeRoots';
import { formatMonitorValue } from '../../monitor/format';

import { DATE_FORMAT, DATETIME_FORMAT } from '../../schema/storedValues';

// The formats are defined once, with how the widgets store values (runtime/schema/storedValues).
export { DATE_FORMAT, DATETIME_FORMAT, TIME_FORMAT } from '../../schema/storedValues';

type Row = Readonly<Record<string, unknown>>;

function isEmpty(value: unknown): value is null | undefined | '' {
  return value === null || value === undefined || value === '';
}

export { formatMoney };

function formatMoment(value: unknown, format: string, length: number): string {
  if (isEmpty(value)) return '';
  if (typeof value === 'number' || value instanceof Date) {
    const moment = dayjs(value);
    return moment.isValid() ? moment.format(format) : String(value);
  }
  return String(value).slice(0, length);
}

function dictText(column: CompiledListColumn, record: Row, dict: DictService): string {
  // A tree's root value ('86', '0') is "no parent", whatever text came with it.
  if (isTreeRoot(column.field, record[column.field.name])) return '';
  const fromServer = record[column.dataIndex];
  if (typeof fromServer === 'string' && fromServer !== '') return fromServer;
  const raw = record[column.field.name];
  if (isEmpty(raw)) return '';
  if (!column.field.dict) return String(raw);
  const values = Array.isArray(raw) ? raw.map(String) : String(raw);
  return dict.textsOf(column.field.dict.dictCode, values);
}

/** The full (uncut) text of the column's cell; the column's emptyText when there is none. */
export function cellText(column: CompiledListColumn, record: Row, dict: DictService): string {
  const text = valueText(column, record, dict);
  return text === '' && column.emptyText !== undefined ? column.emptyText : text;
}

function valueText(column: CompiledListColumn, record: Row, dict: DictService): string {
  const raw = record[column.field.name];
  switch (column.format) {
    case 'dictText':
      return dictText(column, record, dict);
    case 'date':
      return formatMoment(raw, DATE_FORMAT, 10);
    case 'datetime':
      return formatMoment(raw, DATETIME_FORMAT, 19);
    case 'money':
      return formatMoney(raw);
    case 'percent':
      // Stored as the percentage itself (12.5 → 12.5%).
      return isEmpty(raw) ? '' : `${String(raw)}%`;
    case 'bytes':
    case 'duration':
      // Measured values (系统监控): missing means the server could not measure it.
      return formatMonitorValue(raw, column.format);
    default:
      break;
  }
  if (isEmpty(raw)) return '';
  // Rich text shows as its plain text (cut by the ellipsis), never as markup.
  if (column.field.widget === 'editor') return htmlToPlainText(String(raw));
  if (column.field.type === 'money') return formatMoney(raw);
  if (column.field.type === 'boolean' && typeof raw === 'boolean') return raw ? '是' : '否';
  if (typeof raw === 'object') return Array.isArray(raw) ? raw.map(String).join(',') : JSON.stringify(raw);
  return String(raw);
}

/** A list cell's ellipsis: the cut text and whether it was cut (for the tooltip). */
export { cutText as ellipsis } from '../../list/paging';
