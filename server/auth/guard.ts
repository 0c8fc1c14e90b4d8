import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail, NO_PERMISSION_MESSAGE, TOKEN_INVALID_MESSAGE } from '../http/envelope';
import { SIGNED_IN } from '../http/routeConfig';
import { permissionCodesOf } from './permissions';
import { findSessionUser, sessionPolicyOf, type SessionUser } from './sessions';
import { DEFAULT_TENANT, requestedTenant, tenantUseRefusal } from './tenants';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set by the auth guard on every route that is not anonymous. */
    sessionUser: SessionUser | null;
    /** The tenant of the request, checked by the guard against the user's tenants. */
    sessionTenantId: number;
  }
}

/** The caller's user on a route that requires a session (the guard has already refused others). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw new Error(`${request.url}: 路由未经登录校验却读取了当前用户`);
  return request.sessionUser;
}

/** The caller's tenant on a route that requires a session: one the user belongs to (or the default 0). */
export function currentTenant(request: FastifyRequest): number {
  currentUser(request);
  return request.sessionTenantId;
}

/** X-Access-Token header, or the `token` query parameter (downloads opened in a new window). */
export function tokenOf(request: FastifyRequest): string {
  const header = request.headers['x-access-token'];
  const fromHeader = (Array.isArray(header) ? header[0] : header)?.trim();
  if (fromHeader) return fromHeader;
  const query = new URL(request.url, 'http://localhost').searchParams.get('token');
  return query?.trim() ?? '';
}

function refuseToken(reply: FastifyReply): FastifyReply {
  // JeecgBoot 3.x answers HTTP 401; unlike its quirk, the body says success:false.
  return reply.code(401).send(fail(TOKEN_INVALID_MESSAGE, 401));
}

/**
 * Installs the access rules on the root instance, before any route is registered:
 * - at registration, a route that states neither `config.anonymous` nor `config.permission` is
 *   refused, so no endpoint is open by accident;
 * - per request, a non-anonymous route needs a live session (401 otherwise), a `tenant-id` the
 *   user belongs to and that is usable today (510 otherwise, server/auth/tenants.ts) and, unless it only asks for
 *   SIGNED_IN, the permission code (510 otherwise).
 */
export function installAuthGuard(app: FastifyInstance): void {
  app.decorateRequest('sessionUser', null);
  app.decorateRequest('sessionTenantId', DEFAULT_TENANT);

  app.addHook('onRoute', (route) => {
    const config = route.config ?? {};
    if (config.anonymous === true) return;
    if (typeof config.permission === 'string' && config.permission !== '') return;
    throw new Error(
      `路由 ${String(route.method)} ${route.url} 未声明访问规则：请设置 config.anonymous: true 或 config.permission`,
    );
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) return;
    const config = request.routeOptions.config;
    if (config.anonymous === true) return;
    const user = await findSessionUser(request.server.db, tokenOf(request), sessionPolicyOf(request.server));
    if (!user) return refuseToken(reply);
    // The tenant comes from the client; a tenant the user is not in is refused like a missing
    // permission, before any handler reads or writes in it.
    const tenantId = requestedTenant(request);
    const tenantRefused = await tenantUseRefusal(request.server.db, user.tenantIds, tenantId);
    if (tenantRefused) return reply.code(200).send(fail(tenantRefused, 510));
    request.sessionUser = user;
    request.sessionTenantId = tenantId;
    const needed = config.permission;
    if (!needed || needed === SIGNED_IN) return;
    const codes = await permissionCodesOf(request.server.db, user.userId);
    if (!codes.has(needed)) return reply.code(200).send(fail(NO_PERMISSION_MESSAGE, 510));
  });
}
