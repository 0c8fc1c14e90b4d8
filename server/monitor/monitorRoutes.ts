/**
 * 系统监控's endpoints, one pair per screen at the page's API path: `list` (the screen's table) and
 * `summary` (its figures, the page's `monitor.endpoint`), each behind the screen's own list code;
 * 文件存储 adds `delete`. The page documents are schemas/pages/monitor/*.json (entity.servedBy).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { CompiledPage } from '../../runtime/schema/compiledPageTypes';
import type { Database } from '../db/open';
import type { AdmissionGate } from '../http/admission';
import { ok, okMessage } from '../http/envelope';
import { databaseSummary, largestTables } from './databaseInfo';
import { diskRows } from './diskInfo';
import { FILE_STORAGE_TEXTS, deleteStoredFile, listStoredFiles, type NamingOf, type RecordNaming } from './fileStorage';
import { isServedByModule } from '../crud/servedPages';
import { RATE_WINDOW_SECONDS } from './httpActivity';
import type { NodeMonitor } from './nodeMonitor';
import { cpuRows, systemSummary } from './systemInfo';

export const MONITOR_PERMISSIONS = {
  disk: 'monitorDisk:list',
  httpTrace: 'httpTrace:list',
  runtime: 'nodeRuntime:list',
  database: 'dbMonitor:list',
  system: 'systemInfo:list',
  httpServer: 'httpServer:list',
  fileStorage: 'fileStorage:list',
  fileStorageDelete: 'fileStorage:delete',
} as const;

const MAX_PAGE_SIZE = 100;
/** 请求追踪's API path: its own reads are left out of the trace (server/monitor/nodeMonitor.ts). */
export const TRACE_SCREEN_PATH = '/monitor/httpTrace';

/** What the text says of a node without a limit (API_CONCURRENCY=off): nothing queues there. */
export const NO_ADMISSION_LIMIT = '不限';

/** HTTP 服务's view of the admission limit: how many API requests run and wait now (server/http/admission.ts). */
function admissionFigures(gate: AdmissionGate | null) {
  if (!gate) return { admissionLimit: NO_ADMISSION_LIMIT, admissionRunning: null, admissionQueued: null, admissionQueueMax: null };
  return { admissionLimit: gate.limits.concurrency, admissionRunning: gate.active, admissionQueued: gate.queued, admissionQueueMax: gate.limits.queueMax };
}

interface ListQuery {
  pageNo: number;
  pageSize: number;
  fileName?: string;
}

const listQuerystring = {
  type: 'object',
  properties: {
    pageNo: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
    pageSize: { type: 'integer', minimum: 1, default: 10 },
    column: { type: 'string', maxLength: 64 },
    order: { type: 'string', maxLength: 10 },
    fileName: { type: 'string', maxLength: 200 },
    _t: { type: 'string' },
  },
} as const;

const summaryQuerystring = { type: 'object', properties: { _t: { type: 'string' } } } as const;

/** A page of `rows` in the list answer's shape (records, total, size, current, pages). */
function paged<T>(rows: readonly T[], query: ListQuery) {
  const size = query.pageSize;
  return { records: rows.slice((query.pageNo - 1) * size, query.pageNo * size), total: rows.length, size, current: query.pageNo, pages: Math.ceil(rows.length / size) };
}

/** A page's records are named by its picker's text field, else by its list's first text column. */
function recordNaming(page: CompiledPage): RecordNaming {
  const stored = (name: string | undefined) => page.fields.find((f) => f.name === name && f.stored && !f.sensitive && (f.type === 'string' || f.type === 'text'));
  const field = stored(page.document.picker?.textField) ?? page.list.columns.map((c) => stored(c.field.name)).find((f) => f !== undefined);
  return { title: page.entity.title, column: field?.column };
}

export interface MonitorRoutesOptions {
  monitor: NodeMonitor;
  database: Database;
  /** Every page, for the titles of the tables whose records use a file. */
  pages: readonly CompiledPage[];
}

