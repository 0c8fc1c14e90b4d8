import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { BUILTIN_JOBS, JOB_CLASS_DICT_CODE, JobScheduler, SCHEDULER_LOCK_KEY, type BuiltinJob, type JobLog } from '../../../server/jobs';
import { DATABASE_KINDS } from '../../support/database';
import { addJob as addJobThrough, bj, captchaKeys, PURGE_CAPTCHAS, PURGE_SESSIONS, stopShippedJobs } from './support';
import { API, authHeaders, body, login, startTestApp, type TestApp } from '../support/app';

type Rec = Record<string, unknown>;


class MemoryLog implements JobLog {
  readonly infos: string[] = [];
  readonly errors: string[] = [];
  info(_obj: object, msg: string) {
    this.infos.push(msg);
  }
  error(_obj: object, msg: string) {
    this.errors.push(msg);
  }
}

describe('the shipped jobs', () => {
  it('are valid and name built-in jobs', async () => {
    const { cronError } = await import('../../../runtime/cron');
    const source = readFileSync('server/db/migrations/0004_quartz_job.ts', 'utf8');
    const rows = [...source.matchAll(/className: '([^']+)', cron: '([^']+)'/g)];
    expect(rows).toHaveLength(2);
    for (const [, className, cron] of rows) {
      expect(BUILTIN_JOBS.has(className)).toBe(true);
      expect(cronError(cron)).toBeNull();
    }
  });
});

describe('the job class dictionary', () => {
  it('offers exactly the built-in jobs', () => {
    const seed = JSON.parse(readFileSync('schemas/seed/dicts.json', 'utf8')) as { dicts: Array<{ dictCode: string; items: Array<{ value: string; text: string }> }> };
    const dict = seed.dicts.find((d) => d.dictCode === JOB_CLASS_DICT_CODE);
    expect(dict?.items.map((i) => [i.value, i.text]).sort()).toEqual([...BUILTIN_JOBS.values()].map((j) => [j.className, j.title]).sort());
  });
});

