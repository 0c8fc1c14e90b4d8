import type { FastifyPluginAsync } from 'fastify';
import { BusinessError, okMessage } from '../http/envelope';
import { unlockUser } from './throttle';

/** The permission code of 解锁用户 (a button under 用户管理, schemas/seed/menus.json). */
export const UNLOCK_PERMISSION = 'user:unlock';

/**
 * `PUT {apiBase}/sys/user/unlock?username=`: an administrator lifts every sign-in lock of a user
 * (all addresses, and the account-wide slow-down) and the lock on changing the password.
 */
export const unlockRoutes: FastifyPluginAsync = async (app) => {
  app.put<{ Querystring: { username: string } }>(
    '/sys/user/unlock',
    {
      config: { permission: UNLOCK_PERMISSION },
      schema: {
        querystring: {
          type: 'object',
          required: ['username'],
          properties: { username: { type: 'string', minLength: 1, maxLength: 100 }, _t: { type: 'string' } },
        },
      },
    },
    async (request) => {
      const { username } = request.query;
      const user = await app.db.selectFrom('sys_user').select('id').where('username', '=', username).where('del_flag', '=', 0).executeTakeFirst();
      if (!user) throw new BusinessError('未找到对应用户');
      await unlockUser(app.db, username, user.id);
      request.log.info({ username, by: request.sessionUser?.username }, '管理员解除了用户的登录锁定');
      return okMessage('解锁成功！');
    },
  );
};
