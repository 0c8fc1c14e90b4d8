/**
 * 部门角色 (JeecgBoot's SysDepartRoleController) — the page sys/sysDepartRole is served here
 * (`entity.servedBy: departRole`): `GET /sys/sysDepartRole/list?deptId=` (or `departId=`, the page's own
 * field) lists one department's roles; add / edit / delete / deleteBatch / queryById as JeecgBoot, behind
 * departRole:list|add|edit|delete. A role code is unique within its department; a role some user holds is
 * not deleted (the refusal names them). Holders, behind departRole:users: JeecgBoot's per-user calls
 * (`getDeptRoleList?departId=`, `getDeptRoleByUserId?userId=&departId=`, `deptRoleUserAdd {userId,
 * newRoleId, oldRoleId}`) and the role's users for the 用户 drawer (`roleUserList?roleId=`, `addRoleUsers
 * {roleId, userIdList}`, `deleteRoleUser?roleId=&userId=`, `deleteRoleUserBatch?roleId=&userIds=`). Only
 * members of the role's department may hold it; one refused user adds nobody.
 */
import type { FastifyPluginAsync } from 'fastify';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { currentUser } from '../../auth/guard';
import { idList } from '../../crud/entity/context';
import { escapeLike } from '../../crud/query/conditions';
import { newId } from '../../db/ids';
import type { DB, SysDepartRole } from '../../db/types';
import { inTransaction } from '../../db/transaction';
import { BusinessError, ok, okMessage } from '../../http/envelope';
import { DEPART_NOT_FOUND, requireDepartRole } from './departPermissionRoutes';

export const DEPART_ROLE_PERMISSIONS = {
  list: 'departRole:list',
  add: 'departRole:add',
  edit: 'departRole:edit',
  delete: 'departRole:delete',
  users: 'departRole:users',
} as const;

const MAX_PAGE_SIZE = 100;
const NAMED_HOLDERS = 5;
const ROLE_CODE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

const id = { type: 'string', minLength: 1, maxLength: 64 } as const;
const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const page = { type: 'string', pattern: '^[0-9]{1,6}$' } as const;

/** A department role as JeecgBoot's SysDepartRole serialises it. */
function asRecord(row: Selectable<SysDepartRole>) {
  return {
    id: row.id,
    departId: row.depart_id,
    roleName: row.role_name,
    roleCode: row.role_code,
    description: row.description,
    createBy: row.create_by,
    createTime: row.create_time,
    updateBy: row.update_by,
    updateTime: row.update_time,
  };
}

interface RoleInput {
  departId?: string;
  roleName: string;
  roleCode: string;
  description?: string | null;
}

const roleBody = {
  type: 'object',
  required: ['roleName', 'roleCode'],
  properties: { departId: id, roleName: text(200), roleCode: text(100), description: { type: ['string', 'null'], maxLength: 255 } },
} as const;

function columnsOf(input: RoleInput) {
  const roleName = input.roleName.trim();
  const roleCode = input.roleCode.trim();
  if (roleName.length < 2 || roleName.length > 30) throw new BusinessError('角色名称长度应为2到30个字符');
  if (!ROLE_CODE.test(roleCode)) throw new BusinessError('角色编码为字母开头的字母、数字或下划线，如 adjuster');
  const description = input.description?.trim() ?? '';
  if (description.length > 126) throw new BusinessError('描述不能超过126个字符');
  return { role_name: roleName, role_code: roleCode, description: description === '' ? null : description };
}

async function requireLiveDepart(db: Kysely<DB>, departId: string): Promise<void> {
  const found = await db.selectFrom('sys_depart').select('id').where('id', '=', departId).where('del_flag', '=', '0').executeTakeFirst();
  if (!found) throw new BusinessError(DEPART_NOT_FOUND);
}

async function refuseSameCode(trx: Transaction<DB>, departId: string, roleCode: string, exceptId?: string): Promise<void> {
  let query = trx.selectFrom('sys_depart_role').select('id').where('depart_id', '=', departId).where('role_code', '=', roleCode);
  if (exceptId) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw new BusinessError(`本部门已有角色编码「${roleCode}」`);
}

/** A held role stays: its holders would silently lose what it grants. */
async function refuseHeld(trx: Transaction<DB>, roleIds: readonly string[]): Promise<void> {
  for (const roleId of roleIds) {
    const holders = await trx
      .selectFrom('sys_depart_role_user as ru')
      .innerJoin('sys_user as u', 'u.id', 'ru.user_id')
      .innerJoin('sys_depart_role as r', 'r.id', 'ru.drole_id')
      .select(['u.username', 'r.role_name'])
      .where('ru.drole_id', '=', roleId)
      .where('u.del_flag', '=', 0)
      .orderBy('u.username')
      .execute();
    if (holders.length === 0) continue;
    const named = holders.slice(0, NAMED_HOLDERS).map((h) => h.username).join('、');
    const more = holders.length > NAMED_HOLDERS ? ` 等${holders.length}人` : '';
    throw new BusinessError(`部门角色「${holders[0].role_name}」正被用户 ${named}${more} 使用，不能删除`);
  }
}

