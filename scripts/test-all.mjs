#!/usr/bin/env node
// The one test command (`npm test`; .ci/run runs it on a fresh machine). Runs every check in order and
// keeps going after a failure so one run shows everything that is red; e2e needs the built app, so it
// is skipped (and counted as failed) when the build failed. The last line is always
// `N passed, N failed` (plus `, N skipped`), and the exit code is 1 when anything failed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tallyPlaywright, tallyVitest } from './lib/reports.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lossdesk-test-'));
const vitestReport = path.join(reportDir, 'vitest.json');
const playwrightReport = path.join(reportDir, 'playwright.json');

/** @type {import('node:child_process').ChildProcess | undefined} */
let current;
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
    // Ctrl-C already reaches the child through the terminal; a SIGTERM from CI does not.
    if (current && current.exitCode === null) current.kill(signal);
  });
}

/** @param {string} command @param {string[]} args @param {NodeJS.ProcessEnv} [env] @returns {Promise<number>} */
function run(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    current = child;
    child.on('error', (err) => {
      console.error(`cannot start ${command}: ${err.message}`);
      resolve(127);
    });
    child.on('close', (code, signal) => {
      current = undefined;
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;
/** "lint — eslint" → "lint" */
const shortName = (name) => name.split(' — ')[0];

/**
 * @typedef {{ name: string, ok: boolean, skipped?: boolean, ms: number,
 *   passed: number, failed: number, skippedTests: number, flaky: number, problems: string[] }} StepResult
 */
/** @type {StepResult[]} */
const results = [];
const STEP_COUNT = 6;

/**
 * A step that is a check, not a test runner: it counts as one failed test when its command fails.
 * @param {string} name @param {string} command @param {string[]} args
 */
async function checkStep(name, command, args) {
  header(name);
  const started = Date.now();
  const code = await run(command, args);
  const ok = code === 0;
  const result = {
    name, ok, ms: Date.now() - started, passed: 0, failed: ok ? 0 : 1, skippedTests: 0, flaky: 0,
    problems: ok ? [] : [`${shortName(name)}: \`${[command, ...args].join(' ')}\` exited with code ${code}`],
  };
  footer(result);
  return result;
}

/**
 * A test runner step: counts come from its JSON report, which tally* reads defensively.
 * @param {string} name @param {string[]} args @param {(code: number) => ReturnType<typeof tallyVitest>} tally
 * @param {NodeJS.ProcessEnv} [env]
 */
async function testStep(name, args, tally, env) {
  header(name);
  const started = Date.now();
  const code = await run('npx', ['--no', '--', ...args], env);
  const t = tally(code);
  const result = {
    name, ok: t.failed === 0, ms: Date.now() - started, passed: t.passed, failed: t.failed,
    skippedTests: t.skipped, flaky: t.flaky, problems: t.problems,
  };
  footer(result);
  return result;
}

function header(name) {
  const n = results.length + 1;
  console.log(`\n${'='.repeat(72)}\n[${n}/${STEP_COUNT}] ${name}\n${'='.repeat(72)}`);
}

/** @param {StepResult} r */
function footer(r) {
  const counts = r.passed + r.failed + r.skippedTests > 0 ? ` — ${describeCounts(r)}` : '';
  console.log(`\n--- ${r.name}: ${r.skipped ? 'SKIPPED' : r.ok ? 'ok' : 'FAILED'} in ${seconds(r.ms)}${counts}`);
  for (const p of r.problems) console.log(`    ${p}`);
}

/** @param {{ passed: number, failed: number, skippedTests: number, flaky: number }} r */
function describeCounts(r) {
  const parts = [`${r.passed} passed`, `${r.failed} failed`];
  if (r.skippedTests > 0) parts.push(`${r.skippedTests} skipped`);
  if (r.flaky > 0) parts.push(`${r.flaky} flaky (passed on retry)`);
  return parts.join(', ');
}

const E2E_TITLE = 'e2e — Playwright (Chromium against the real server)';

/** A step that did not run; it still counts as one failure so the total cannot look green. */
function notRun(name, why) {
  header(name);
  const result = {
    name, ok: false, skipped: true, ms: 0, passed: 0, failed: 1, skippedTests: 0, flaky: 0,
    problems: [`${shortName(name)}: not run, ${why}`],
  };
  footer(result);
  return result;
}

async function main() {
  const started = Date.now();
  /** @type {[string, () => Promise<StepResult>][]} */
  const steps = [
    ['gen:check — generated types are up to date', () => checkStep('gen:check — generated types are up to date', 'npm', ['run', 'gen:check'])],
    ['typecheck — tsc --noEmit', () => checkStep('typecheck — tsc --noEmit', 'npm', ['run', 'typecheck'])],
    ['lint — eslint', () => checkStep('lint — eslint', 'npm', ['run', 'lint'])],
    [
      'vitest — unit (jsdom) and server (PGlite + PostgreSQL)',
      () =>
        testStep(
          'vitest — unit (jsdom) and server (PGlite + PostgreSQL)',
          ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
          (code) => tallyVitest(vitestReport, code),
        ),
    ],
    ['build — vite', () => checkStep('build — vite', 'npm', ['run', 'build'])],
    [
      E2E_TITLE,
      () => {
        // e2e runs against the built app: without a build it would test a stale or missing one.
        const build = results.find((r) => r.name.startsWith('build'));
        if (!build?.ok) return Promise.resolve(notRun(E2E_TITLE, 'the build failed'));
        return testStep(
          E2E_TITLE,
          ['playwright', 'test', '--reporter=list,json'],
          (code) => tallyPlaywright(playwrightReport, code),
          { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport },
        );
      },
    ],
  ];
  for (const [name, step] of steps) {
    results.push(interrupted ? notRun(name, 'the test run was interrupted') : await step());
  }
  fs.rmSync(reportDir, { recursive: true, force: true });

  const total = results.reduce(
    (sum, r) => ({
      passed: sum.passed + r.passed, failed: sum.failed + r.failed,
      skippedTests: sum.skippedTests + r.skippedTests, flaky: sum.flaky + r.flaky,
    }),
    { passed: 0, failed: 0, skippedTests: 0, flaky: 0 },
  );
  console.log(`\n${'='.repeat(72)}\nSummary (${seconds(Date.now() - started)})`);
  for (const r of results) {
    const status = r.skipped ? 'SKIPPED' : r.ok ? 'ok' : 'FAILED';
    const counts = r.passed + r.failed + r.skippedTests > 0 ? `  ${describeCounts(r)}` : '';
    console.log(`  ${status.padEnd(8)}${shortName(r.name).padEnd(12)}${seconds(r.ms).padStart(8)}${counts}`);
  }
  const problems = results.flatMap((r) => r.problems);
  if (problems.length > 0) {
    console.log('Problems reported by the steps:');
    for (const p of problems) console.log(`  - ${p}`);
  }
  const last = [`${total.passed} passed`, `${total.failed} failed`];
  if (total.skippedTests > 0) last.push(`${total.skippedTests} skipped`);
  console.log(last.join(', '));
  process.exitCode = total.failed > 0 || interrupted ? 1 : 0;
}

main().catch((err) => {
  // The orchestrator itself broke: still end with the summary line CI looks for.
  console.error(err);
  fs.rmSync(reportDir, { recursive: true, force: true });
  console.log('0 passed, 1 failed');
  process.exitCode = 1;
});
