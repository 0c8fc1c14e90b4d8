import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BusinessError, ok, type Envelope } from '../http/envelope';
import { ALL_TENANTS_FROZEN_MESSAGE } from '../../runtime/contract/tenantUse';
import { createSession } from './sessions';
import { tenantIdsOf, usableTenantsOf } from './tenants';
import { loadUserDeparts, loadUserInfo, settleLoginDepart } from './userInfo';

/** The columns of sys_user a sign-in needs once the user has proved who they are. */
export const SIGN_IN_ACCOUNT_COLUMNS = ['id', 'username', 'status', 'del_flag', 'org_code', 'rel_tenant_ids'] as const;

/** A sys_user row read with SIGN_IN_ACCOUNT_COLUMNS. */
export interface SignInAccount {
  id: string;
  username: string;
  status: number;
  del_flag: number;
  org_code: string | null;
  rel_tenant_ids: string | null;
}

export interface SignInOptions {
  /** 记住我 unticked: a short session (server/auth/sessions.ts UNREMEMBERED_SESSION_MS). Default remembered. */
  remember?: boolean;
}

type SignInResult = Awaited<ReturnType<typeof signInResult>>;

async function signInResult(app: FastifyInstance, request: FastifyRequest, user: SignInAccount, options: SignInOptions) {
  const db = app.db;
  // JeecgBoot: a user whose tenants are all frozen (here: or out of their dates) cannot sign in.
  const tenants = await usableTenantsOf(db, tenantIdsOf(user.rel_tenant_ids));
  if (tenants.recorded > 0 && tenants.usable.length === 0) throw new BusinessError(ALL_TENANTS_FROZEN_MESSAGE);

  const session = await createSession(db, user.id, {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    remember: options.remember,
    now: app.now(),
  });
  const departs = await loadUserDeparts(db, user.id);
  const multiDepart = await settleLoginDepart(db, user.id, user.org_code, departs);
  return {
    token: session.token,
    userInfo: await loadUserInfo(db, user.id),
    sysAllDictItems: await app.dictionaries.all(),
    dictVersion: await app.dictionaries.version(),
    departs,
    multi_depart: multiDepart,
    tenantList: tenants.usable,
  };
}

/**
 * Finishes a sign-in once the user has proved who they are (password, phone code, OpenID Connect,
 * CAS): refuses a closed or frozen account and one whose tenants are all unusable, opens the session
 * and answers what the web app stores (token, userInfo, dictionaries, departments, tenants).
 * Every way in ends here, so they all answer alike; the route adds `onSend: logSignIn` for 登录日志.
 */
export async function finishSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  user: SignInAccount,
  options: SignInOptions = {},
): Promise<Envelope<SignInResult>> {
  // Only who has proved the identity learns that the account is closed.
  if (user.del_flag === 1) throw new BusinessError('该用户已注销');
  if (user.status === 2) throw new BusinessError('该用户已冻结');
  return ok(await signInResult(app, request, user, options), '登录成功');
}
