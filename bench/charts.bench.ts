/**
 * Chart libraries side by side (issue 18): for each candidate, the size of the chunk a page that
 * draws charts loads (raw, gzip -9, brotli q11: what the server's .gz/.br copies carry) and, in
 * Chromium, the time to import that chunk on a cold cache and to mount a bar chart of 12 points and a
 * pie of 8 slices until painted (animations off, 800 × 400). Candidates:
 *
 * - `echarts`: Apache ECharts 6 tree-shaken through `echarts/core` (bar, line, pie; grid, tooltip,
 *   legend, aria; canvas renderer) — the library `runtime/charts` uses (in package.json);
 * - `recharts`: Recharts 3 (SVG through React);
 * - `plots`: @ant-design/plots 2 (AntV G2 5, canvas).
 *
 * Only ECharts is a dependency; measure the others after `npm install --no-save recharts@3 @ant-design/plots@2`
 * (a candidate whose package is missing is skipped, and said so).
 *
 *   npx tsx bench/charts.bench.ts [--reps 7] [--renders 10] [--candidates echarts,recharts,plots]
 *
 * Each candidate is built on its own with Vite (production; React in the entry chunk, the candidate
 * in the chunks it imports), served on a free 127.0.0.1 port and driven with Debian's Chromium (the
 * e2e flags): per rep a fresh browser context (cold cache) imports the chunk and mounts the first bar
 * chart, then `--renders` warm mounts of each kind alternate. Stops by itself and removes everything.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import playwrightConfig from '../playwright.config';
import { serveFolder } from './support/staticServer';
import { ms, percentile } from './support/stats';
import { benchCleanups } from './support/cleanups';
import { option } from './support/args';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

const CANDIDATES: Record<string, { title: string; packages: string[] }> = {
  echarts: { title: 'ECharts 6 (echarts/core)', packages: ['echarts'] },
  recharts: { title: 'Recharts 3', packages: ['recharts'] },
  plots: { title: '@ant-design/plots 2 (G2 5)', packages: ['@ant-design/plots'] },
};

function positive(name: string, fallback: number): number {
  const value = Number(option(name, String(fallback)));
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
  return value;
}
const reps = positive('reps', 7);
const renders = positive('renders', 10);
const chosen = option('candidates', Object.keys(CANDIDATES).join(','))
  .split(',')
  .map((name) => name.trim());
for (const name of chosen) if (!CANDIDATES[name]) throw new Error(`--candidates takes ${Object.keys(CANDIDATES).join(', ')}; got "${name}"`);

const { cleanups, cleanUp } = benchCleanups(20);

function installed(name: string): boolean {
  return CANDIDATES[name].packages.every((pkg) => {
    try {
      require.resolve(`${pkg}/package.json`);
      return true;
    } catch {
      return false;
    }
  });
}

interface ChunkSize {
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
}

async function buildCandidate(name: string): Promise<{ outDir: string; chunk: ChunkSize }> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), `lossdesk-chartbench-${name}-`));
  cleanups.push(async () => fs.rmSync(outDir, { recursive: true, force: true }));
  await build({
    configFile: false,
    root: path.join(here, 'charts'),
    base: './',
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: { '@chart-candidate': path.join(here, 'charts', 'candidates', `${name}.tsx`) } },
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 10_000, reportCompressedSize: false },
  });
  // The entry chunk (React and the harness) is the one index.html names; the rest is the candidate's.
  const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const entry = /src="\.\/assets\/([^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error(`${name}: index.html names no entry chunk`);
  const chunk: ChunkSize = { files: 0, raw: 0, gzip: 0, brotli: 0 };
  for (const file of fs.readdirSync(path.join(outDir, 'assets'))) {
    if (!file.endsWith('.js') || file === entry) continue;
    const bytes = fs.readFileSync(path.join(outDir, 'assets', file));
    chunk.files += 1;
    chunk.raw += bytes.length;
    chunk.gzip += zlib.gzipSync(bytes, { level: 9 }).length;
    chunk.brotli += zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { outDir, chunk };
}

interface Timings {
  loadMs: number[];
  firstBarMs: number[];
  barMs: number[];
  pieMs: number[];
}

async function measure(browser: Browser, url: string): Promise<Timings> {
  const t: Timings = { loadMs: [], firstBarMs: [], barMs: [], pieMs: [] };
  for (let rep = -1; rep < reps; rep++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    try {
      const page = await context.newPage();
      await page.goto(url);
      await page.waitForFunction(() => window.chartBench !== undefined);
      const loadMs = await page.evaluate(() => window.chartBench!.load());
      const firstBarMs = await page.evaluate(() => window.chartBench!.render('bar'));
      const barMs: number[] = [];
      const pieMs: number[] = [];
      for (let r = 0; r < renders; r++) {
        pieMs.push(await page.evaluate(() => window.chartBench!.render('pie')));
        barMs.push(await page.evaluate(() => window.chartBench!.render('bar')));
      }
      // rep -1 warms the browser and the machine up; it is not counted.
      if (rep >= 0) {
        t.loadMs.push(loadMs);
        t.firstBarMs.push(firstBarMs);
        t.barMs.push(...barMs);
        t.pieMs.push(...pieMs);
      }
    } finally {
      await context.close();
    }
  }
  return t;
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);
const median = (values: readonly number[]) => percentile([...values].sort((a, b) => a - b), 50);
const p90 = (values: readonly number[]) => percentile([...values].sort((a, b) => a - b), 90);

async function main(): Promise<void> {
  console.log(`chart bench ${new Date().toISOString()} — ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const launchOptions = playwrightConfig.use?.launchOptions ?? {};
  const browser = await chromium.launch({ ...launchOptions, headless: true });
  cleanups.push(() => browser.close());
  console.log(`Chromium ${browser.version()}; ${reps} cold loads per candidate (+1 warm-up), ${renders} warm mounts of each kind per load`);
  const lines: string[] = [];
  for (const name of chosen) {
    const { title, packages } = CANDIDATES[name];
    if (!installed(name)) {
      console.log(`${title}: not installed — npm install --no-save ${packages.join(' ')}`);
      continue;
    }
    process.stdout.write(`${title}: building… `);
    const { outDir, chunk } = await buildCandidate(name);
    const server = await serveFolder(outDir);
    cleanups.push(() => server.close());
    console.log('measuring');
    const t = await measure(browser, server.url);
    lines.push(
      `| ${title} | ${chunk.files} | ${kB(chunk.raw)} | ${kB(chunk.gzip)} | ${kB(chunk.brotli)} | ${ms(median(t.loadMs))} | ${ms(median(t.firstBarMs))} | ${ms(median(t.barMs))} / ${ms(p90(t.barMs))} | ${ms(median(t.pieMs))} / ${ms(p90(t.pieMs))} |`,
    );
  }
  console.log('');
  console.log('| candidate | chunks | raw kB | gzip kB | brotli kB | cold import ms | first bar ms | bar (12) median / p90 ms | pie (8) median / p90 ms |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const line of lines) console.log(line);
  console.log('\nkB = 1,000 bytes of the chunk(s) the candidate adds to a page (React and the harness excluded); times are in-page performance.now(), mount → marks painted.');
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
