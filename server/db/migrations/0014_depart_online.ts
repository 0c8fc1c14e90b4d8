import { sql, type Kysely } from 'kysely';

// 部门管理 keeps JeecgBoot's 备注 (memo) beside the description. 在线用户 names a session by a
// random id of its own: the list and 强退 (POST /sys/online/forceLogout) never carry the token or
// its hash. The ip, user agent and last activity (last_seen_at, written at most once a minute)
// are already kept since 0001.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sys_depart ADD COLUMN memo varchar(500)`.execute(db);
  await sql`ALTER TABLE sys_session ADD COLUMN id varchar(32) NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', '')`.execute(db);
  await sql`CREATE UNIQUE INDEX sys_session_id ON sys_session (id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS sys_session_id`.execute(db);
  await sql`ALTER TABLE sys_session DROP COLUMN IF EXISTS id`.execute(db);
  await sql`ALTER TABLE sys_depart DROP COLUMN IF EXISTS memo`.execute(db);
}
