import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { BusinessError, ok, okMessage } from '../http/envelope';
import { usernameError } from '../../runtime/validation/signInForms';
import { PATTERNS } from '../../runtime/validation/patterns';
import { hashPassword } from './password';
import { newPasswordError } from './passwordPolicy';
import { checkedMobile, checkedSmsCode, REGISTRATION_CLOSED_MESSAGE, WRONG_SMS_CODE_MESSAGE } from './smsRoutes';
import { takeCode } from './smsCodes';
import { registrationOpen } from '../sys/setting/settings';

export const USERNAME_TAKEN_MESSAGE = '用户名已注册';
export const PHONE_REGISTERED_MESSAGE = '该手机号已注册';
export const EMAIL_TAKEN_MESSAGE = '邮箱已被注册';
export const REGISTERED_MESSAGE = '注册成功，请等待管理员审核';
const FROZEN = 2;

interface RegisterBody {
  username?: string;
  password?: string;
  confirmPassword?: string;
  phone?: string;
  smscode?: string;
  email?: string;
}

/**
 * 注册 (POST /sys/user/register), open only while 系统设置's 开放注册 is on (read on every request). The newcomer's account is created
 * frozen, with no role and no department: it waits in 用户管理 until an administrator unfreezes it
 * (the approval) and gives it its roles. Username and phone are checked first (JeecgBoot's order), so a
 * taken name does not use up the code.
 */
export const registerRoutes: FastifyPluginAsync = async (app) => {
  // The 注册 page asks before it shows its form.
  app.get(
    '/sys/user/registerOpen',
    { config: { anonymous: true }, schema: { querystring: { type: 'object', properties: { _t: { type: 'string' } } } } },
    async () => ok(await registrationOpen(app.db)),
  );

  app.post<{ Body: RegisterBody }>(
    '/sys/user/register',
    {
      config: { anonymous: true },
      schema: {
        body: {
          type: 'object',
          properties: {
            username: { type: 'string', maxLength: 100 },
            password: { type: 'string', maxLength: 128 },
            confirmPassword: { type: 'string', maxLength: 128 },
            phone: { type: 'string', maxLength: 32 },
            smscode: { type: 'string', maxLength: 16 },
            email: { type: 'string', maxLength: 45 },
          },
        },
      },
    },
    async (request) => {
      if (!(await registrationOpen(app.db))) throw new BusinessError(REGISTRATION_CLOSED_MESSAGE);
      const body = request.body;
      const username = (body.username ?? '').trim();
      const nameError = usernameError(username);
      if (nameError) throw new BusinessError(nameError);
      const password = body.password ?? '';
      const refused = newPasswordError(password, body.confirmPassword);
      if (refused) throw new BusinessError(refused);
      const phone = checkedMobile(body.phone);
      const code = checkedSmsCode(body.smscode);
      const email = body.email?.trim() || null;
      if (email !== null && !PATTERNS.email.regex.test(email)) throw new BusinessError(PATTERNS.email.message);

      const db = app.db;
      if (await db.selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirst()) throw new BusinessError(USERNAME_TAKEN_MESSAGE);
      if (await db.selectFrom('sys_user').select('id').where('phone', '=', phone).executeTakeFirst()) throw new BusinessError(PHONE_REGISTERED_MESSAGE);
      if (email !== null && (await db.selectFrom('sys_user').select('id').where('email', '=', email).executeTakeFirst())) throw new BusinessError(EMAIL_TAKEN_MESSAGE);
      if (!(await takeCode(db, { phone, purpose: 'register', code, now: app.now() }))) throw new BusinessError(WRONG_SMS_CODE_MESSAGE);

      await db
        .insertInto('sys_user')
        .values({
          id: crypto.randomUUID().replaceAll('-', ''),
          username,
          realname: username,
          password: await hashPassword(password),
          phone,
          email,
          status: FROZEN,
          del_flag: 0,
          create_by: username,
        })
        .execute();
      return okMessage(REGISTERED_MESSAGE);
    },
  );
};
