/**
 * The 报表配置 page's server module (schemas/pages/online/cgreportHead.json lists, queries and deletes
 * its heads through the generic CRUD; these are what a page cannot declare), at {base}/online/cgreportHead:
 *   GET  queryAll?id=   (onlCgreport:list)    → {head, items, params}
 *   POST saveAll        (onlCgreport:add)     body {head, items, params} → the new id
 *   PUT  saveAll        (onlCgreport:edit)    body with head.id
 *   POST parseSql       (onlCgreport:parse)   body {cgrSql, dbSource?} → {columns:[{fieldName, fieldType}], params}
 *   POST preview        (onlCgreport:preview) body {head, items, params, paramValues} → {columns, records, total}
 * Every SQL passes the guard (reportSql.ts) and runs read-only (reportRunner.ts).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { currentTenant } from '../../auth/guard';
import { actorOf } from '../../crud/entity/context';
import type { EntityHooks } from '../../crud/entity/hooks';
import type { EntityService } from '../../crud/entity/service';
import { translateListQuery } from '../../crud/query';
import { BusinessError, ok } from '../../http/envelope';
import { paramValuesOf } from './onlineReportApi';
import { findReport, type StoredReport } from './reportModel';
import { readReportInput } from './reportInput';
import { describeColumns, readPage } from './reportQueries';
import { readOnly } from './reportRunner';
import { checkItems, saveReport } from './reportSave';
import { guardReportSql, ReportSqlError } from './reportSql';

export const ONLINE_REPORT_CODES = {
  list: 'onlCgreport:list',
  add: 'onlCgreport:add',
  edit: 'onlCgreport:edit',
  delete: 'onlCgreport:delete',
  parse: 'onlCgreport:parse',
  preview: 'onlCgreport:preview',
  data: 'onlCgreport:data',
} as const;

export const PREVIEW_ROWS = 20;

const idQuery = { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 64 }, _t: { type: 'string' } } } as const;
const anyBody = { type: 'object' } as const;
const parseBody = {
  type: 'object',
  required: ['cgrSql'],
  properties: { cgrSql: { type: 'string', maxLength: 20_000 }, dbSource: { anyOf: [{ type: 'string', maxLength: 100 }, { type: 'null' }] } },
} as const;

/** The 报表配置 head table's server behaviour: stored SQL passes the guard; a deleted head takes its items and params along. */
export const cgreportHeadHooks: EntityHooks = {
  async beforeWrite(_db, values) {
    if (typeof values.cgrSql !== 'string') return undefined;
    try {
      guardReportSql(values.cgrSql);
      return undefined;
    } catch (err) {
      if (err instanceof ReportSqlError) return err.message;
      throw err;
    }
  },
  async afterWrite(db, changes) {
    const gone = changes.flatMap((change) => (change.before && !change.after ? [String(change.before.id)] : []));
    if (gone.length === 0) return undefined;
    await sql`DELETE FROM onl_cgreport_item WHERE cgrhead_id IN (${sql.join(gone)})`.execute(db);
    await sql`DELETE FROM onl_cgreport_param WHERE cgrhead_id IN (${sql.join(gone)})`.execute(db);
    return undefined;
  },
};

export function cgreportHeadRoutes(app: FastifyInstance, service: EntityService): void {
  const { apiPath } = service.model.page.entity;
  const target = { db: app.db, dataSources: app.dataSources, timeoutMs: app.appConfig.onlineReportTimeoutMs, maxCost: app.appConfig.onlineReportMaxCost };

  app.get(`${apiPath}/queryAll`, { config: { permission: ONLINE_REPORT_CODES.list }, schema: { querystring: idQuery } }, async (request) => {
    const report = await findReport(app.db, (request.query as { id: string }).id);
    if (!report) throw new BusinessError('报表不存在或已被删除');
    return ok(report);
  });

  app.post(`${apiPath}/saveAll`, { config: { permission: ONLINE_REPORT_CODES.add }, schema: { body: anyBody } }, async (request) => {
    const id = await saveReport(target, request.body, actorOf(request), false);
    return ok(id, '添加成功！');
  });

  app.put(`${apiPath}/saveAll`, { config: { permission: ONLINE_REPORT_CODES.edit }, schema: { body: anyBody } }, async (request) => {
    const id = await saveReport(target, request.body, actorOf(request), true);
    return ok(id, '编辑成功！');
  });

  app.post(`${apiPath}/parseSql`, { config: { permission: ONLINE_REPORT_CODES.parse }, schema: { body: parseBody } }, async (request) => {
    const { cgrSql, dbSource } = request.body as { cgrSql: string; dbSource?: string | null };
    const guarded = guardReportSql(cgrSql);
    const columns = await readOnly({ ...target, tenantId: currentTenant(request), dbSource: dbSource?.trim() || null }, (run) => describeColumns(run, guarded));
    return ok({ columns, params: guarded.params });
  });

  app.post(`${apiPath}/preview`, { config: { permission: ONLINE_REPORT_CODES.preview }, schema: { body: anyBody } }, async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const head = (typeof body.head === 'object' && body.head !== null ? body.head : {}) as Record<string, unknown>;
    // An unsaved configuration: its code and name are not what is previewed.
    const { config, guarded } = readReportInput({ ...body, head: { ...head, id: undefined, code: 'preview', name: '预览' } }, false);
    const report: StoredReport = { ...config, head: { ...config.head, id: '' } };
    const values = paramValuesOf(report, (typeof body.paramValues === 'object' && body.paramValues !== null ? body.paramValues : {}) as Record<string, unknown>);
    const query = translateListQuery(new Map(), { pageSize: String(PREVIEW_ROWS) }, { defaultSort: [], tieBreaker: null });
    const answer = await readOnly({ ...target, tenantId: currentTenant(request), dbSource: config.head.dbSource }, async (run) => {
      const columns = await describeColumns(run, guarded, values);
      checkItems(config, columns);
      const page = await readPage(run, guarded, values, config.items, query);
      return { columns, page };
    });
    const shown = config.items.length > 0 ? config.items.filter((item) => item.isShow === 1) : undefined;
    const columns = shown
      ? shown.map((item) => ({ fieldName: item.fieldName, fieldTxt: item.fieldTxt, fieldType: item.fieldType }))
      : answer.columns.map((column) => ({ ...column, fieldTxt: column.fieldName }));
    return ok({ columns, records: answer.page.records, total: answer.page.total, ...(answer.page.totals ? { totals: answer.page.totals } : {}) });
  });
}
