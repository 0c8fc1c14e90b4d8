/**
 * `GET {API_BASE}/dashboard/analysis` (code `receive:list`: 首页's figures are case figures) answers
 * 首页's live figures for the signed-in user (runtime/dashboard/figures.ts): computed through the
 * lists' own conditions — tenant, 数据规则, views — so each figure equals the total of the list it
 * links to; figures over pages the user may not list are left out.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { CompiledPage } from '../../runtime/schema/compiledPageTypes';
import { CASE_PAGE } from '../../runtime/dashboard/figures';
import { currentUser } from '../auth/guard';
import { permissionCodesOf } from '../auth/permissions';
import { ok } from '../http/envelope';
import { FigureReader } from './figureReader';
import { figurePages } from './figurePages';
import { dashboardAnswer } from './dashboardFigures';

export const DASHBOARD_URL = '/dashboard/analysis';
const noInput = { type: 'object', properties: { _t: { type: 'string' } } } as const;

export interface DashboardOptions {
  pages: readonly CompiledPage[];
}

export const dashboardRoutes: FastifyPluginAsync<DashboardOptions> = async (app, opts) => {
  const pages = figurePages(app, opts.pages, '首页');
  const casePermission = pages.model(CASE_PAGE).page.permissions.list;

  app.get(DASHBOARD_URL, { config: { permission: casePermission }, schema: { querystring: noInput } }, async (request) => {
    const codes = await permissionCodesOf(app.db, currentUser(request).userId);
    return ok(await dashboardAnswer(new FigureReader(request, app.db, pages), app.db, pages, codes));
  });
};
