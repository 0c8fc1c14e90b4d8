/**
 * The getData parameters of the popup's dialog: dynamic parameters as self_<name>, the query bar's
 * values (a text item searched as 包含: `*v*`, spec §5; a group item as <field>_begin/_end), the sort,
 * and the page. Blank values are left out. Headless.
 */
import type { RequestParams } from '../../host/types';
import type { ReportQueryItem } from './reportApi';

export const PARAM_PREFIX = 'self_';

/** Query bar values by request name: <field>, or <field>_begin / <field>_end for a group item. */
export type QueryValues = Readonly<Record<string, string>>;

export interface DataRequest {
  param: Readonly<Record<string, string>>;
  items: readonly ReportQueryItem[];
  values: QueryValues;
  sort?: { column: string; order: 'asc' | 'desc' };
  pageNo: number;
  pageSize: number;
}

const blank = (value: string | undefined): boolean => value === undefined || value.trim() === '';

/** Text items (no dictionary, not a date or number) match anywhere in the value, as the list pages do. */
function wrapped(item: ReportQueryItem, value: string): string {
  const text = value.trim();
  const plain = (item.view ?? 'text') === 'text' && !item.dictCode;
  return plain && !text.includes('*') ? `*${text}*` : text;
}

export function dataParams(request: DataRequest): RequestParams {
  const params: RequestParams = {};
  for (const [name, value] of Object.entries(request.param)) {
    if (!blank(value)) params[`${PARAM_PREFIX}${name}`] = value;
  }
  for (const item of request.items) {
    if (item.mode === 'group') {
      for (const name of [`${item.field}_begin`, `${item.field}_end`]) {
        const value = request.values[name];
        if (!blank(value)) params[name] = value.trim();
      }
    } else {
      const value = request.values[item.field];
      if (!blank(value)) params[item.field] = wrapped(item, value);
    }
  }
  if (request.sort) {
    params.column = request.sort.column;
    params.order = request.sort.order;
  }
  params.pageNo = request.pageNo;
  params.pageSize = request.pageSize;
  return params;
}

/**
 * The query bar's starting values: a parameter that is also a single query item fills it (quotes
 * around it dropped), as JeecgBoot's dynamicParamHandler does.
 */
export function initialValues(items: readonly ReportQueryItem[], param: Readonly<Record<string, string>>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const item of items) {
    if (item.mode !== 'single' || !Object.hasOwn(param, item.field)) continue;
    const text = param[item.field];
    values[item.field] = text.length >= 2 && text.startsWith("'") && text.endsWith("'") ? text.slice(1, -1) : text;
  }
  return values;
}

/** A dictionary cell: each comma-separated value shown by its text (JeecgBoot's filterMultiDictText). */
export function dictText(options: ReadonlyArray<{ value: string; text: string }> | null | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const list = options ?? [];
  return String(value)
    .split(',')
    .map((v) => list.find((o) => o.value === v)?.text ?? v)
    .join(',');
}