describe.each(DATABASE_KINDS)('定时任务 on %s', (kind) => {
  let ctx: TestApp;
  let admin: string;
  let clock = bj('2026-01-15T10:02:00');
  const log = new MemoryLog();
  let scheduler: JobScheduler;
  let captchaJobId = '';

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    admin = (await login(ctx.app, 'admin')).token;
    scheduler = new JobScheduler({ db: ctx.database.db, log, now: () => clock });
    await stopShippedJobs(ctx.database.db);
  }, 120_000);
  afterAll(async () => ctx?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Rec) =>
    ctx.app.inject({ method, url: `${API}${url}`, ...(payload ? { payload } : {}), headers: authHeaders(admin) });
  const addJob = (job: Rec) => addJobThrough(ctx.database.db, async (job) => body(await call('POST', '/sys/quartzJob/add', job)), job);
  const captchas = () => captchaKeys(ctx.database.db);
  const tickAt = async (wall: string) => {
    clock = bj(wall);
    return scheduler.tick();
  };

  it('refuses a cron expression Quartz refuses, with a Chinese message, on add and on edit', async () => {
    const bad = body(await call('POST', '/sys/quartzJob/add', { jobClassName: PURGE_SESSIONS, cronExpression: '0 0 12 15 * MON', status: '-1' }));
    expect(bad.success).toBe(false);
    expect(bad.message).toContain('cron表达式不正确');
    expect(bad.message).toContain('日和周');
    const garbage = body(await call('POST', '/sys/quartzJob/add', { jobClassName: PURGE_SESSIONS, cronExpression: '每天十点', status: '-1' }));
    expect(garbage).toMatchObject({ success: false });
    expect(garbage.message).toContain('Cron表达式');

    const id = await addJob({ jobClassName: PURGE_SESSIONS, cronExpression: '0 0 3 * * ?', description: '每天3点', status: '-1' });
    const edit = body(await call('PUT', '/sys/quartzJob/edit', { id, cronExpression: '61 * * * * ?' }));
    expect(edit.success).toBe(false);
    expect(edit.message).toContain('cron表达式不正确');
  });

  it('refuses a job class that is not built in', async () => {
    const res = body(await call('POST', '/sys/quartzJob/add', { jobClassName: 'org.example.RmRf', cronExpression: '0 0 3 * * ?', status: '-1' }));
    expect(res.success).toBe(false);
    expect(res.message).toContain('不是可选的值');
  });

  it('runs an enabled job at its fire times, counting from when it is first seen', async () => {
    await sql`DELETE FROM sys_captcha`.execute(ctx.database.db);
    const expired = new Date(bj('2026-01-15T09:00:00'));
    const later = new Date(bj('2026-01-16T12:00:00'));
    await ctx.database.db
      .insertInto('sys_captcha')
      .values([
        { check_key: 'old1', code_hash: 'x', expires_at: expired },
        { check_key: 'old2', code_hash: 'x', expires_at: expired },
        { check_key: 'live', code_hash: 'x', expires_at: later },
      ])
      .execute();
    const id = await addJob({ jobClassName: PURGE_CAPTCHAS, cronExpression: '0 */5 * * * ?', description: '每5分钟清理验证码', status: '0' });
    captchaJobId = id;

    expect((await tickAt('2026-01-15T10:02:00')).fired).toEqual([]);
    expect((await tickAt('2026-01-15T10:04:59')).fired).toEqual([]);
    expect(await captchas()).toEqual(['live', 'old1', 'old2']);

    const fired = await tickAt('2026-01-15T10:05:00');
    expect(fired.fired).toEqual([expect.objectContaining({ jobId: id, className: PURGE_CAPTCHAS, ok: true })]);
    expect(await captchas()).toEqual(['live']);
    expect(log.infos.at(-1)).toContain('清理过期验证码');

    expect((await tickAt('2026-01-15T10:07:00')).fired).toEqual([]);
    // the server was down from 10:08 to 10:21: the missed fires coalesce into one
    expect((await tickAt('2026-01-15T10:21:00')).fired).toHaveLength(1);
    expect((await tickAt('2026-01-15T10:24:59')).fired).toHaveLength(0);
  });

  it('picks up an edited expression at the next tick and a stopped job stops', async () => {
    const id = captchaJobId;
    expect(body(await call('PUT', '/sys/quartzJob/edit', { id, cronExpression: '0 0 * * * ?' })).success).toBe(true);
    expect((await tickAt('2026-01-15T10:26:00')).fired).toEqual([]); // re-counted from now
    expect((await tickAt('2026-01-15T10:30:00')).fired).toEqual([]); // the old */5 no longer applies
    expect((await tickAt('2026-01-15T11:00:00')).fired.map((f) => f.jobId)).toEqual([id]);

    expect(body(await call('PUT', '/sys/quartzJob/edit', { id, status: '-1' })).success).toBe(true);
    expect((await tickAt('2026-01-15T12:00:00')).fired).toEqual([]);
    const state = await ctx.database.db.selectFrom('sys_quartz_job_fire').select('job_id').where('job_id', '=', id).execute();
    expect(state).toEqual([]);
    expect(body(await call('PUT', '/sys/quartzJob/edit', { id, status: '0' })).success).toBe(true);
    // enabled again at 12:30: nothing for the time it was stopped, the next fire is 13:00
    expect((await tickAt('2026-01-15T12:30:00')).fired).toEqual([]);
    expect((await tickAt('2026-01-15T13:00:00')).fired.map((f) => f.jobId)).toEqual([id]);
    expect(body(await call('PUT', '/sys/quartzJob/edit', { id, status: '-1' })).success).toBe(true);
  });

  it('logs a failing job, keeps its error and rolls back only its own work', async () => {
    const failing: BuiltinJob = {
      className: PURGE_SESSIONS,
      title: '清理过期会话',
      async run({ db }) {
        await sql`DELETE FROM sys_captcha`.execute(db);
        throw new Error('磁盘已满');
      },
    };
    const jobs = new Map([...BUILTIN_JOBS, [PURGE_SESSIONS, failing]]);
    const failLog = new MemoryLog();
    const withFailure = new JobScheduler({ db: ctx.database.db, log: failLog, now: () => clock, jobs });
    const id = await addJob({ jobClassName: PURGE_SESSIONS, cronExpression: '30 * * * * ?', status: '0' });
    clock = bj('2026-01-15T14:00:00');
    await withFailure.tick();
    clock = bj('2026-01-15T14:00:30');
    const result = await withFailure.tick();
    expect(result.fired).toEqual([expect.objectContaining({ jobId: id, ok: false, message: '磁盘已满' })]);
    expect(failLog.errors).toEqual(['定时任务「清理过期会话」执行失败']);
    expect(await captchas()).toEqual(['live']); // its delete was rolled back
    const state = await ctx.database.db.selectFrom('sys_quartz_job_fire').select('last_error').where('job_id', '=', id).executeTakeFirstOrThrow();
    expect(state.last_error).toBe('磁盘已满');
    // it is not retried before its next fire time
    clock = bj('2026-01-15T14:00:31');
    expect((await withFailure.tick()).fired).toEqual([]);
    expect(body(await call('PUT', '/sys/quartzJob/edit', { id, status: '-1' })).success).toBe(true);
  });

  it.runIf(kind === 'postgres')('works on one node only: a tick while another node holds the lock does nothing', async () => {
    const id = await addJob({ jobClassName: PURGE_SESSIONS, cronExpression: '0 * * * * ?', status: '0' });
    await tickAt('2026-01-15T15:00:30');
    clock = bj('2026-01-15T15:01:00');
    const other = new JobScheduler({ db: ctx.database.db, log: new MemoryLog(), now: () => clock });
    let inside: Awaited<ReturnType<JobScheduler['tick']>> | undefined;
    await ctx.database.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${SCHEDULER_LOCK_KEY})`.execute(trx);
      inside = await other.tick();
    });
    expect(inside).toEqual({ ran: false, fired: [] });
    // two nodes at the same moment: the job runs once
    const both = await Promise.all([scheduler.tick(), other.tick()]);
    expect(both.flatMap((r) => r.fired).map((f) => f.jobId)).toEqual([id]);
    expect(body(await call('PUT', '/sys/quartzJob/edit', { id, status: '-1' })).success).toBe(true);
  });

  it('the server starts the scheduler on ready and stops it on close', async () => {
    const app = await buildApp({ config: ctx.config, database: ctx.database, jobScheduler: true });
    await app.ready();
    await app.close(); // resolves only after a running tick finished
  });
});
