import crypto from 'node:crypto';
import { EntityDdlError } from './errors';

/** PostgreSQL folds unquoted names to lower case and cuts them at 63 bytes; we accept only names that survive both. */
const IDENTIFIER = /^[a-z][a-z0-9_]{0,62}$/;
const MAX_IDENTIFIER = 63;

/** Throws unless `name` is a lower-case snake_case identifier of at most 63 characters. */
export function checkIdentifier(name: unknown, what: string, table: string): string {
  if (typeof name !== 'string' || !IDENTIFIER.test(name)) {
    const shown = typeof name === 'string' ? JSON.stringify(name) : String(name);
    throw new EntityDdlError(
      `${what} ${shown} 不合法：只能用小写字母开头，由小写字母、数字和下划线组成，最长 63 个字符`,
      { table },
    );
  }
  return name;
}

/**
 * The name of an index we create: `<table>_<cols>_idx` (`_key` when unique, like PostgreSQL's own
 * unique constraints). A name over 63 characters is cut and given a hash of the full name, so it
 * stays the same from run to run and two long names do not collide.
 */
export function indexNameFor(table: string, columns: string[], unique: boolean, suffix: 'idx' | 'trgm_idx' | 'chars_idx' | 'split_idx' | 'view_idx' | 'search_idx' = 'idx'): string {
  const full = `${table}_${columns.join('_')}_${unique ? 'key' : suffix}`;
  if (full.length <= MAX_IDENTIFIER) return full;
  const hash = crypto.createHash('sha256').update(full).digest('hex').slice(0, 8);
  return `${full.slice(0, MAX_IDENTIFIER - hash.length - 1).replace(/_+$/, '')}_${hash}`;
}
