import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { BusinessError, ok } from '../../http/envelope';
import { logSignIn } from '../../sys/log/loginLog';
import { TOO_FREQUENT_MESSAGE } from '../throttle';
import { finishSignIn, SIGN_IN_ACCOUNT_COLUMNS } from '../signInAnswer';
import { linkAccount, linkedUser } from './accountLink';
import { accountByPassword } from '../accountByPassword';
import { dropBindTicket, issueTicket, randomSecret, readBindTicket, saveFlow, takeFlow, takeLoginTicket, FLOW_LIFETIME_MS } from './loginFlow';
import { OIDC_THIRD_TYPE, OidcClient } from './oidcClient';
import type { CasSettings, OidcSettings } from './thirdConfig';
import { casLoginUrl } from './casValidate';

export interface ThirdLoginRoutesOptions {
  oidc: OidcSettings | undefined;
  cas: CasSettings | undefined;
}

/** The web app's third-party page (spec §2): it finishes every way in that comes back from elsewhere. */
export const THIRD_LOGIN_PAGE = '/oauth2-app/login';
const FLOW_COOKIE = 'lossdesk_third_flow';

export const THIRD_LOGIN_TEXTS = {
  notConfigured: '未配置第三方登录',
  ticketGone: '登录信息已失效，请重新登录',
  bindGone: '绑定信息已失效，请重新进行第三方登录',
  alreadyBound: '该第三方账号已绑定其他用户，请重新进行第三方登录',
} as const;

/** Why a callback sends the browser back without a ticket (the web app shows the Chinese text). */
export type ThirdLoginError = 'state' | 'denied' | 'failed' | 'unavailable';

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

