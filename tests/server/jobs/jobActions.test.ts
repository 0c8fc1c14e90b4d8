import { readFileSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { BUILTIN_JOBS, JobScheduler, type BuiltinJob, type JobLog } from '../../../server/jobs';
import { loadEntityPages } from '../../../server/crud/pages';
import { loadPageSchema } from '../../../runtime/schema/loadPageSchema';
import * as migration0006 from '../../../server/db/migrations/0006_quartz_job_actions';
import { DATABASE_KINDS } from '../../support/database';
import { addJob as addJobThrough, bj, captchaKeys, PURGE_CAPTCHAS, PURGE_SESSIONS, stopShippedJobs } from './support';
import { API, authHeaders, body, login, startTestApp, type TestApp } from '../support/app';

type Rec = Record<string, unknown>;


const silent: JobLog = { info() {}, error() {} };

/** 清理过期会话, made to fail after deleting every captcha (to see its work rolled back). */
const failingSessions: BuiltinJob = {
  className: PURGE_SESSIONS,
  title: '清理过期会话',
  async run({ db }) {
    await sql`DELETE FROM sys_captcha`.execute(db);
    throw new Error('磁盘已满');
  },
};

describe.each(DATABASE_KINDS)('定时任务 停止 / 启动 / 立即执行 on %s', (kind) => {
  let ctx: TestApp;
  let admin: string;
  let clock = bj('2026-01-15T10:00:00');
  let scheduler: JobScheduler;

  beforeAll(async () => {
    ctx = await startTestApp(kind, { jobRunner: { now: () => clock, jobs: new Map([...BUILTIN_JOBS, [PURGE_SESSIONS, failingSessions]]) } });
    admin = (await login(ctx.app, 'admin')).token;
    scheduler = new JobScheduler({ db: ctx.database.db, log: silent, now: () => clock });
    await stopShippedJobs(ctx.database.db);
  }, 120_000);
  afterAll(async () => ctx?.close());

  const call = (method: 'GET' | 'POST', url: string, token = admin, payload?: Rec) =>
    ctx.app.inject({ method, url: `${API}${url}`, ...(payload ? { payload } : {}), headers: authHeaders(token) });
  const action = async (name: 'pause' | 'resume' | 'execute', id: string, token = admin) =>
    body<unknown>(await call('GET', `/sys/quartzJob/${name}?id=${encodeURIComponent(id)}`, token));
  const addJob = (job: Rec) => addJobThrough(ctx.database.db, async (job) => body(await call('POST', '/sys/quartzJob/add', admin, job)), job);
  const statusOf = async (id: string) =>
    (await ctx.database.db.selectFrom('sys_quartz_job').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const fireRecord = (id: string) =>
    ctx.database.db.selectFrom('sys_quartz_job_fire').select(['last_fire_at', 'last_error']).where('job_id', '=', id).executeTakeFirst();
  const captchas = () => captchaKeys(ctx.database.db);
  const seedCaptchas = async () => {
    await sql`DELETE FROM sys_captcha`.execute(ctx.database.db);
    await ctx.database.db
      .insertInto('sys_captcha')
      .values([
        { check_key: 'old', code_hash: 'x', expires_at: new Date(bj('2026-01-15T09:00:00')) },
        { check_key: 'live', code_hash: 'x', expires_at: new Date(bj('2026-01-20T09:00:00')) },
      ])
      .execute();
  };
  const tickAt = async (wall: string) => {
    clock = bj(wall);
    return (await scheduler.tick()).fired.map((f) => f.jobId);
  };

  it('the admin holds the three codes; a role without them is refused with 510 and nothing changes', async () => {
    const id = await addJob({ jobClassName: PURGE_CAPTCHAS, cronExpression: '0 0 1 * * ?', description: '权限', status: '0' });
    const lisi = (await login(ctx.app, 'lisi')).token;
    for (const name of ['pause', 'resume', 'execute'] as const) {
      expect(await action(name, id, lisi)).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
    }
    expect(await statusOf(id)).toBe('0');
    const codes = (await ctx.database.db
      .selectFrom('sys_permission as p')
      .innerJoin('sys_role_permission as rp', 'rp.permission_id', 'p.id')
      .innerJoin('sys_role as r', 'r.id', 'rp.role_id')
      .select('p.perms')
      .where('r.role_code', '=', 'admin')
      .where('p.perms', 'like', 'quartzJob:%')
      .execute()).map((r) => r.perms);
    expect(codes).toEqual(expect.arrayContaining(['quartzJob:pause', 'quartzJob:resume', 'quartzJob:execute']));
    expect(body(await call('GET', `/sys/quartzJob/pause?id=${id}`, 'no-such-token')).code).toBe(401);
    await action('pause', id);
  });

  it('answers an unknown id as JeecgBoot does, and refuses a call without an id', async () => {
    expect(await action('pause', 'nope')).toMatchObject({ success: false, message: '定时任务不存在！' });
    expect(await action('resume', 'nope')).toMatchObject({ success: false, message: '定时任务不存在！' });
    expect(await action('execute', 'nope')).toMatchObject({ success: false, message: '未找到对应实体' });
    const missing = await call('GET', '/sys/quartzJob/pause');
    expect(body(missing).success).toBe(false);
  });

  it('停止 stops the firing at the next tick; 启动 starts it again from its next fire time', async () => {
    const id = await addJob({ jobClassName: PURGE_CAPTCHAS, cronExpression: '0 */5 * * * ?', description: '每5分钟', status: '0' });
    expect(await tickAt('2026-01-15T10:02:00')).toEqual([]); // first seen: counted from now
    expect(await tickAt('2026-01-15T10:05:00')).toEqual([id]);

    expect(await action('pause', id)).toMatchObject({ success: true, message: '停止定时任务成功！' });
    expect(await statusOf(id)).toBe('-1');
    const listed = body<{ records: Rec[] }>(await call('GET', `/sys/quartzJob/list?id=${id}`));
    expect(listed.result.records[0]).toMatchObject({ status: '-1', status_dictText: '停止', updateBy: 'admin' });
    expect(await tickAt('2026-01-15T10:10:00')).toEqual([]);
    expect(await tickAt('2026-01-15T10:15:00')).toEqual([]);
    // pausing twice is harmless (JeecgBoot answers the same)
    expect(await action('pause', id)).toMatchObject({ success: true });

    clock = bj('2026-01-15T10:17:00');
    expect(await action('resume', id)).toMatchObject({ success: true, message: '启动定时任务成功！' });
    expect(await statusOf(id)).toBe('0');
    // nothing for the time it was stopped; the next fire is 10:20
    expect(await tickAt('2026-01-15T10:17:01')).toEqual([]);
    expect(await tickAt('2026-01-15T10:19:59')).toEqual([]);
    expect(await tickAt('2026-01-15T10:20:00')).toEqual([id]);
    await action('pause', id);
  });

  it('启动 refuses a job that could only fail: an expression Quartz refuses, or a class that is not built in', async () => {
    const id = await addJob({ jobClassName: PURGE_CAPTCHAS, cronExpression: '0 0 2 * * ?', description: '坏行', status: '-1' });
    await ctx.database.db.updateTable('sys_quartz_job').set({ cron_expression: '0 0 12 15 * MON' }).where('id', '=', id).execute();
    const badCron = await action('resume', id);
    expect(badCron.success).toBe(false);
    expect(badCron.message).toContain('cron表达式不正确');
    await ctx.database.db.updateTable('sys_quartz_job').set({ cron_expression: '0 0 2 * * ?', job_class_name: 'org.example.Gone' }).where('id', '=', id).execute();
    expect(await action('resume', id)).toMatchObject({ success: false, message: '未知的任务类：org.example.Gone' });
    expect(await statusOf(id)).toBe('-1');
    await ctx.database.db.deleteFrom('sys_quartz_job').where('id', '=', id).execute();
  });

  it('立即执行 runs the job once now, records the fire, and leaves its schedule as it was', async () => {
    await seedCaptchas();
    const id = await addJob({ jobClassName: PURGE_CAPTCHAS, cronExpression: '0 */5 * * * ?', description: '立即执行', status: '0' });
    expect(await tickAt('2026-01-15T11:02:00')).toEqual([]);

    clock = bj('2026-01-15T11:03:00');
    expect(await action('execute', id)).toMatchObject({ success: true, message: '执行成功！', result: '删除验证码 1 条' });
    expect(await captchas()).toEqual(['live']);
    const fire = await fireRecord(id);
    expect(new Date(fire!.last_fire_at).getTime()).toBe(bj('2026-01-15T11:03:00'));
    expect(fire!.last_error).toBeNull();

    // its fire times are still those of */5
    expect(await tickAt('2026-01-15T11:04:59')).toEqual([]);
    expect(await tickAt('2026-01-15T11:05:00')).toEqual([id]);
    expect(await tickAt('2026-01-15T11:09:59')).toEqual([]);
    expect(await tickAt('2026-01-15T11:10:00')).toEqual([id]);
    expect(await statusOf(id)).toBe('0');
    await action('pause', id);
  });

  it('立即执行 of a failing job answers the reason, keeps it in last_error and rolls back its work', async () => {
    await seedCaptchas();
    const id = await addJob({ jobClassName: PURGE_SESSIONS, cronExpression: '0 0 3 * * ?', description: '失败', status: '0' });
    await tickAt('2026-01-15T12:00:00');
    clock = bj('2026-01-15T12:01:00');
    expect(await action('execute', id)).toMatchObject({ success: false, message: '执行失败：磁盘已满' });
    expect(await captchas()).toEqual(['live', 'old']); // its delete was rolled back
    const fire = await fireRecord(id);
    expect(fire?.last_error).toBe('磁盘已满');
    expect(new Date(fire!.last_fire_at).getTime()).toBe(bj('2026-01-15T12:01:00'));
    await action('pause', id);
  });

  it('立即执行 runs a stopped job too, which stays stopped and keeps no fire record', async () => {
    await seedCaptchas();
    const id = await addJob({ jobClassName: PURGE_CAPTCHAS, cronExpression: '0 0 4 * * ?', description: '停止的任务', status: '-1' });
    clock = bj('2026-01-15T13:00:00');
    expect(await action('execute', id)).toMatchObject({ success: true, message: '执行成功！' });
    expect(await captchas()).toEqual(['live']);
    expect(await statusOf(id)).toBe('-1');
    expect(await fireRecord(id)).toBeUndefined();
    expect(await tickAt('2026-01-15T13:00:01')).toEqual([]);
  });
});

describe('custom row actions and the routes they call', () => {
  const quartzDoc = () => JSON.parse(readFileSync('schemas/pages/sys/quartzJob.json', 'utf8')) as Rec & { list: { rowActions: unknown[] } };

  it('the 定时任务 page calls exactly the three endpoints, with their permission codes', () => {
    const page = loadEntityPages().find((p) => p.entity.apiPath === '/sys/quartzJob');
    const custom = page?.list.rowActions.filter((a) => a.action === 'custom');
    expect(custom?.map((a) => a.action === 'custom' && [a.title, a.method, a.url, a.permission])).toEqual([
      ['停止', 'get', '/sys/quartzJob/pause', 'quartzJob:pause'],
      ['启动', 'get', '/sys/quartzJob/resume', 'quartzJob:resume'],
      ['立即执行', 'get', '/sys/quartzJob/execute', 'quartzJob:execute'],
    ]);
  });

  it('the server refuses to start when a row action names an endpoint it does not serve or another permission code', async () => {
    const doc = quartzDoc();
    doc.list.rowActions = [
      ...doc.list.rowActions,
      { key: 'archive', title: '归档', endpoint: 'archive' },
      { key: 'halt', title: '暂停', endpoint: 'pause' },
    ];
    const loaded = loadPageSchema(doc, 'schemas/pages/sys/quartzJob.json');
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    const ctx = await startTestApp('pglite');
    try {
      const refusal = await buildApp({ config: ctx.config, database: ctx.database, pages: [loaded.page], reports: [] }).then(
        () => '',
        (e: unknown) => String(e),
      );
      expect(refusal).toContain('schemas/pages/sys/quartzJob.json#/list/rowActions/6 行操作「归档」调用的接口 GET /insurance/sys/quartzJob/archive 不存在');
      expect(refusal).toContain(
        'schemas/pages/sys/quartzJob.json#/list/rowActions/7 行操作「暂停」的权限编码 quartzJob:halt 与接口 GET /insurance/sys/quartzJob/pause 要求的 quartzJob:pause 不一致',
      );
      // the page as shipped starts
      const shipped = loadEntityPages().filter((p) => p.entity.apiPath === '/sys/quartzJob');
      const app = await buildApp({ config: ctx.config, database: ctx.database, pages: shipped, reports: [] });
      await app.close();
    } finally {
      await ctx.close();
    }
  }, 60_000);

  it('a database seeded before the actions existed gets their buttons, granted to whoever may edit jobs', async () => {
    const ctx = await startTestApp('pglite');
    try {
      const { db } = ctx.database;
      const codes = ['quartzJob:pause', 'quartzJob:resume', 'quartzJob:execute'];
      await db.deleteFrom('sys_permission').where('perms', 'in', codes).execute();
      await migration0006.up(db as unknown as Kysely<unknown>);
      const rows = await db
        .selectFrom('sys_permission as p')
        .innerJoin('sys_permission as menu', 'menu.id', 'p.parent_id')
        .select(['p.id', 'p.name', 'p.perms', 'menu.component'])
        .where('p.perms', 'in', codes)
        .orderBy('p.sort_no')
        .execute();
      expect(rows.map((r) => [r.name, r.perms, r.component])).toEqual([
        ['停止定时任务', 'quartzJob:pause', 'schema/sys/quartzJob'],
        ['启动定时任务', 'quartzJob:resume', 'schema/sys/quartzJob'],
        ['立即执行定时任务', 'quartzJob:execute', 'schema/sys/quartzJob'],
      ]);
      const admins = await db
        .selectFrom('sys_role_permission as rp')
        .innerJoin('sys_role as r', 'r.id', 'rp.role_id')
        .select(['rp.permission_id', 'r.role_code'])
        .where('rp.permission_id', 'in', rows.map((r) => r.id))
        .execute();
      expect(admins.map((a) => a.role_code)).toEqual(['admin', 'admin', 'admin']);
      // run again: nothing doubles
      await migration0006.up(db as unknown as Kysely<unknown>);
      expect(await db.selectFrom('sys_permission').select('id').where('perms', 'in', codes).execute()).toHaveLength(3);
    } finally {
      await ctx.close();
    }
  }, 60_000);
});
