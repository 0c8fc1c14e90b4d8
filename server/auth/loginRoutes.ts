import type { FastifyPluginAsync } from 'fastify';
import { BusinessError, okMessage, type Envelope } from '../http/envelope';
import { consumeCaptcha, issueCaptcha, type CaptchaCodeSource } from './captcha';
import { tokenOf } from './guard';
import { accountByPassword } from './accountByPassword';
import { TOO_FREQUENT_MESSAGE } from './throttle';
import { revokeSession } from './sessions';
import { logSignIn } from '../sys/log/loginLog';
import { finishSignIn } from './signInAnswer';

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
  /** 记住我; JeecgBoot's web app sends it, JeecgBoot ignores it. Absent: remembered. */
  remember_me?: boolean;
}

/** The same answer for an unknown user and a wrong password (JeecgBoot's wrong-password text). */
export { WRONG_CREDENTIALS_MESSAGE } from './accountByPassword';

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

      const user = await accountByPassword(db, username, password, request.ip);
      return finishSignIn(app, request, user, { remember: request.body.remember_me });
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
