import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { BusinessError, ok, okMessage } from '../http/envelope';
import { SIGNED_IN } from '../http/routeConfig';
import { currentUser } from './guard';
import { hashPassword, verifyPassword } from './password';
import { newPasswordError } from './passwordPolicy';
import { revokeOtherSessions } from './sessions';
import { clearCounter, lockedFor, passwordLockedMessage, recordFailure } from './throttle';
import { loadUserDeparts, loadUserInfo } from './userInfo';
import { inTransaction } from '../db/transaction';

const signedIn = { permission: SIGNED_IN } as const;

interface SelectDepartBody {
  orgCode: string;
  username?: string;
}

interface UpdatePasswordBody {
  username: string;
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

/** The signed-in user's own account: departments, current department, password. */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/sys/user/getCurrentUserDeparts',
    { config: signedIn, schema: { querystring: { type: 'object', properties: { _t: { type: 'string' } } } } },
    async (request) => {
      const user = currentUser(request);
      const list = await loadUserDeparts(app.db, user.userId);
      const { org_code } = await app.db
        .selectFrom('sys_user')
        .select('org_code')
        .where('id', '=', user.userId)
        .executeTakeFirstOrThrow();
      return ok({ list, orgCode: org_code });
    },
  );

  app.route<{ Body: SelectDepartBody }>({
    method: ['POST', 'PUT'],
    url: '/sys/selectDepart',
    config: signedIn,
    schema: {
      body: {
        type: 'object',
        required: ['orgCode'],
        properties: {
          orgCode: { type: 'string', minLength: 1, maxLength: 64 },
          username: { type: 'string', maxLength: 100 },
        },
      },
    },
    handler: async (request) => {
      const user = currentUser(request);
      const { orgCode, username } = request.body;
      if (username && username !== user.username) throw new BusinessError('只能切换自己的部门');
      const departs = await loadUserDeparts(app.db, user.userId);
      if (!departs.some((d) => d.orgCode === orgCode)) throw new BusinessError('所选部门不属于当前用户');
      await app.db.updateTable('sys_user').set({ org_code: orgCode }).where('id', '=', user.userId).execute();
      return ok({ userInfo: await loadUserInfo(app.db, user.userId) });
    },
  });

  app.route<{ Body: UpdatePasswordBody }>({
    method: ['POST', 'PUT'],
    url: '/sys/user/updatePassword',
    config: signedIn,
    schema: {
      body: {
        type: 'object',
        required: ['username', 'oldpassword', 'password', 'confirmpassword'],
        properties: {
          username: { type: 'string', maxLength: 100 },
          oldpassword: { type: 'string', maxLength: 128 },
          password: { type: 'string', maxLength: 128 },
          confirmpassword: { type: 'string', maxLength: 128 },
        },
      },
    },
    handler: async (request) => {
      const user = currentUser(request);
      const { username, oldpassword, password, confirmpassword } = request.body;
      if (username !== user.username) throw new BusinessError('只允许修改自己的密码！');
      // Old-password guesses are limited: a session in the wrong hands must not find the password.
      const limit = { scope: 'password', subject: user.userId } as const;
      const locked = await lockedFor(app.db, limit);
      if (locked > 0) throw new BusinessError(passwordLockedMessage(locked));
      const { password: stored } = await app.db
        .selectFrom('sys_user')
        .select('password')
        .where('id', '=', user.userId)
        .executeTakeFirstOrThrow();
      if (!(await verifyPassword(stored, oldpassword))) {
        const lockedNow = await recordFailure(app.db, limit);
        throw new BusinessError(lockedNow > 0 ? passwordLockedMessage(lockedNow) : '旧密码输入错误');
      }
      await clearCounter(app.db, limit);
      if (password === '') throw new BusinessError('新密码不允许为空！');
      const refused = newPasswordError(password, confirmpassword);
      if (refused) throw new BusinessError(refused);
      const hash = await hashPassword(password);
      // One transaction: a new password never stands while the old sessions live on.
      await inTransaction(app.db, async (trx) => {
        await trx
          .updateTable('sys_user')
          .set({ password: hash, update_by: user.username, update_time: sql<string>`now()` })
          .where('id', '=', user.userId)
          .execute();
        // Whoever else holds a session of this account (a stolen token, another browser) is out.
        await revokeOtherSessions(trx, user.userId, user.tokenHash);
      });
      return okMessage('密码修改成功！该账号在其他地方的登录已退出');
    },
  });
};

