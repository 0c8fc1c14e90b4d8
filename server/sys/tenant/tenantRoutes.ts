/**
 * 租户管理 at JeecgBoot's paths (SysTenantController): `GET /sys/tenant/list`, `queryById`, `queryList`
 * (tenant:list), `POST add` (tenant:add), `PUT edit` (tenant:edit), `DELETE delete`, `deleteBatch`
 * (tenant:delete), and `GET getCurrentUserTenant` for every signed-in user (the header's tenant switch).
 * The id is JeecgBoot's integer 租户编号: given on add, or the next free one. A tenant that still has
 * users is not deleted (the answer names them), so no user keeps a relation to a tenant that is gone.
 */
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { currentTenant, currentUser } from '../../auth/guard';
import { tenantIdsOf, usableTenantsOf } from '../../auth/tenants';
import { escapeLike } from '../../crud/query/conditions';
import { inTransaction } from '../../db/transaction';
import { BusinessError, ok, okMessage } from '../../http/envelope';
import { SIGNED_IN } from '../../http/routeConfig';
import { membersOf } from './tenantMembers';
import { TENANT_BODY, tenantColumns, tenantRecord, type TenantInput } from './tenantRecords';
import { tenantUserRoutes } from './tenantUserRoutes';

export const TENANT_PERMISSIONS = { list: 'tenant:list', add: 'tenant:add', edit: 'tenant:edit', delete: 'tenant:delete', users: 'tenant:users' } as const;

export const TENANT_NOT_FOUND = '未找到对应租户';
const MAX_PAGE_SIZE = 100;
const SORTABLE: Readonly<Record<string, 'id' | 'name' | 'begin_date' | 'end_date' | 'status' | 'create_time'>> = {
  id: 'id',
  name: 'name',
  beginDate: 'begin_date',
  endDate: 'end_date',
  status: 'status',
  createTime: 'create_time',
};

const tenantId = { type: 'string', pattern: '^[0-9]{1,9}$' } as const;

function idsOf(text: string): number[] {
  const ids = tenantIdsOf(text);
  if (ids.length === 0) throw new BusinessError('请选择租户');
  return ids;
}

interface ListQuery {
  name?: string;
  status?: string;
  id?: string;
  pageNo: number;
  pageSize: number;
  column?: string;
  order?: string;
}

