/**
 * The jobs a 定时任务 row can run: built into the server, named by class name as JeecgBoot names its
 * Java job classes. The dictionary quartz_job_class (schemas/seed/dicts.json) lists exactly these, so
 * the page offers nothing that does not exist (a test keeps the two equal).
 */
import { purgeOldCodes } from '../auth/smsCodes';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import { logRetentionDays, purgeOldLogs } from '../sys/log/retention';

export interface JobContext {
  /** The scheduler's transaction: the job's writes commit with its fire record. */
  readonly db: Kysely<DB>;
  /** The fire's instant (the scheduler's clock). */
  readonly now: Date;
  /** The row's parameter, as typed on the page. */
  readonly parameter: string | null;
}

export interface BuiltinJob {
  readonly className: string;
  /** Chinese name, the dictionary text. */
  readonly title: string;
  /** Does the work; returns a short summary for the log. */
  run(ctx: JobContext): Promise<string>;
}

const purgeExpiredSessions: BuiltinJob = {
  className: 'lossdesk.jobs.PurgeExpiredSessionsJob',
  title: '清理过期会话',
  async run({ db, now }) {
    const result = await db
      .deleteFrom('sys_session')
      .where((eb) => eb.or([eb('expires_at', '<', now), eb('revoked_at', '<', now)]))
      .executeTakeFirst();
    return `删除会话 ${Number(result.numDeletedRows)} 条`;
  },
};

const purgeExpiredCaptchas: BuiltinJob = {
  className: 'lossdesk.jobs.PurgeExpiredCaptchasJob',
  title: '清理过期验证码',
  async run({ db, now }) {
    // A captcha is deleted when it is used (one attempt each); what is left to purge has expired unused.
    const result = await db.deleteFrom('sys_captcha').where('expires_at', '<', now).executeTakeFirst();
    // Text-message codes of earlier days: no sending limit counts them any more.
    await purgeOldCodes(db, now.getTime());
    return `删除验证码 ${Number(result.numDeletedRows)} 条`;
  },
};

const purgeOldLogsJob: BuiltinJob = {
  className: 'lossdesk.jobs.PurgeOldLogsJob',
  title: '清理过期日志',
  async run({ db, now, parameter }) {
    // The row's parameter (days) wins over LOG_RETENTION_DAYS (default 90).
    const days = logRetentionDays(parameter);
    return `删除${days}天前的日志 ${await purgeOldLogs(db, now, days)} 条`;
  },
};

export const BUILTIN_JOBS: ReadonlyMap<string, BuiltinJob> = new Map(
  [purgeExpiredSessions, purgeExpiredCaptchas, purgeOldLogsJob].map((job) => [job.className, job]),
);

/** The dictionary of job classes the page offers. */
export const JOB_CLASS_DICT_CODE = 'quartz_job_class';