export const monitorRoutes: FastifyPluginAsync<MonitorRoutesOptions> = async (app, opts) => {
  const { monitor, database } = opts;
  const { dataDir, uploadDir } = app.appConfig;
  const namings = new Map(opts.pages.filter((page) => !isServedByModule(page)).map((page) => [page.entity.table, recordNaming(page)]));
  const titleOf: NamingOf = (table) => namings.get(table) ?? { title: table };

  const list = <T>(path: string, permission: string, rows: (query: ListQuery) => Promise<{ records: T[]; total: number } | T[]> | T[]) =>
    app.get<{ Querystring: ListQuery }>(path, { config: { permission }, schema: { querystring: listQuerystring } }, async (request) => {
      const query = { ...request.query, pageSize: Math.min(request.query.pageSize, MAX_PAGE_SIZE) };
      const answer = await rows(query);
      if (Array.isArray(answer)) return ok(paged(answer, query));
      return ok({ records: answer.records, total: answer.total, size: query.pageSize, current: query.pageNo, pages: Math.ceil(answer.total / query.pageSize) });
    });
  const summary = (path: string, permission: string, figures: () => unknown) =>
    app.get(path, { config: { permission }, schema: { querystring: summaryQuerystring } }, async () => ok(await figures()));

  const folders = () => [
    { name: '数据目录（DATA_DIR）', path: dataDir },
    { name: '上传目录（UPLOAD_DIR）', path: uploadDir },
  ];
  list('/monitor/disk/list', MONITOR_PERMISSIONS.disk, () => diskRows(folders()));

  list(`${TRACE_SCREEN_PATH}/list`, MONITOR_PERMISSIONS.httpTrace, () => monitor.trace.recent());
  summary(`${TRACE_SCREEN_PATH}/summary`, MONITOR_PERMISSIONS.httpTrace, () => {
    const entries = monitor.trace.recent();
    const errors = entries.filter((e) => e.status >= 400).length;
    const mean = entries.length === 0 ? null : Math.round((entries.reduce((sum, e) => sum + e.durationMs, 0) / entries.length) * 100) / 100;
    const slowest = entries.length === 0 ? null : Math.max(...entries.map((e) => e.durationMs));
    return { kept: entries.length, capacity: monitor.trace.capacity, total: monitor.trace.total, errors, meanMs: mean, slowestMs: slowest };
  });

  list('/monitor/runtime/list', MONITOR_PERMISSIONS.runtime, () => monitor.runtime.gcKinds().map((row) => ({ id: row.kind, ...row })));
  summary('/monitor/runtime/summary', MONITOR_PERMISSIONS.runtime, () => monitor.runtime.summary());

  list('/monitor/database/list', MONITOR_PERMISSIONS.database, (query) => largestTables(app.db, query.pageNo, query.pageSize));
  summary('/monitor/database/summary', MONITOR_PERMISSIONS.database, () => databaseSummary(app.db, database.kind));

  list('/monitor/system/list', MONITOR_PERMISSIONS.system, () => cpuRows());
  summary('/monitor/system/summary', MONITOR_PERMISSIONS.system, () => systemSummary());

  list('/monitor/httpServer/list', MONITOR_PERMISSIONS.httpServer, () => monitor.http.connections());
  summary('/monitor/httpServer/summary', MONITOR_PERMISSIONS.httpServer, () => ({
    ...monitor.http.snapshot(),
    rateWindowSeconds: RATE_WINDOW_SECONDS,
    ...admissionFigures(app.admission),
  }));

  list('/monitor/fileStorage/list', MONITOR_PERMISSIONS.fileStorage, (query) => listStoredFiles(app.db, uploadDir, query, titleOf));
  app.delete<{ Querystring: { id: string } }>(
    '/monitor/fileStorage/delete',
    { config: { permission: MONITOR_PERMISSIONS.fileStorageDelete }, schema: { querystring: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 500 } } } } },
    async (request) => {
      await deleteStoredFile(app.db, uploadDir, request.query.id, titleOf);
      return okMessage(FILE_STORAGE_TEXTS.deleted);
    },
  );
};
