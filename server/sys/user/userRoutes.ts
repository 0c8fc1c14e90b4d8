import { sql } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';
import { currentUser } from '../../auth/guard';
import { hashPassword } from '../../auth/password';
import { newPasswordError } from '../../auth/passwordPolicy';
import { idList } from '../../crud/entity/context';
import { BusinessError, ok, okMessage } from '../../http/envelope';
import { signOutUsers } from './signOutUsers';

/** Permission codes of 用户管理's own calls (buttons under its menu item, schemas/seed/menus.json). */
export const USER_PERMISSIONS = {
  list: 'user:list',
  frozen: 'user:frozen',
  changePassword: 'user:changePassword',
} as const;

export const SELF_FREEZE_MESSAGE = '不能冻结当前登录的用户';
const NORMAL = 1;
const FROZEN = 2;

/**
 * 用户管理's calls that the generic page endpoints cannot serve (app-shell §7 "User"): JeecgBoot's
 * paths and parameters, each behind its permission code (checkOnlyUser is anonymous in JeecgBoot's
 * ShiroConfig). Add, edit, list, delete and the recycle bin are the page's generic endpoints
 * (schemas/pages/sys/user.json, with server/sys/user/userHooks.ts).
 */
export const userRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { username?: string; phone?: string; email?: string; id?: string } }>(
    '/sys/user/checkOnlyUser',
    {
      config: { anonymous: true },
      schema: {
        querystring: {
          type: 'object',
          properties: {
            username: { type: 'string', maxLength: 100 },
            phone: { type: 'string', maxLength: 45 },
            email: { type: 'string', maxLength: 45 },
            id: { type: 'string', maxLength: 32 },
            _t: { type: 'string' },
          },
        },
      },
    },
    async (request) => {
      const { username, phone, email, id } = request.query;
      if (!username && !phone && !email) throw new BusinessError('请输入要校验的账号');
      let qb = app.db.selectFrom('sys_user').select('id');
      if (username) qb = qb.where('username', '=', username);
      if (phone) qb = qb.where('phone', '=', phone);
      if (email) qb = qb.where('email', '=', email);
      // The user being edited does not collide with itself.
      if (id) qb = qb.where('id', '!=', id);
      const taken = await qb.executeTakeFirst();
      if (taken) return { success: false, message: '用户账号已存在', code: 500, result: false, timestamp: Date.now() };
      return ok(true, '该值可用！');
    },
  );

  app.get<{ Querystring: { userid: string } }>(
    '/sys/user/queryUserRole',
    {
      config: { permission: USER_PERMISSIONS.list },
      schema: {
        querystring: { type: 'object', required: ['userid'], properties: { userid: { type: 'string', minLength: 1, maxLength: 32 }, _t: { type: 'string' } } },
      },
    },
    async (request) => {
      const rows = await app.db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', request.query.userid).orderBy('id').execute();
      return ok(rows.map((r) => r.role_id));
    },
  );

  app.put<{ Body: { ids: string; status: string | number } }>(
    '/sys/user/frozenBatch',
    {
      config: { permission: USER_PERMISSIONS.frozen },
      schema: {
        body: {
          type: 'object',
          required: ['ids', 'status'],
          properties: { ids: { type: 'string', minLength: 1, maxLength: 100_000 }, status: { anyOf: [{ type: 'string', enum: ['1', '2'] }, { type: 'integer', enum: [1, 2] }] } },
        },
      },
    },
    async (request) => {
      const ids = idList(request.body.ids);
      if (ids.length === 0) throw new BusinessError('请选择用户');
      const status = Number(request.body.status) === FROZEN ? FROZEN : NORMAL;
      const me = currentUser(request);
      if (status === FROZEN && ids.includes(me.userId)) throw new BusinessError(SELF_FREEZE_MESSAGE);
      const changed = await app.db
        .updateTable('sys_user')
        .set({ status, update_by: me.username, update_time: sql<string>`now()` })
        .where('id', 'in', ids)
        .where('del_flag', '=', 0)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0) throw new BusinessError('未找到对应用户');
      if (status === FROZEN) await signOutUsers(app, ids);
      request.log.info({ ids, status, by: me.username }, status === FROZEN ? '管理员冻结了用户' : '管理员解冻了用户');
      return okMessage(status === FROZEN ? '冻结成功！' : '解冻成功！');
    },
  );

  app.put<{ Body: { username?: string; id?: string; password?: string; newPassword?: string; confirmpassword?: string } }>(
    '/sys/user/changePassword',
    {
      config: { permission: USER_PERMISSIONS.changePassword },
      schema: {
        body: {
          type: 'object',
          properties: {
            username: { type: 'string', maxLength: 100 },
            id: { type: 'string', maxLength: 32 },
            password: { type: 'string', maxLength: 200 },
            newPassword: { type: 'string', maxLength: 200 },
            confirmpassword: { type: 'string', maxLength: 200 },
          },
        },
      },
    },
    async (request) => {
      const { username, id, confirmpassword } = request.body;
      // JeecgBoot sends password; the page's 修改密码 form sends its field newPassword.
      const password = request.body.password ?? request.body.newPassword ?? '';
      if (!username && !id) throw new BusinessError('请选择用户');
      if (!password) throw new BusinessError('请输入新密码!');
      const refused = newPasswordError(password, confirmpassword);
      if (refused) throw new BusinessError(refused);
      let qb = app.db.selectFrom('sys_user').select(['id', 'username']).where('del_flag', '=', 0);
      qb = username ? qb.where('username', '=', username) : qb.where('id', '=', id as string);
      const user = await qb.executeTakeFirst();
      if (!user) throw new BusinessError('用户不存在！');
      const me = currentUser(request);
      await app.db
        .updateTable('sys_user')
        .set({ password: await hashPassword(password), update_by: me.username, update_time: sql<string>`now()` })
        .where('id', '=', user.id)
        .execute();
      // Whoever knew the old password is out; an administrator setting their own keeps this session.
      await signOutUsers(app, [user.id], user.id === me.userId ? me.tokenHash : undefined);
      request.log.info({ username: user.username, by: me.username }, '管理员修改了用户密码');
      return okMessage('密码修改成功！');
    },
  );
};
