/**
 * Turns a requested relative path into a file inside the upload folder, or refuses it. Checked
 * twice: the text (no NUL, backslash, colon, absolute path, empty/`.`/`..`/hidden segment), then
 * the resolved absolute path must lie under the folder — and, after following symbolic links,
 * still under the folder's real path.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

const MAX_PATH_LENGTH = 500;

/** The absolute path of `requested` under `root`, or undefined when the text is not a safe relative path. */
export function resolveInside(root: string, requested: string): string | undefined {
  if (requested.length === 0 || requested.length > MAX_PATH_LENGTH) return undefined;
  if (/[\0\\:]/.test(requested) || requested.startsWith('/')) return undefined;
  const segments = requested.split('/');
  if (segments.some((segment) => segment === '' || segment.startsWith('.'))) return undefined;
  const absoluteRoot = path.resolve(root);
  const full = path.resolve(absoluteRoot, ...segments);
  return full.startsWith(absoluteRoot + path.sep) ? full : undefined;
}

/** A regular file at `full` whose real location is still under `root`'s real location; else undefined. */
export async function existingFileInside(root: string, full: string): Promise<{ path: string; size: number } | undefined> {
  try {
    const [realRoot, realFile] = await Promise.all([fs.realpath(root), fs.realpath(full)]);
    if (!realFile.startsWith(realRoot + path.sep)) return undefined;
    const stat = await fs.stat(realFile);
    return stat.isFile() ? { path: realFile, size: stat.size } : undefined;
  } catch {
    return undefined;
  }
}
