import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Runs the real command: npm run -s cron -- <args>. */
function cron(...args: string[]): { stdout: string; status: number | null } {
  const r = spawnSync('npm', ['run', '-s', 'cron', '--', ...args], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  return { stdout: r.stdout, status: r.status };
}

describe('npm run -s cron -- next', () => {
  it('prints one ISO-8601 time with offset per line', () => {
    const r = cron('next', '0 */5 * ? * MON-FRI', '--from', '2026-01-16T23:50:00+08:00', '--zone', 'Asia/Shanghai', '--count', '3');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('2026-01-16T23:55:00+08:00\n2026-01-19T00:00:00+08:00\n2026-01-19T00:05:00+08:00\n');
  }, 60_000);

  it('prints nothing when the expression never fires again', () => {
    const r = cron('next', '0 0 12 * * ? 2019', '--from', '2026-01-15T10:20:30+08:00', '--zone', 'Asia/Shanghai', '--count', '10');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('');
  }, 60_000);

  it('refuses an invalid expression with error: and exit code 2', () => {
    const r = cron('next', '0 0 12 15 * MON', '--from', '2026-01-15T10:20:30+08:00', '--zone', 'Asia/Shanghai', '--count', '10');
    expect(r.status).toBe(2);
    expect(r.stdout).toMatch(/^error: .+\n$/);
  }, 60_000);

  it('refuses invalid arguments with exit code 2', () => {
    expect(cron('next', '0 0 12 * * ?', '--zone', 'Mars/Olympus').stdout).toMatch(/^error: /);
    const bad = cron('next', '0 0 12 * * ?', '--from', 'yesterday', '--count', '0');
    expect(bad.status).toBe(2);
    expect(bad.stdout).toMatch(/^error: /);
  }, 60_000);
});
