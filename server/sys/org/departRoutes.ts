import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope';
import { SIGNED_IN } from '../../http/routeConfig';
import { buildDepartTree, departLevel, loadDepartRows, searchDeparts, toIdTree } from './departTree';

const signedIn = { permission: SIGNED_IN } as const;
const noInput = { type: 'object', properties: { _t: { type: 'string' } } } as const;

/**
 * The department tree for pickers on business pages (widgets spec §7): any signed-in user reads it.
 * sys_depart has no tenant column, so the tree is the same for every tenant. Departments are few
 * (the organisation chart), so each answer reads them all and shapes them in memory; the keyword
 * search never reaches SQL.
 */
export const departRoutes: FastifyPluginAsync = async (app) => {
  app.get('/sys/sysDepart/queryTreeList', { config: signedIn, schema: { querystring: noInput } }, async () =>
    ok(buildDepartTree(await loadDepartRows(app.db))),
  );

  app.get('/sys/sysDepart/queryIdTree', { config: signedIn, schema: { querystring: noInput } }, async () =>
    ok(toIdTree(buildDepartTree(await loadDepartRows(app.db)))),
  );

  app.get<{ Querystring: { pid?: string } }>(
    '/sys/sysDepart/queryTreeListSync',
    {
      config: signedIn,
      schema: {
        querystring: { type: 'object', properties: { pid: { type: 'string', maxLength: 32 }, _t: { type: 'string' } } },
      },
    },
    async (request) => ok(departLevel(await loadDepartRows(app.db), request.query.pid?.trim() ?? '')),
  );

  app.get<{ Querystring: { keyWord: string } }>(
    '/sys/sysDepart/searchBy',
    {
      config: signedIn,
      schema: {
        querystring: {
          type: 'object',
          required: ['keyWord'],
          properties: { keyWord: { type: 'string', maxLength: 100 }, _t: { type: 'string' } },
        },
      },
    },
    // Unlike JeecgBoot (success:false '未查询到数据'), no match is an empty list: a search that finds nothing is not an error.
    async (request) => ok(searchDeparts(await loadDepartRows(app.db), request.query.keyWord)),
  );
};
