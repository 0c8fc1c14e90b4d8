/**
 * 部门权限 and the grants of 部门角色 at JeecgBoot's paths. A department is granted menus and buttons
 * (`GET /sys/permission/queryDepartPermission?departId=`, `POST saveDepartPermission {departId,
 * permissionIds, lastpermissionIds}`, behind depart:authorize, with the whole tree at
 * `/sys/sysDepartPermission/queryTreeList`); its roles may be granted only what it holds
 * (`queryTreeListForDeptRole?departId=` answers that part of the tree, `queryDeptRolePermission?roleId=`
 * and `saveDeptRolePermission {roleId, permissionIds, lastpermissionIds}`, behind departRole:authorize).
 * Taking a grant from a department takes it from the department's roles too. Each save is one
 * transaction and checks every id first: an unknown id, or one the department does not hold, changes nothing.
 */
import type { FastifyPluginAsync } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import { idList } from '../../crud/entity/context';
import { newId } from '../../db/ids';
import type { DB } from '../../db/types';
import { inTransaction } from '../../db/transaction';
import { BusinessError, ok, okMessage } from '../../http/envelope';
import { treeAnswer } from '../permission/rolePermissionRoutes';
import { grantChanges, keepGranted } from './grantTree';

export const DEPART_AUTHORIZE = 'depart:authorize';
export const DEPART_ROLE_AUTHORIZE = 'departRole:authorize';
export const DEPART_NOT_FOUND = '未找到对应部门';
export const DEPART_ROLE_NOT_FOUND = '部门角色不存在';

const id = { type: 'string', minLength: 1, maxLength: 64 } as const;
const ids = { type: 'string', maxLength: 200_000 } as const;

async function requireDepart(db: Kysely<DB>, departId: string): Promise<void> {
  const found = await db.selectFrom('sys_depart').select('id').where('id', '=', departId).where('del_flag', '=', '0').executeTakeFirst();
  if (!found) throw new BusinessError(DEPART_NOT_FOUND);
}

export async function requireDepartRole(db: Kysely<DB>, roleId: string): Promise<{ id: string; depart_id: string; role_name: string }> {
  const role = await db
    .selectFrom('sys_depart_role as r')
    .innerJoin('sys_depart as d', 'd.id', 'r.depart_id')
    .select(['r.id', 'r.depart_id', 'r.role_name'])
    .where('r.id', '=', roleId)
    .where('d.del_flag', '=', '0')
    .executeTakeFirst();
  if (!role) throw new BusinessError(DEPART_ROLE_NOT_FOUND);
  return role;
}

async function departGrants(db: Kysely<DB>, departId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sys_depart_permission as dp')
    .innerJoin('sys_permission as p', 'p.id', 'dp.permission_id')
    .select('dp.permission_id')
    .where('dp.depart_id', '=', departId)
    .where('p.del_flag', '=', 0)
    .execute();
  return rows.map((r) => r.permission_id);
}

function shortList(values: readonly string[]): string {
  return `${values.slice(0, 5).join('、')}${values.length > 5 ? ' 等' : ''}`;
}

async function refuseUnknown(trx: Transaction<DB>, wanted: ReadonlySet<string>): Promise<void> {
  if (wanted.size === 0) return;
  const known = new Set(
    (await trx.selectFrom('sys_permission').select('id').where('id', 'in', [...wanted]).where('del_flag', '=', 0).execute()).map((r) => r.id),
  );
  const unknown = [...wanted].filter((permissionId) => !known.has(permissionId));
  if (unknown.length > 0) throw new BusinessError(`菜单或按钮不存在：${shortList(unknown)}，未保存任何授权`);
}

/** JeecgBoot saves the difference from what the editor loaded; without the loaded ids the sent ones are the whole grant. */
function shownIds(last: string | undefined): Set<string> | undefined {
  return last === undefined ? undefined : new Set(idList(last));
}

interface DepartSave {
  departId: string;
  permissionIds?: string;
  lastpermissionIds?: string;
}

interface RoleSave {
  roleId: string;
  permissionIds?: string;
  lastpermissionIds?: string;
}

