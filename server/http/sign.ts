import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { BusinessError } from './envelope';

/**
 * JeecgBoot's default `jeecg.signatureSecret`, used unless SIGNATURE_SECRET sets another (config.ts).
 * The web app signs with the value /config.js hands it, so both sides always agree. The value reaches
 * every browser: X-Sign guards against tampered dictionary requests, it is no credential.
 */
export const DEFAULT_SIGNATURE_SECRET = 'dd05f1c54d63749eda95f9fa6d49v442a';
export const SIGN_FAILED_MESSAGE = 'Sign签名校验失败！';
/** How far X-TIMESTAMP may be from the server clock, either way. */
export const SIGN_WINDOW_MS = 5 * 60 * 1000;

/**
 * The canonical string that X-Sign is the MD5 of (JeecgBoot's SignUtil / signMd5Utils.js):
 *
 *   1. params = every query parameter of the URL, name → value as plain (URL-decoded) strings;
 *      numbers are sent as their decimal text; when a name repeats, the last value wins;
 *   2. if the last path segment contains a comma (a table dictionary such as
 *      `sys_user,realname,username`), params["x-path-variable"] = that segment, URL-decoded;
 *   3. drop params["_t"] (the cache-busting timestamp);
 *   4. order the names ascending by UTF-16 code units (JavaScript's default sort, Java's TreeMap);
 *   5. canonical = JSON.stringify of that ordered object (no spaces), e.g.
 *      {"keyword":"张","pageSize":"10","x-path-variable":"sys_user,realname,username"}
 *   6. X-Sign = uppercase hex MD5 of (canonical + the signature secret), UTF-8.
 *
 * X-TIMESTAMP is yyyyMMddHHmmss in Beijing time (spec §7) or epoch milliseconds; it must lie
 * within 5 minutes of the server clock. It is not part of the signed string (as in JeecgBoot).
 */
export function canonicalSignString(params: Record<string, string>, pathVariable?: string): string {
  const merged: Record<string, string> = { ...params };
  if (pathVariable !== undefined && pathVariable.includes(',')) merged['x-path-variable'] = pathVariable;
  delete merged._t;
  const ordered: Record<string, string> = {};
  for (const name of Object.keys(merged).sort()) ordered[name] = String(merged[name]);
  return JSON.stringify(ordered);
}

export function computeSign(params: Record<string, string>, pathVariable?: string, secret = DEFAULT_SIGNATURE_SECRET): string {
  return crypto
    .createHash('md5')
    .update(canonicalSignString(params, pathVariable) + secret, 'utf8')
    .digest('hex')
    .toUpperCase();
}

/** Reads X-TIMESTAMP: 14 digits = yyyyMMddHHmmss Beijing time (UTC+8), 13 digits = epoch ms. */
export function parseSignTimestamp(value: string): number | undefined {
  if (/^\d{13}$/.test(value)) return Number(value);
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number);
  const ms = Date.UTC(year, month - 1, day, hour - 8, minute, second);
  return Number.isNaN(ms) ? undefined : ms;
}

/** Splits a raw request URL into its decoded query parameters and decoded last path segment. */
export function signInputsOf(rawUrl: string): { params: Record<string, string>; pathVariable: string } {
  const url = new URL(rawUrl, 'http://localhost');
  const params: Record<string, string> = {};
  for (const [name, value] of url.searchParams) params[name] = value;
  const lastSegment = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  let pathVariable: string;
  try {
    pathVariable = decodeURIComponent(lastSegment);
  } catch {
    pathVariable = lastSegment;
  }
  return { params, pathVariable };
}

function headerOf(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** preHandler for the signed dictionary endpoints; refuses with 'Sign签名校验失败！'. */
export async function verifySignedRequest(request: FastifyRequest): Promise<void> {
  const sign = headerOf(request, 'x-sign').trim();
  const timestamp = parseSignTimestamp(headerOf(request, 'x-timestamp').trim());
  if (!sign || timestamp === undefined || Math.abs(Date.now() - timestamp) > SIGN_WINDOW_MS) {
    throw new BusinessError(SIGN_FAILED_MESSAGE);
  }
  const { params, pathVariable } = signInputsOf(request.url);
  const expected = Buffer.from(computeSign(params, pathVariable, request.server.appConfig.signatureSecret));
  const given = Buffer.from(sign.toUpperCase());
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
    throw new BusinessError(SIGN_FAILED_MESSAGE);
  }
}
