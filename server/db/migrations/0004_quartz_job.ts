import { sql, type Kysely } from 'kysely';

// Scheduled jobs (JeecgBoot's 定时任务, sys_quartz_job): which built-in job runs (job_class_name, one of
// server/jobs/builtins.ts), when (a Quartz cron expression), with which parameter, and whether it runs
// (status '0' 正常, '-1' 停止). The page schemas/pages/sys/quartzJob.json edits the rows through the
// generic CRUD, which keeps sys_org_code and tenant_id like every entity table.
// sys_quartz_job_fire is the scheduler's own record of the last fire per job: the node holding the
// scheduler's advisory lock advances it in the same transaction as the job's work, so a fire is done
// once however many API nodes share the database.
/** The housekeeping every installation runs (JeecgBoot ships its sample jobs as rows, too); editable on the page. */
const JOBS = [
  { id: 'qj_purge_sessions', className: 'lossdesk.jobs.PurgeExpiredSessionsJob', cron: '0 0 * * * ?', description: '每小时清理过期或已注销的登录会话' },
  { id: 'qj_purge_captchas', className: 'lossdesk.jobs.PurgeExpiredCaptchasJob', cron: '0 0/10 * * * ?', description: '每10分钟清理过期未用的验证码' },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sys_quartz_job (
      id varchar(32) PRIMARY KEY,
      job_class_name varchar(255) NOT NULL,
      cron_expression varchar(255) NOT NULL,
      parameter varchar(255),
      description varchar(255),
      status varchar(2) NOT NULL DEFAULT '-1' CHECK (status IN ('0', '-1')),
      create_by varchar(50),
      create_time timestamp NOT NULL DEFAULT now(),
      update_by varchar(50),
      update_time timestamp,
      sys_org_code varchar(64),
      tenant_id integer NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`
    CREATE TABLE sys_quartz_job_fire (
      job_id varchar(32) PRIMARY KEY REFERENCES sys_quartz_job (id) ON DELETE CASCADE,
      cron_expression varchar(255) NOT NULL,
      last_fire_at timestamptz NOT NULL,
      last_error varchar(1000)
    )`.execute(db);
  for (const job of JOBS) {
    await sql`
      INSERT INTO sys_quartz_job (id, job_class_name, cron_expression, description, status, create_by)
      VALUES (${job.id}, ${job.className}, ${job.cron}, ${job.description}, '0', 'admin')`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS sys_quartz_job_fire`.execute(db);
  await sql`DROP TABLE IF EXISTS sys_quartz_job`.execute(db);
}
