/**
 * 示例 → 监控页 (schemas/pages/examples/monitor.json, entity.servedBy `businessMonitor`): the firm's live
 * figures, behind the page's own code `exaMonitor:list`. `GET /examples/monitor/summary` answers
 * today's and this month's new cases, the cases 在办, this year's close rate and this node's request
 * rate; `GET /examples/monitor/list` the cases per 在办 state. Case figures are counted as 首页 counts
 * them (FigureReader: the request's tenant, the user's 数据规则 of the case page, live rows) and only
 * for a user who may list cases; otherwise they are null (不可用) with a note saying why.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { CASE_PAGE, OPEN_STATES, PROGRESS_PAGE, stateSpecs } from '../../runtime/dashboard/figures';
import { beijingToday } from '../../runtime/dashboard/periods';
import {
  BUSINESS_MONITOR_NOTES,
  BUSINESS_MONITOR_PATH,
  BUSINESS_MONITOR_PERMISSION,
  caseFigureTargets,
  closeRate,
  stateRows,
  type StateRow,
} from '../../runtime/examples/businessMonitor';
import type { CompiledPage } from '../../runtime/schema/compiledPageTypes';
import { currentUser } from '../auth/guard';
import { permissionCodesOf } from '../auth/permissions';
import { mayRead } from '../dashboard/dashboardFigures';
import { FigureReader } from '../dashboard/figureReader';
import { figurePages } from '../dashboard/figurePages';
import { ok } from '../http/envelope';
import type { NodeMonitor } from '../monitor/nodeMonitor';

export interface BusinessMonitorOptions {
  pages: readonly CompiledPage[];
  monitor: NodeMonitor;
}

export interface BusinessMonitorAnswer {
  today: string;
  todayOpened: number | null;
  monthOpened: number | null;
  inProgress: number | null;
  yearOpened: number | null;
  yearClosed: number | null;
  yearCloseRate: number | null;
  requestsPerSecond: number;
  requestsLastMinute: number;
  inFlight: number;
  states: StateRow[];
  notes: string[];
}

const COUNT = { kind: 'count' } as const;
const summaryQuery = { type: 'object', properties: { _t: { type: 'string' } } } as const;
const listQuery = {
  type: 'object',
  properties: {
    pageNo: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
    column: { type: 'string', maxLength: 64 },
    order: { type: 'string', maxLength: 10 },
    _t: { type: 'string' },
  },
} as const;

export const businessMonitorRoutes: FastifyPluginAsync<BusinessMonitorOptions> = async (app, opts) => {
  const hasCases = opts.pages.some((p) => `${p.entity.module}/${p.entity.name}` === CASE_PAGE);
  const hasProgress = opts.pages.some((p) => `${p.entity.module}/${p.entity.name}` === PROGRESS_PAGE);
  const pages = figurePages(app, opts.pages, '监控页');

  async function answer(request: FastifyRequest): Promise<BusinessMonitorAnswer> {
    const node = opts.monitor.http.snapshot();
    const today = beijingToday();
    const base = { today, requestsPerSecond: node.requestsPerSecond, requestsLastMinute: node.requestsLastMinute, inFlight: node.inFlight };
    const codes = await permissionCodesOf(app.db, currentUser(request).userId);
    if (!hasCases || !mayRead(pages, codes, { page: CASE_PAGE })) {
      const none = { todayOpened: null, monthOpened: null, inProgress: null, yearOpened: null, yearClosed: null, yearCloseRate: null };
      return { ...base, ...none, states: [], notes: [BUSINESS_MONITOR_NOTES.noCases] };
    }
    const reader = new FigureReader(request, app.db, pages);
    const targets = caseFigureTargets(today);
    const states = stateSpecs();
    const caseFigures = await reader.aggregateAll(CASE_PAGE, [
      { target: targets.todayOpened, measure: COUNT },
      { target: targets.monthOpened, measure: COUNT },
      { target: targets.yearOpened, measure: COUNT },
      ...states.map((spec) => ({ target: spec.target, measure: spec.measure })),
    ]);
    const [todayOpened, monthOpened, yearOpened, ...byState] = caseFigures.map((f) => f.count);
    const readsProgress = hasProgress && mayRead(pages, codes, { page: PROGRESS_PAGE });
    const yearClosed = readsProgress ? (await reader.aggregateAll(PROGRESS_PAGE, [{ target: targets.yearClosed, measure: COUNT }]))[0].count : null;
    return {
      ...base,
      todayOpened,
      monthOpened,
      yearOpened,
      inProgress: byState.reduce((sum, n) => sum + n, 0),
      yearClosed,
      yearCloseRate: yearClosed === null ? null : closeRate(yearClosed, yearOpened),
      states: stateRows(OPEN_STATES.map((s, i) => ({ ...s, count: byState[i] }))),
      notes: readsProgress ? [] : [BUSINESS_MONITOR_NOTES.noProgress],
    };
  }

  app.get(`${BUSINESS_MONITOR_PATH}/summary`, { config: { permission: BUSINESS_MONITOR_PERMISSION }, schema: { querystring: summaryQuery } }, async (request) =>
    ok(await answer(request)),
  );
  app.get<{ Querystring: { pageNo: number; pageSize: number } }>(
    `${BUSINESS_MONITOR_PATH}/list`,
    { config: { permission: BUSINESS_MONITOR_PERMISSION }, schema: { querystring: listQuery } },
    async (request) => {
      const { states } = await answer(request);
      const { pageNo, pageSize } = request.query;
      return ok({ records: states.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: states.length, size: pageSize, current: pageNo, pages: Math.ceil(states.length / pageSize) });
    },
  );
};
