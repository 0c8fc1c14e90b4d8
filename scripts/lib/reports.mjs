// Turns the JSON reports of vitest and Playwright into pass/fail/skip counts for scripts/test-all.mjs.
// Every way a runner can go wrong without naming a failing test (no report, unreadable report, a test
// file that failed to load, an error outside any test, a non-zero exit) counts as a failure, so a
// crashed runner can never add up to "0 passed, 0 failed".
import fs from 'node:fs';

/** @typedef {{ passed: number, failed: number, skipped: number, flaky: number, problems: string[] }} Tally */

/** @returns {Tally} */
function emptyTally() {
  return { passed: 0, failed: 0, skipped: 0, flaky: 0, problems: [] };
}

/** @param {string} file */
function readJson(file) {
  if (!fs.existsSync(file)) return { error: `no report was written (${file})` };
  try {
    return { value: JSON.parse(fs.readFileSync(file, 'utf8')) };
  } catch (err) {
    return { error: `the report ${file} is not valid JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;
/** How many lines of a failure's message the summary repeats (CI shows only the end of the log). */
const MESSAGE_LINES = 14;

/** The first lines of a failure's message, colour codes removed, indented under its test. */
function messageLines(message) {
  return String(message ?? '')
    .replace(ANSI, '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, MESSAGE_LINES)
    .map((line) => `      ${line.trimEnd()}`)
    .join('\n');
}

/** @param {Tally} tally @param {number|null} exitCode @param {string} runner */
function failOnSilentExit(tally, exitCode, runner) {
  if (exitCode !== 0 && tally.failed === 0) {
    tally.failed += 1;
    tally.problems.push(
      `${runner} exited with code ${exitCode} although no test failed: see its output above ` +
        '(unhandled errors, no test files, a configuration error)',
    );
  }
  return tally;
}

/**
 * vitest's json reporter (jest format): numPassedTests/numFailedTests/numPendingTests/numTodoTests and
 * testResults[] per file, whose status is 'failed' also when the file could not even be loaded.
 * @param {string} file @param {number|null} exitCode @returns {Tally}
 */
export function tallyVitest(file, exitCode) {
  const tally = emptyTally();
  const report = readJson(file);
  if (report.error) {
    tally.failed = 1;
    tally.problems.push(`vitest: ${report.error}`);
    return tally;
  }
  const r = report.value;
  if (typeof r.numPassedTests !== 'number' || typeof r.numFailedTests !== 'number') {
    tally.failed = 1;
    tally.problems.push('vitest: the report has no test counts');
    return tally;
  }
  tally.passed = r.numPassedTests;
  tally.failed = r.numFailedTests;
  tally.skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  for (const fileResult of r.testResults ?? []) {
    const assertions = fileResult.assertionResults ?? [];
    const hasFailedTest = assertions.some((a) => a.status === 'failed');
    for (const a of assertions.filter((x) => x.status === 'failed')) {
      tally.problems.push(`vitest: ${fileResult.name} › ${a.fullName ?? a.title}\n${messageLines((a.failureMessages ?? [])[0])}`);
    }
    if (fileResult.status === 'failed' && !hasFailedTest) {
      tally.failed += 1;
      const firstLine = String(fileResult.message ?? '').split('\n').find((l) => l.trim() !== '') ?? '';
      tally.problems.push(`vitest: ${fileResult.name} failed outside any test: ${firstLine}`);
    }
  }
  return failOnSilentExit(tally, exitCode, 'vitest');
}

/**
 * Playwright's json reporter: stats.expected (passed), unexpected (failed), flaky (passed on retry),
 * skipped; errors[] holds failures outside tests (web server did not start, no tests found, …).
 * @param {string} file @param {number|null} exitCode @returns {Tally}
 */
export function tallyPlaywright(file, exitCode) {
  const tally = emptyTally();
  const report = readJson(file);
  if (report.error) {
    tally.failed = 1;
    tally.problems.push(`playwright: ${report.error}`);
    return tally;
  }
  const r = report.value;
  const stats = r.stats;
  if (!stats || typeof stats.expected !== 'number' || typeof stats.unexpected !== 'number') {
    tally.failed = 1;
    tally.problems.push('playwright: the report has no stats');
    return tally;
  }
  tally.flaky = stats.flaky ?? 0;
  tally.passed = stats.expected + tally.flaky;
  tally.failed = stats.unexpected;
  tally.skipped = stats.skipped ?? 0;
  for (const failure of failedSpecs(r.suites ?? [])) tally.problems.push(failure);
  for (const error of r.errors ?? []) {
    tally.failed += 1;
    const firstLine = String(error.message ?? '').split('\n').find((l) => l.trim() !== '') ?? 'error';
    tally.problems.push(`playwright: ${firstLine}`);
  }
  return failOnSilentExit(tally, exitCode, 'playwright');
}

/**
 * `playwright: file:line › title` and the first lines of its error, for every test that failed, so the
 * end of a CI log says what went wrong without the traces.
 * @param {any[]} suites @returns {string[]}
 */
function failedSpecs(suites) {
  const out = [];
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const last = (test.results ?? []).at(-1);
        const error = last?.error ?? (last?.errors ?? [])[0];
        out.push(`playwright: ${spec.file}:${spec.line} › ${spec.title}\n${messageLines(error?.message)}`);
      }
    }
    out.push(...failedSpecs(suite.suites ?? []));
  }
  return out;
}
