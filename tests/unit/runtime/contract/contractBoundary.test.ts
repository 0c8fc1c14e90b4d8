import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../../../..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every module a file imports or re-exports, resolved to a repo-relative path (packages as named). */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+'([^']+)'/g)].map(([, spec]) =>
    spec.startsWith('.') ? path.relative(root, path.resolve(path.dirname(file), spec)).split(path.sep).join('/') : spec,
  );
}

describe('the contract between browser and server', () => {
  it('is plain data and functions: runtime/contract imports nothing, not even the rest of runtime', () => {
    const files = sources(path.join(root, 'runtime/contract'));
    expect(files.length).toBeGreaterThan(0);
    const outside = files.flatMap((file) => importsOf(file).filter((spec) => !spec.startsWith('runtime/contract/')).map((spec) => `${path.basename(file)} → ${spec}`));
    expect(outside).toEqual([]);
  });

  it('is what runtime shares with the server: no runtime module imports from src/ or server/', () => {
    const leaks = sources(path.join(root, 'runtime')).flatMap((file) =>
      importsOf(file)
        .filter((spec) => spec.startsWith('src/') || spec.startsWith('server/'))
        .map((spec) => `${path.relative(root, file)} → ${spec}`),
    );
    expect(leaks).toEqual([]);
  });
});
