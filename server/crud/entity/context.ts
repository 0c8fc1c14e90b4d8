import type { FastifyRequest } from 'fastify';
import { currentTenant, currentUser } from '../../auth/guard';
import type { Actor } from './store';

export function actorOf(request: FastifyRequest): Actor {
  const user = currentUser(request);
  return { username: user.username, orgCode: user.orgCode, tenantId: currentTenant(request) };
}

/** `a,b,c,` → ['a','b','c'] (JeecgBoot's batch delete sends a trailing comma). */
export function idList(text: string | undefined): string[] {
  return [...new Set((text ?? '').split(',').map((s) => s.trim()).filter((s) => s !== ''))];
}
