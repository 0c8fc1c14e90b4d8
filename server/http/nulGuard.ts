import type { FastifyInstance } from 'fastify';
import { fail } from './envelope';
import { INVALID_CHARACTER_MESSAGE } from './databaseErrors';

/** Whether a parsed input (JSON body, query or params) holds a NUL character in any key or string. */
export function holdsNul(input: unknown): boolean {
  // Iterative: a deeply nested body must not exhaust the stack.
  const pending: unknown[] = [input];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (Array.isArray(value)) {
      pending.push(...value);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL stores no NUL character in text (it answers with its own error text) and a NUL in a
 * name or path confuses whatever reads it, so any input holding one is refused up front, for every
 * route: HTTP 400 with the envelope. Multipart parts are read by their routes, after this hook.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      return reply.code(400).send(fail(INVALID_CHARACTER_MESSAGE, 400));
    }
  });
}
