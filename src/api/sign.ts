// The signed request variant (spec §7): X-Sign and X-TIMESTAMP on the dictionary endpoints.
//
// Canonical string — the same algorithm as server/http/sign.ts (canonicalSignString), so both
// agree byte for byte (tests/unit/api/sign.test.ts checks it against the server function):
//   merged = query parameters of the URL ∪ request params (params win, last repeat wins), every
//            value as a string, plus "x-path-variable" = the URL-decoded last path segment when it
//            contains a comma (e.g. sys/dict/loadDict/sys_user,realname,username); `_t` left out;
//   text   = JSON.stringify of an object with the names inserted in ascending UTF-16 order
//   X-Sign = upper-case hex MD5 of (text + the secret /config.js gives, SIGNATURE_SECRET), UTF-8
// X-TIMESTAMP is yyyyMMddHHmmss in Beijing time (UTC+8), which is how the server reads it; the
// server accepts it within 5 minutes of its clock.
import { runtimeConfig } from '../config';
import { md5 } from './md5';

export const PATH_VARIABLE_KEY = 'x-path-variable';
const TIMESTAMP_PARAM = '_t';

/** What a signed request may carry as a parameter value before it is turned into a string. */
export type SignableValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;
export type SignableParams = Record<string, SignableValue>;

/**
 * The string form of each parameter, as the server will see it in the query string. Signed requests
 * send exactly these strings, so both sides hash the same text. null/undefined are dropped (axios
 * leaves them out of the URL); arrays travel comma-joined.
 */
export function stringifyParams(params: SignableParams | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!params) return out;
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    out[key] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return out;
}

function splitUrl(url: string): { path: string; query: string } {
  const hashless = url.split('#')[0];
  const q = hashless.indexOf('?');
  return q < 0 ? { path: hashless, query: '' } : { path: hashless.slice(0, q), query: hashless.slice(q + 1) };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** URL query ∪ params (params win) ∪ x-path-variable, without `_t`. */
export function mergeSignParams(url: string, params?: SignableParams): Record<string, string> {
  const { path, query } = splitUrl(url);
  const merged: Record<string, string> = {};
  const lastSegment = safeDecode(path.slice(path.lastIndexOf('/') + 1));
  if (lastSegment.includes(',')) merged[PATH_VARIABLE_KEY] = lastSegment;
  for (const [key, value] of new URLSearchParams(query)) merged[key] = value;
  Object.assign(merged, stringifyParams(params));
  delete merged[TIMESTAMP_PARAM];
  return merged;
}

export function canonicalSignText(merged: Record<string, string>): string {
  const ordered: Record<string, string> = {};
  for (const name of Object.keys(merged).sort()) ordered[name] = merged[name];
  return JSON.stringify(ordered);
}

export function computeSign(url: string, params?: SignableParams): string {
  return md5(canonicalSignText(mergeSignParams(url, params)) + runtimeConfig().signatureSecret).toUpperCase();
}

const BEIJING_OFFSET_MS = 8 * 3600 * 1000;

/** yyyyMMddHHmmss in Beijing time, whatever the browser's time zone. */
export function signTimestamp(now: Date = new Date()): string {
  const t = new Date(now.getTime() + BEIJING_OFFSET_MS);
  const p = (n: number) => String(n).padStart(2, '0');
  return (
    `${t.getUTCFullYear()}${p(t.getUTCMonth() + 1)}${p(t.getUTCDate())}` +
    `${p(t.getUTCHours())}${p(t.getUTCMinutes())}${p(t.getUTCSeconds())}`
  );
}

export function signHeaders(url: string, params?: SignableParams, now?: Date): Record<string, string> {
  return { 'X-Sign': computeSign(url, params), 'X-TIMESTAMP': signTimestamp(now) };
}