export const tenantRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: ListQuery }>(
    '/sys/tenant/list',
    {
      config: { permission: TENANT_PERMISSIONS.list },
      schema: {
        querystring: {
          type: 'object',
          properties: {
            name: { type: 'string', maxLength: 100 },
            status: { type: 'string', pattern: '^[01]?$' },
            id: { type: 'string', pattern: '^[0-9]{0,9}$' },
            pageNo: { type: 'integer', minimum: 1, maximum: 100_000_000, default: 1 },
            pageSize: { type: 'integer', minimum: 1, default: 10 },
            column: { type: 'string', maxLength: 64 },
            order: { type: 'string', maxLength: 10 },
            _t: { type: 'string' },
          },
        },
      },
    },
    async (request) => {
      const { name, status, id, pageNo } = request.query;
      const pageSize = Math.min(request.query.pageSize, MAX_PAGE_SIZE);
      // JeecgBoot's query bar sends a like value as *text*.
      const nameText = (name ?? '').replace(/^\*|\*$/g, '').trim();
      const base = app.db
        .selectFrom('sys_tenant')
        .$if(nameText !== '', (q) => q.where('name', 'like', `%${escapeLike(nameText)}%`))
        .$if(!!status, (q) => q.where('status', '=', Number(status)))
        .$if(!!id, (q) => q.where('id', '=', Number(id)));
      const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
      const column = SORTABLE[request.query.column ?? ''] ?? 'id';
      const direction = request.query.order === 'desc' ? 'desc' : 'asc';
      const rows = await base.selectAll().orderBy(column, direction).orderBy('id').limit(pageSize).offset((pageNo - 1) * pageSize).execute();
      const count = Number(total);
      return ok({ records: rows.map(tenantRecord), total: count, size: pageSize, current: pageNo, pages: Math.ceil(count / pageSize) });
    },
  );

  app.get<{ Querystring: { id: string } }>(
    '/sys/tenant/queryById',
    { config: { permission: TENANT_PERMISSIONS.list }, schema: { querystring: { type: 'object', required: ['id'], properties: { id: tenantId, _t: { type: 'string' } } } } },
    async (request) => {
      const row = await app.db.selectFrom('sys_tenant').selectAll().where('id', '=', Number(request.query.id)).executeTakeFirst();
      if (!row) throw new BusinessError(TENANT_NOT_FOUND);
      return ok(tenantRecord(row));
    },
  );

  // JeecgBoot's queryList: the tenants of status 正常 (all, or those of `ids`), for tenant selects.
  app.get<{ Querystring: { ids?: string } }>(
    '/sys/tenant/queryList',
    {
      config: { permission: TENANT_PERMISSIONS.list },
      schema: { querystring: { type: 'object', properties: { ids: { type: 'string', maxLength: 2000 }, _t: { type: 'string' } } } },
    },
    async (request) => {
      const ids = tenantIdsOf(request.query.ids);
      const rows = await app.db
        .selectFrom('sys_tenant')
        .selectAll()
        .where('status', '=', 1)
        .$if(ids.length > 0, (q) => q.where('id', 'in', ids))
        .orderBy('id')
        .execute();
      return ok(rows.map(tenantRecord));
    },
  );

  app.post<{ Body: TenantInput }>(
    '/sys/tenant/add',
    { config: { permission: TENANT_PERMISSIONS.add }, schema: { body: TENANT_BODY } },
    async (request) => {
      const columns = tenantColumns(request.body);
      const by = currentUser(request).username;
      const created = await inTransaction(app.db, async (trx) => {
        // One add at a time picks the next id (PostgreSQL: two concurrent adds would pick the same).
        await sql`LOCK TABLE sys_tenant IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
        let id = request.body.id;
        if (id === undefined) {
          const { top } = await trx.selectFrom('sys_tenant').select((eb) => eb.fn.max('id').as('top')).executeTakeFirstOrThrow();
          id = Number(top ?? 0) + 1;
        } else if (await trx.selectFrom('sys_tenant').select('id').where('id', '=', id).executeTakeFirst()) {
          throw new BusinessError(`租户编号 ${id} 已存在`);
        }
        return trx.insertInto('sys_tenant').values({ id, ...columns, create_by: by }).returningAll().executeTakeFirstOrThrow();
      });
      return ok(tenantRecord(created), '添加成功！');
    },
  );

  app.put<{ Body: TenantInput & { id: number } }>(
    '/sys/tenant/edit',
    { config: { permission: TENANT_PERMISSIONS.edit }, schema: { body: { ...TENANT_BODY, required: ['id', 'name'] } } },
    async (request) => {
      const columns = tenantColumns(request.body);
      const updated = await app.db
        .updateTable('sys_tenant')
        .set({ ...columns, update_by: currentUser(request).username, update_time: sql<string>`now()` })
        .where('id', '=', request.body.id)
        .returning('id')
        .executeTakeFirst();
      if (!updated) throw new BusinessError(TENANT_NOT_FOUND);
      return okMessage('编辑成功!');
    },
  );

  const remove = async (ids: number[]) => {
    const members = await membersOf(app.db, ids);
    if (members.count > 0) {
      const more = members.count > members.names.length ? ` 等${members.count}人` : '';
      throw new BusinessError(`租户下还有用户（${members.names.join('、')}${more}），请先移除用户再删除`);
    }
    const deleted = await app.db.deleteFrom('sys_tenant').where('id', 'in', ids).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw new BusinessError(TENANT_NOT_FOUND);
    return okMessage('删除成功!');
  };
  app.delete<{ Querystring: { id: string } }>(
    '/sys/tenant/delete',
    { config: { permission: TENANT_PERMISSIONS.delete }, schema: { querystring: { type: 'object', required: ['id'], properties: { id: tenantId } } } },
    async (request) => remove([Number(request.query.id)]),
  );
  app.delete<{ Querystring: { ids: string } }>(
    '/sys/tenant/deleteBatch',
    { config: { permission: TENANT_PERMISSIONS.delete }, schema: { querystring: { type: 'object', required: ['ids'], properties: { ids: { type: 'string', minLength: 1, maxLength: 2000 } } } } },
    async (request) => remove(idsOf(request.query.ids)),
  );

  // The header's tenant switch: the signed-in user's usable tenants and the one of this request.
  app.get(
    '/sys/tenant/getCurrentUserTenant',
    { config: { permission: SIGNED_IN }, schema: { querystring: { type: 'object', properties: { _t: { type: 'string' } } } } },
    async (request) => {
      const { usable } = await usableTenantsOf(app.db, currentUser(request).tenantIds);
      return ok({ list: usable, tenantId: currentTenant(request) });
    },
  );

  await app.register(tenantUserRoutes);
};
