import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { DB } from '../../../server/db/types';
import type { Envelope } from '../../../server/http/envelope';

export const PURGE_CAPTCHAS = 'lossdesk.jobs.PurgeExpiredCaptchasJob';
export const PURGE_SESSIONS = 'lossdesk.jobs.PurgeExpiredSessionsJob';

/** Beijing wall time → epoch ms. */
export const bj = (wall: string) => new Date(`${wall}+08:00`).getTime();

/** Stops the shipped housekeeping jobs, so each test sees only its own. */
export async function stopShippedJobs(db: Kysely<DB>): Promise<void> {
  await db.updateTable('sys_quartz_job').set({ status: '-1' }).execute();
}

/** Adds a job through 新增 and answers its id. */
export async function addJob(db: Kysely<DB>, post: (job: Record<string, unknown>) => Promise<Envelope<unknown>>, job: Record<string, unknown>): Promise<string> {
  expect(await post(job)).toMatchObject({ success: true });
  const row = await db
    .selectFrom('sys_quartz_job')
    .select('id')
    .where('cron_expression', '=', String(job.cronExpression))
    .where('job_class_name', '=', String(job.jobClassName))
    .orderBy('create_time', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The check keys of the stored captchas, in order. */
export async function captchaKeys(db: Kysely<DB>): Promise<string[]> {
  return (await db.selectFrom('sys_captcha').select('check_key').orderBy('check_key').execute()).map((r) => r.check_key);
}
