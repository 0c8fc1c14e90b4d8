import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Reads a file of the shared vectors. CI clones the repository with shared/ beside it (../shared);
 * a worktree of a checkout sits one level deeper (../../shared).
 */
export function readSharedVectors<T>(file: string): T {
  for (const base of ['../shared', '../../shared']) {
    const path = resolve(repoRoot, base, 'vectors', file);
    if (existsSync(path)) return JSON.parse(readFileSync(path, 'utf8')) as T;
  }
  throw new Error(`shared vectors not found: ${file} (expected ../shared/vectors beside the repository)`);
}
