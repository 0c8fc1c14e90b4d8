/**
 * Stored file values (JeecgBoot): the server answers an upload with the file's path relative to its
 * upload folder (`temp/20261122/3f9c…_合同.pdf`); a field keeps several as one comma-joined string.
 * Files are read back from `/sys/common/static/{path}`.
 */
export const UPLOAD_URL = '/sys/common/upload';
export const STATIC_URL = '/sys/common/static';
export const DEFAULT_BIZ = 'temp';
export const PATH_SEPARATOR = ',';

const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp']);

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

/**
 * The name a user recognises: the last segment without our random prefix (`3f9c…_合同.pdf`) or
 * JeecgBoot's millisecond suffix (`合同_1700000000000.pdf`).
 */
export function fileNameOfPath(path: string): string {
  const last = path.slice(path.lastIndexOf('/') + 1);
  const name = last.replace(/^[0-9a-f]{16}_/, '').replace(/_\d{13}(\.[^.]*)?$/, '$1');
  return name || last;
}

export function isImagePath(path: string): boolean {
  const dot = path.lastIndexOf('.');
  return dot >= 0 && IMAGE_EXTENSIONS.has(path.slice(dot + 1).toLowerCase());
}

/** First `length` characters (not UTF-16 units) of a name and '…' when it is longer. */
export function shortName(name: string, length: number): string {
  const chars = [...name];
  return chars.length > length ? `${chars.slice(0, length).join('')}…` : name;
}
