/**
 * 日志管理 and 数据日志 (issue 14): the server writes sys_log (sign-ins: loginLog.ts, writes through
 * the API: operationLog.ts) and sys_data_log (dataLog.ts, from the entity store); the pages
 * schemas/pages/sys/log.json and dataLog.json list them; this module adds the dashboard figures,
 * the data-log version endpoints and the retention job's work (retention.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { CompiledPage } from '../../../runtime/schema/compiledPageTypes';
import { dataLogRoutes } from './dataLogRoutes';
import { visitRoutes } from './visitRoutes';

export { installOperationLog } from './operationLog';

export const logRoutes: FastifyPluginAsync<{ pages: readonly CompiledPage[] }> = async (app, opts) => {
  await app.register(visitRoutes);
  await app.register(dataLogRoutes, { pages: opts.pages });
};
