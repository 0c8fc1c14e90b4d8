import crypto from 'node:crypto';

/** A JeecgBoot-style id: 32 lower-case hex characters. */
export function newId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}
