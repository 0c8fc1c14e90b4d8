/**
 * The popup widget's configuration, read from `options.popup` of a field and checked the way
 * JeecgBoot's JPopup checks its props on mount, plus the mapping of picked rows to form values.
 * Headless: no React, no antd.
 */
import type { PopupOptions } from '../../generated/page';
import { POPUP_TEXTS } from './texts';

export interface PopupConfig {
  code: string;
  orgFields: readonly string[];
  destFields: readonly string[];
  multi: boolean;
  /** The destination whose picked values the widget's own field stores and its input shows. */
  field: string;
  /** The field the widget sits on; it takes the values picked for `field`. */
  ownField: string;
  /** Joins the values of several picked rows; a stored value is split by it to be shown. */
  spliter: string;
  param: Readonly<Record<string, string>>;
  groupId?: string;
  sorter?: { column: string; order: 'asc' | 'desc' };
  width: number;
}

export type PopupConfigResult = { ok: true; config: PopupConfig } | { ok: false; message: string };

export const DEFAULT_POPUP_WIDTH = 1200;
export const DEFAULT_SPLITER = ',';

/** 'column=asc|desc' → the sort; anything else → undefined (JeecgBoot ignores it with a console warning). */
export function parseSorter(text: string | undefined): PopupConfig['sorter'] {
  const parts = (text ?? '').split('=');
  if (parts.length !== 2 || parts[0].trim() === '') return undefined;
  const order = parts[1].trim().toLowerCase();
  return order === 'asc' || order === 'desc' ? { column: parts[0].trim(), order } : undefined;
}

/** Lists may arrive as arrays (the page language) or comma strings (JeecgBoot's props). */
function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter((v) => v !== '');
  if (typeof value === 'string') return value.split(',').map((v) => v.trim()).filter((v) => v !== '');
  return [];
}

/** The generated type allows absent values under a name; they are no parameter. */
function paramOf(param: PopupOptions['param']): Record<string, string> {
  return Object.fromEntries(Object.entries(param ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * Checks the page's PopupOptions: code, orgFields and destFields are required ('popup参数未正确配置!')
 * and must be as many ('…原始值和目标值数量不一致!'); either failure disables the widget. JeecgBoot's
 * props may give the field lists as comma strings (see listOf).
 */
export function popupConfig(settings: Partial<PopupOptions> | undefined, ownField: string): PopupConfigResult {
  const code = typeof settings?.code === 'string' ? settings.code.trim() : '';
  const orgFields = listOf(settings?.orgFields);
  const destFields = listOf(settings?.destFields);
  if (code === '' || orgFields.length === 0 || destFields.length === 0) return { ok: false, message: POPUP_TEXTS.badConfig };
  if (orgFields.length !== destFields.length) return { ok: false, message: POPUP_TEXTS.countMismatch };
  const sorter = parseSorter(settings?.sorter);
  return {
    ok: true,
    config: {
      code,
      orgFields,
      destFields,
      multi: settings?.multi === true,
      field: settings?.field?.trim() || ownField,
      ownField,
      spliter: settings?.spliter || DEFAULT_SPLITER,
      param: paramOf(settings?.param),
      ...(settings?.groupId ? { groupId: settings.groupId } : {}),
      ...(sorter ? { sorter } : {}),
      width: settings?.width ?? DEFAULT_POPUP_WIDTH,
    },
  };
}

type Row = Readonly<Record<string, unknown>>;

/** A cell value as JeecgBoot's callBack copies it: null/undefined → '', 0 stays '0'. */
function cellText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/**
 * destFields[i] ← orgFields[i] of the picked rows joined by the spliter (one row: its value); the
 * widget's own field takes the values of `field` when that is another destination.
 */
export function mappedValues(config: PopupConfig, rows: readonly Row[]): Record<string, string> {
  const values: Record<string, string> = {};
  config.orgFields.forEach((org, i) => {
    values[config.destFields[i]] = rows.map((row) => cellText(row[org])).join(config.spliter);
  });
  values[config.ownField] = values[config.field] ?? '';
  return values;
}

/** Every destination field emptied, the own one too (the clear icon). */
export function clearedValues(config: PopupConfig): Record<string, string> {
  return Object.fromEntries([...config.destFields, config.ownField].map((dest) => [dest, '']));
}

/** What the input shows of a stored value: its parts comma-separated, as JeecgBoot shows them. */
export function shownText(config: Pick<PopupConfig, 'spliter'> | undefined, value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return config && config.spliter !== DEFAULT_SPLITER ? text.split(config.spliter).join(DEFAULT_SPLITER) : text;
}
