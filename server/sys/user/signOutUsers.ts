import type { FastifyInstance } from 'fastify';
import { revokeUserSessions } from '../../auth/sessions';

/**
 * Signs users out at once (冻结, 删除, a password set by an administrator): their sessions end —
 * the next request answers 401 — and every socket of those sessions closes on every node. The
 * session `keepTokenHash` (an administrator setting their own password) stays.
 */
export async function signOutUsers(app: FastifyInstance, userIds: readonly string[], keepTokenHash?: string): Promise<void> {
  const ended = await revokeUserSessions(app.db, userIds, keepTokenHash);
  for (const tokenHash of ended) await app.sessionSockets.endSession(tokenHash);
}
