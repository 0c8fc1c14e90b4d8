/**
 * JeecgBoot's online report answers (contract §4.2) for reports designed in 报表配置: the same shapes
 * the file reports answer (server/reports/reportAnswers.ts), so the popup picker and the
 * /online/cgreport/:code page read both; plus getParamsInfo, totals and the export.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { BusinessError } from '../../http/envelope';
import type { RawQuery } from '../../crud/query';
import type { ExcelColumn } from '../../excel';
import type { ColumnKind } from '../../excel/types';
import type { DictionaryCache } from '../../sys/dict/dictionaryCache';
import type { ReportColumnsAnswer, ReportQueryInfo } from '../../reports/reportAnswers';
import type { ReportFieldType, ReportItem, StoredReport } from './reportModel';
import { readAll, readPage, translateReportRequest } from './reportQueries';
import { readOnly, REPORT_ROW_CAP, type ParamValues, type ReportTarget } from './reportRunner';
import { guardReportSql } from './reportSql';

/** Prefix of the popup's report parameters (JeecgBoot sends `${name}` values as self_<name>). */
const PARAM_PREFIX = 'self_';

const shown = (report: StoredReport) => report.items.filter((item) => item.isShow === 1);

async function dictOptionsOf(items: readonly ReportItem[], dictionaries: DictionaryCache, db: Kysely<DB>) {
  const options: ReportColumnsAnswer['dictOptions'] = {};
  for (const item of items) {
    if (!item.dictCode || Object.hasOwn(options, item.fieldName)) continue;
    const entries = (await dictionaries.items(item.dictCode, db)) ?? [];
    options[item.fieldName] = entries.map(({ value, text }) => ({ value, text }));
  }
  return options;
}

export async function onlineColumnsAnswer(report: StoredReport, dictionaries: DictionaryCache, db: Kysely<DB>): Promise<ReportColumnsAnswer> {
  const columns = shown(report).map((item) => ({
    title: item.fieldTxt,
    dataIndex: item.fieldName,
    align: 'center' as const,
    ...(item.fieldWidth ? { width: item.fieldWidth } : {}),
    sorter: item.isOrder === 1,
    ...(item.dictCode ? { customRender: item.fieldName } : {}),
  }));
  const withDict = report.items.filter((item) => item.isShow === 1 || item.isSearch === 1);
  return { columns, dictOptions: await dictOptionsOf(withDict, dictionaries, db), cgRpConfigId: report.head.id, cgRpConfigName: report.head.name };
}

function viewOf(item: ReportItem): ReportQueryInfo['view'] {
  if (item.dictCode) return 'list';
  const views: Record<ReportFieldType, ReportQueryInfo['view']> = {
    String: 'text',
    Boolean: 'text',
    Integer: 'number',
    Double: 'number',
    BigDecimal: 'number',
    Date: 'date',
    Datetime: 'datetime',
  };
  return views[item.fieldType];
}

export function onlineQueryInfo(report: StoredReport): ReportQueryInfo[] {
  return report.items
    .filter((item) => item.isSearch === 1)
    .map((item) => ({
      field: item.fieldName,
      label: item.fieldTxt,
      mode: item.searchMode === 'group' ? 'group' : 'single',
      view: viewOf(item),
      ...(item.dictCode ? { dictCode: item.dictCode } : {}),
    }));
}

export function onlineParamsInfo(report: StoredReport): Array<{ paramName: string; paramTxt: string; paramValue: string | null }> {
  return report.params.map(({ paramName, paramTxt, paramValue }) => ({ paramName, paramTxt, paramValue }));
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Each parameter's value: `self_<name>`, else `<name>`, else its default; blank is NULL. */
export function paramValuesOf(report: StoredReport, raw: RawQuery | Readonly<Record<string, unknown>>): ParamValues {
  const values: Record<string, string | null> = {};
  for (const { paramName, paramValue } of report.params) {
    const given = [raw[`${PARAM_PREFIX}${paramName}`], raw[paramName]].map((v) => (typeof v === 'number' ? String(v) : first(v as string | string[] | undefined))).find((v) => v !== undefined);
    const value = given ?? paramValue ?? '';
    if (value.length > 200) throw new BusinessError(`参数 ${paramName} 的值不能超过 200 个字符`);
    values[paramName] = value.trim() === '' ? null : value;
  }
  return values;
}

export interface OnlineDataAnswer {
  total: number;
  totalExact: true;
  records: Record<string, unknown>[];
  totals?: Record<string, unknown>;
}

export async function onlineData(target: Omit<ReportTarget, 'dbSource'>, report: StoredReport, raw: RawQuery): Promise<OnlineDataAnswer> {
  const guarded = guardReportSql(report.head.cgrSql);
  const query = translateReportRequest(report.items, raw);
  const values = paramValuesOf(report, raw);
  const page = await readOnly({ ...target, dbSource: report.head.dbSource }, (run) => readPage(run, guarded, values, report.items, query));
  return { total: page.total, totalExact: true, records: page.records, ...(page.totals ? { totals: page.totals } : {}) };
}

const KIND: Readonly<Record<ReportFieldType, ColumnKind>> = {
  String: 'string',
  Boolean: 'boolean',
  Integer: 'integer',
  Double: 'number',
  BigDecimal: 'number',
  Date: 'date',
  Datetime: 'datetime',
};

/**
 * The whole filtered result for the export (at most REPORT_ROW_CAP rows; a BusinessError past it,
 * before any byte is sent), with the shown columns and their dictionary texts.
 */
export async function onlineExport(
  target: Omit<ReportTarget, 'dbSource'>,
  report: StoredReport,
  raw: RawQuery,
  dictionaries: DictionaryCache,
): Promise<{ columns: ExcelColumn[]; rows: Record<string, unknown>[] }> {
  const guarded = guardReportSql(report.head.cgrSql);
  const query = translateReportRequest(report.items, raw);
  const values = paramValuesOf(report, raw);
  const rows = await readOnly({ ...target, dbSource: report.head.dbSource }, (run) => readAll(run, guarded, values, query, REPORT_ROW_CAP));
  const columns: ExcelColumn[] = [];
  for (const item of shown(report)) {
    const dict = item.dictCode ? ((await dictionaries.items(item.dictCode, target.db)) ?? []).map(({ value, text }) => ({ value, text })) : undefined;
    columns.push({ key: item.fieldName, title: item.fieldTxt, kind: KIND[item.fieldType], ...(dict ? { dict } : {}), ...(item.fieldWidth ? { width: Math.round(item.fieldWidth / 8) } : {}) });
  }
  return { columns, rows };
}
