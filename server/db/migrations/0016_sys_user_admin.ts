import { sql, type Kysely } from 'kysely';

// 用户管理 (schemas/pages/sys/user.json) edits sys_user: JeecgBoot's 负责部门 (depart_ids, the
// departments a user is in charge of, comma-joined ids) and 身份 (user_identity: 1 member, 2 leader)
// were missing, the org code of whoever created the row (sys_org_code, every page row has it) too,
// and 性别 may be left open in the form (JeecgBoot's sex is nullable; 0 = unknown).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sys_user ADD COLUMN depart_ids text`.execute(db);
  await sql`ALTER TABLE sys_user ADD COLUMN user_identity smallint NOT NULL DEFAULT 1`.execute(db);
  await sql`ALTER TABLE sys_user ADD COLUMN sys_org_code varchar(64)`.execute(db);
  await sql`ALTER TABLE sys_user ALTER COLUMN sex DROP NOT NULL`.execute(db);
  // The recycle bin lists deleted users; the live ones are what every list reads.
  await sql`CREATE INDEX sys_user_del_flag ON sys_user (del_flag, create_time)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS sys_user_del_flag`.execute(db);
  await sql`UPDATE sys_user SET sex = 0 WHERE sex IS NULL`.execute(db);
  await sql`ALTER TABLE sys_user ALTER COLUMN sex SET NOT NULL`.execute(db);
  await sql`ALTER TABLE sys_user DROP COLUMN sys_org_code`.execute(db);
  await sql`ALTER TABLE sys_user DROP COLUMN user_identity`.execute(db);
  await sql`ALTER TABLE sys_user DROP COLUMN depart_ids`.execute(db);
}
