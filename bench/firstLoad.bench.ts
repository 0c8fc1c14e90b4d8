/**
 * First load of the sign-in page in Chromium (issue 16): a cold cache loads /user/login from the
 * real server (static files and API on 127.0.0.1) until the 登 录 button is painted; the bench
 * records that time and the JavaScript that came over the wire (encoded bodies: what the network
 * carried), per variant, in the same run:
 *
 * - **compressed**: the app as built now, served with its .br/.gz copies (server/http/webApp.ts);
 * - **identity (baseline)**: the same build with the copies removed, so every byte goes uncompressed;
 * - **before** (with `--before DIR`): another build, e.g. the code before this work, served the same way.
 *
 *   npx tsx bench/firstLoad.bench.ts [--runs 7] [--networks loopback,20mbit] [--dist DIR] [--before DIR]
 *
 * Builds the app with the project's vite.config.ts into a temp folder (unless `--dist`), starts one
 * embedded database (seeded, no demo rows) and one server per variant on it, and drives Debian's
 * Chromium with the e2e flags: every load in a fresh browser context (empty cache), the variants
 * alternating their order run by run. `--networks` adds Chromium's network emulation: `loopback` is
 * none, `20mbit` is 20 Mbit/s down, 5 up, 20 ms round trip (an office line to a hosted server),
 * where bytes show in time. Stops by itself and removes everything (also on Ctrl-C).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { build } from 'vite';
import playwrightConfig from '../playwright.config';
import { buildApp } from '../server/app';
import { readConfig } from '../server/config';
import { loadEntityPages } from '../server/crud/pages';
import { openPglite, type Database } from '../server/db/open';
import { prepareDatabase } from '../server/db/prepare';
import { percentile } from './support/stats';
import { benchCleanups } from './support/cleanups';
import { option } from './support/args';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const API = '/insurance';
const LOGIN_PATH = '/user/login';
/** The goal for the sign-in page (1 kB = 1,000 bytes, the stricter reading). */
const GOAL_JS_BYTES = 250_000;


const runs = Number(option('runs', '7'));
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
const distOption = option('dist', '');
const beforeOption = option('before', '');

interface NetworkProfile {
  name: string;
  /** Chromium's Network.emulateNetworkConditions; none on loopback. */
  conditions?: { latency: number; downloadThroughput: number; uploadThroughput: number };
}
const NETWORKS: Record<string, NetworkProfile> = {
  loopback: { name: 'loopback' },
  '20mbit': { name: '20 Mbit/s, 20 ms', conditions: { latency: 20, downloadThroughput: (20e6 / 8) | 0, uploadThroughput: (5e6 / 8) | 0 } },
};
const networks = option('networks', 'loopback,20mbit')
  .split(',')
  .map((name) => {
    const profile = NETWORKS[name.trim()];
    if (!profile) throw new Error(`--networks takes ${Object.keys(NETWORKS).join(', ')}; got "${name}"`);
    return profile;
  });

/** Work to undo on the way out, newest first — also on Ctrl-C or the time limit. */
const { cleanups, cleanUp } = benchCleanups(20);

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function buildApplication(): Promise<string> {
  const outDir = tempDir('lossdesk-firstload-build-');
  await build({ configFile: path.join(root, 'vite.config.ts'), root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  return outDir;
}

/** A copy of the build without its .br/.gz copies: the server then sends every file as it is. */
function identityCopy(dist: string): string {
  const dir = tempDir('lossdesk-firstload-identity-');
  fs.cpSync(dist, dir, { recursive: true, filter: (source) => !/\.(br|gz)$/.test(source) });
  return dir;
}

async function openDatabase(adminPassword: string): Promise<Database> {
  const database = await openPglite(tempDir('lossdesk-firstload-pglite-'));
  cleanups.push(() => database.close());
  await prepareDatabase(database.db, { pages: loadEntityPages(), seed: { demo: false, adminPassword } });
  return database;
}

/** One server over `webDir` on a free 127.0.0.1 port; all share the database, as API nodes do. */
async function serve(database: Database, webDir: string, adminPassword: string): Promise<string> {
  const config = readConfig({ DEMO: 'off', ADMIN_PASSWORD: adminPassword, WEB_DIR: webDir, API_BASE: API, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn' });
  const app: FastifyInstance = await buildApp({ config, database, pages: loadEntityPages() });
  cleanups.push(() => app.close());
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return address;
}

interface Load {
  /** from navigation start to the frame that painted the 登 录 button */
  buttonMs: number;
  jsEncoded: number;
  jsDecoded: number;
  jsRequests: number;
  allEncoded: number;
}

/** Runs in the page before its own scripts: notes when the sign-in button is first painted. */
function watchLoginButton(): void {
  const w = window as unknown as { __loginButtonPaintedAt?: number };
  const observer = new MutationObserver(() => {
    const button = Array.from(document.querySelectorAll('button[type="submit"]')).find((b) => /登\s*录/.test(b.textContent ?? ''));
    if (!button) return;
    const box = button.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    observer.disconnect();
    // A task posted from requestAnimationFrame runs after that frame's paint.
    requestAnimationFrame(() => setTimeout(() => (w.__loginButtonPaintedAt = performance.now())));
  });
  observer.observe(document, { childList: true, subtree: true });
}

async function coldLoad(browser: Browser, url: string, network: NetworkProfile): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    if (network.conditions) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network.conditions });
    }
    await page.addInitScript(watchLoginButton);
    await page.goto(`${url}${LOGIN_PATH}`, { waitUntil: 'commit' });
    const buttonMs = await page.waitForFunction(() => (window as unknown as { __loginButtonPaintedAt?: number }).__loginButtonPaintedAt, undefined, { timeout: 60_000 }).then((h) => h.jsonValue() as Promise<number>);
    // Whatever the page still fetches after the button counts as its first load too.
    await page.waitForLoadState('networkidle');
    // Plain loops: a helper function inside would be renamed by the TypeScript loader (__name).
    const bytes = await page.evaluate(() => {
      const out = { jsEncoded: 0, jsDecoded: 0, jsRequests: 0, allEncoded: 0 };
      for (const entry of [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')] as PerformanceResourceTiming[]) {
        out.allEncoded += entry.encodedBodySize;
        if (!new URL(entry.name).pathname.endsWith('.js')) continue;
        out.jsEncoded += entry.encodedBodySize;
        out.jsDecoded += entry.decodedBodySize;
        out.jsRequests += 1;
      }
      return out;
    });
    await page.getByRole('tab', { name: '账号密码登录' }).waitFor({ state: 'visible', timeout: 5_000 });
    return { buttonMs, ...bytes };
  } finally {
    await context.close();
  }
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);
const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
function median(values: readonly number[]): number {
  return percentile([...values].sort((a, b) => a - b), 50);
}
function p90(values: readonly number[]): number {
  return percentile([...values].sort((a, b) => a - b), 90);
}

