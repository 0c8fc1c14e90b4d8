import fs from 'node:fs';
import path from 'node:path';
import type { PageDocument } from '../../../../runtime/generated/page';

export const repoRoot = path.resolve(__dirname, '../../../..');

/** A fresh, mutable copy of the checked-in expert example. */
export function expertDocument(): PageDocument {
  return JSON.parse(fs.readFileSync(path.join(repoRoot, 'schemas/pages/examples/expert.json'), 'utf8')) as PageDocument;
}

/** Every page document under schemas/pages, as repo-relative posix paths. */
export function pageFiles(dir = path.join(repoRoot, 'schemas/pages')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return pageFiles(full);
    return entry.name.endsWith('.json') ? [path.relative(repoRoot, full).split(path.sep).join('/')] : [];
  });
}
