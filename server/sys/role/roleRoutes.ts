/**
 * 角色管理's endpoints beside the generic CRUD of schemas/pages/sys/role.json: `GET /sys/role/queryall`
 * (every role, for role pickers; role:list) and the role's users at JeecgBoot's paths — `GET
 * /sys/user/userRoleList?roleId=`, `POST /sys/user/addSysUserRole {roleId, userIdList}`, `DELETE
 * /sys/user/deleteUserRole?roleId=&userId=` and `deleteUserRoleBatch?roleId=&userIds=` — behind
 * role:users (the 用户 row action's code). Adding checks every user first: one unknown id adds nobody.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { idList } from '../../crud/entity/context';
import { escapeLike } from '../../crud/query/conditions';
import { newId } from '../../db/ids';
import type { DB } from '../../db/types';
import { inTransaction } from '../../db/transaction';
import { BusinessError, ok, okMessage } from '../../http/envelope';
import { ROLE_NOT_FOUND } from '../permission/rolePermissionRoutes';

export const ROLE_USERS = 'role:users';
const MAX_PAGE_SIZE = 100;

const id = { type: 'string', minLength: 1, maxLength: 64 } as const;

async function requireRole(db: Kysely<DB>, roleId: string): Promise<void> {
  if (!(await db.selectFrom('sys_role').select('id').where('id', '=', roleId).executeTakeFirst())) throw new BusinessError(ROLE_NOT_FOUND);
}

interface UserRoleQuery {
  roleId: string;
  username?: string;
  realname?: string;
  pageNo?: string;
  pageSize?: string;
}

export const roleRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/sys/role/queryall',
    { config: { permission: 'role:list' }, schema: { querystring: { type: 'object', properties: { _t: { type: 'string' } } } } },
    async () => {
      const rows = await app.db.selectFrom('sys_role').select(['id', 'role_name', 'role_code', 'description']).orderBy('create_time').orderBy('id').execute();
      return ok(rows.map((r) => ({ id: r.id, roleName: r.role_name, roleCode: r.role_code, description: r.description })));
    },
  );

  app.get<{ Querystring: UserRoleQuery }>(
    '/sys/user/userRoleList',
    {
      config: { permission: ROLE_USERS },
      schema: {
        querystring: {
          type: 'object',
          required: ['roleId'],
          properties: {
            roleId: id,
            username: { type: 'string', maxLength: 100 },
            realname: { type: 'string', maxLength: 100 },
            pageNo: { type: 'string', pattern: '^[0-9]{1,6}$' },
            pageSize: { type: 'string', pattern: '^[0-9]{1,6}$' },
            _t: { type: 'string' },
          },
        },
      },
    },
    async (request) => {
      const { roleId } = request.query;
      await requireRole(app.db, roleId);
      const pageNo = Math.max(1, Number(request.query.pageNo ?? 1));
      const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Number(request.query.pageSize ?? 10)));
      const like = (value: string | undefined) => `%${escapeLike((value ?? '').replace(/^\*|\*$/g, '').trim())}%`;
      const base = app.db
        .selectFrom('sys_user_role as ur')
        .innerJoin('sys_user as u', 'u.id', 'ur.user_id')
        .where('ur.role_id', '=', roleId)
        .where('u.del_flag', '=', 0)
        .$if(!!request.query.username?.trim(), (q) => q.where('u.username', 'like', like(request.query.username)))
        .$if(!!request.query.realname?.trim(), (q) => q.where('u.realname', 'like', like(request.query.realname)));
      const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
      const rows = await base
        .select(['u.id', 'u.username', 'u.realname', 'u.sex', 'u.phone', 'u.email', 'u.status'])
        .orderBy('u.username')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute();
      const count = Number(total);
      return ok({ records: rows, total: count, size: pageSize, current: pageNo, pages: Math.ceil(count / pageSize) });
    },
  );

  app.post<{ Body: { roleId: string; userIdList: string[] } }>(
    '/sys/user/addSysUserRole',
    {
      config: { permission: ROLE_USERS },
      schema: {
        body: {
          type: 'object',
          required: ['roleId', 'userIdList'],
          properties: { roleId: id, userIdList: { type: 'array', minItems: 1, maxItems: 1000, items: id } },
        },
      },
    },
    async (request) => {
      const { roleId } = request.body;
      const userIds = [...new Set(request.body.userIdList)];
      await inTransaction(app.db, async (trx) => {
        await requireRole(trx, roleId);
        const known = new Set(
          (await trx.selectFrom('sys_user').select('id').where('id', 'in', userIds).where('del_flag', '=', 0).execute()).map((r) => r.id),
        );
        const unknown = userIds.filter((u) => !known.has(u));
        if (unknown.length > 0) throw new BusinessError(`用户不存在：${unknown.slice(0, 5).join('、')}，未添加任何用户`);
        const held = new Set(
          (await trx.selectFrom('sys_user_role').select('user_id').where('role_id', '=', roleId).where('user_id', 'in', userIds).execute()).map((r) => r.user_id),
        );
        const adding = userIds.filter((u) => !held.has(u));
        if (adding.length > 0) {
          await trx.insertInto('sys_user_role').values(adding.map((userId) => ({ id: newId(), user_id: userId, role_id: roleId }))).execute();
        }
      });
      return okMessage('添加成功！');
    },
  );

  const remove = async (roleId: string, userIds: string[]) => {
    if (userIds.length === 0) throw new BusinessError('请选择用户');
    await requireRole(app.db, roleId);
    await app.db.deleteFrom('sys_user_role').where('role_id', '=', roleId).where('user_id', 'in', userIds).execute();
    return okMessage('删除成功！');
  };
  app.delete<{ Querystring: { roleId: string; userId: string } }>(
    '/sys/user/deleteUserRole',
    { config: { permission: ROLE_USERS }, schema: { querystring: { type: 'object', required: ['roleId', 'userId'], properties: { roleId: id, userId: id } } } },
    async (request) => remove(request.query.roleId, [request.query.userId]),
  );
  app.delete<{ Querystring: { roleId: string; userIds: string } }>(
    '/sys/user/deleteUserRoleBatch',
    {
      config: { permission: ROLE_USERS },
      schema: { querystring: { type: 'object', required: ['roleId', 'userIds'], properties: { roleId: id, userIds: { type: 'string', minLength: 1, maxLength: 66_000 } } } },
    },
    async (request) => remove(request.query.roleId, idList(request.query.userIds)),
  );
};
