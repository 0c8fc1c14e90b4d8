/**
 * A stop (SIGTERM) ends the server within a few seconds even while a request is stuck on the
 * database: before, a request that never got its answer kept the process alive until SIGKILL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../support/database';
import { inject } from 'vitest';
import { API } from '../support/app';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function waitUntilServing(base: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}) before it served`);
    try {
      if ((await fetch(`${base}/config.js`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

describe('stopping the server', () => {
  let database: { url: string; drop(): Promise<void> };
  let child: ChildProcess | undefined;
  let output = '';

  beforeAll(async () => {
    database = await createPostgresDatabase('stop', inject('postgresTemplateDbs').demo);
  });
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await database?.drop();
  });

  it('ends within the shutdown timeout on SIGTERM while a request waits on a locked table', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = spawn(path.resolve('node_modules/.bin/tsx'), ['server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: database.url,
        WEB_DIR: '',
        CAPTCHA: 'off',
        LOG_LEVEL: 'warn',
        SHUTDOWN_TIMEOUT_MS: '1500',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    await waitUntilServing(base, child);

    const signIn = await fetch(`${base}${API}/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: '123456' }),
    });
    const token = ((await signIn.json()) as { result: { token: string } }).result.token;

    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE mnt_expert IN ACCESS EXCLUSIVE MODE');
      const stuck = fetch(`${base}${API}/maintenance/expert/list`, { headers: { 'x-access-token': token } }).then(
        () => 'answered',
        () => 'cut off',
      );
      // The request is in flight once the server waits on the lock.
      for (let i = 0; i < 100; i++) {
        const { rows } = await locker.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
        );
        if (rows[0].n > 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const exit = exited(child);
      child.kill('SIGTERM');
      // Bounded so a hang fails the test instead of stalling the run.
      const code = await Promise.race([exit, new Promise<'still running'>((r) => setTimeout(() => r('still running'), 20_000))]);
      expect(code, output).not.toBe('still running');
      expect(await stuck).toBe('cut off');
      expect(output).toContain('停止超时');
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
      await locker.end();
    }
  });
});