const TICKET = { type: 'string', minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' } as const;

/**
 * 第三方登录 through the OpenID Connect provider of OIDC_* (JeecgBoot's /sys/thirdLogin paths):
 * - GET /sys/thirdLogin/providers: which ways in the login page offers (no secrets);
 * - GET /sys/thirdLogin/render/oidc: starts a flow, sends the browser to the provider;
 * - GET /sys/thirdLogin/oidc/callback: checks the answer (state in this browser, PKCE, ID token and
 *   nonce), then sends the browser to /oauth2-app/login with a login ticket (a linked user) or a bind
 *   ticket (nobody yet), or with thirdError;
 * - GET /sys/thirdLogin/getLoginUser/{ticket}/{thirdType}: the login answer, as a password sign-in's;
 * - GET /sys/thirdLogin/bindInfo/{ticket}, POST /sys/thirdLogin/user/bind: bind the provider account
 *   to an existing user by its username and password, then sign in.
 * All anonymous (as JeecgBoot's /sys/thirdLogin/**); sign-ins are logged in 登录日志.
 */
export const thirdLoginRoutes: FastifyPluginAsync<ThirdLoginRoutesOptions> = async (app, opts) => {
  const oidc = opts.oidc ? new OidcClient(opts.oidc) : undefined;
  const secureCookie = opts.oidc?.redirectUri.protocol === 'https:';
  const cookiePath = `${app.prefix}/sys/thirdLogin`;

  const backToApp = (reply: FastifyReply, params: Record<string, string>) =>
    reply.redirect(`${THIRD_LOGIN_PAGE}?${new URLSearchParams(params).toString()}`, 302);

  app.get('/sys/thirdLogin/providers', { config: { anonymous: true }, schema: { querystring: { type: 'object', properties: { _t: { type: 'string' } } } } }, async () =>
    ok({
      oidc: opts.oidc ? { name: opts.oidc.displayName } : null,
      cas: opts.cas ? { loginUrl: casLoginUrl(opts.cas) } : null,
    }),
  );

  app.get('/sys/thirdLogin/render/oidc', { config: { anonymous: true }, schema: { querystring: { type: 'object', properties: {} } } }, async (request, reply) => {
    // A navigation, not a request: answer with the page that says so rather than a JSON envelope.
    if (!oidc) return backToApp(reply, { thirdError: 'unavailable' satisfies ThirdLoginError });
    let started: Awaited<ReturnType<OidcClient['start']>>;
    try {
      started = await oidc.start();
    } catch (err) {
      request.log.warn({ err }, '第三方登录：无法读取身份提供方的配置');
      return backToApp(reply, { thirdError: 'unavailable' satisfies ThirdLoginError });
    }
    const browserSecret = randomSecret();
    if (!(await saveFlow(app.db, { ...started, browserSecret }))) throw new BusinessError(TOO_FREQUENT_MESSAGE);
    // Lax: the provider's redirect back is a top-level GET, which carries it; other sites' requests do not.
    reply.header(
      'set-cookie',
      `${FLOW_COOKIE}=${browserSecret}; Path=${cookiePath}; Max-Age=${FLOW_LIFETIME_MS / 1000}; HttpOnly; SameSite=Lax${secureCookie ? '; Secure' : ''}`,
    );
    return reply.redirect(started.url.href, 302);
  });

  app.get<{ Querystring: Record<string, string> }>(
    '/sys/thirdLogin/oidc/callback',
    {
      config: { anonymous: true },
      // The provider's answer: code, state, iss, session_state or error, error_description…
      schema: { querystring: { type: 'object', additionalProperties: { type: 'string', maxLength: 4096 } } },
    },
    async (request, reply) => {
      if (!oidc) throw new BusinessError(THIRD_LOGIN_TEXTS.notConfigured);
      reply.header('set-cookie', `${FLOW_COOKIE}=; Path=${cookiePath}; Max-Age=0; HttpOnly; SameSite=Lax${secureCookie ? '; Secure' : ''}`);
      const query = new URLSearchParams(request.query);
      const flow = await takeFlow(app.db, query.get('state') ?? '', cookieOf(request, FLOW_COOKIE));
      if (!flow) return backToApp(reply, { thirdError: 'state' satisfies ThirdLoginError });
      if (query.has('error')) return backToApp(reply, { thirdError: 'denied' satisfies ThirdLoginError });
      let identity;
      try {
        identity = await oidc.finish(query, { state: query.get('state') ?? '', ...flow });
      } catch (err) {
        request.log.warn({ err }, '第三方登录：身份提供方的应答未通过校验');
        return backToApp(reply, { thirdError: 'failed' satisfies ThirdLoginError });
      }
      const userId = await linkedUser(app.db, identity, identity.emailVerified);
      if (userId) {
        const ticket = await issueTicket(app.db, { kind: 'login', thirdType: OIDC_THIRD_TYPE, userId });
        return backToApp(reply, { oauth2LoginToken: ticket, thirdType: OIDC_THIRD_TYPE });
      }
      const ticket = await issueTicket(app.db, { kind: 'bind', identity });
      return backToApp(reply, { bindToken: ticket, thirdType: OIDC_THIRD_TYPE });
    },
  );

  app.get<{ Params: { token: string; thirdType: string } }>(
    '/sys/thirdLogin/getLoginUser/:token/:thirdType',
    {
      config: { anonymous: true },
      onSend: logSignIn,
      schema: {
        params: { type: 'object', required: ['token', 'thirdType'], properties: { token: TICKET, thirdType: { type: 'string', maxLength: 32 } } },
        querystring: { type: 'object', properties: { _t: { type: 'string' } } },
      },
    },
    async (request) => {
      const userId = await takeLoginTicket(app.db, request.params.token, request.params.thirdType);
      if (!userId) throw new BusinessError(THIRD_LOGIN_TEXTS.ticketGone);
      const user = await app.db.selectFrom('sys_user').select(SIGN_IN_ACCOUNT_COLUMNS).where('id', '=', userId).executeTakeFirst();
      if (!user) throw new BusinessError(THIRD_LOGIN_TEXTS.ticketGone);
      return finishSignIn(app, request, user);
    },
  );

  app.get<{ Params: { token: string } }>(
    '/sys/thirdLogin/bindInfo/:token',
    {
      config: { anonymous: true },
      schema: { params: { type: 'object', required: ['token'], properties: { token: TICKET } }, querystring: { type: 'object', properties: { _t: { type: 'string' } } } },
    },
    async (request) => {
      const identity = await readBindTicket(app.db, request.params.token);
      if (!identity) throw new BusinessError(THIRD_LOGIN_TEXTS.bindGone);
      return ok({ realname: identity.realname, email: identity.email, providerName: opts.oidc?.displayName ?? '' });
    },
  );

  app.post<{ Body: { token: string; username: string; password: string } }>(
    '/sys/thirdLogin/user/bind',
    {
      config: { anonymous: true },
      onSend: logSignIn,
      schema: {
        body: {
          type: 'object',
          required: ['token', 'username', 'password'],
          properties: { token: TICKET, username: { type: 'string', minLength: 1, maxLength: 100 }, password: { type: 'string', minLength: 1, maxLength: 128 } },
        },
      },
    },
    async (request) => {
      const { token, password } = request.body;
      const username = request.body.username.trim();
      const identity = await readBindTicket(app.db, token);
      if (!identity) throw new BusinessError(THIRD_LOGIN_TEXTS.bindGone);
      const account = await accountByPassword(app.db, username, password, request.ip);
      if (account.del_flag === 0 && account.status === 1) {
        if (!(await dropBindTicket(app.db, token))) throw new BusinessError(THIRD_LOGIN_TEXTS.bindGone);
        if (!(await linkAccount(app.db, account.id, identity))) throw new BusinessError(THIRD_LOGIN_TEXTS.alreadyBound);
      }
      // A closed or frozen account is refused here with its reason, and nothing is linked.
      return finishSignIn(app, request, account);
    },
  );
};
