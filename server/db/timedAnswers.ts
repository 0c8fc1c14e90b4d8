import type { Kysely } from 'kysely';
import type { DB } from './types';

/**
 * Answers read from a database that may be kept a while (a table's size, whether triggers are
 * attached): per database — tests open several in one process — and key, each read again after
 * `ttlMs`. `forget` drops them all (tests that change what was read and want the new answer at once).
 */
export function timedAnswers<T>(ttlMs: number) {
  let known = new WeakMap<Kysely<DB>, Map<string, { value: T; until: number }>>();
  return {
    async get(db: Kysely<DB>, key: string, read: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const answers = known.get(db) ?? new Map<string, { value: T; until: number }>();
      known.set(db, answers);
      const cached = answers.get(key);
      if (cached && cached.until > now) return cached.value;
      const value = await read();
      answers.set(key, { value, until: now + ttlMs });
      return value;
    },
    forget(): void {
      known = new WeakMap();
    },
  };
}
