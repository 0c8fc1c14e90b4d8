/**
 * Stored files as server and browser agree on them (JeecgBoot): POST UPLOAD_URL answers with the
 * file's path relative to the upload folder (`temp/20261122/3f9c…_合同.pdf`); a field keeps several
 * as one comma-joined string; files are read back from `STATIC_URL/{path}` (server/files).
 */
export const UPLOAD_URL = '/sys/common/upload';
export const STATIC_URL = '/sys/common/static';
/** GET ?path= → `{url, expires}`: a signed link to a stored file, for an <img> that cannot send the session. */
export const SIGN_STATIC_URL = '/sys/common/signStaticUrl';
export const DEFAULT_BIZ = 'temp';
export const PATH_SEPARATOR = ',';

export function splitPaths(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split(PATH_SEPARATOR)
    .map((path) => path.trim())
    .filter((path) => path !== '');
}

export function joinPaths(paths: readonly string[]): string {
  return paths.join(PATH_SEPARATOR);
}

/**
 * Is `path` shaped like a path the upload endpoint gives out — plain segments only? A segment that
 * is empty or starts with a dot ('..', '.', '.partial'), or holds a backslash, colon, '%', '?', '#'
 * or a control character is refused: '../../sys/user/list' made into a URL would be an API call
 * sent with the viewer's session (a browser resolves '..' and '%2e%2e' alike).
 */
export function isSafeStoredPath(path: string): boolean {
  if (path === '' || path.length > 500) return false;
  // eslint-disable-next-line no-control-regex
  return path.split('/').every((segment) => segment !== '' && !segment.startsWith('.') && !/[\u0000-\u001f\u007f\\:%?#]/.test(segment));
}

/**
 * The stored path a URL of this server's static route names — `/sys/common/static/<encoded path>`,
 * perhaps behind the API base (plain segments) — or undefined when it names anything else or its
 * decoded path is not a safe stored path.
 */
export function storedPathOfStaticUrl(url: string): string | undefined {
  const match = /^(?:\/[A-Za-z0-9_-]+)*\/sys\/common\/static\/([^?#]+)$/.exec(url);
  if (!match) return undefined;
  let path: string;
  try {
    path = match[1].split('/').map(decodeURIComponent).join('/');
  } catch {
    return undefined;
  }
  return isSafeStoredPath(path) ? path : undefined;
}

/** The URL (under the API base) of a stored file; each segment encoded, the slashes kept. Check the path with isSafeStoredPath first. */
export function staticUrlOf(path: string): string {
  return `${STATIC_URL}/${path.split('/').map(encodeURIComponent).join('/')}`;
}
