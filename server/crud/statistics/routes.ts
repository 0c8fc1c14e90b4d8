/**
 * The one executor of the page language's `statistics` reports: for every report of every served page,
 * `GET {apiPath}/statistics/<key>` (the figures, `<permissionPrefix>:list`) and
 * `GET {apiPath}/statistics/<key>/exportXls` (the same figures as .xlsx, `<permissionPrefix>:exportXls`);
 * the auth guard answers 510 to a user without the code. A report that cannot be resolved against the
 * served pages stops the start, naming the document and the part.
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { statisticsOf } from '../../../runtime/schema/statistics';
import { formatFigure, groupCells, type StatisticsAnswer } from '../../../runtime/statistics/answer';
import { currentTenant, currentUser } from '../../auth/guard';
import { contentDispositionFor, writeXlsx, XLSX_CONTENT_TYPE } from '../../excel';
import type { ExcelColumn } from '../../excel/types';
import { ok } from '../../http/envelope';
import { PageLoadError } from '../pages';
import type { EntityService } from '../entity/service';
import { runReport } from './executor';
import { planReport, StatisticsPlanError, type ReportPlan } from './plan';
import type { Asker, StatisticsParams } from './query';

const filterQuery = {
  type: 'object',
  // Filter names are the report's fields; anything else is ignored by the executor.
  additionalProperties: { anyOf: [{ type: 'string', maxLength: 200 }, { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 200 } }] },
} as const;

function askerOf(app: FastifyInstance, request: FastifyRequest): Asker {
  const user = currentUser(request);
  const tenantId = currentTenant(request);
  return { request, db: app.db, tenantId, scope: { session: { userId: user.userId, username: user.username, tenantId }, pages: app.pageModels } };
}

/** The exported sheet: the table's columns, 小计 / 合计 in the group columns, the figures as on screen. */
export function exportSheet(answer: StatisticsAnswer): { columns: ExcelColumn[]; rows: Record<string, unknown>[] } {
  const groupKeys = answer.columns.filter((c) => c.kind === 'group').map((c) => c.key);
  const columns = answer.columns.map((c): ExcelColumn => {
    if (c.kind === 'group') return { key: c.key, title: c.title, kind: 'string', width: 20 };
    const kind = c.format === 'money' ? 'money' : c.format === 'integer' ? 'integer' : c.format === 'number' ? 'number' : 'string';
    return { key: c.key, title: c.title, kind, width: 14 };
  });
  const rows = answer.rows.map((row) => {
    const record: Record<string, unknown> = {};
    groupCells(row, groupKeys).forEach((text, i) => (record[groupKeys[i]] = text));
    for (const c of answer.columns) {
      if (c.kind === 'group') continue;
      const value = row[c.key];
      record[c.key] = c.format === 'percent' ? formatFigure(value, 'percent') : value === null || value === undefined ? null : Number(value);
    }
    return record;
  });
  return { columns, rows };
}

function plans(services: ReadonlyMap<string, EntityService>): ReportPlan[] {
  const out: ReportPlan[] = [];
  const problems: { source: string; pointer: string; message: string }[] = [];
  for (const service of services.values()) {
    statisticsOf(service.model.page).forEach((report, i) => {
      try {
        out.push(planReport(report, service, services));
      } catch (err) {
        if (!(err instanceof StatisticsPlanError)) throw err;
        problems.push({ source: service.model.page.source, pointer: `/statistics/${i}${err.pointer}`, message: err.message });
      }
    });
  }
  if (problems.length > 0) throw new PageLoadError(problems);
  return out;
}

export function registerStatistics(app: FastifyInstance, services: ReadonlyMap<string, EntityService>): void {
  for (const plan of plans(services)) {
    const { report } = plan;
    const answer = (request: FastifyRequest) => runReport(plan, request.query as StatisticsParams, askerOf(app, request), services);
    app.get(report.url, { config: { permission: report.permissions.list }, schema: { querystring: filterQuery } }, async (request) => ok(await answer(request)));
    app.get(report.exportUrl, { config: { permission: report.permissions.exportXls }, schema: { querystring: filterQuery } }, async (request, reply) => {
      const sheet = exportSheet(await answer(request));
      const out = new PassThrough();
      writeXlsx(out, { title: report.title, exportedBy: currentUser(request).realname, columns: sheet.columns, rows: sheet.rows }).catch((err: unknown) => {
        app.log.error({ err }, 'statistics export failed');
        out.destroy(err instanceof Error ? err : new Error(String(err)));
      });
      return reply.type(XLSX_CONTENT_TYPE).header('content-disposition', contentDispositionFor(`${report.title}.xlsx`)).send(out);
    });
  }
}
