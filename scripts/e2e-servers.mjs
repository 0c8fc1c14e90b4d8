#!/usr/bin/env node
// The e2e servers of one Playwright run, started side by side (playwright.config.ts `webServer`): one
// scripts/e2e-server.mjs per worker, each with its entry of E2E_SERVERS (a JSON array of environments,
// each with its PORT). Playwright starts its webServer entries one after another and waits for each,
// and a first start (migrating and seeding a fresh database) takes a while: started together, the run
// waits for them once. Prints `e2e-servers: all N ready` (what Playwright waits for) once every server
// answers /config.js. When one stops on its own, the others are stopped and this exits with its code.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** @type {Array<Record<string, string>>} */
const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]');
if (!Array.isArray(servers) || servers.length === 0 || servers.some((env) => !env.PORT)) {
  console.error('e2e-servers: E2E_SERVERS must be a JSON array of environments, each with its PORT');
  process.exit(1);
}

/** @param {number} port @returns {Promise<boolean>} */
function portUsed(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

// As Playwright does for a webServer with a url (reuseExistingServer: false): a server already
// listening there is someone else's, and the specs must not run against it.
for (const { PORT } of servers) {
  if (await portUsed(Number(PORT))) {
    console.error(`e2e-servers: port ${PORT} is already in use; stop what listens there or choose another E2E_PORT`);
    process.exit(1);
  }
}

let stopping = false;
const children = servers.map((env) => {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'e2e-server.mjs')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, E2E_SERVERS: '', ...env },
  });
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
  return { port: env.PORT, child, exited };
});

/** Stops every server still running and waits for each to close its database and remove its folder. */
async function stopAll(signal) {
  for (const { child } of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  await Promise.all(children.map((c) => c.exited));
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    // Playwright signals the whole process group, so the servers have it too; wait for them.
    if (stopping) return;
    stopping = true;
    void stopAll(signal).then(() => process.exit(0));
  });
}

for (const { port, exited } of children) {
  void exited.then(async (code) => {
    if (stopping) return;
    stopping = true;
    console.error(`e2e-servers: the server on port ${port} stopped (code ${code}); stopping the others`);
    await stopAll('SIGTERM');
    process.exit(code || 1);
  });
}

/** @param {string} port */
async function ready(port) {
  for (;;) {
    if (stopping) return;
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/config.js`, { signal: AbortSignal.timeout(5_000) });
      if (answer.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

await Promise.all(children.map(({ port }) => ready(port)));
if (!stopping) console.log(`e2e-servers: all ${children.length} ready`);
