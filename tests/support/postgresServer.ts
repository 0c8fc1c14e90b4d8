import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** A throwaway PostgreSQL server on 127.0.0.1, started from Debian's binaries for one test run. */
export interface PostgresServer {
  url: (database: string) => string;
  /** The same database reached through the server's Unix socket instead of TCP on 127.0.0.1. */
  socketUrl: (database: string) => string;
  /** The postmaster's process id (from postmaster.pid), for a bench that counts the server's CPU. */
  postmasterPid: () => number | undefined;
  stop: () => Promise<void>;
}

/** Extra server settings (`-c name=value`), e.g. `shared_preload_libraries: 'pg_stat_statements'` for a bench. */
export type PostgresSettings = Readonly<Record<string, string>>;

function findBinDir(): string {
  const fromEnv = process.env.PG_BIN_DIR;
  if (fromEnv && fs.existsSync(path.join(fromEnv, 'initdb'))) return fromEnv;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) {
    throw new Error('找不到 PostgreSQL（/usr/lib/postgresql/*/bin/initdb）：请安装 Debian 的 postgresql 包，或设置 PG_BIN_DIR');
  }
  return path.join(root, versions[0], 'bin');
}

function freePort(): Promise<number> {
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

// PostgreSQL refuses to run as root, so as root the server runs as the `postgres` system user.
function asServerUser(cmd: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
}

/** Waits until the server accepts queries (an open port alone may still answer 57P03 "starting up"). */
async function waitForServer(port: number, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`PostgreSQL exited (${child.exitCode}):\n${fs.readFileSync(logFile, 'utf8')}`);
    }
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      return;
    } catch (err) {
      lastError = err;
      await client.end().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`PostgreSQL did not answer on 127.0.0.1:${port} (${String(lastError)}):\n${fs.readFileSync(logFile, 'utf8')}`);
}

export async function startPostgres(settings: PostgresSettings = {}): Promise<PostgresServer> {
  const bin = findBinDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lossdesk-pgsrv-'));
  fs.chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  // Sorting stays C (byte order, as before); the classification is UTF-8, like PGlite's, so pg_trgm
  // takes trigrams from Chinese text (server/db/characterTypes.ts).
  const [initCmd, initArgs] = asServerUser(path.join(bin, 'initdb'), [
    '-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--lc-ctype=C.UTF-8', '-N',
  ]);
  execFileSync(initCmd, initArgs, { stdio: 'pipe' });
  const port = await freePort();
  const [cmd, args] = asServerUser(path.join(bin, 'postgres'), [
    '-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-k', dir,
    '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off',
    '-c', 'max_connections=200',
    ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ]);
  const log = fs.openSync(logFile, 'a');
  const child = spawn(cmd, args, { stdio: ['ignore', log, log] });
  fs.closeSync(log);
  await waitForServer(port, child, logFile);
  return {
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    socketUrl: (database) => `postgres://postgres@/${database}?host=${encodeURIComponent(dir)}&port=${port}`,
    postmasterPid() {
      try {
        const pid = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
        return Number.isInteger(pid) && pid > 0 ? pid : undefined;
      } catch {
        return undefined;
      }
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        // runuser does not pass signals on to the server, so ask PostgreSQL itself to stop.
        const [stopCmd, stopArgs] = asServerUser(path.join(bin, 'pg_ctl'), ['stop', '-D', dataDir, '-m', 'immediate', '-s']);
        try {
          execFileSync(stopCmd, stopArgs, { stdio: 'pipe' });
        } catch {
          child.kill('SIGKILL');
        }
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
