import type { FastifyPluginAsync } from 'fastify';
import { BusinessError, ok, okMessage, type Envelope } from '../http/envelope';
import { consumeCaptcha, issueCaptcha, type CaptchaCodeSource } from './captcha';
import { tokenOf } from './guard';
import { clearFailedLogins, lockedMessage, LOCK_DURATION_MS, minutesLocked, recordFailedLogin } from './lockout';
import { verifyPassword } from './password';
import { createSession, revokeSession } from './sessions';
import { loadUserDeparts, loadUserInfo, settleLoginDepart } from './userInfo';

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
      const image = await issueCaptcha(app.db, request.params.key, opts.captchaCode());
      return { success: true, message: '', code: 0, result: image, timestamp: Date.now() };
    },
  );

  app.post<{ Body: LoginBody }>(
    '/sys/login',
    {
      config: { anonymous: true },
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

      const user = await db
        .selectFrom('sys_user')
        .select(['id', 'password', 'status', 'del_flag', 'org_code', 'login_fail_count', 'locked_until'])
        .where('username', '=', username)
        .executeTakeFirst();
      if (!user) throw new BusinessError('该用户不存在，请注册');
      if (user.del_flag === 1) throw new BusinessError('该用户已注销');
      if (user.status === 2) throw new BusinessError('该用户已冻结');
      const lockedFor = minutesLocked(user.locked_until);
      if (lockedFor > 0) throw new BusinessError(lockedMessage(lockedFor));

      if (!(await verifyPassword(user.password, password))) {
        const lockedNow = await recordFailedLogin(db, user.id);
        throw new BusinessError(lockedNow ? lockedMessage(LOCK_DURATION_MS / 60_000) : '用户名或密码错误');
      }
      if (user.login_fail_count > 0 || user.locked_until) await clearFailedLogins(db, user.id);

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
          departs,
          multi_depart: multiDepart,
          tenantList: [],
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
