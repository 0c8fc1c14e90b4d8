/**
 * Which 数据规则 of a menu a role is given (角色管理 → 授权, JeecgBoot's SysRoleController paths, behind
 * role:authorize): `GET /sys/role/datarule/{permissionId}/{roleId}` answers the menu's rules
 * (`datarule`) and the ids the role holds (`drChecked`, a comma list), or 未找到权限配置信息 when the menu
 * has none; `POST /sys/role/datarule {permissionId, roleId, dataRuleIds}` stores the ids in the role's
 * grant of the menu (sys_role_permission.data_rule_ids) — refused (请先保存角色菜单权限!) while the role
 * is not granted the menu, and refused whole when an id is not a rule of that menu.
 */
import type { FastifyPluginAsync } from 'fastify';
import { idList } from '../../crud/entity/context';
import { inTransaction } from '../../db/transaction';
import { BusinessError, ok, okMessage } from '../../http/envelope';
import { AUTHORIZE } from '../permission/rolePermissionRoutes';

const id = { type: 'string', minLength: 1, maxLength: 64 } as const;

export const roleDataRuleRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { permissionId: string; roleId: string } }>(
    '/sys/role/datarule/:permissionId/:roleId',
    {
      config: { permission: AUTHORIZE },
      schema: { params: { type: 'object', required: ['permissionId', 'roleId'], properties: { permissionId: id, roleId: id } }, querystring: { type: 'object', properties: { _t: { type: 'string' } } } },
    },
    async (request) => {
      const { permissionId, roleId } = request.params;
      const rules = await app.db
        .selectFrom('sys_permission_data_rule')
        .select(['id', 'permission_id', 'rule_name', 'rule_column', 'rule_conditions', 'rule_value', 'status', 'create_time', 'create_by'])
        .where('permission_id', '=', permissionId)
        .orderBy('create_time')
        .orderBy('id')
        .execute();
      if (rules.length === 0) throw new BusinessError('未找到权限配置信息');
      const grant = await app.db
        .selectFrom('sys_role_permission')
        .select('data_rule_ids')
        .where('permission_id', '=', permissionId)
        .where('role_id', '=', roleId)
        .executeTakeFirst();
      const checked = idList(grant?.data_rule_ids ?? '');
      return ok({
        datarule: rules.map((r) => ({
          id: r.id,
          permissionId: r.permission_id,
          ruleName: r.rule_name,
          ruleColumn: r.rule_column,
          ruleConditions: r.rule_conditions,
          ruleValue: r.rule_value,
          status: r.status,
          createTime: r.create_time,
          createBy: r.create_by,
        })),
        ...(checked.length > 0 ? { drChecked: checked.join(',') } : {}),
      });
    },
  );

  app.post<{ Body: { permissionId: string; roleId: string; dataRuleIds?: string } }>(
    '/sys/role/datarule',
    {
      config: { permission: AUTHORIZE },
      schema: {
        body: {
          type: 'object',
          required: ['permissionId', 'roleId'],
          properties: { permissionId: id, roleId: id, dataRuleIds: { type: 'string', maxLength: 1000 } },
        },
      },
    },
    async (request) => {
      const { permissionId, roleId } = request.body;
      const ids = idList(request.body.dataRuleIds);
      await inTransaction(app.db, async (trx) => {
        const grant = await trx
          .selectFrom('sys_role_permission')
          .select('id')
          .where('permission_id', '=', permissionId)
          .where('role_id', '=', roleId)
          .executeTakeFirst();
        if (!grant) throw new BusinessError('请先保存角色菜单权限!');
        if (ids.length > 0) {
          const known = new Set(
            (await trx.selectFrom('sys_permission_data_rule').select('id').where('permission_id', '=', permissionId).where('id', 'in', ids).execute()).map((r) => r.id),
          );
          const unknown = ids.filter((x) => !known.has(x));
          if (unknown.length > 0) throw new BusinessError(`数据规则不属于该菜单或不存在：${unknown.slice(0, 5).join('、')}，未保存`);
        }
        await trx
          .updateTable('sys_role_permission')
          .set({ data_rule_ids: ids.length > 0 ? ids.join(',') : null })
          .where('id', '=', grant.id)
          .execute();
      });
      return okMessage('保存成功!');
    },
  );
};