export const departPermissionRoutes: FastifyPluginAsync = async (app) => {
  const departGuard = { config: { permission: DEPART_AUTHORIZE } } as const;
  const roleGuard = { config: { permission: DEPART_ROLE_AUTHORIZE } } as const;
  const query = (required: string[], properties: Record<string, unknown>) =>
    ({ querystring: { type: 'object', required, properties: { ...properties, _t: { type: 'string' } } } }) as const;

  app.get('/sys/sysDepartPermission/queryTreeList', { ...departGuard, schema: query([], {}) }, async () => treeAnswer(app.db));

  app.get<{ Querystring: { departId: string } }>(
    '/sys/permission/queryDepartPermission',
    { ...departGuard, schema: query(['departId'], { departId: id }) },
    async (request) => {
      await requireDepart(app.db, request.query.departId);
      return ok(await departGrants(app.db, request.query.departId));
    },
  );

  app.post<{ Body: DepartSave }>(
    '/sys/permission/saveDepartPermission',
    {
      ...departGuard,
      schema: { body: { type: 'object', required: ['departId'], properties: { departId: id, permissionIds: ids, lastpermissionIds: ids } } },
    },
    async (request) => {
      const { departId } = request.body;
      const wanted = new Set(idList(request.body.permissionIds));
      await inTransaction(app.db, async (trx) => {
        await requireDepart(trx, departId);
        await refuseUnknown(trx, wanted);
        const held = new Set(
          (await trx.selectFrom('sys_depart_permission').select('permission_id').where('depart_id', '=', departId).execute()).map((r) => r.permission_id),
        );
        const { adding, removing } = grantChanges(held, wanted, shownIds(request.body.lastpermissionIds));
        if (removing.length > 0) {
          await trx.deleteFrom('sys_depart_permission').where('depart_id', '=', departId).where('permission_id', 'in', removing).execute();
          // What the department no longer holds, none of its roles may hold.
          await trx.deleteFrom('sys_depart_role_permission').where('depart_id', '=', departId).where('permission_id', 'in', removing).execute();
        }
        if (adding.length > 0) {
          await trx
            .insertInto('sys_depart_permission')
            .values(adding.map((permissionId) => ({ id: newId(), depart_id: departId, permission_id: permissionId })))
            .execute();
        }
      });
      return okMessage('保存成功！');
    },
  );

  app.get<{ Querystring: { departId: string } }>(
    '/sys/sysDepartPermission/queryTreeListForDeptRole',
    { ...roleGuard, schema: query(['departId'], { departId: id }) },
    async (request) => {
      await requireDepart(app.db, request.query.departId);
      const granted = new Set(await departGrants(app.db, request.query.departId));
      const whole = await treeAnswer(app.db);
      const treeList = keepGranted(whole.result.treeList, granted);
      return ok({ treeList, ids: whole.result.ids.filter((permissionId) => granted.has(permissionId)) });
    },
  );

  app.get<{ Querystring: { roleId: string } }>(
    '/sys/sysDepartPermission/queryDeptRolePermission',
    { ...roleGuard, schema: query(['roleId'], { roleId: id }) },
    async (request) => {
      await requireDepartRole(app.db, request.query.roleId);
      const rows = await app.db
        .selectFrom('sys_depart_role_permission as rp')
        .innerJoin('sys_permission as p', 'p.id', 'rp.permission_id')
        .select('rp.permission_id')
        .where('rp.role_id', '=', request.query.roleId)
        .where('p.del_flag', '=', 0)
        .execute();
      return ok(rows.map((r) => r.permission_id));
    },
  );

  app.post<{ Body: RoleSave }>(
    '/sys/sysDepartPermission/saveDeptRolePermission',
    {
      ...roleGuard,
      schema: { body: { type: 'object', required: ['roleId'], properties: { roleId: id, permissionIds: ids, lastpermissionIds: ids } } },
    },
    async (request) => {
      const { roleId } = request.body;
      const wanted = new Set(idList(request.body.permissionIds));
      await inTransaction(app.db, async (trx) => {
        const role = await requireDepartRole(trx, roleId);
        await refuseUnknown(trx, wanted);
        const departHolds = new Set(await departGrants(trx, role.depart_id));
        const outside = [...wanted].filter((permissionId) => !departHolds.has(permissionId));
        if (outside.length > 0) {
          const names = await trx.selectFrom('sys_permission').select('name').where('id', 'in', outside).execute();
          throw new BusinessError(`部门未获授权的菜单或按钮不能授予部门角色：${shortList(names.map((n) => n.name))}，未保存任何授权`);
        }
        const held = new Set(
          (await trx.selectFrom('sys_depart_role_permission').select('permission_id').where('role_id', '=', roleId).execute()).map((r) => r.permission_id),
        );
        const { adding, removing } = grantChanges(held, wanted, shownIds(request.body.lastpermissionIds));
        if (removing.length > 0) {
          await trx.deleteFrom('sys_depart_role_permission').where('role_id', '=', roleId).where('permission_id', 'in', removing).execute();
        }
        if (adding.length > 0) {
          await trx
            .insertInto('sys_depart_role_permission')
            .values(
              adding.map((permissionId) => ({
                id: newId(),
                depart_id: role.depart_id,
                role_id: roleId,
                permission_id: permissionId,
                operate_ip: request.ip,
                operate_date: sql<string>`now()`,
              })),
            )
            .execute();
        }
      });
      return okMessage('保存成功！');
    },
  );
};
