import { defineConfig } from '@playwright/test';
import { E2E_WORKERS, e2eServerPort } from './tests/e2e/support/ports';
import { e2eThirdPartyEnv } from './tests/e2e/support/thirdParty';

// e2e runs Debian's Chromium (installed by .ci/run) against the real server on a throwaway database
// (scripts/e2e-server.mjs), serving the app built by `npm run build`: one server per worker
// (tests/e2e/support/ports.ts). Playwright loads this file in every worker too, where
// TEST_PARALLEL_INDEX names the worker, so each worker's baseURL is its own server's.
const baseURL = `http://127.0.0.1:${e2eServerPort()}`;
const servers = Array.from({ length: E2E_WORKERS }, (_, index) => e2eServerPort(index));
const ci = process.env.CI === 'true' || process.env.CI === '1';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  // Spec files run side by side, each on one worker's server; the tests of a file run in order.
  fullyParallel: false,
  workers: E2E_WORKERS,
  // No retries: most specs are serial and build on the records the test before saved, so a retry
  // (from the first test, on a database that already holds them) can only fail again.
  retries: 0,
  forbidOnly: ci,
  timeout: 90_000,
  // A clean CI machine runs the server, Chromium and the runner on two cores: an answer that takes
  // 10 s there once in a few hundred steps failed whole runs (three different steps in three runs,
  // none reproducible here). Waiting longer costs nothing when things go right.
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    baseURL,
    headless: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // Desktop layout: the spec's mobile breakpoint is below 1088 px.
    viewport: { width: 1440, height: 900 },
    // As a user who asks the system for less motion: antd's animations are off (src/settings/
    // usePrefersReducedMotion.ts), so no step waits for a modal or menu to finish moving.
    reducedMotion: 'reduce',
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    // A failed test keeps its trace: every action with the DOM before and after it (the viewer shows
    // them), and a screenshot of the end (below). Not the trace's film of screenshots: Chromium
    // encoding a frame of every paint took a third of the run's time on two busy cores.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  // All servers start together (scripts/e2e-servers.mjs): Playwright would start its webServer entries
  // one after another, each first start seeding a fresh database.
  webServer: {
    command: 'node scripts/e2e-servers.mjs',
    // One environment per server. The OpenID Connect provider and CAS server signinOidc/signinCas.spec.ts
    // start: the server asks them only on a sign-in through them.
    env: { E2E_SERVERS: JSON.stringify(servers.map((port) => ({ PORT: String(port), ...e2eThirdPartyEnv(port) }))) },
    // Printed once every server answers its /config.js; the script refuses ports already in use.
    wait: { stdout: /e2e-servers: all \d+ ready/ },
    // First start creates and seeds the embedded databases.
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // Let the servers close their databases and the scripts remove the temporary data folders.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
  },
});
