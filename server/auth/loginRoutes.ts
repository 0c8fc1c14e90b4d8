import type { FastifyPluginAsync } from 'fastify';
import { BusinessError, ok, okMessage, type Envelope } from '../http/envelope';
import { consumeCaptcha, issueCaptcha, type CaptchaCodeSource } from './captcha';
import { tokenOf } from './guard';
import { verifyAgainstNobody, verifyPassword } from './password';
import { clearCounter, lockedFor, lockedMessage, recordFailure, takeAccountTurn, TOO_FREQUENT_MESSAGE } from './throttle';
import { createSession, revokeSession } from './sessions';
import { loadUserDeparts, loadUserInfo, settleLoginDepart } from './userInfo';
import { logSignIn } from '../sys/log/loginLog';
import { ALL_TENANTS_FROZEN_MESSAGE } from '../../runtime/contract/tenantUse';
import { tenantIdsOf, usableTenantsOf } from './tenants';

export interface LoginRoutesOptions {
  /** false with CAPTCHA=off: automated clients sign in without solving one. */
  captcha: boolean;
  captchaCode: CaptchaCodeSource;
}

interface LoginBody {
  username: string;
  password: string;
  captcha?: string;
  checkKey?: string;
}

/** The same answer for an unknown user and a wrong password (JeecgBoot's wrong-password text). */
export const WRONG_CREDENTIALS_MESSAGE = '用户名或密码错误';

const CHECK_KEY = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' } as const;

export const loginRoutes: FastifyPluginAsync<LoginRoutesOptions> = async (app, opts) => {
  // JeecgBoot answers this one with code 0, not 200; clients read `success` and `result`.
  app.get<{ Params: { key: string } }>(
    '/sys/randomImage/:key',
    {
      config: { anonymous: true },
      schema: {
        params: { type: 'object', required: ['key'], properties: { key: CHECK_KEY } },
        querystring: { type: 'object', properties: { _t: { type: 'string' } } },
      },
    },
    async (request): Promise<Envelope<string>> => {
      const image = await issueCaptcha(app.db, request.params.key, opts.captchaCode(), request.ip);
      if (image === undefined) throw new BusinessError(TOO_FREQUENT_MESSAGE);
      return { success: true, message: '', code: 0, result: image, timestamp: Date.now() };
    },
  );

  app.post<{ Body: LoginBody }>(
    '/sys/login',
    {
      config: { anonymous: true },
      // 登录日志: every attempt, its outcome read from the answer (server/sys/log/loginLog.ts).
      onSend: logSignIn,
      schema: {
        body: {
          type: 'object',
          required: ['username', 'password'],
          properties: {
            username: { type: 'string', minLength: 1, maxLength: 100 },
            password: { type: 'string', minLength: 1, maxLength: 128 },
            captcha: { type: 'string', maxLength: 16 },
            checkKey: { type: 'string', maxLength: 64 },
            remember_me: { type: 'boolean' },
          },
        },
      },
    },
    async (request) => {
      const { username, password, captcha, checkKey } = request.body;
      const db = app.db;
      if (opts.captcha) {
        if (!captcha) throw new BusinessError('验证码无效');
        if (!(await consumeCaptcha(db, checkKey ?? '', captcha))) throw new BusinessError('验证码错误', 412);
      }

      // Throttling comes first and never depends on whether the username exists (its answers
      // would otherwise tell which ones do).
      const address = request.ip;
      const ipLock = await lockedFor(db, { scope: 'login-ip', subject: '*', address });
      if (ipLock > 0) throw new BusinessError(TOO_FREQUENT_MESSAGE);
      const pairLock = await lockedFor(db, { scope: 'login', subject: username, address });
      if (pairLock > 0) throw new BusinessError(lockedMessage(pairLock));
      if (!(await takeAccountTurn(db, username))) throw new BusinessError(TOO_FREQUENT_MESSAGE);

      const user = await db
        .selectFrom('sys_user')
        .select(['id', 'password', 'status', 'del_flag', 'org_code', 'rel_tenant_ids'])
        .where('username', '=', username)
        .executeTakeFirst();
      // An unknown user costs a password check too and gets the wrong-password answer.
      const rightPassword = user ? await verifyPassword(user.password, password) : await verifyAgainstNobody(password);
      if (!user || !rightPassword) {
        const locked = await recordFailure(db, { scope: 'login', subject: username, address });
        await recordFailure(db, { scope: 'login-ip', subject: '*', address });
        await recordFailure(db, { scope: 'login-acct', subject: username });
        throw new BusinessError(locked > 0 ? lockedMessage(locked) : WRONG_CREDENTIALS_MESSAGE);
      }
      await clearCounter(db, { scope: 'login', subject: username, address });
      await clearCounter(db, { scope: 'login-acct', subject: username });
      // Only who knows the password learns that the account is closed.
      if (user.del_flag === 1) throw new BusinessError('该用户已注销');
      if (user.status === 2) throw new BusinessError('该用户已冻结');
      // JeecgBoot: a user whose tenants are all frozen (here: or out of their dates) cannot sign in.
      const tenants = await usableTenantsOf(db, tenantIdsOf(user.rel_tenant_ids));
      if (tenants.recorded > 0 && tenants.usable.length === 0) throw new BusinessError(ALL_TENANTS_FROZEN_MESSAGE);

      const session = await createSession(db, user.id, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      const departs = await loadUserDeparts(db, user.id);
      const multiDepart = await settleLoginDepart(db, user.id, user.org_code, departs);
      return ok(
        {
          token: session.token,
          userInfo: await loadUserInfo(db, user.id),
          sysAllDictItems: await app.dictionaries.all(),
          dictVersion: await app.dictionaries.version(),
          departs,
          multi_depart: multiDepart,
          tenantList: tenants.usable,
        },
        '登录成功',
      );
    },
  );

  // Anonymous like JeecgBoot: a client whose session already ended can still sign out cleanly.
  app.post(
    '/sys/logout',
    {
      config: { anonymous: true },
      schema: { querystring: { type: 'object', properties: { token: { type: 'string' } } } },
    },
    async (request) => {
      await revokeSession(app.db, tokenOf(request));
      return okMessage('退出登录成功！');
    },
  );
};
