import type { FastifyPluginAsync } from 'fastify';
import { BusinessError } from '../../http/envelope';
import { logSignIn } from '../../sys/log/loginLog';
import { finishSignIn, SIGN_IN_ACCOUNT_COLUMNS } from '../signInAnswer';
import { readCasAnswer, type CasAnswer } from './casResponse';
import type { CasSettings } from './thirdConfig';

export const CAS_TEXTS = {
  notConfigured: '未启用 CAS 单点登录',
  unreachable: 'CAS 单点登录服务暂时无法访问，请稍后重试',
  invalidTicket: '登录票据无效或已过期，请重新登录',
  unknownUser: '该账号在本系统中不存在，请联系管理员',
} as const;

const VALIDATE_TIMEOUT_MS = 10_000;

/** Where the web app sends the browser to sign in at CAS; CAS brings it back to the service URL with ?ticket=. */
export function casLoginUrl(cas: CasSettings): string {
  return `${cas.serverUrl.href.replace(/\/+$/, '')}/login?service=${encodeURIComponent(cas.serviceUrl.href)}`;
}

/** Asks the CAS server (CAS 2.0 /serviceValidate) whom a service ticket stands for. */
export async function validateTicket(cas: CasSettings, ticket: string): Promise<CasAnswer | undefined> {
  const url = new URL(`${cas.serverUrl.href.replace(/\/+$/, '')}/serviceValidate`);
  url.searchParams.set('ticket', ticket);
  url.searchParams.set('service', cas.serviceUrl.href);
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(VALIDATE_TIMEOUT_MS), redirect: 'error' });
    if (!response.ok) return undefined;
    return readCasAnswer(await response.text());
  } catch {
    return undefined;
  }
}

/**
 * GET /sys/cas/client/validateLogin?ticket= (JeecgBoot's CasClientController): the ticket is checked
 * at the CAS server of CAS_SERVER_URL for this site's CAS_SERVICE_URL — always the configured one,
 * whatever `service` the caller names, so a ticket issued to another site is refused by CAS — and the
 * CAS user is the lossdesk username. The answer is a password sign-in's (finishSignIn): a frozen or
 * closed account is refused with its reason. CAS creates no account.
 */
export const casRoutes: FastifyPluginAsync<{ cas: CasSettings | undefined }> = async (app, opts) => {
  app.get<{ Querystring: { ticket: string; service?: string } }>(
    '/sys/cas/client/validateLogin',
    {
      config: { anonymous: true },
      onSend: logSignIn,
      schema: {
        querystring: {
          type: 'object',
          required: ['ticket'],
          properties: {
            ticket: { type: 'string', minLength: 1, maxLength: 256, pattern: '^[A-Za-z0-9._-]+$' },
            service: { type: 'string', maxLength: 2048 },
            _t: { type: 'string' },
          },
        },
      },
    },
    async (request) => {
      if (!opts.cas) throw new BusinessError(CAS_TEXTS.notConfigured);
      const answer = await validateTicket(opts.cas, request.query.ticket);
      if (!answer) throw new BusinessError(CAS_TEXTS.unreachable);
      if (!answer.valid) {
        request.log.warn({ code: answer.code, detail: answer.detail }, 'CAS 票据未通过校验');
        throw new BusinessError(answer.code === 'MALFORMED' ? CAS_TEXTS.unreachable : CAS_TEXTS.invalidTicket);
      }
      const user = await app.db.selectFrom('sys_user').select(SIGN_IN_ACCOUNT_COLUMNS).where('username', '=', answer.user).executeTakeFirst();
      if (!user) throw new BusinessError(CAS_TEXTS.unknownUser);
      return finishSignIn(app, request, user);
    },
  );
};
