// Every route states who may call it in its `config`; the auth hook (server/auth/guard.ts) reads it.
//   anonymous: true      — no session needed (captcha, login, logout, static files)
//   permission: 'code'   — a session whose roles grant this sys_permission.perms code (510 if not)
//   permission: SIGNED_IN — any signed-in user (their own profile, menu, departments, password)
import type {} from 'fastify';

export const SIGNED_IN = '@signed-in';

declare module 'fastify' {
  interface FastifyContextConfig {
    anonymous?: boolean;
    permission?: string;
  }
}
