/**
 * Headless parts of the record page (`recordPage`, 案件详情): its one generic address, its title and
 * how its figures read. No React here.
 */
import type { PageRecordPage } from '../../generated/page';
import type { CompiledPage } from '../../schema/compiledPageTypes';

/** The one route of every record page, registered once in the web app's router. */
export const RECORD_ROUTE = '/record/:module/:entity/:id';

export const RECORD_SUMMARY_ENDPOINT = 'recordSummary';

/** A figure as GET <apiPath>/recordSummary answers it. */
export interface SummaryFigure {
  key: string;
  title: string;
  value: number;
  groups?: { value: string | null; text: string; amount: number }[];
}

export function recordPageOf(page: CompiledPage): PageRecordPage | undefined {
  return page.document.recordPage;
}

/** The address of a record's page, e.g. /record/receive/receive/1a2b. */
export function recordPath(page: Pick<CompiledPage, 'entity'>, id: string): string {
  return `/record/${page.entity.module}/${page.entity.name}/${encodeURIComponent(id)}`;
}

/** The page document key (`<module>/<entity>`) and record id of a record address's parameters. */
export function recordTarget(params: Readonly<Record<string, string | undefined>>): { pageRef: string; id: string } | undefined {
  const { module, entity, id } = params;
  const name = /^[a-z][A-Za-z0-9]*$/;
  if (!module || !entity || !id || !name.test(module) || !name.test(entity)) return undefined;
  return { pageRef: `${module}/${entity}`, id };
}

/**
 * The page and record of a record address itself (`/record/receive/receive/R0001`): a menu item may
 * name a record address as its url (详情页 of 示例), and then its route carries no parameters.
 */
export function recordTargetOfPath(pathname: string): { pageRef: string; id: string } | undefined {
  const match = /^\/record\/([^/]+)\/([^/]+)\/([^/]+)\/?$/.exec(pathname.split('?')[0]);
  if (!match) return undefined;
  let id: string;
  try {
    id = decodeURIComponent(match[3]);
  } catch {
    return undefined;
  }
  return recordTarget({ module: match[1], entity: match[2], id });
}

function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

/**
 * The record's title: the declared template with `{field}` replaced by the record's values, or
 * "<entity title>：<first list column's value>".
 */
export function recordTitle(page: CompiledPage, record: Readonly<Record<string, unknown>>): string {
  const first = page.list.columns[0]?.field.name;
  const template = recordPageOf(page)?.title ?? `${page.entity.title}：{${first ?? 'id'}}`;
  return template.replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, (_, name: string) => text(record[name]));
}

/** An amount as the figures show it: thousands separated, 2 decimals (1589.3 → 1,589.30). */
export function formatAmount(value: number): string {
  return value.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** The data-log list of one record: sys_data_log rows of its table and id. */
export function dataLogParams(page: Pick<CompiledPage, 'entity'>, id: string): Record<string, string> {
  return { dataTable: page.entity.table, dataId: id };
}

/** A related tab's `fill`: the values an added record starts with, read from the record (empty ones left out). */
export function tabFill(fill: Readonly<Record<string, string | undefined>> | undefined, record: Readonly<Record<string, unknown>>): Record<string, string> | undefined {
  if (!fill) return undefined;
  const values = Object.entries(fill).flatMap(([target, source]) => {
    const value = source === undefined ? '' : text(record[source]);
    return value === '' ? [] : [[target, value] as const];
  });
  return Object.fromEntries(values);
}
