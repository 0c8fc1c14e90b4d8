import crypto from 'node:crypto';
import { QueryError } from './queryError';

/**
 * The keyset continuation token of a list answer (`nextCursor`), sent back as `cursor` with the next
 * page number: base64url of {p: page it opens, k: the sort key of the last row shown, h: a
 * fingerprint of the query}. The server reads a page with it as "the rows after k" instead of
 * skipping (pageNo − 1) × pageSize rows. The fingerprint covers the whole filter (tenant, data
 * rules, view and request conditions with their values), the sort and the page size, so a token is
 * good for that one list only; anything else is refused rather than answered with a wrong page.
 */
export const INVALID_CURSOR_MESSAGE = '翻页标记无效，请刷新列表';

const TOKEN = /^[A-Za-z0-9_-]{1,32768}$/;

export type CursorKey = (string | null)[];

interface Token {
  p: number;
  k: CursorKey;
  h: string;
}

/** The fingerprint of a list query: its compiled filter SQL with the bound values, its sort and page size. */
export function queryFingerprint(parts: unknown): string {
  return crypto.createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22);
}

export function makeCursor(pageNo: number, key: CursorKey, fingerprint: string): string {
  const token: Token = { p: pageNo, k: key, h: fingerprint };
  return Buffer.from(JSON.stringify(token), 'utf8').toString('base64url');
}

function invalid(): QueryError {
  return new QueryError(INVALID_CURSOR_MESSAGE);
}

/** The key of a token made for this page of this query; QueryError for any other text. */
export function readCursor(text: string, pageNo: number, fingerprint: string, keyLength: number): CursorKey {
  if (!TOKEN.test(text)) throw invalid();
  let token: unknown;
  try {
    token = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (typeof token !== 'object' || token === null) throw invalid();
  const { p, k, h } = token as Partial<Token>;
  if (p !== pageNo || h !== fingerprint || !Array.isArray(k) || k.length !== keyLength) throw invalid();
  if (!k.every((v): v is string | null => v === null || (typeof v === 'string' && v.length <= 20_000))) throw invalid();
  return k;
}
