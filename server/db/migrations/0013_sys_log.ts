import { sql, type Kysely } from 'kysely';

// 日志管理 and 数据日志 (JeecgBoot's sys_log and sys_data_log), read through the pages
// schemas/pages/sys/log.json and dataLog.json; only the server writes them.
// sys_log: log_type 1 登录 (every sign-in, success or failure) and 2 操作 (every write through the
// API, server/sys/log/operationLog.ts). Beside JeecgBoot's columns: browser (from the user agent)
// and result ('1' 成功 / '0' 失败), which the log screen queries by.
// sys_data_log: one version per add/edit of a page record, written in the write's own transaction
// (server/sys/log/dataLog.ts); data_version counts per record from 1, kept unique.
// The 定时任务 row qj_purge_logs removes entries older than LOG_RETENTION_DAYS (server/jobs/builtins.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sys_log (
      id varchar(32) PRIMARY KEY,
      log_type integer NOT NULL,
      log_content varchar(1000),
      operate_type integer,
      userid varchar(32),
      username varchar(100),
      ip varchar(100),
      method varchar(500),
      request_url varchar(500),
      request_param text,
      request_type varchar(10),
      cost_time bigint,
      browser varchar(200),
      result varchar(2) NOT NULL DEFAULT '1',
      create_by varchar(50),
      create_time timestamp NOT NULL DEFAULT now(),
      update_by varchar(50),
      update_time timestamp,
      sys_org_code varchar(64),
      tenant_id integer NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`CREATE INDEX sys_log_type_time_idx ON sys_log (log_type, create_time)`.execute(db);
  await sql`CREATE INDEX sys_log_create_time_idx ON sys_log (create_time)`.execute(db);
  await sql`
    CREATE TABLE sys_data_log (
      id varchar(32) PRIMARY KEY,
      data_table varchar(64) NOT NULL,
      data_id varchar(64) NOT NULL,
      data_version integer NOT NULL,
      data_content text NOT NULL,
      create_by varchar(50),
      create_time timestamp NOT NULL DEFAULT now(),
      update_by varchar(50),
      update_time timestamp,
      sys_org_code varchar(64),
      tenant_id integer NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX sys_data_log_version_key ON sys_data_log (data_table, data_id, data_version)`.execute(db);
  await sql`CREATE INDEX sys_data_log_tenant_id_create_time_idx ON sys_data_log (tenant_id, create_time)`.execute(db);
  await sql`
    INSERT INTO sys_quartz_job (id, job_class_name, cron_expression, parameter, description, status, create_by)
    VALUES ('qj_purge_logs', 'lossdesk.jobs.PurgeOldLogsJob', '0 30 2 * * ?', NULL,
            '每天凌晨清理超过保留天数的系统日志（参数为天数，空则取 LOG_RETENTION_DAYS，默认90）', '0', 'admin')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM sys_quartz_job WHERE id = 'qj_purge_logs'`.execute(db);
  await sql`DROP TABLE IF EXISTS sys_data_log`.execute(db);
  await sql`DROP TABLE IF EXISTS sys_log`.execute(db);
}
