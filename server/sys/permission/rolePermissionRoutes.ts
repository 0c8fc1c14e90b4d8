/**
 * Role authorisation (角色管理's 授权 drawer) at JeecgBoot's paths: the checkable tree of every menu
 * and button (`GET /sys/permission/queryTreeList`, and `/sys/role/queryTreeList` which answers the same
 * in JeecgBoot), the role's granted ids (`queryRolePermission?roleId=`) and the save
 * (`POST saveRolePermission {roleId, permissionIds, lastpermissionIds}`) — all behind role:authorize.
 * The save is one transaction and checks every id first: a role or an id that does not exist changes
 * nothing. Users see the change at their next permission fetch (sign-in or reload).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { newId } from '../../db/ids';
import type { DB } from '../../db/types';
import { inTransaction } from '../../db/transaction';
import { BusinessError, ok, okMessage } from '../../http/envelope';
import { idList } from '../../crud/entity/context';
import { buildTree } from './menuTree';

export const AUTHORIZE = 'role:authorize';
export const ROLE_NOT_FOUND = '角色不存在';

const noInput = { type: 'object', properties: { _t: { type: 'string' } } } as const;

/** A node of the authorisation tree (JeecgBoot's TreeModel). */
interface TreeNode {
  id: string;
  parentId: string | null;
  sortNo: number;
  key: string;
  title: string;
  value: string;
  isLeaf: boolean;
  icon: string | null;
  menuType: number;
  /** '0' (无效) buttons grant nothing; the drawer says so. */
  status: string;
  /** 1 when the menu has data rules (JeecgBoot's rule_flag), which the drawer offers per menu. */
  ruleFlag: number;
}

export async function treeAnswer(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('sys_permission')
    .select(['id', 'parent_id', 'name', 'icon', 'menu_type', 'sort_no', 'status'])
    .where('del_flag', '=', 0)
    .execute();
  const ruled = new Set((await db.selectFrom('sys_permission_data_rule').select('permission_id').distinct().execute()).map((r) => r.permission_id));
  const nodes: TreeNode[] = rows.map((r) => ({
    id: r.id,
    parentId: r.parent_id || null,
    sortNo: Number(r.sort_no),
    key: r.id,
    title: r.name,
    value: r.id,
    isLeaf: !rows.some((c) => c.parent_id === r.id),
    icon: r.icon,
    menuType: r.menu_type,
    status: r.status,
    ruleFlag: ruled.has(r.id) ? 1 : 0,
  }));
  return ok({ treeList: buildTree(nodes), ids: nodes.map((n) => n.id) });
}

async function roleExists(db: Kysely<DB>, roleId: string): Promise<boolean> {
  return !!(await db.selectFrom('sys_role').select('id').where('id', '=', roleId).executeTakeFirst());
}

interface SaveBody {
  roleId: string;
  permissionIds?: string;
  lastpermissionIds?: string;
}

export const rolePermissionRoutes: FastifyPluginAsync = async (app) => {
  const guarded = { config: { permission: AUTHORIZE } } as const;
  app.get('/sys/permission/queryTreeList', { ...guarded, schema: { querystring: noInput } }, async () => treeAnswer(app.db));
  app.get('/sys/role/queryTreeList', { ...guarded, schema: { querystring: noInput } }, async () => treeAnswer(app.db));

  app.get<{ Querystring: { roleId: string } }>(
    '/sys/permission/queryRolePermission',
    {
      ...guarded,
      schema: { querystring: { type: 'object', required: ['roleId'], properties: { roleId: { type: 'string', minLength: 1, maxLength: 64 }, _t: { type: 'string' } } } },
    },
    async (request) => {
      const { roleId } = request.query;
      if (!(await roleExists(app.db, roleId))) throw new BusinessError(ROLE_NOT_FOUND);
      const rows = await app.db
        .selectFrom('sys_role_permission as rp')
        .innerJoin('sys_permission as p', 'p.id', 'rp.permission_id')
        .select('rp.permission_id')
        .where('rp.role_id', '=', roleId)
        .where('p.del_flag', '=', 0)
        .execute();
      return ok(rows.map((r) => r.permission_id));
    },
  );

  app.post<{ Body: SaveBody }>(
    '/sys/permission/saveRolePermission',
    {
      ...guarded,
      schema: {
        body: {
          type: 'object',
          required: ['roleId'],
          properties: {
            roleId: { type: 'string', minLength: 1, maxLength: 64 },
            permissionIds: { type: 'string', maxLength: 200_000 },
            lastpermissionIds: { type: 'string', maxLength: 200_000 },
          },
        },
      },
    },
    async (request) => {
      const { roleId } = request.body;
      const wanted = new Set(idList(request.body.permissionIds));
      // JeecgBoot saves the difference between what the drawer loaded and what it sends; without
      // the loaded ids the sent ones are the whole grant.
      const last = request.body.lastpermissionIds === undefined ? undefined : new Set(idList(request.body.lastpermissionIds));
      await inTransaction(app.db, async (trx) => {
        if (!(await roleExists(trx, roleId))) throw new BusinessError(ROLE_NOT_FOUND);
        if (wanted.size > 0) {
          const known = new Set(
            (await trx.selectFrom('sys_permission').select('id').where('id', 'in', [...wanted]).where('del_flag', '=', 0).execute()).map((r) => r.id),
          );
          const unknown = [...wanted].filter((id) => !known.has(id));
          if (unknown.length > 0) throw new BusinessError(`菜单或按钮不存在：${unknown.slice(0, 5).join('、')}${unknown.length > 5 ? ' 等' : ''}，未保存任何授权`);
        }
        const held = new Set(
          (await trx.selectFrom('sys_role_permission').select('permission_id').where('role_id', '=', roleId).execute()).map((r) => r.permission_id),
        );
        const removing = [...held].filter((id) => !wanted.has(id) && (last === undefined || last.has(id)));
        const adding = [...wanted].filter((id) => !held.has(id));
        if (removing.length > 0) {
          await trx.deleteFrom('sys_role_permission').where('role_id', '=', roleId).where('permission_id', 'in', removing).execute();
        }
        if (adding.length > 0) {
          await trx
            .insertInto('sys_role_permission')
            .values(adding.map((permissionId) => ({ id: newId(), role_id: roleId, permission_id: permissionId })))
            .execute();
        }
      });
      return okMessage('保存成功！');
    },
  );
};
