/**
 * Stored file values (JeecgBoot): the server answers an upload with the file's path relative to its
 * upload folder (`temp/20261122/3f9c…_合同.pdf`); a field keeps several as one comma-joined string.
 * Files are read back from `/sys/common/static/{path}`. What the server must agree on lives in
 * runtime/contract/files.ts; the rest is how the widgets show files.
 */
export {
  DEFAULT_BIZ,
  isSafeStoredPath,
  joinPaths,
  PATH_SEPARATOR,
  SIGN_STATIC_URL,
  splitPaths,
  STATIC_URL,
  staticUrlOf,
  storedPathOfStaticUrl,
  UPLOAD_URL,
} from '../contract/files';

const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp']);

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