/** Users among `userIds` who are not (live) members of the department. */
async function nonMembers(trx: Transaction<DB>, departId: string, userIds: readonly string[]): Promise<string[]> {
  const members = new Set(
    (
      await trx
        .selectFrom('sys_user_depart as ud')
        .innerJoin('sys_user as u', 'u.id', 'ud.user_id')
        .select('ud.user_id')
        .where('ud.dep_id', '=', departId)
        .where('ud.user_id', 'in', userIds)
        .where('u.del_flag', '=', 0)
        .execute()
    ).map((r) => r.user_id),
  );
  return userIds.filter((userId) => !members.has(userId));
}

async function refuseNonMembers(trx: Transaction<DB>, departId: string, userIds: readonly string[]): Promise<void> {
  const outside = await nonMembers(trx, departId, userIds);
  if (outside.length === 0) return;
  const known = await trx.selectFrom('sys_user').select(['id', 'username']).where('id', 'in', outside).execute();
  const names = outside.map((userId) => known.find((k) => k.id === userId)?.username ?? userId);
  throw new BusinessError(`用户 ${names.slice(0, NAMED_HOLDERS).join('、')} 不属于该部门，不能授予部门角色，未添加任何用户`);
}

interface ListQuery {
  deptId?: string;
  departId?: string;
  roleName?: string;
  roleCode?: string;
  pageNo?: string;
  pageSize?: string;
}

const likeOf = (value: string) => `%${escapeLike(value.replace(/^\*|\*$/g, '').trim())}%`;

function paging(q: { pageNo?: string; pageSize?: string }) {
  const pageNo = Math.max(1, Number(q.pageNo ?? 1));
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Number(q.pageSize ?? 10)));
  return { pageNo, pageSize };
}

