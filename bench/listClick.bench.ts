/**
 * List pages in Chromium (issue 16): from a side-menu click to the first rows painted (shown: a row
 * rendered hidden ahead of the click counts once it is visible), on three pages, with the client's
 * share — click → rows minus the time after the click the list request was still on its way
 * (Resource Timing) — and when the list request started relative to the click (negative: it left
 * while the pointer rested on the entry, see src/layouts/BasicLayout/menuIntent.ts; `--hover-ms 0`
 * measures a click without that rest).
 *
 *   npx tsx bench/listClick.bench.ts [--reps 5] [--dist DIR] [--baseline-dist DIR] [--hover-ms 300]
 *                                    [--screenshot /tmp/list.png] [--verbose] [--cpu-time] [--cpu-profile DIR]
 *
 * Builds the app (`vite build`, the project's own config) into a temp folder unless `--dist` names a
 * build, then serves it with the real server (in this process: the embedded database in a temp
 * folder, migrated and seeded with the demo data, captcha off) on a free 127.0.0.1 port, and drives
 * Debian's Chromium with the e2e flags, signed in as admin. `--baseline-dist` serves a second build
 * (e.g. of an older commit) from the same server and database on another port; its clicks alternate
 * with the current build's. Every build is also measured reached through a reload (the page's
 * address opened directly: app start + page + rows).
 *
 * One click: the home page is loaded afresh (so nothing of the list page is in memory), the menu
 * group is opened, the pointer rests on the entry `--hover-ms` (a person moving to it), then the
 * entry is clicked. Stops by itself (20 min limit) and removes everything (also on Ctrl-C).
 *
 * `--verbose` prints every request after each click; `--cpu-time` traces every click and adds the
 * main thread's CPU time from the click to the rows (steadier than the wall clock on a busy
 * machine, where the page waits for a core); `--cpu-profile DIR` adds one click per page
 * (this build, not counted) recorded by Chromium's sampling profiler from just before the click to
 * the rows painted, written to DIR/<page>.cpuprofile, and a timeline trace of the same click,
 * DIR/<page>.trace.json (both open in DevTools' Performance panel; a build made with
 * `vite build --minify false` keeps the function names).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import playwrightConfig from '../playwright.config';
import { buildApp } from '../server/app';
import { readConfig } from '../server/config';
import { loadEntityPages } from '../server/crud/pages';
import { openPglite, type Database } from '../server/db/open';
import { prepareDatabase } from '../server/db/prepare';
import { loadReports } from '../server/reports';
import { ms, percentile } from './support/stats';
import { benchCleanups } from './support/cleanups';
import { option } from './support/args';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const API = '/insurance';
const HOME = '/dashboard/analysis';
const GOAL_TOTAL_MS = 300;
const GOAL_CLIENT_MS = 100;

interface ListPageCase {
  group: string;
  entry: string;
  path: string;
}

const PAGES: readonly ListPageCase[] = [
  { group: '基础数据', entry: '专家', path: '/maintenance/expert' },
  { group: '案件管理', entry: '在办案件', path: '/receive/handle' },
  { group: '系统管理', entry: '用户管理', path: '/isystem/user' },
];


function wholeNumber(name: string, fallback: number, min: number): number {
  const value = Number(option(name, String(fallback)));
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be an integer ≥ ${min}`);
  return value;
}

const reps = wholeNumber('reps', 5, 1);
const hoverMs = wholeNumber('hover-ms', 300, 0);
const givenDist = option('dist', '');
const baselineDist = option('baseline-dist', '');
const screenshotPath = option('screenshot', '');
const verbose = process.argv.includes('--verbose');
const cpuProfileDir = option('cpu-profile', '');
const cpuTime = process.argv.includes('--cpu-time');

/** Work to undo on the way out, newest first — also on Ctrl-C or the time limit. */
const { cleanups, cleanUp } = benchCleanups(20);

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function buildWebApp(): string {
  if (givenDist) return path.resolve(givenDist);
  const outDir = tempDir('lossdesk-clickbench-dist-');
  const started = performance.now();
  const result = spawnSync(path.join(root, 'node_modules', '.bin', 'vite'), ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('vite build failed');
  console.log(`built the app in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return outDir;
}

/** The embedded database with the demo data, as `npm start` prepares it. */
async function demoDatabase(): Promise<{ database: Database; pages: ReturnType<typeof loadEntityPages> }> {
  const database = await openPglite(tempDir('lossdesk-clickbench-data-'));
  cleanups.push(() => database.close());
  const pages = loadEntityPages();
  await prepareDatabase(database.db, { pages, seed: { demo: true }, addMenus: true });
  return { database, pages };
}

async function serve(database: Database, pages: ReturnType<typeof loadEntityPages>, webDir: string): Promise<string> {
  const dataDir = tempDir('lossdesk-clickbench-upload-');
  const config = readConfig({ CAPTCHA: 'off', DEMO: 'on', WEB_DIR: webDir, API_BASE: API, DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const app: FastifyInstance = await buildApp({ config, database, pages, reports: loadReports(pages) });
  cleanups.push(() => app.close());
  return app.listen({ port: 0, host: '127.0.0.1' });
}

async function launch(): Promise<Browser> {
  const launchOptions = playwrightConfig.use?.launchOptions ?? {};
  const browser = await chromium.launch({ ...launchOptions, headless: true });
  cleanups.push(() => browser.close());
  return browser;
}

/**
 * In-page script (a string: functions handed to the page must not carry the TypeScript loader's
 * helpers): watches, from the next click on (or from the navigation's start), for the first data
 * row of the page at `pagePath`, then for the frame that paints it.
 */
function watchForRows(pagePath: string, fromNavigation: boolean): string {
  return `(() => {
    const watch = { start: ${fromNavigation ? '0' : 'undefined'} };
    watch.done = new Promise((resolve) => {
      const selector = ${JSON.stringify(`.page-slot[data-page-key="${pagePath}"] .ant-table-tbody tr.ant-table-row`)};
      // A row rendered hidden (a page made ready while the pointer rested on its entry) counts once shown.
      const shown = () => { const row = document.querySelector(selector); return row !== null && row.checkVisibility(); };
      const observer = new MutationObserver(() => {
        if (watch.start === undefined || !shown()) return;
        observer.disconnect();
        const start = watch.start;
        // A task posted from requestAnimationFrame runs after that frame has been painted.
        requestAnimationFrame(() => setTimeout(() => resolve({ start, painted: performance.now() }), 0));
      });
      const begin = () => observer.observe(document.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ['style', 'class'] });
      if (document.documentElement) begin();
      else document.addEventListener('DOMContentLoaded', begin);
    });
    if (!${fromNavigation}) document.addEventListener('click', (event) => { watch.start = event.timeStamp; }, { capture: true, once: true });
    window.__listWatch = watch;
  })()`;
}

const READ_RESULT = `(async () => {
  const result = await window.__listWatch.done;
  const lists = performance.getEntriesByType('resource').filter((e) => e.name.includes('/list?'));
  // The list request after the click, else the last one sent before it (while the pointer rested on the entry).
  const first = lists.find((e) => e.startTime >= result.start) ?? lists.filter((e) => e.startTime < result.start).pop();
  const all = performance.getEntriesByType('resource').filter((e) => e.startTime >= result.start)
    .map((e) => Math.round(e.startTime - result.start) + '→' + Math.round(e.responseEnd - result.start) + ' ' + e.name.replace(location.origin, '').slice(0, 90));
  return { ...result, all, entry: first ? { startTime: first.startTime, responseEnd: first.responseEnd } : undefined };
})()`;

interface Sample {
  /** Click (or navigation start) → first rows painted. */
  total: number;
  /** The list request's own time after the click: its start (or the click) to its answer's last byte. */
  request: number;
  /** Click → the list request started (negative: it left while the pointer rested on the entry). */
  requestStart: number;
  client: number;
  /** With --cpu-time: the renderer's main thread's CPU time (thread time) from the click to the rows painted. */
  cpu?: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { type?: string } };
}

/**
 * The main thread's CPU time in a timeline trace from the click to `totalMs` after it: the thread
 * time of its outermost events (tasks: event dispatch, timers, network callbacks, style, layout,
 * paint). Time the thread waited for a core on the busy machine is not in it, so it says what the
 * page costs more steadily than the wall clock does.
 */
function mainThreadCpu(trace: Buffer, totalMs: number): number | undefined {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const click = events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click');
  if (!click) return undefined;
  const end = click.ts + totalMs * 1000;
  const mine = events
    .filter((e) => e.pid === click.pid && e.tid === click.tid && e.ph === 'X' && e.ts >= click.ts && e.ts < end)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  let cpu = 0;
  let until = -1;
  for (const event of mine) {
    if (event.ts < until) continue;
    until = event.ts + (event.dur ?? 0);
    cpu += (event.tdur ?? 0) / 1000;
  }
  return cpu;
}

async function measured(page: Page, pagePath: string): Promise<Sample> {
  const { start, painted, entry, all } = await page.evaluate<{ start: number; painted: number; all: string[]; entry?: { startTime: number; responseEnd: number } }>(READ_RESULT);
  if (verbose) console.log(`${pagePath}: rows painted at ${Math.round(painted - start)}\n  ${all.join('\n  ')}`);
  if (!entry) throw new Error(`${pagePath}: no list request seen`);
  const total = painted - start;
  // Only the part of the request the click waited for: all of it when it left after the click, what
  // was left of it (often nothing) when it left during the hover.
  const request = Math.max(0, entry.responseEnd - Math.max(entry.startTime, start));
  return { total, request, requestStart: entry.startTime - start, client: total - request };
}

async function signedIn(browser: Browser, origin: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: origin, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('/user/login');
  await page.getByPlaceholder('请输入用户名').fill('admin');
  await page.getByPlaceholder('请输入密码').fill('123456');
  await page.getByPlaceholder('请输入验证码').fill('ab12');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.locator('.global-header').waitFor();
  await page.close();
  return context;
}

/** The home page loaded afresh and settled, the entry's group open, the pointer on the entry; then the click. */
async function clickOnce(context: BrowserContext, target: ListPageCase, profileTo?: string, shootTo?: string): Promise<Sample> {
  const page = await context.newPage();
  try {
    await page.goto(HOME);
    await page.locator('.global-header').waitFor();
    await page.waitForLoadState('networkidle');
    const menu = page.locator('.side-menu');
    const item = menu.locator('li.ant-menu-item .ant-menu-title-content').getByText(target.entry, { exact: true });
    if (!(await item.isVisible())) {
      await menu.locator('.ant-menu-submenu-title').filter({ hasText: target.group }).first().click();
      await item.waitFor();
      await page.locator('.side-menu .ant-menu-sub[class*="ant-motion-collapse"]').waitFor({ state: 'detached' }).catch(() => undefined);
    }
    await page.evaluate('performance.clearResourceTimings()');
    // Everything slow to start (the watcher, the profiler, the trace: 100 ms and more on a busy
    // machine) starts before the pointer reaches the entry, so that with --hover-ms 0 the click
    // follows the pointer's arrival at once, as the option says (the intent's dwell never passes).
    await page.evaluate(watchForRows(target.path, false));
    const session = profileTo ? await context.newCDPSession(page) : undefined;
    if (session) {
      await session.send('Profiler.enable');
      await session.send('Profiler.setSamplingInterval', { interval: 100 });
      await session.send('Profiler.start');
    }
    const browser = context.browser();
    const tracing = browser !== null && (profileTo !== undefined || cpuTime);
    if (tracing) await browser.startTracing(page, { categories: ['devtools.timeline'] });
    const box = await item.boundingBox();
    if (!box) throw new Error(`${target.entry}: menu entry not laid out`);
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    // Moved there, rested, pressed and released: what a person does (page.mouse, no actionability
    // waits between arriving and clicking).
    await page.mouse.move(x, y);
    if (hoverMs > 0) await page.waitForTimeout(hoverMs);
    await page.mouse.down();
    await page.mouse.up();
    const sample = await measured(page, target.path);
    const trace = tracing ? await browser.stopTracing() : undefined;
    if (trace) sample.cpu = mainThreadCpu(trace, sample.total);
    if (session && profileTo) {
      const { profile } = await session.send('Profiler.stop');
      fs.writeFileSync(`${profileTo}.cpuprofile`, JSON.stringify(profile));
      if (trace) fs.writeFileSync(`${profileTo}.trace.json`, trace);
      console.log(`${target.entry}: CPU profile and trace of a click (${ms(sample.total)} to rows) in ${profileTo}.*`);
    }
    if (shootTo) {
      // The page as a menu click left it (the pointer moved off the menu), after antd's transitions.
      await page.mouse.move(1400, 880);
      await page.waitForTimeout(800);
      await page.screenshot({ path: shootTo });
    }
    return sample;
  } finally {
    await page.close();
  }
}

async function reloadOnce(context: BrowserContext, target: ListPageCase): Promise<Sample> {
  const page = await context.newPage();
  try {
    await page.addInitScript(watchForRows(target.path, true));
    await page.goto(target.path);
    return await measured(page, target.path);
  } finally {
    await page.close();
  }
}

interface Subject {
  name: string;
  context: BrowserContext;
}

function median(values: readonly number[]): number {
  return percentile([...values].sort((a, b) => a - b), 50);
}

function row(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

async function main(): Promise<void> {
  const dist = buildWebApp();
  const { database, pages } = await demoDatabase();
  const browser = await launch();
  const subjects: Subject[] = [{ name: 'this build', context: await signedIn(browser, await serve(database, pages, dist)) }];
  if (baselineDist) {
    subjects.push({ name: `baseline build (${path.basename(path.resolve(baselineDist))})`, context: await signedIn(browser, await serve(database, pages, path.resolve(baselineDist))) });
  }
  const version = browser.version();
  console.log(`Chromium ${version}, ${reps} reps, pointer on the entry ${hoverMs} ms before the click, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);

  const results = new Map<string, Sample[]>();
  const add = (key: string, sample: Sample) => results.set(key, [...(results.get(key) ?? []), sample]);
  for (const target of PAGES) {
    // One warm-up each (the server's first answers, the browser's disk cache), not counted.
    for (const subject of subjects) await clickOnce(subject.context, target);
    if (cpuProfileDir) {
      fs.mkdirSync(cpuProfileDir, { recursive: true });
      await clickOnce(subjects[0].context, target, path.join(cpuProfileDir, target.path.slice(1).replaceAll('/', '_')));
    }
    for (let rep = 0; rep < reps; rep += 1) {
      const order = rep % 2 === 0 ? subjects : [...subjects].reverse();
      for (const subject of order) add(`${target.entry}\t${subject.name}\tclick`, await clickOnce(subject.context, target));
      for (const subject of order) add(`${target.entry}\t${subject.name}\treload`, await reloadOnce(subject.context, target));
    }
  }

  console.log(`\nload average at the end ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; medians in ms (n = ${reps} each)\n`);
  const cpuColumn = cpuTime ? ['main-thread CPU'] : [];
  console.log(row(['page', 'build', 'path', 'click → rows', 'list request', 'request starts after', 'client share', 'p90 click → rows', ...cpuColumn]));
  console.log(row(['---', '---', '---', '---', '---', '---', '---', '---', ...cpuColumn.map(() => '---')]));
  const verdicts: string[] = [];
  for (const [key, samples] of results) {
    const [entry, subject, how] = key.split('\t');
    const total = median(samples.map((s) => s.total));
    const client = median(samples.map((s) => s.client));
    const p90 = percentile([...samples.map((s) => s.total)].sort((a, b) => a - b), 90);
    const cpus = samples.flatMap((s) => (s.cpu === undefined ? [] : [s.cpu]));
    const cpuCell = cpuTime ? [how === 'click' && cpus.length > 0 ? ms(median(cpus)) : '—'] : [];
    console.log(row([entry, subject, how === 'click' ? 'menu click' : 'reload', ms(total), ms(median(samples.map((s) => s.request))), ms(median(samples.map((s) => s.requestStart))), ms(client), ms(p90), ...cpuCell]));
    if (how === 'click' && subject === 'this build') {
      verdicts.push(
        `${entry}: goal click → rows ≤ ${GOAL_TOTAL_MS} ms: ${total <= GOAL_TOTAL_MS ? 'met' : 'NOT met'} (${ms(total)}); client share ≤ ${GOAL_CLIENT_MS} ms: ${client <= GOAL_CLIENT_MS ? 'met' : 'NOT met'} (${ms(client)})`,
      );
    }
  }
  console.log(`\n${verdicts.join('\n')}`);

  if (screenshotPath) {
    // Every page of every build: the first page of this build at the path given, the others beside it
    // (list.png, list-receive_handle.png, list-baseline-maintenance_expert.png, …).
    const { dir, name, ext } = path.parse(screenshotPath);
    for (const [i, subject] of subjects.entries()) {
      for (const [j, target] of PAGES.entries()) {
        const suffix = [i > 0 ? 'baseline' : '', j > 0 || i > 0 ? target.path.slice(1).replaceAll('/', '_') : ''].filter(Boolean).join('-');
        const file = path.join(dir, suffix ? `${name}-${suffix}${ext}` : `${name}${ext}`);
        const page = await subject.context.newPage();
        await page.goto(target.path);
        await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
        // antd's transitions (the header checkbox enabled once rows came) end before the picture.
        await page.waitForTimeout(500);
        await page.screenshot({ path: file });
        await page.close();
        console.log(`screenshot: ${file}`);
        // The same page opened by a menu click (made ready while the pointer rested on its entry).
        const clicked = path.join(dir, `${path.parse(file).name}-click${ext}`);
        await clickOnce(subject.context, target, undefined, clicked);
        console.log(`screenshot: ${clicked}`);
      }
    }
  }
}

main()
  .then(cleanUp)
  .catch(async (error: unknown) => {
    console.error(error);
    await cleanUp();
    process.exit(1);
  });
