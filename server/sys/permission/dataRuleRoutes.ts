/**
 * 数据规则 at JeecgBoot's SysPermissionController paths, beside the generic endpoints of the page
 * schemas/pages/sys/permissionDataRule.json (`/sys/permissionDataRule/list|add|edit|delete…`), through
 * the same entity service (the page's fields validate, the data log records): `GET
 * /sys/permission/getPermRuleListByPermId?permissionId=` and `queryPermissionRule?permissionId=&…`
 * (dataRule:list), `POST addPermissionRule` (dataRule:add), `PUT|POST editPermissionRule`
 * (dataRule:edit), `DELETE deletePermissionRule?id=` (dataRule:delete). And the menu tree of the
 * 数据规则 screen, `GET /sys/permissionDataRule/menuTree` (dataRule:list): menus only, no buttons,
 * each title followed by how many rules it has.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { currentTenant } from '../../auth/guard';
import { ok, okMessage } from '../../http/envelope';
import { actorOf } from '../../crud/entity/context';
import { EntityValidationError, type EntityService } from '../../crud/entity/service';
import { toRecords } from '../../crud/entity/records';
import { translateListQuery, type RawQuery } from '../../crud/query';
import { buildTree } from './menuTree';

const BUTTON = 2;
const MAX_RULES = 1000;
const text = { type: 'string', maxLength: 300 } as const;
const ruleQuery = {
  type: 'object',
  properties: { permissionId: { type: 'string', minLength: 1, maxLength: 64 }, ruleName: text, ruleColumn: text, ruleConditions: text, ruleValue: text, status: text, _t: text },
} as const;
const byPermission = { ...ruleQuery, required: ['permissionId'] } as const;
const idQuery = { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 64 }, _t: text } } as const;
const recordBody = { type: 'object' } as const;

export function dataRuleRoutes(app: FastifyInstance, service: EntityService): void {
  const { model } = service;
  const perms = model.page.permissions;

  const rules = async (request: FastifyRequest, raw: RawQuery) => {
    const query = translateListQuery(model.queryFields, { ...raw, pageSize: String(MAX_RULES) }, { defaultSort: [{ field: 'createTime', direction: 'asc' }] });
    const { rows } = await service.store.list(app.db, query, currentTenant(request));
    return toRecords(model, rows, service.dicts);
  };
  /** The rule query of JeecgBoot: exact values of the rule's fields (no `*like*` syntax). */
  const exact = (query: Record<string, string | undefined>): RawQuery =>
    Object.fromEntries(Object.entries(query).filter(([k, v]) => k !== '_t' && v !== undefined && v !== '').map(([k, v]) => [k, `eq ${v}`]));

  app.get('/sys/permission/getPermRuleListByPermId', { config: { permission: perms.list }, schema: { querystring: byPermission } }, async (request) => {
    const { permissionId } = request.query as { permissionId: string };
    return ok(await rules(request, exact({ permissionId })));
  });

  app.get('/sys/permission/queryPermissionRule', { config: { permission: perms.list }, schema: { querystring: ruleQuery } }, async (request) =>
    ok(await rules(request, exact(request.query as Record<string, string | undefined>))),
  );

  const refusal = (reply: FastifyReply, err: EntityValidationError) =>
    reply.code(200).send({ success: false, message: err.message, code: 500, result: { errors: err.errors }, timestamp: Date.now() });
  const writing = async (reply: FastifyReply, action: () => Promise<unknown>, message: string) => {
    try {
      await action();
    } catch (err) {
      if (err instanceof EntityValidationError) return refusal(reply, err);
      throw err;
    }
    return okMessage(message);
  };

  app.post('/sys/permission/addPermissionRule', { config: { permission: perms.add }, schema: { body: recordBody } }, async (request, reply) =>
    writing(reply, () => service.add(app.db, (request.body ?? {}) as Record<string, unknown>, actorOf(request)), '添加成功！'),
  );
  const edit = async (request: FastifyRequest, reply: FastifyReply) =>
    writing(reply, () => service.edit(app.db, (request.body ?? {}) as Record<string, unknown>, actorOf(request)), '更新成功！');
  app.put('/sys/permission/editPermissionRule', { config: { permission: perms.edit }, schema: { body: recordBody } }, edit);
  app.post('/sys/permission/editPermissionRule', { config: { permission: perms.edit }, schema: { body: recordBody } }, edit);

  app.delete('/sys/permission/deletePermissionRule', { config: { permission: perms.delete }, schema: { querystring: idQuery } }, async (request) => {
    const { id } = request.query as { id: string };
    await service.delete(app.db, [id], actorOf(request));
    return okMessage('删除成功！');
  });

  app.get(`${model.page.entity.apiPath}/menuTree`, { config: { permission: perms.list }, schema: { querystring: { type: 'object', properties: { _t: text } } } }, async () => {
    const rows = await app.db
      .selectFrom('sys_permission as p')
      .select(['p.id', 'p.parent_id', 'p.name', 'p.sort_no', 'p.icon'])
      .select(sql<number>`(SELECT count(*) FROM sys_permission_data_rule r WHERE r.permission_id = p.id)`.as('rules'))
      .where('p.del_flag', '=', 0)
      .where('p.menu_type', '!=', BUTTON)
      .execute();
    const nodes = rows.map((r) => {
      const count = Number(r.rules);
      return {
        id: r.id,
        parentId: r.parent_id || null,
        sortNo: Number(r.sort_no),
        key: r.id,
        value: r.id,
        title: count > 0 ? `${r.name}（${count}）` : r.name,
        icon: r.icon,
        ruleCount: count,
        isLeaf: !rows.some((c) => c.parent_id === r.id),
      };
    });
    return ok(buildTree(nodes));
  });
}
