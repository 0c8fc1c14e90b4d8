/**
 * Admission of the live sockets (notice and grid): browsers cannot set X-Access-Token on a
 * WebSocket, so JeecgBoot's client sends the token as the (only) subprotocol; the token query
 * parameter and the header still work for other clients. The token must be live and belong to the
 * user the path names; every heartbeat checks again, so logout or freezing ends the socket too.
 */
import type { FastifyRequest } from 'fastify';
import type WebSocket from 'ws';
import { tokenOf } from '../auth/guard';
import { findSessionUser, sessionPolicyOf, type SessionUser } from '../auth/sessions';
import { tenantUseRefusal } from '../auth/tenants';
import { NO_PERMISSION_MESSAGE, TOKEN_INVALID_MESSAGE } from '../http/envelope';

/** WebSocket close code "policy violation": no valid session for this user. */
export const POLICY_VIOLATION = 1008;
/** WebSocket close code "internal error": the session could not be checked. */
export const INTERNAL_ERROR = 1011;

/** refused: no live session of this user; forbidden: the user may not see what the socket carries. */
export type Admission = 'admitted' | 'refused' | 'forbidden' | 'failed';

export function socketTokenOf(request: FastifyRequest): string {
  const header = request.headers['sec-websocket-protocol'];
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim();
  return first || tokenOf(request);
}

/** The user of a live session that belongs to :userId; undefined otherwise. */
export async function ownerOf(request: FastifyRequest, token: string, userId: string): Promise<SessionUser | undefined> {
  const user = await findSessionUser(request.server.db, token, sessionPolicyOf(request.server));
  return user?.userId === userId ? user : undefined;
}

/**
 * Admits the session of :userId in the tenant the socket names (`?tenantId=`, 0 when absent): a
 * tenant the user is not in, or one frozen or out of its dates, is refused like a missing permission (1008 没有权限).
 */
export async function admitTenantSession(request: FastifyRequest, token: string, userId: string, tenantId: number): Promise<Admission> {
  const user = await ownerOf(request, token, userId);
  if (!user) return 'refused';
  return (await tenantUseRefusal(request.server.db, user.tenantIds, tenantId)) === undefined ? 'admitted' : 'forbidden';
}

/**
 * Answers a heartbeat while the session still owns the socket and may still work in its tenant;
 * closes it with 1008 once it does not (logout, 强退, freezing the user, or the tenant frozen, past
 * its end date or taken from the user).
 */
export async function answerHeartbeat(
  socket: WebSocket,
  request: FastifyRequest,
  owner: { token: string; userId: string; tenantId?: number; closed(): boolean },
  answer: string,
): Promise<void> {
  // A failed check keeps the socket: the next heartbeat asks again.
  const outcome = await admitTenantSession(request, owner.token, owner.userId, owner.tenantId ?? 0).catch((): Admission => 'admitted');
  if (owner.closed()) return;
  if (outcome === 'admitted') socket.send(answer);
  else socket.close(POLICY_VIOLATION, outcome === 'forbidden' ? NO_PERMISSION_MESSAGE : TOKEN_INVALID_MESSAGE);
}

/** Closes a socket that was not admitted: 1008 for a refused session or permission, 1011 when the check failed. */
export function closeUnadmitted(socket: WebSocket, outcome: Admission): void {
  if (outcome === 'refused') socket.close(POLICY_VIOLATION, TOKEN_INVALID_MESSAGE);
  else if (outcome === 'forbidden') socket.close(POLICY_VIOLATION, NO_PERMISSION_MESSAGE);
  else if (outcome === 'failed') socket.close(INTERNAL_ERROR);
}
