/**
 * 租户用户 (the 用户 row action of 租户管理): `GET /sys/tenant/tenantUserList?tenantId=`, `POST
 * /sys/tenant/addTenantUser {tenantId, userIdList}`, `DELETE /sys/tenant/deleteTenantUser?tenantId=&userId=`
 * and `deleteTenantUserBatch?tenantId=&userIds=`, behind tenant:users. Membership is
 * sys_user.rel_tenant_ids, the column 用户管理's 租户 field edits; a removed user's next request in the
 * tenant is refused (the guard reads the relation on every request).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { idList } from '../../crud/entity/context';
import { escapeLike } from '../../crud/query/conditions';
import type { DB } from '../../db/types';
import { inTransaction } from '../../db/transaction';
import { BusinessError, ok, okMessage } from '../../http/envelope';
import { addMembers, listsTenant, removeMembers } from './tenantMembers';

const TENANT_USERS = 'tenant:users';
const MAX_PAGE_SIZE = 100;
const TENANT_NOT_FOUND = '未找到对应租户';
const tenantIdParam = { type: 'string', pattern: '^[0-9]{1,9}$' } as const;
const userId = { type: 'string', minLength: 1, maxLength: 64 } as const;

async function requireTenant(db: Kysely<DB>, tenantId: number): Promise<void> {
  if (!(await db.selectFrom('sys_tenant').select('id').where('id', '=', tenantId).executeTakeFirst())) throw new BusinessError(TENANT_NOT_FOUND);
}

export const tenantUserRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { tenantId: string; username?: string; pageNo?: string; pageSize?: string } }>(
    '/sys/tenant/tenantUserList',
    {
      config: { permission: TENANT_USERS },
      schema: {
        querystring: {
          type: 'object',
          required: ['tenantId'],
          properties: {
            tenantId: tenantIdParam,
            username: { type: 'string', maxLength: 100 },
            pageNo: { type: 'string', pattern: '^[0-9]{1,6}$' },
            pageSize: { type: 'string', pattern: '^[0-9]{1,6}$' },
            _t: { type: 'string' },
          },
        },
      },
    },
    async (request) => {
      const tenantId = Number(request.query.tenantId);
      await requireTenant(app.db, tenantId);
      const pageNo = Math.max(1, Number(request.query.pageNo ?? 1));
      const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Number(request.query.pageSize ?? 10)));
      const username = (request.query.username ?? '').replace(/^\*|\*$/g, '').trim();
      const base = app.db
        .selectFrom('sys_user as u')
        .where('u.del_flag', '=', 0)
        .where(listsTenant(tenantId))
        .$if(username !== '', (q) => q.where('u.username', 'like', `%${escapeLike(username)}%`));
      const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
      const rows = await base
        .select(['u.id', 'u.username', 'u.realname', 'u.phone', 'u.email', 'u.status'])
        .orderBy('u.username')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute();
      const count = Number(total);
      return ok({ records: rows, total: count, size: pageSize, current: pageNo, pages: Math.ceil(count / pageSize) });
    },
  );

  app.post<{ Body: { tenantId: number | string; userIdList: string[] } }>(
    '/sys/tenant/addTenantUser',
    {
      config: { permission: TENANT_USERS },
      schema: {
        body: {
          type: 'object',
          required: ['tenantId', 'userIdList'],
          properties: {
            tenantId: { anyOf: [{ type: 'integer', minimum: 1, maximum: 999_999_999 }, tenantIdParam] },
            userIdList: { type: 'array', minItems: 1, maxItems: 1000, items: userId },
          },
        },
      },
    },
    async (request) => {
      const tenantId = Number(request.body.tenantId);
      await inTransaction(app.db, async (trx) => {
        await requireTenant(trx, tenantId);
        await addMembers(trx, tenantId, [...new Set(request.body.userIdList)]);
      });
      return okMessage('添加成功！');
    },
  );

  const remove = async (tenantId: number, userIds: string[]) => {
    if (userIds.length === 0) throw new BusinessError('请选择用户');
    await requireTenant(app.db, tenantId);
    await removeMembers(app.db, tenantId, userIds);
    return okMessage('删除成功！');
  };
  app.delete<{ Querystring: { tenantId: string; userId: string } }>(
    '/sys/tenant/deleteTenantUser',
    { config: { permission: TENANT_USERS }, schema: { querystring: { type: 'object', required: ['tenantId', 'userId'], properties: { tenantId: tenantIdParam, userId } } } },
    async (request) => remove(Number(request.query.tenantId), [request.query.userId]),
  );
  app.delete<{ Querystring: { tenantId: string; userIds: string } }>(
    '/sys/tenant/deleteTenantUserBatch',
    {
      config: { permission: TENANT_USERS },
      schema: { querystring: { type: 'object', required: ['tenantId', 'userIds'], properties: { tenantId: tenantIdParam, userIds: { type: 'string', minLength: 1, maxLength: 66_000 } } } },
    },
    async (request) => remove(Number(request.query.tenantId), idList(request.query.userIds)),
  );
};
