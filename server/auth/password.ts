import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id (19 MiB, 2 passes, 1 lane) — OWASP's minimum for argon2id.
// The algorithm is not passed explicitly because its enum is an ambient const enum, which
// isolatedModules cannot read; the encoded hash itself starts with `$argon2id$`. Every hash has
// its own random salt, so two accounts with the same password never share a hash string.

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

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real password check on a sign-in for an unknown user, so that the answer
 * ('用户名或密码错误', the same as for a wrong password) does not come back faster and tell
 * which usernames exist. Always false.
 */
export async function verifyAgainstNobody(password: string): Promise<false> {
  dummyHash ??= hashPassword(`lossdesk-no-such-user-${crypto.randomUUID()}`);
  await verifyPassword(await dummyHash, password);
  return false;
}
