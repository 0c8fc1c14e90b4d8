/**
 * A department's users in 部门管理 (JeecgBoot's SysUserController department calls), behind depart:users:
 * `GET /sys/user/departUserList?depId=` pages the department's own members (账号/姓名 search),
 * `POST /sys/user/editSysDepartWithUser {depId, userIdList}` adds existing users (all or none: one unknown
 * user adds nobody), `DELETE /sys/user/deleteUserInDepart?depId=&userId=` and `deleteUserInDepartBatch
 * ?depId=&userIds=` remove them — and with them their roles of that department (部门角色 belong to its
 * members only), in one transaction. A user whose current department (org_code) it was gets none.
 */
import type { FastifyPluginAsync } from 'fastify';
import { idList } from '../../crud/entity/context';
import { escapeLike } from '../../crud/query/conditions';
import { newId } from '../../db/ids';
import { inTransaction } from '../../db/transaction';
import { BusinessError, ok, okMessage } from '../../http/envelope';
import { DEPART_NOT_FOUND } from './departPermissionRoutes';

export const DEPART_USERS = 'depart:users';
const MAX_PAGE_SIZE = 100;

const id = { type: 'string', minLength: 1, maxLength: 64 } as const;
const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const page = { type: 'string', pattern: '^[0-9]{1,6}$' } as const;
const likeOf = (value: string) => `%${escapeLike(value.replace(/^\*|\*$/g, '').trim())}%`;

interface ListQuery {
  depId: string;
  username?: string;
  realname?: string;
  pageNo?: string;
  pageSize?: string;
}

export const departUserRoutes: FastifyPluginAsync = async (app) => {
  const guarded = { config: { permission: DEPART_USERS } } as const;
  const liveDepart = async (db: typeof app.db, departId: string) => {
    const depart = await db.selectFrom('sys_depart').select(['id', 'org_code']).where('id', '=', departId).where('del_flag', '=', '0').executeTakeFirst();
    if (!depart) throw new BusinessError(DEPART_NOT_FOUND);
    return depart;
  };

  app.get<{ Querystring: ListQuery }>(
    '/sys/user/departUserList',
    {
      ...guarded,
      schema: {
        querystring: {
          type: 'object',
          required: ['depId'],
          properties: { depId: id, username: text(100), realname: text(100), pageNo: page, pageSize: page, _t: { type: 'string' } },
        },
      },
    },
    async (request) => {
      const q = request.query;
      await liveDepart(app.db, q.depId);
      const pageNo = Math.max(1, Number(q.pageNo ?? 1));
      const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Number(q.pageSize ?? 10)));
      const base = app.db
        .selectFrom('sys_user_depart as ud')
        .innerJoin('sys_user as u', 'u.id', 'ud.user_id')
        .where('ud.dep_id', '=', q.depId)
        .where('u.del_flag', '=', 0)
        .$if(!!q.username?.trim(), (b) => b.where('u.username', 'like', likeOf(q.username ?? '')))
        .$if(!!q.realname?.trim(), (b) => b.where('u.realname', 'like', likeOf(q.realname ?? '')));
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

  app.post<{ Body: { depId: string; userIdList: string[] } }>(
    '/sys/user/editSysDepartWithUser',
    {
      ...guarded,
      schema: {
        body: { type: 'object', required: ['depId', 'userIdList'], properties: { depId: id, userIdList: { type: 'array', minItems: 1, maxItems: 1000, items: id } } },
      },
    },
    async (request) => {
      const userIds = [...new Set(request.body.userIdList)];
      await inTransaction(app.db, async (trx) => {
        await liveDepart(trx, request.body.depId);
        const known = new Set((await trx.selectFrom('sys_user').select('id').where('id', 'in', userIds).where('del_flag', '=', 0).execute()).map((r) => r.id));
        const unknown = userIds.filter((userId) => !known.has(userId));
        if (unknown.length > 0) throw new BusinessError(`用户不存在：${unknown.slice(0, 5).join('、')}，未添加任何用户`);
        const held = new Set(
          (await trx.selectFrom('sys_user_depart').select('user_id').where('dep_id', '=', request.body.depId).where('user_id', 'in', userIds).execute()).map(
            (r) => r.user_id,
          ),
        );
        const adding = userIds.filter((userId) => !held.has(userId));
        if (adding.length > 0) {
          await trx.insertInto('sys_user_depart').values(adding.map((userId) => ({ id: newId(), user_id: userId, dep_id: request.body.depId }))).execute();
        }
      });
      return okMessage('添加成功!');
    },
  );

  const remove = async (departId: string, userIds: string[]) => {
    if (userIds.length === 0) throw new BusinessError('请选择用户');
    await inTransaction(app.db, async (trx) => {
      const depart = await liveDepart(trx, departId);
      await trx.deleteFrom('sys_user_depart').where('dep_id', '=', departId).where('user_id', 'in', userIds).execute();
      await trx
        .deleteFrom('sys_depart_role_user')
        .where('user_id', 'in', userIds)
        .where('drole_id', 'in', trx.selectFrom('sys_depart_role').select('id').where('depart_id', '=', departId))
        .execute();
      await trx.updateTable('sys_user').set({ org_code: null }).where('id', 'in', userIds).where('org_code', '=', depart.org_code).execute();
    });
    return okMessage('删除成功!');
  };
  app.delete<{ Querystring: { depId: string; userId: string } }>(
    '/sys/user/deleteUserInDepart',
    { ...guarded, schema: { querystring: { type: 'object', required: ['depId', 'userId'], properties: { depId: id, userId: id } } } },
    async (request) => remove(request.query.depId, [request.query.userId]),
  );
  app.delete<{ Querystring: { depId: string; userIds: string } }>(
    '/sys/user/deleteUserInDepartBatch',
    { ...guarded, schema: { querystring: { type: 'object', required: ['depId', 'userIds'], properties: { depId: id, userIds: text(66_000) } } } },
    async (request) => remove(request.query.depId, idList(request.query.userIds)),
  );
};
