// The build's compressed copies (scripts/vite/compressAssets.ts): what the server sends instead of
// the files must decompress to exactly the files, and exist only where they save something.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compressFolder } from '../../../scripts/vite/compressAssets';

describe('compressFolder', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lossdesk-compress-'));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes .br and .gz copies beside text files, in sub-folders too, that decompress to the file', async () => {
    const js = `export const texts = ${JSON.stringify(Array.from({ length: 500 }, (_, i) => `第${i}行`))};`;
    const html = `<!doctype html><title>公估业务管理系统</title>${'<link rel="modulepreload" href="/assets/a.js">'.repeat(30)}`;
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets', 'app-1.js'), js);
    fs.writeFileSync(path.join(dir, 'index.html'), html);

    const result = await compressFolder(dir);

    expect(result.files).toBe(2);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'assets', 'app-1.js.br'))).toString()).toBe(js);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'assets', 'app-1.js.gz'))).toString()).toBe(js);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'index.html.br'))).toString()).toBe(html);
    expect(fs.statSync(path.join(dir, 'assets', 'app-1.js.br')).size).toBeLessThan(js.length / 2);
  });

  it('leaves binary files, and text that would not shrink, without copies', async () => {
    fs.writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(4096, 7));
    fs.writeFileSync(path.join(dir, 'tiny.js'), 'x');
    await compressFolder(dir);
    expect(fs.readdirSync(dir).sort()).toEqual(['logo.png', 'tiny.js']);
  });
});
