import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { CompiledPage } from '../../runtime/schema/compiledPageTypes';
import { currentTenant, currentUser } from '../auth/guard';
import { bothConditions, dataRuleCondition } from '../crud/entity/dataRuleScope';
import { permissionCodesOf } from '../auth/permissions';
import { EntityDictionaries } from '../crud/entity/dictionaries';
import { entityModel } from '../crud/entity/model';
import { toRecords } from '../crud/entity/records';
import { EntityStore } from '../crud/entity/store';
import type { RawQuery } from '../crud/query';
import { isSystemTable } from '../crud/pages';
import { readTable } from '../crud/ddl';
import { BusinessError, NO_PERMISSION_MESSAGE, ok } from '../http/envelope';
import { SIGNED_IN } from '../http/routeConfig';
import { contentDispositionFor, writeXlsx, XLSX_CONTENT_TYPE } from '../excel';
import { declareSharedTables, findReport, ONLINE_REPORT_CODES, onlineColumnsAnswer, onlineData, onlineExport, onlineParamsInfo, onlineQueryInfo, type StoredReport } from '../online/report';
import type { CompiledReport } from './compiledReportTypes';
import { loadReports } from './loadReports';
import { columnsAnswer, queryInfoAnswer, reportRecord } from './reportAnswers';
import { translateReportQuery } from './reportQuery';

export interface OnlineReportRoutesOptions {
  /** The pages the server serves; reports read their tables. */
  pages: readonly CompiledPage[];
  /** Compiled reports (main.ts loads them before the database opens); default: loaded from schemas/reports. */
  reports?: readonly CompiledReport[];
}

export const unknownReportMessage = (code: string) => `报表「${code.length > 40 ? `${code.slice(0, 40)}…` : code}」不存在`;

