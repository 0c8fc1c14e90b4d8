/**
 * JeecgBoot's QuartzJobController actions beside the generic CRUD of 定时任务
 * (schemas/pages/sys/quartzJob.json, whose row actions 停止 / 启动 / 立即执行 call them):
 *   GET {base}/sys/quartzJob/pause?id=    status → '-1' (停止); the next tick forgets its fires
 *   GET {base}/sys/quartzJob/resume?id=   status → '0' (正常); it fires from its next fire time on
 *   GET {base}/sys/quartzJob/execute?id=  runs it once now (JobScheduler.runNow), schedule untouched
 * Each needs its own permission code (quartzJob:pause|resume|execute, seeded as buttons of the menu).
 */
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { cronFieldError } from '../../runtime/cron';
import { currentUser } from '../auth/guard';
import { BusinessError, ok, okMessage } from '../http/envelope';
import { idQuerySchema, type IdQuery } from '../http/idQuery';
import { BUILTIN_JOBS, type BuiltinJob } from './builtins';
import { JobBusyError, JobScheduler, type JobLog } from './scheduler';

export interface JobRoutesOptions {
  /** The log of 立即执行 runs (the app's logger). */
  log: JobLog;
  /** The runner's clock; tests pass the fake clock their scheduler ticks with. */
  now?: () => number;
  jobs?: ReadonlyMap<string, BuiltinJob>;
}

export const QUARTZ_JOB_PATH = '/sys/quartzJob';
export const QUARTZ_PERMISSIONS = {
  pause: 'quartzJob:pause',
  resume: 'quartzJob:resume',
  execute: 'quartzJob:execute',
} as const;

export const JOB_NOT_FOUND_MESSAGE = '定时任务不存在！';
/** JeecgBoot's execute says this for an unknown id. */
export const EXECUTE_NOT_FOUND_MESSAGE = '未找到对应实体';

const idQuery = { querystring: idQuerySchema } as const;

export const jobRoutes: FastifyPluginAsync<JobRoutesOptions> = async (app, opts) => {
  const jobs = opts.jobs ?? BUILTIN_JOBS;
  const runner = new JobScheduler({ db: app.db, log: opts.log, now: opts.now, jobs });

  const setStatus = async (id: string, status: '0' | '-1', username: string): Promise<boolean> => {
    const result = await app.db
      .updateTable('sys_quartz_job')
      .set({ status, update_by: username, update_time: sql<string>`now()` })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  };

  app.get<{ Querystring: IdQuery }>(`${QUARTZ_JOB_PATH}/pause`, { config: { permission: QUARTZ_PERMISSIONS.pause }, schema: idQuery }, async (request) => {
    if (!(await setStatus(request.query.id, '-1', currentUser(request).username))) throw new BusinessError(JOB_NOT_FOUND_MESSAGE);
    return okMessage('停止定时任务成功！');
  });

  app.get<{ Querystring: IdQuery }>(`${QUARTZ_JOB_PATH}/resume`, { config: { permission: QUARTZ_PERMISSIONS.resume }, schema: idQuery }, async (request) => {
    const { id } = request.query;
    const job = await app.db.selectFrom('sys_quartz_job').select(['job_class_name', 'cron_expression']).where('id', '=', id).executeTakeFirst();
    if (!job) throw new BusinessError(JOB_NOT_FOUND_MESSAGE);
    // A row that would only fail at every tick is not started (JeecgBoot refuses a class it cannot load).
    if (!jobs.has(job.job_class_name)) throw new BusinessError(`未知的任务类：${job.job_class_name}`);
    const cron = cronFieldError(job.cron_expression);
    if (cron) throw new BusinessError(cron);
    await setStatus(id, '0', currentUser(request).username);
    return okMessage('启动定时任务成功！');
  });

  app.get<{ Querystring: IdQuery }>(`${QUARTZ_JOB_PATH}/execute`, { config: { permission: QUARTZ_PERMISSIONS.execute }, schema: idQuery }, async (request) => {
    let fired;
    try {
      fired = await runner.runNow(request.query.id);
    } catch (e) {
      if (e instanceof JobBusyError) throw new BusinessError(e.message);
      throw e;
    }
    if (!fired) throw new BusinessError(EXECUTE_NOT_FOUND_MESSAGE);
    if (!fired.ok) throw new BusinessError(`执行失败：${fired.message}`);
    return ok(fired.message, '执行成功！');
  });
};
