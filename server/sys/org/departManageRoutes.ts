import type { FastifyPluginAsync } from 'fastify';
import { currentUser } from '../../auth/guard';
import { BusinessError, ok, okMessage } from '../../http/envelope';
import { departNode, loadDepartRows } from './departTree';
import { SIGNED_IN } from '../../http/routeConfig';
import { addDepart, deleteDeparts, DEPART_MISSING, editDepart, type DepartInput } from './departWrites';
import { myDepartTree } from './myDepartTree';

/** The permission codes of 部门管理 (menu buttons in schemas/seed/menus.json). */
export const DEPART_PERMISSIONS = { list: 'depart:list', add: 'depart:add', edit: 'depart:edit', delete: 'depart:delete' } as const;

const text = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;

const departBody = {
  type: 'object',
  required: ['departName'],
  properties: {
    departName: { type: 'string', maxLength: 100 },
    departNameAbbr: text(100),
    departOrder: { type: ['integer', 'null'], minimum: -999_999, maximum: 999_999 },
    description: text(500),
    orgCategory: text(10),
    mobile: text(32),
    address: text(100),
    memo: text(500),
    status: text(1),
  },
} as const;

/**
 * 部门管理's writes at JeecgBoot's paths, each behind its own code (the reads are departRoutes, open
 * to every signed-in user for the pickers), and 我的部门's tree.
 */
export const departManageRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: DepartInput & { parentId?: string | null } }>(
    '/sys/sysDepart/add',
    {
      config: { permission: DEPART_PERMISSIONS.add },
      schema: { body: { ...departBody, properties: { ...departBody.properties, parentId: text(32) } } },
    },
    async (request) => {
      const created = await addDepart(app.db, request.body, currentUser(request).username);
      return ok(created, '添加成功！');
    },
  );

  app.put<{ Body: DepartInput & { id: string; parentId?: string | null } }>(
    '/sys/sysDepart/edit',
    {
      config: { permission: DEPART_PERMISSIONS.edit },
      schema: { body: { ...departBody, required: ['id', 'departName'], properties: { ...departBody.properties, id: { type: 'string', minLength: 1, maxLength: 32 }, parentId: text(32) } } },
    },
    async (request) => {
      await editDepart(app.db, request.body.id, request.body, currentUser(request).username);
      return okMessage('编辑成功!');
    },
  );

  app.delete<{ Querystring: { id: string } }>(
    '/sys/sysDepart/delete',
    {
      config: { permission: DEPART_PERMISSIONS.delete },
      schema: { querystring: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 32 } } } },
    },
    async (request) => {
      await deleteDeparts(app.db, [request.query.id], currentUser(request).username);
      return okMessage('删除成功!');
    },
  );

  app.delete<{ Querystring: { ids: string } }>(
    '/sys/sysDepart/deleteBatch',
    {
      config: { permission: DEPART_PERMISSIONS.delete },
      schema: { querystring: { type: 'object', required: ['ids'], properties: { ids: { type: 'string', minLength: 1, maxLength: 3300 } } } },
    },
    async (request) => {
      await deleteDeparts(app.db, request.query.ids.split(','), currentUser(request).username);
      return okMessage('删除成功!');
    },
  );

  // The form's record before an edit (the page's generic queryById call).
  app.get<{ Querystring: { id: string } }>(
    '/sys/sysDepart/queryById',
    {
      config: { permission: DEPART_PERMISSIONS.list },
      schema: { querystring: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 32 }, _t: { type: 'string' } } } },
    },
    async (request) => {
      const row = (await loadDepartRows(app.db)).find((r) => r.id === request.query.id);
      if (!row) throw new BusinessError(DEPART_MISSING);
      return ok(departNode(row, true, null));
    },
  );

  app.get(
    '/sys/sysDepart/queryMyDeptTreeList',
    { config: { permission: SIGNED_IN }, schema: { querystring: { type: 'object', properties: { _t: { type: 'string' } } } } },
    async (request) => ok(await myDepartTree(app.db, currentUser(request).userId)),
  );
};
