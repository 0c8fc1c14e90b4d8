import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../../server/db/lock';
import { openPglite } from '../../../server/db/open';

const LOCK_MODULE = path.resolve('server/db/lock.ts');

describe('the data folder lock', () => {
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  const folder = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lossdesk-lock-test-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Another lossdesk process holding `dir`, as a server does while it runs. */
  async function holderOf(dir: string): Promise<ChildProcess> {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '-e', `import(${JSON.stringify(LOCK_MODULE)}).then((m) => { m.lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000); });`],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(child);
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => (chunk.toString().includes('locked') ? resolve() : undefined));
      child.once('exit', (code) => reject(new Error(`lock holder ended early (${code})`)));
    });
    return child;
  }

  it('opens the database over a lock whose pid now belongs to another program', async () => {
    const dir = folder();
    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    children.push(other);
    fs.writeFileSync(path.join(dir, 'lossdesk.lock'), String(other.pid));
    const database = await openPglite(dir);
    try {
      expect(JSON.parse(fs.readFileSync(path.join(dir, 'lossdesk.lock'), 'utf8'))).toMatchObject({ pid: process.pid });
    } finally {
      await database.close();
    }
    expect(fs.existsSync(path.join(dir, 'lossdesk.lock'))).toBe(false);
  }, 60_000);

  it('takes over a lock whose recorded start time is not its live pid’s', () => {
    const dir = folder();
    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    children.push(other);
    const bootId = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    fs.writeFileSync(path.join(dir, 'lossdesk.lock'), JSON.stringify({ pid: other.pid, startTime: '1', bootId }));
    const release = lockDataDir(dir);
    release();
  });

  it('takes over a lock left by a process that has ended', async () => {
    const dir = folder();
    const ended = spawn('true', [], { stdio: 'ignore' });
    await new Promise((resolve) => ended.once('exit', resolve));
    fs.writeFileSync(path.join(dir, 'lossdesk.lock'), String(ended.pid));
    const release = lockDataDir(dir);
    release();
  });

  it('refuses a folder another lossdesk process holds, and takes it once that process ends', async () => {
    const dir = folder();
    const holder = await holderOf(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`已被另一个 lossdesk 进程 (pid ${holder.pid}) 使用`);
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    const release = lockDataDir(dir);
    release();
  }, 30_000);
});
