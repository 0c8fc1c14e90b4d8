import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../auth/guard';
import type { Actor } from './store';

/** JeecgBoot's web app sends `tenant-id: <id or 0>`; anything that is not a plain number means 0. */
export function tenantIdOf(request: FastifyRequest): number {
  const header = request.headers['tenant-id'];
  const text = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
  if (!/^\d{1,9}$/.test(text)) return 0;
  return Number(text);
}

export function actorOf(request: FastifyRequest): Actor {
  const user = currentUser(request);
  return { username: user.username, orgCode: user.orgCode, tenantId: tenantIdOf(request) };
}

/** `a,b,c,` → ['a','b','c'] (JeecgBoot's batch delete sends a trailing comma). */
export function idList(text: string | undefined): string[] {
  return [...new Set((text ?? '').split(',').map((s) => s.trim()).filter((s) => s !== ''))];
}
