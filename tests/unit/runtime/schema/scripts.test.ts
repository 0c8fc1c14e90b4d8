import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expertDocument, repoRoot } from './fixtures';

const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');

describe('generator scripts', () => {
  it('generated types are up to date with the meta-schemas (npm run gen:check)', () => {
    const output = execFileSync(tsx, ['generators/gen-types.ts', '--check'], { cwd: repoRoot, encoding: 'utf8' });
    expect(output).toMatch(/generated files are up to date/);
    expect(fs.readFileSync(path.join(repoRoot, 'runtime/generated/page.ts'), 'utf8')).toContain('export interface PageDocument');
  }, 60_000);

  it('schemas:check prints file, pointer and message for each error and exits 1', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pages-'));
    try {
      const broken = expertDocument();
      broken.list.columns.push({ field: 'expertAge' });
      fs.writeFileSync(path.join(dir, 'broken.json'), JSON.stringify(broken));
      fs.writeFileSync(path.join(dir, 'good.json'), JSON.stringify(expertDocument()));
      fs.writeFileSync(path.join(dir, 'truncated.json'), '{"schemaVersion": 1,');
      const run = spawnSync(tsx, ['generators/check-schemas.ts', dir], { cwd: repoRoot, encoding: 'utf8' });
      expect(run.status).toBe(1);
      const source = path.relative(repoRoot, dir).split(path.sep).join('/');
      expect(run.stderr).toContain(`${source}/broken.json#/list/columns/6/field 列表列引用了不存在的字段 expertAge`);
      expect(run.stderr).toContain(`${source}/truncated.json# 不是合法的 JSON：`);
      expect(run.stderr).not.toContain('good.json');
      expect(run.stderr).toContain('schemas:check: 2 of 3 page documents have errors.');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('schemas:check passes on the checked-in pages', () => {
    const run = spawnSync(tsx, ['generators/check-schemas.ts'], { cwd: repoRoot, encoding: 'utf8' });
    expect(run.stderr.replace(/npm warn.*\n?/g, '')).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/page documents are valid/);
  }, 60_000);
});