const codeParams = {
  type: 'object',
  required: ['code'],
  properties: { code: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;
const noInput = { type: 'object', properties: { _t: { type: 'string' } } } as const;
const stringOrList = { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] };
/** Query items, bounds and self_ parameters are named by each report; translateReportQuery picks what it reads. */
const dataQuery = {
  type: 'object',
  properties: { pageNo: { type: 'string' }, pageSize: { type: 'string' }, column: { type: 'string' }, order: { type: 'string' } },
  additionalProperties: stringOrList,
} as const;

/**
 * JeecgBoot's online report API (contract §4.2) over our report documents, at {base}/online/cgreport/api:
 *   GET getRpColumns/{code}   → {columns, dictOptions, cgRpConfigId, cgRpConfigName}
 *   GET getQueryInfo/{id}     → [{field, label, mode, view, dictCode?, hidden?}]
 *   GET getData/{id}          → {total, totalExact, records, totals?}   (pageNo, pageSize, column, order, <field>, <field>_begin/_end, self_<param>)
 *   GET getParamsInfo/{id}    → [{paramName, paramTxt, paramValue}]
 *   GET exportXls/{id}        → .xlsx of the whole filtered result (online reports, onlCgreport:data)
 * A file report is readable by whoever holds its page's list permission (510 otherwise); its rows
 * come from the page's table through the generic list machinery — no SQL text in a file report.
 * An online report (报表配置, server/online/report) runs its guarded SQL read-only.
 */
export const onlineReportRoutes: FastifyPluginAsync<OnlineReportRoutesOptions> = async (app, opts) => {
  const reports = opts.reports ?? loadReports(opts.pages);
  const byId = new Map(reports.map((r) => [r.id, r]));
  const dicts = new EntityDictionaries(app.db, app.dictionaries, opts.pages);
  const stores = new Map<string, EntityStore>();
  for (const report of reports) {
    const { page } = report;
    if (stores.has(page.source)) continue;
    let columns: Set<string> | undefined;
    if (isSystemTable(page)) columns = new Set((await readTable(app.db, page.entity.table))?.columns.map((c) => c.name) ?? []);
    stores.set(page.source, new EntityStore(entityModel(page, columns), dicts));
  }

  /** A file report of the path, once the caller is known to hold its page's list permission. */
  const fileReport = async (request: FastifyRequest, report: CompiledReport): Promise<CompiledReport> => {
    const codes = await permissionCodesOf(app.db, currentUser(request).userId);
    if (!codes.has(report.page.permissions.list)) throw new BusinessError(NO_PERMISSION_MESSAGE, 510);
    return report;
  };

  /**
   * The report of the path: a file report (by code), else an online report of 报表配置 (by id, or by
   * code as getRpColumns names it), each once the caller may read it — a file report with its page's
   * list code, an online report with onlCgreport:data or onlCgreport:list (510 otherwise).
   */
  const readable = async (request: FastifyRequest): Promise<{ file: CompiledReport } | { online: StoredReport }> => {
    const { code } = request.params as { code: string };
    const file = byId.get(code);
    if (file) return { file: await fileReport(request, file) };
    const online = (await findReport(app.db, code, 'id')) ?? (await findReport(app.db, code, 'code'));
    if (!online) throw new BusinessError(unknownReportMessage(code));
    const codes = await permissionCodesOf(app.db, currentUser(request).userId);
    if (!codes.has(ONLINE_REPORT_CODES.data) && !codes.has(ONLINE_REPORT_CODES.list)) throw new BusinessError(NO_PERMISSION_MESSAGE, 510);
    return { online };
  };
  const signedIn = { permission: SIGNED_IN } as const;
  // Tables of pages that are not tenant-scoped show every tenant their rows: online reports too.
  declareSharedTables(opts.pages.filter((page) => !page.entity.tenantScoped).map((page) => page.entity.table));
  const targetOf = (request: FastifyRequest) => ({
    db: app.db,
    dataSources: app.dataSources,
    timeoutMs: app.appConfig.onlineReportTimeoutMs,
    maxCost: app.appConfig.onlineReportMaxCost,
    tenantId: currentTenant(request),
  });

  app.get('/online/cgreport/api/getRpColumns/:code', { config: signedIn, schema: { params: codeParams, querystring: noInput } }, async (request) => {
    const report = await readable(request);
    if ('online' in report) return ok(await onlineColumnsAnswer(report.online, app.dictionaries, app.db));
    return ok(await columnsAnswer(report.file, dicts, app.db));
  });

  app.get('/online/cgreport/api/getQueryInfo/:code', { config: signedIn, schema: { params: codeParams, querystring: noInput } }, async (request) => {
    const report = await readable(request);
    return ok('online' in report ? onlineQueryInfo(report.online) : queryInfoAnswer(report.file));
  });

  app.get('/online/cgreport/api/getParamsInfo/:code', { config: signedIn, schema: { params: codeParams, querystring: noInput } }, async (request) => {
    const report = await readable(request);
    if ('online' in report) return ok(onlineParamsInfo(report.online));
    return ok(report.file.params.map(({ name, field }) => ({ paramName: name, paramTxt: field.label, paramValue: null })));
  });

  app.get('/online/cgreport/api/getData/:code', { config: signedIn, schema: { params: codeParams, querystring: dataQuery } }, async (request) => {
    const readableReport = await readable(request);
    if ('online' in readableReport) return ok(await onlineData(targetOf(request), readableReport.online, request.query as RawQuery));
    const report = readableReport.file;
    const store = stores.get(report.page.source);
    if (!store) throw new Error(`${report.source}: 页面 ${report.page.source} 没有数据访问对象`);
    const { query, params } = translateReportQuery(report, request.query as RawQuery);
    // A popup over a page shows what that page's 数据规则 let the caller see of it.
    const rules = await dataRuleCondition(request, app.db, store.model);
    const { rows, total, totalExact } = await store.list(app.db, query, currentTenant(request), bothConditions(params, rules));
    const records = await toRecords(store.model, rows, dicts);
    return ok({ total, totalExact, records: records.map((record) => reportRecord(report, record)) });
  });

  app.get('/online/cgreport/api/exportXls/:code', { config: signedIn, schema: { params: codeParams, querystring: dataQuery } }, async (request, reply) => {
    const report = await readable(request);
    if (!('online' in report)) throw new BusinessError('该报表不支持导出');
    const codes = await permissionCodesOf(app.db, currentUser(request).userId);
    if (!codes.has(ONLINE_REPORT_CODES.data)) throw new BusinessError(NO_PERMISSION_MESSAGE, 510);
    // The rows are read before the answer starts, so a refusal is still an ordinary JSON answer.
    const { columns, rows } = await onlineExport(targetOf(request), report.online, request.query as RawQuery, app.dictionaries);
    const out = new PassThrough();
    writeXlsx(out, { title: report.online.head.name, exportedBy: currentUser(request).realname, columns, rows }).catch((err: unknown) => {
      app.log.error({ err }, 'online report export failed');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    return reply.type(XLSX_CONTENT_TYPE).header('content-disposition', contentDispositionFor(`${report.online.head.name}.xlsx`)).send(out);
  });
};
