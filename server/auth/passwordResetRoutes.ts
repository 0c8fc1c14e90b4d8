import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { BusinessError, ok, okMessage } from '../http/envelope';
import { signOutUsers } from '../sys/user/signOutUsers';
import { usernameError } from '../../runtime/validation/signInForms';
import { hashPassword } from './password';
import { newPasswordError } from './passwordPolicy';
import { issueResetTicket, takeResetTicket } from './passwordReset';
import { checkedMobile, checkedSmsCode, WRONG_SMS_CODE_MESSAGE } from './smsRoutes';
import { takeCode } from './smsCodes';
import { unlockUser } from './throttle';

export const ACCOUNT_PHONE_MISMATCH_MESSAGE = '账号与绑定的手机号不匹配，无法重置密码';
export const RESET_EXPIRED_MESSAGE = '验证已失效，请重新获取验证码';
export const PASSWORD_RESET_MESSAGE = '密码重置完成！';

/**
 * 忘记密码 (/user/alteration): step 1 names the account (nothing is asked of the server, so nothing
 * tells whether it exists); step 2 proves the account's phone with a code (smsmode 2) and receives a
 * one-use ticket (POST /sys/user/phoneVerification); step 3 sets the new password with the ticket
 * (POST /sys/user/passwordChange — JeecgBoot sends it by GET with the password in the URL; here the
 * body) and ends every session of the account; step 4 says so.
 */
export const passwordResetRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: { username?: string; phone?: string; smscode?: string } }>(
    '/sys/user/phoneVerification',
    {
      config: { anonymous: true },
      schema: {
        body: {
          type: 'object',
          properties: {
            username: { type: 'string', maxLength: 100 },
            phone: { type: 'string', maxLength: 32 },
            smscode: { type: 'string', maxLength: 16 },
          },
        },
      },
    },
    async (request) => {
      const username = (request.body.username ?? '').trim();
      const nameError = usernameError(username);
      if (nameError) throw new BusinessError(nameError);
      const phone = checkedMobile(request.body.phone);
      const code = checkedSmsCode(request.body.smscode);
      if (!(await takeCode(app.db, { phone, purpose: 'reset', code, now: app.now() }))) throw new BusinessError(WRONG_SMS_CODE_MESSAGE);
      // Only who holds the phone gets this far, and learns no more than whether it is this account's.
      const user = await app.db
        .selectFrom('sys_user')
        .select(['id', 'username'])
        .where('username', '=', username)
        .where('phone', '=', phone)
        .where('del_flag', '=', 0)
        .executeTakeFirst();
      if (!user) throw new BusinessError(ACCOUNT_PHONE_MISMATCH_MESSAGE);
      return ok({ username: user.username, ticket: await issueResetTicket(app.db, user.id, app.now()) });
    },
  );

  app.post<{ Body: { username?: string; ticket?: string; password?: string; confirmPassword?: string } }>(
    '/sys/user/passwordChange',
    {
      config: { anonymous: true },
      schema: {
        body: {
          type: 'object',
          properties: {
            username: { type: 'string', maxLength: 100 },
            ticket: { type: 'string', maxLength: 128 },
            password: { type: 'string', maxLength: 128 },
            confirmPassword: { type: 'string', maxLength: 128 },
          },
        },
      },
    },
    async (request) => {
      const { username = '', ticket = '', password = '', confirmPassword } = request.body;
      if (password === '') throw new BusinessError('新密码不允许为空！');
      const refused = newPasswordError(password, confirmPassword);
      if (refused) throw new BusinessError(refused);
      const userId = ticket ? await takeResetTicket(app.db, ticket, app.now()) : undefined;
      const user = userId
        ? await app.db.selectFrom('sys_user').select(['id', 'username']).where('id', '=', userId).executeTakeFirst()
        : undefined;
      if (!user || user.username !== username.trim()) throw new BusinessError(RESET_EXPIRED_MESSAGE);
      const hash = await hashPassword(password);
      await app.db
        .updateTable('sys_user')
        .set({ password: hash, update_by: user.username, update_time: sql<string>`now()` })
        .where('id', '=', user.id)
        .execute();
      // Whoever held a session of the account (perhaps the reason for the reset) is out, sockets too,
      // and the sign-in limits of the account start afresh.
      await signOutUsers(app, [user.id]);
      await unlockUser(app.db, user.username, user.id);
      return okMessage(PASSWORD_RESET_MESSAGE);
    },
  );
};