async function main(): Promise<void> {
  console.log(`first-load bench ${new Date().toISOString()} — ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  let dist = distOption ? path.resolve(distOption) : '';
  if (!dist) {
    process.stdout.write('building the app… ');
    const started = performance.now();
    dist = await buildApplication();
    console.log(`${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const variants: Array<{ name: string; dir: string }> = [
    { name: 'compressed (br/gzip)', dir: dist },
    { name: 'identity (baseline)', dir: identityCopy(dist) },
  ];
  if (beforeOption) variants.push({ name: 'before (--before)', dir: identityCopy(path.resolve(beforeOption)) });
  for (const v of variants) if (!fs.existsSync(path.join(v.dir, 'index.html'))) throw new Error(`${v.dir} holds no index.html`);

  const adminPassword = `bench-${crypto.randomBytes(9).toString('base64url')}`;
  const database = await openDatabase(adminPassword);
  const urls = await Promise.all(variants.map((v) => serve(database, v.dir, adminPassword)));
  const launchOptions = playwrightConfig.use?.launchOptions ?? {};
  const browser = await chromium.launch({ ...launchOptions, headless: true });
  cleanups.push(() => browser.close());
  console.log(`Chromium ${browser.version()}; ${runs} cold loads per variant and network (+1 warm-up round)`);

  const rows: string[] = [];
  const summary: string[] = [];
  for (const network of networks) {
    const loads: Load[][] = variants.map(() => []);
    for (let run = -1; run < runs; run++) {
      // Rotate who goes first, so drift in the machine's load falls on every variant alike.
      for (let k = 0; k < variants.length; k++) {
        const i = (k + Math.max(run, 0)) % variants.length;
        const load = await coldLoad(browser, urls[i], network);
        if (run >= 0) loads[i].push(load);
      }
      process.stdout.write(run < 0 ? `${network.name}: warm-up ` : '.');
    }
    process.stdout.write('\n');
    const times = loads.map((l) => median(l.map((x) => x.buttonMs)));
    for (const [i, v] of variants.entries()) {
      const l = loads[i];
      rows.push(
        `| ${network.name} | ${v.name} | ${ms(times[i])} / ${ms(p90(l.map((x) => x.buttonMs)))} | ${kB(median(l.map((x) => x.jsEncoded)))} | ${kB(median(l.map((x) => x.jsDecoded)))} | ${median(l.map((x) => x.jsRequests))} | ${kB(median(l.map((x) => x.allEncoded)))} | ${l.length} |`,
      );
    }
    summary.push(`${network.name}: time compressed / identity = ${(times[0] / times[1]).toFixed(2)}×`);
    if (variants.length > 2) {
      const versusBefore = times[0] / times[2];
      summary.push(`${network.name}: time compressed / before = ${versusBefore.toFixed(2)}×`);
      // The issue measured JeecgBoot's Vue 2 login page (9.66 MB of JS) at ≈ 2.1× our time before
      // this work; that page is not here, so this line is derived from that figure, not measured.
      summary.push(
        `${network.name}: ≤ 1/3 of JeecgBoot's login time, derived (JeecgBoot ≈ 2.1× before ⇒ goal ≤ 0.70× before): ${versusBefore <= 2.1 / 3 ? 'met' : 'NOT met'}`,
      );
    }
    const js = median(loads[0].map((x) => x.jsEncoded));
    summary.push(`${network.name}: goal ≤ 250 KB JS over the wire: ${js <= GOAL_JS_BYTES ? 'met' : 'NOT met'} (${kB(js)} kB)`);
  }

  console.log('\n| network | variant | 登 录 button painted median / p90 ms | JS over the wire kB | JS uncompressed kB | JS requests | all bytes over the wire kB | n |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  console.log('');
  for (const line of summary) console.log(line);
  console.log(`\n1 kB = 1,000 bytes (encoded bodies, headers not counted); load average at the end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}

try {
  await main();
} finally {
  await cleanUp();
}
