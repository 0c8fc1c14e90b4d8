import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id (19 MiB, 2 passes, 1 lane) — OWASP's minimum for argon2id.
// The algorithm is not passed explicitly because its enum is an ambient const enum, which
// isolatedModules cannot read; the encoded hash itself starts with `$argon2id$`.

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** False for a wrong password and for a stored value that is not an argon2 hash. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  if (!stored.startsWith('$argon2')) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
