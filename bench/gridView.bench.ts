/**
 * The editable grid in Chromium (issue 4): mount time and keystroke latency of the runtime's
 * GridView at 200 rows × 10 columns and 1,000 rows × 20 columns, beside a plain antd Table with
 * the same data (a hand-made editable cell: an antd Input, the rows in the table's state), in the
 * same browser page, alternating grid and table. Prints median / p90 and the ratios grid ÷ table.
 *
 *   npx tsx bench/gridView.bench.ts [--reps 7] [--keys 10] [--sizes 200x10,1000x20] [--screenshot /tmp/grid.png]
 *
 * Builds bench/grid/ with Vite (production) into a temp folder, serves it on a free port, drives
 * Debian's Chromium with the e2e flags; stops by itself and removes everything (also on Ctrl-C).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import playwrightConfig from '../playwright.config';
import type { BenchSize, BenchSubject } from './grid/api';
import { serveFolder } from './support/staticServer';
import { ms, percentile, ratio } from './support/stats';
import { benchCleanups } from './support/cleanups';
import { option } from './support/args';

const here = path.dirname(fileURLToPath(import.meta.url));


function positive(name: string, fallback: number): number {
  const value = Number(option(name, String(fallback)));
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
  return value;
}

const reps = positive('reps', 7);
const keys = positive('keys', 10);
const timeoutMin = positive('timeout-min', 30);
const screenshotPath = option('screenshot', '');
const sizes: BenchSize[] = option('sizes', '200x10,1000x20')
  .split(',')
  .map((text) => {
    const match = /^(\d+)x(\d+)$/.exec(text.trim());
    if (!match) throw new Error(`--sizes takes ROWSxCOLUMNS,…, got "${text}"`);
    return { rows: Number(match[1]), columns: Number(match[2]) };
  });

/** Work to undo on the way out, newest first — also on Ctrl-C or the time limit. */
const { cleanups, cleanUp } = benchCleanups(timeoutMin);

async function buildPage(): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lossdesk-gridbench-'));
  cleanups.push(async () => fs.rmSync(outDir, { recursive: true, force: true }));
  // A bench-only configuration: the page's own root, production mode, nothing of the app's config.
  await build({
    configFile: false,
    root: path.join(here, 'grid'),
    base: './',
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 10_000, reportCompressedSize: false },
  });
  return outDir;
}

async function launch(): Promise<Browser> {
  const launchOptions = playwrightConfig.use?.launchOptions ?? {};
  const browser = await chromium.launch({
    ...launchOptions,
    headless: true,
    // Collect garbage between runs, so one run's garbage is not the next one's pause.
    args: [...(launchOptions.args ?? []), '--js-flags=--expose-gc'],
  });
  cleanups.push(() => browser.close());
  return browser;
}

interface Run {
  mountMs: number;
  keystrokeMs: number[];
}

async function measure(page: Page, subject: BenchSubject, size: BenchSize): Promise<Run> {
  await page.evaluate(() => window.gc?.());
  const mountMs = await page.evaluate(([s, z]) => window.gridBench!.mount(s, z), [subject, size] as const);
  const cell = await page.evaluate(() => window.gridBench!.editableCell());
  await page.click(cell);
  await page.waitForFunction(() => document.activeElement instanceof HTMLInputElement);
  const before = (await page.evaluate(() => window.gridBench!.focusedValue())) ?? '';
  const keystrokeMs: number[] = [];
  for (let k = 0; k < keys; k++) {
    await page.evaluate(() => window.gridBench!.arm());
    await page.keyboard.press('a');
    keystrokeMs.push(await page.evaluate(() => window.gridBench!.keystroke()));
  }
  const after = await page.evaluate(() => window.gridBench!.focusedValue());
  if (after !== before + 'a'.repeat(keys)) throw new Error(`${subject}: the keystrokes did not reach the editor (${JSON.stringify(before)} → ${JSON.stringify(after)})`);
  await page.evaluate(() => window.gridBench!.unmount());
  return { mountMs, keystrokeMs };
}

/** The wide grid scrolled sideways, a cell editing: what a user sees (fixed cells, header and footer in line). */
async function screenshot(page: Page, file: string): Promise<void> {
  const size = sizes.at(-1)!;
  await page.evaluate((z) => window.gridBench!.mount('grid', z, { sums: true, fixedFirst: true }), size);
  await page.evaluate(() => {
    const body = document.querySelector('.grid-body');
    if (body) body.scrollLeft = 900;
  });
  await page.click('.grid-row[data-index="1"] .grid-cell[data-column="c10"]');
  await page.keyboard.type('已编辑');
  await page.waitForTimeout(300);
  await page.screenshot({ path: file });
  await page.evaluate(() => window.gridBench!.unmount());
  console.log(`screenshot: ${file}`);
}

const summary = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p90: percentile(sorted, 90), n: sorted.length };
};

async function main(): Promise<void> {
  const started = new Date();
  const load = os.loadavg();
  console.log(`grid bench ${started.toISOString()} — ${os.cpus().length} cores, load average ${load.map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`${reps} mounts per subject and size (+1 warm-up pair), ${keys} keystrokes per mount; building the page…`);
  const outDir = await buildPage();
  const server = await serveFolder(outDir);
  cleanups.push(() => server.close());
  const browser = await launch();
  console.log(`Chromium ${browser.version()}`);
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  await page.goto(server.url);
  await page.waitForFunction(() => window.gridBench !== undefined);

  const rows: string[] = [];
  for (const size of sizes) {
    const label = `${size.rows.toLocaleString('en')} × ${size.columns}`;
    const runs: Record<BenchSubject, Run[]> = { grid: [], table: [] };
    for (let rep = -1; rep < reps; rep++) {
      // Alternate who goes first, so drift in the machine's load falls on both.
      const order: BenchSubject[] = rep % 2 === 0 ? ['grid', 'table'] : ['table', 'grid'];
      for (const subject of order) {
        const run = await measure(page, subject, size);
        if (rep >= 0) runs[subject].push(run);
      }
      process.stdout.write(rep < 0 ? `${label}: warm-up ` : '.');
    }
    process.stdout.write('\n');
    const mount = { grid: summary(runs.grid.map((r) => r.mountMs)), table: summary(runs.table.map((r) => r.mountMs)) };
    const key = { grid: summary(runs.grid.flatMap((r) => r.keystrokeMs)), table: summary(runs.table.flatMap((r) => r.keystrokeMs)) };
    rows.push(
      `| ${label} | mount | ${ms(mount.grid.median)} / ${ms(mount.grid.p90)} | ${ms(mount.table.median)} / ${ms(mount.table.p90)} | ${ratio(mount.grid.median, mount.table.median)} | ${ratio(mount.grid.p90, mount.table.p90)} | ${mount.grid.n} |`,
      `| ${label} | keystroke | ${ms(key.grid.median)} / ${ms(key.grid.p90)} | ${ms(key.table.median)} / ${ms(key.table.p90)} | ${ratio(key.grid.median, key.table.median)} | ${ratio(key.grid.p90, key.table.p90)} | ${key.grid.n} |`,
    );
  }
  if (screenshotPath) await screenshot(page, screenshotPath);

  console.log('\n| size | what | grid median / p90 ms | antd Table median / p90 ms | ratio median | ratio p90 | n |');
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  console.log(`\nratio = grid ÷ antd Table (below 1× the grid is faster); load average at the end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}

try {
  await main();
} finally {
  await cleanUp();
}
