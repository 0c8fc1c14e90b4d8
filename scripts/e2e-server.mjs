#!/usr/bin/env node
// The server Playwright tests run against (one per worker, started by scripts/e2e-servers.mjs): the real
// server on a fresh, throwaway embedded database with demo data, serving the web app built into dist/.
// Captcha is off because the browser client is automated. The temporary folder is removed when the
// server stops.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'dist');
const port = process.env.PORT ?? process.env.E2E_PORT ?? '18765';

if (!fs.existsSync(path.join(webDir, 'index.html'))) {
  console.error(
    `e2e-server: the built web app is missing (${path.join(webDir, 'index.html')} not found). ` +
      'Run `npm run build` first; `npm test` builds before it runs the e2e tests.',
  );
  process.exit(1);
}

const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lossdesk-e2e-'));
const dataDir = path.join(tempDir, 'data');
// The server serves a copy of the build: a `npm run build` during the run (a developer working in the
// same checkout) would otherwise swap the chunk files under the open pages.
const servedWebDir = path.join(tempDir, 'web');
fs.cpSync(webDir, servedWebDir, { recursive: true });
// Text messages (sign-in codes) go to a file the specs read (tests/e2e/support/smsOutbox.ts): the
// server's SMS_OUTBOX sender, named after the port so a spec finds it without being told.
const smsOutbox = path.join(os.tmpdir(), `lossdesk-e2e-sms-${port}.jsonl`);
fs.rmSync(smsOutbox, { force: true });
const removeDataDir = () => {
  fs.rmSync(tempDir, { recursive: true, force: true });
  fs.rmSync(smsOutbox, { force: true });
};
console.log(`e2e-server: data in ${dataDir}, port ${port}`);

const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const server = spawn(tsx, ['server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    CAPTCHA: 'off',
    DEMO: 'on',
    // Dictionaries age out after a second instead of a minute, so every save in the e2e run meets an
    // aged-out cache, as a user's save after a minute of typing does (that once froze the API).
    DICT_CACHE_MS: '1000',
    // 开放注册 starts on in the fresh database (the first value of 系统设置's switch), so the registration
    // specs can register newcomers; sysSetting.spec.ts turns it off and on again. Codes go to the outbox file.
    REGISTRATION: 'on',
    SMS_OUTBOX: smsOutbox,
    WEB_DIR: servedWebDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  },
});

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    // Playwright signals the whole process group, so the server has the signal too; wait for it to
    // close the database before removing the folder.
    stopping = true;
    if (server.exitCode === null) server.kill(signal);
    setTimeout(() => {
      if (server.exitCode === null) server.kill('SIGKILL');
    }, 8000).unref();
  });
}

server.on('error', (err) => {
  console.error(`e2e-server: cannot start the server: ${err.message}`);
  removeDataDir();
  process.exit(1);
});

server.on('exit', (code, signal) => {
  removeDataDir();
  if (!stopping) console.error(`e2e-server: the server stopped unexpectedly (code ${code}, signal ${signal})`);
  process.exit(stopping ? 0 : (code ?? 1));
});
