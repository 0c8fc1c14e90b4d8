import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * The real server (`server/main.ts`) as its own process, on 127.0.0.1 and a free port, the way an
 * operator starts it — so a load test measures HTTP, the event loop and the pool, not `inject`.
 */
export interface ServerProcess {
  origin: string;
  pid: number;
  logFile: string;
  stop: () => Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitUntilListening(origin: string, child: ChildProcess, logFile: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${fs.readFileSync(logFile, 'utf8').slice(-4000)}`);
    try {
      const answer = await fetch(`${origin}/config.js`);
      if (answer.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not listen on ${origin} within ${timeoutMs / 1000} s:\n${fs.readFileSync(logFile, 'utf8').slice(-4000)}`);
}

export interface StartServerOptions {
  /** Environment of the server beyond HOST/PORT (DATABASE_URL or DATA_DIR, CAPTCHA, DEMO, …). */
  env: Record<string, string>;
  /** Folder of the server's log file (stdout and stderr, as a service manager would keep them). */
  logDir: string;
  name: string;
  /** Extra Node flags, e.g. `--cpu-prof --cpu-prof-dir=…`. */
  nodeFlags?: readonly string[];
  startTimeoutMs?: number;
}

export async function startServerProcess(opts: StartServerOptions): Promise<ServerProcess> {
  const port = await freePort();
  const logFile = path.join(opts.logDir, `${opts.name}.log`);
  const log = fs.openSync(logFile, 'a');
  const root = path.resolve(import.meta.dirname, '../..');
  const child = spawn(process.execPath, [...(opts.nodeFlags ?? []), '--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    env: { ...process.env, ...opts.env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const origin = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const ended = await Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 15_000))]);
    if (!ended) {
      child.kill('SIGKILL');
      await exited;
    }
  };
  try {
    await waitUntilListening(origin, child, logFile, opts.startTimeoutMs ?? 180_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { origin, pid: child.pid ?? -1, logFile, stop };
}
