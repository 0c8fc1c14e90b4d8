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
 *   GET getData/{id}          → {total, totalExact, records}   (pageNo, pageSize, column, order, <field>, <field>_begin/_end, self_<param>)
 * A report is readable by whoever holds its page's list permission (510 otherwise); the rows come
 * from the page's table through the generic list machinery — no SQL text in any report.
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

  /** The report of the path, once the caller is known to hold its page's list permission. */
  const readable = async (request: FastifyRequest): Promise<CompiledReport> => {
    const { code } = request.params as { code: string };
    const report = byId.get(code);
    if (!report) throw new BusinessError(unknownReportMessage(code));
    const codes = await permissionCodesOf(app.db, currentUser(request).userId);
    if (!codes.has(report.page.permissions.list)) throw new BusinessError(NO_PERMISSION_MESSAGE, 510);
    return report;
  };
  const signedIn = { permission: SIGNED_IN } as const;

  app.get('/online/cgreport/api/getRpColumns/:code', { config: signedIn, schema: { params: codeParams, querystring: noInput } }, async (request) =>
    ok(await columnsAnswer(await readable(request), dicts, app.db)),
  );

  app.get('/online/cgreport/api/getQueryInfo/:code', { config: signedIn, schema: { params: codeParams, querystring: noInput } }, async (request) =>
    ok(queryInfoAnswer(await readable(request))),
  );

  app.get('/online/cgreport/api/getData/:code', { config: signedIn, schema: { params: codeParams, querystring: dataQuery } }, async (request) => {
    const report = await readable(request);
    const store = stores.get(report.page.source);
    if (!store) throw new Error(`${report.source}: 页面 ${report.page.source} 没有数据访问对象`);
    const { query, params } = translateReportQuery(report, request.query as RawQuery);
    // A popup over a page shows what that page's 数据规则 let the caller see of it.
    const rules = await dataRuleCondition(request, app.db, store.model);
    const { rows, total, totalExact } = await store.list(app.db, query, currentTenant(request), bothConditions(params, rules));
    const records = await toRecords(store.model, rows, dicts);
    return ok({ total, totalExact, records: records.map((record) => reportRecord(report, record)) });
  });
};