export const departRoleRoutes: FastifyPluginAsync = async (app) => {
  const P = DEPART_ROLE_PERMISSIONS;

  app.get<{ Querystring: ListQuery }>(
    '/sys/sysDepartRole/list',
    {
      config: { permission: P.list },
      schema: {
        querystring: {
          type: 'object',
          properties: { deptId: text(64), departId: text(64), roleName: text(100), roleCode: text(100), pageNo: page, pageSize: page },
        },
      },
    },
    async (request) => {
      const q = request.query;
      const departId = (q.deptId ?? q.departId ?? '').trim();
      const { pageNo, pageSize } = paging(q);
      // JeecgBoot answers nothing without a department.
      if (departId === '') return ok({ records: [], total: 0, size: pageSize, current: pageNo, pages: 0 });
      const base = app.db
        .selectFrom('sys_depart_role')
        .where('depart_id', '=', departId)
        .$if(!!q.roleName?.trim(), (b) => b.where('role_name', 'like', likeOf(q.roleName ?? '')))
        .$if(!!q.roleCode?.trim(), (b) => b.where('role_code', 'like', likeOf(q.roleCode ?? '')));
      const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
      const rows = await base.selectAll().orderBy('create_time', 'desc').orderBy('id').limit(pageSize).offset((pageNo - 1) * pageSize).execute();
      const count = Number(total);
      return ok({ records: rows.map(asRecord), total: count, size: pageSize, current: pageNo, pages: Math.ceil(count / pageSize) });
    },
  );

  app.get<{ Querystring: { id: string } }>(
    '/sys/sysDepartRole/queryById',
    { config: { permission: P.list }, schema: { querystring: { type: 'object', required: ['id'], properties: { id, _t: { type: 'string' } } } } },
    async (request) => {
      const row = await app.db.selectFrom('sys_depart_role').selectAll().where('id', '=', request.query.id).executeTakeFirst();
      if (!row) throw new BusinessError('部门角色不存在');
      return ok(asRecord(row));
    },
  );

  app.post<{ Body: RoleInput }>(
    '/sys/sysDepartRole/add',
    { config: { permission: P.add }, schema: { body: { ...roleBody, required: ['departId', 'roleName', 'roleCode'] } } },
    async (request) => {
      const columns = columnsOf(request.body);
      const departId = String(request.body.departId);
      const created = await inTransaction(app.db, async (trx) => {
        await requireLiveDepart(trx, departId);
        await refuseSameCode(trx, departId, columns.role_code);
        const roleId = newId();
        await trx.insertInto('sys_depart_role').values({ id: roleId, depart_id: departId, create_by: currentUser(request).username, ...columns }).execute();
        return roleId;
      });
      return ok({ id: created }, '添加成功！');
    },
  );

  const edit = async (input: RoleInput & { id: string }, username: string) => {
    const columns = columnsOf(input);
    await inTransaction(app.db, async (trx) => {
      const role = await requireDepartRole(trx, input.id);
      // A role belongs to its department for good: its grants are bounded by that department's.
      if (input.departId !== undefined && input.departId !== role.depart_id) throw new BusinessError('部门角色不能改到其他部门');
      await refuseSameCode(trx, role.depart_id, columns.role_code, role.id);
      await trx.updateTable('sys_depart_role').set({ ...columns, update_by: username, update_time: sql<string>`now()` }).where('id', '=', role.id).execute();
    });
    return okMessage('编辑成功!');
  };
  const editSchema = { body: { ...roleBody, required: ['id', 'roleName', 'roleCode'], properties: { ...roleBody.properties, id } } };
  app.put<{ Body: RoleInput & { id: string } }>('/sys/sysDepartRole/edit', { config: { permission: P.edit }, schema: editSchema }, async (request) =>
    edit(request.body, currentUser(request).username),
  );
  app.post<{ Body: RoleInput & { id: string } }>('/sys/sysDepartRole/edit', { config: { permission: P.edit }, schema: editSchema }, async (request) =>
    edit(request.body, currentUser(request).username),
  );

  const remove = async (roleIds: string[]) => {
    if (roleIds.length === 0) throw new BusinessError('请选择要删除的部门角色');
    await inTransaction(app.db, async (trx) => {
      const found = await trx.selectFrom('sys_depart_role').select('id').where('id', 'in', roleIds).execute();
      if (found.length !== roleIds.length) throw new BusinessError('部门角色不存在');
      await refuseHeld(trx, roleIds);
      await trx.deleteFrom('sys_depart_role').where('id', 'in', roleIds).execute();
    });
    return okMessage('删除成功!');
  };
  app.delete<{ Querystring: { id: string } }>(
    '/sys/sysDepartRole/delete',
    { config: { permission: P.delete }, schema: { querystring: { type: 'object', required: ['id'], properties: { id } } } },
    async (request) => remove([request.query.id]),
  );
  app.delete<{ Querystring: { ids: string } }>(
    '/sys/sysDepartRole/deleteBatch',
    { config: { permission: P.delete }, schema: { querystring: { type: 'object', required: ['ids'], properties: { ids: text(66_000) } } } },
    async (request) => remove(idList(request.query.ids)),
  );

  // ---- holders ----

  app.get<{ Querystring: { departId: string; userId?: string } }>(
    '/sys/sysDepartRole/getDeptRoleList',
    {
      config: { permission: P.users },
      schema: { querystring: { type: 'object', required: ['departId'], properties: { departId: id, userId: text(64), _t: { type: 'string' } } } },
    },
    async (request) => {
      await requireLiveDepart(app.db, request.query.departId);
      const rows = await app.db.selectFrom('sys_depart_role').selectAll().where('depart_id', '=', request.query.departId).orderBy('create_time').orderBy('id').execute();
      return ok(rows.map(asRecord));
    },
  );

  app.get<{ Querystring: { userId: string; departId: string } }>(
    '/sys/sysDepartRole/getDeptRoleByUserId',
    {
      config: { permission: P.users },
      schema: { querystring: { type: 'object', required: ['userId', 'departId'], properties: { userId: id, departId: id, _t: { type: 'string' } } } },
    },
    async (request) => {
      const rows = await app.db
        .selectFrom('sys_depart_role_user as ru')
        .innerJoin('sys_depart_role as r', 'r.id', 'ru.drole_id')
        .select(['ru.id', 'ru.user_id', 'ru.drole_id'])
        .where('ru.user_id', '=', request.query.userId)
        .where('r.depart_id', '=', request.query.departId)
        .execute();
      return ok(rows.map((r) => ({ id: r.id, userId: r.user_id, droleId: r.drole_id })));
    },
  );

  app.post<{ Body: { userId: string; newRoleId?: string; oldRoleId?: string } }>(
    '/sys/sysDepartRole/deptRoleUserAdd',
    {
      config: { permission: P.users },
      schema: { body: { type: 'object', required: ['userId'], properties: { userId: id, newRoleId: text(66_000), oldRoleId: text(66_000) } } },
    },
    async (request) => {
      const { userId } = request.body;
      const wanted = idList(request.body.newRoleId);
      const shown = new Set(idList(request.body.oldRoleId));
      await inTransaction(app.db, async (trx) => {
        const user = await trx.selectFrom('sys_user').select('id').where('id', '=', userId).where('del_flag', '=', 0).executeTakeFirst();
        if (!user) throw new BusinessError('用户不存在');
        for (const roleId of wanted) {
          const role = await requireDepartRole(trx, roleId);
          await refuseNonMembers(trx, role.depart_id, [userId]);
        }
        const adding = wanted.filter((roleId) => !shown.has(roleId));
        const removing = [...shown].filter((roleId) => !wanted.includes(roleId));
        if (removing.length > 0) await trx.deleteFrom('sys_depart_role_user').where('user_id', '=', userId).where('drole_id', 'in', removing).execute();
        if (adding.length > 0) {
          const held = new Set(
            (await trx.selectFrom('sys_depart_role_user').select('drole_id').where('user_id', '=', userId).where('drole_id', 'in', adding).execute()).map((r) => r.drole_id),
          );
          const fresh = adding.filter((roleId) => !held.has(roleId));
          if (fresh.length > 0) await trx.insertInto('sys_depart_role_user').values(fresh.map((roleId) => ({ id: newId(), user_id: userId, drole_id: roleId }))).execute();
        }
      });
      return okMessage('添加成功！');
    },
  );

  app.get<{ Querystring: { roleId: string; username?: string; pageNo?: string; pageSize?: string } }>(
    '/sys/sysDepartRole/roleUserList',
    {
      config: { permission: P.users },
      schema: {
        querystring: { type: 'object', required: ['roleId'], properties: { roleId: id, username: text(100), pageNo: page, pageSize: page, _t: { type: 'string' } } },
      },
    },
    async (request) => {
      await requireDepartRole(app.db, request.query.roleId);
      const { pageNo, pageSize } = paging(request.query);
      const base = app.db
        .selectFrom('sys_depart_role_user as ru')
        .innerJoin('sys_user as u', 'u.id', 'ru.user_id')
        .where('ru.drole_id', '=', request.query.roleId)
        .where('u.del_flag', '=', 0)
        .$if(!!request.query.username?.trim(), (b) => b.where('u.username', 'like', likeOf(request.query.username ?? '')));
      const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
      const rows = await base
        .select(['u.id', 'u.username', 'u.realname', 'u.phone', 'u.email'])
        .orderBy('u.username')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute();
      const count = Number(total);
      return ok({ records: rows, total: count, size: pageSize, current: pageNo, pages: Math.ceil(count / pageSize) });
    },
  );

  app.post<{ Body: { roleId: string; userIdList: string[] } }>(
    '/sys/sysDepartRole/addRoleUsers',
    {
      config: { permission: P.users },
      schema: { body: { type: 'object', required: ['roleId', 'userIdList'], properties: { roleId: id, userIdList: { type: 'array', minItems: 1, maxItems: 1000, items: id } } } },
    },
    async (request) => {
      const userIds = [...new Set(request.body.userIdList)];
      await inTransaction(app.db, async (trx) => {
        const role = await requireDepartRole(trx, request.body.roleId);
        await refuseNonMembers(trx, role.depart_id, userIds);
        const held = new Set(
          (await trx.selectFrom('sys_depart_role_user').select('user_id').where('drole_id', '=', role.id).where('user_id', 'in', userIds).execute()).map((r) => r.user_id),
        );
        const adding = userIds.filter((userId) => !held.has(userId));
        if (adding.length > 0) await trx.insertInto('sys_depart_role_user').values(adding.map((userId) => ({ id: newId(), user_id: userId, drole_id: role.id }))).execute();
      });
      return okMessage('添加成功！');
    },
  );

  const removeHolders = async (roleId: string, userIds: string[]) => {
    if (userIds.length === 0) throw new BusinessError('请选择用户');
    await requireDepartRole(app.db, roleId);
    await app.db.deleteFrom('sys_depart_role_user').where('drole_id', '=', roleId).where('user_id', 'in', userIds).execute();
    return okMessage('删除成功！');
  };
  app.delete<{ Querystring: { roleId: string; userId: string } }>(
    '/sys/sysDepartRole/deleteRoleUser',
    { config: { permission: P.users }, schema: { querystring: { type: 'object', required: ['roleId', 'userId'], properties: { roleId: id, userId: id } } } },
    async (request) => removeHolders(request.query.roleId, [request.query.userId]),
  );
  app.delete<{ Querystring: { roleId: string; userIds: string } }>(
    '/sys/sysDepartRole/deleteRoleUserBatch',
    {
      config: { permission: P.users },
      schema: { querystring: { type: 'object', required: ['roleId', 'userIds'], properties: { roleId: id, userIds: text(66_000) } } },
    },
    async (request) => removeHolders(request.query.roleId, idList(request.query.userIds)),
  );
};
