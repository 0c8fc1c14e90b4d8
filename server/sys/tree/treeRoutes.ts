import type { FastifyPluginAsync } from 'fastify';
import { currentTenant, currentUser } from '../../auth/guard';
import { permissionCodesOf } from '../../auth/permissions';
import { BusinessError, NO_PERMISSION_MESSAGE, ok } from '../../http/envelope';
import { SIGNED_IN } from '../../http/routeConfig';
import { verifySignedRequest } from '../../http/sign';
import type { TreeDataQuery, TreeTables } from './treeTables';

const name = { type: 'string', minLength: 1, maxLength: 64 } as const;

/**
 * GET /sys/dict/loadTreeData (JeecgBoot's JTreeSelect): the children of `pid` in a tree a page
 * declares, to a user holding the list code of a page declaring it (510 otherwise). Signed like the
 * other dictionary lookups (not a defence: the secret ships in the web app); tables and columns only
 * from `trees`.
 */
export const treeRoutes: FastifyPluginAsync<{ trees: TreeTables }> = async (app, opts) => {
  const { trees } = opts;
  app.get<{ Querystring: TreeDataQuery }>(
    '/sys/dict/loadTreeData',
    {
      config: { permission: SIGNED_IN },
      schema: {
        querystring: {
          type: 'object',
          required: ['tableName', 'text', 'code', 'pidField'],
          properties: {
            pid: { type: 'string', maxLength: 64, default: '0' },
            tableName: name,
            text: name,
            code: name,
            pidField: name,
            hasChildField: { type: 'string', maxLength: 64 },
            condition: { type: 'string', maxLength: 2000 },
            sign: { type: 'string' },
            _t: { type: 'string' },
          },
        },
      },
      preHandler: verifySignedRequest,
    },
    async (request) => {
      const source = trees.find(request.query);
      const codes = await permissionCodesOf(app.db, currentUser(request).userId);
      if (![...source.listCodes].some((code) => codes.has(code))) throw new BusinessError(NO_PERMISSION_MESSAGE, 510);
      const pid = request.query.pid.trim() === '' ? '0' : request.query.pid.trim();
      return ok(await trees.children(app.db, source, pid, request.query.condition, currentTenant(request)));
    },
  );
};
