/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the build, once, at build
 * time: the server (server/http/webApp.ts) sends the copy the browser accepts with its
 * Content-Encoding instead of compressing on every request. A copy that would not save 5 % is not
 * written (the server then sends the file itself).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|wasm)$/;
/** A copy must save this share of the file, or the file itself is sent. */
const MIN_SAVING = 0.05;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export const PRECOMPRESSED = [
  { extension: '.br', encode: (data: Buffer) => brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }) },
  { extension: '.gz', encode: (data: Buffer) => gzip(data, { level: 9 }) },
] as const;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Compresses every compressible file under `dir` (the build's output folder, public files included). */
export async function compressFolder(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  let bytes = 0;
  let brotliBytes = 0;
  let written = 0;
  for (const file of files) {
    const data = await fs.readFile(file);
    written++;
    bytes += data.length;
    // One file at a time, both encodings together (the machine has two cores).
    const copies = await Promise.all(PRECOMPRESSED.map((p) => p.encode(data)));
    for (const [i, copy] of copies.entries()) {
      if (copy.length > data.length * (1 - MIN_SAVING)) continue;
      await fs.writeFile(file + PRECOMPRESSED[i].extension, copy);
      if (PRECOMPRESSED[i].extension === '.br') brotliBytes += copy.length;
    }
  }
  return { files: written, bytes, brotliBytes };
}

export function compressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'lossdesk:compress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After everything is on disk (chunks, index.html, the public folder's files).
    async writeBundle() {
      const started = performance.now();
      const { files, bytes, brotliBytes } = await compressFolder(outDir);
      this.info(
        `compressed ${files} files (${(bytes / 1024).toFixed(0)} KB → brotli ${(brotliBytes / 1024).toFixed(0)} KB) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    },
  };
}
