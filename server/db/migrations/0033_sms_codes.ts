import { sql, type Kysely } from 'kysely';

// 手机号登录, 注册 and 忘记密码 (issue 19): the 6-digit codes sent by text message, and the one-use
// tickets that carry a proven phone from step 2 of the password reset to step 3. Only hashes are kept.
// A send refused for an unknown phone is a row too (code_hash null): the sending limits count every
// attempt alike, so they do not tell which phones are known (server/auth/smsCodes.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sys_sms_code (
      id varchar(32) PRIMARY KEY,
      phone varchar(32) NOT NULL,
      purpose varchar(16) NOT NULL,
      code_hash varchar(64),
      client_ip varchar(64) NOT NULL DEFAULT '',
      sent_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      attempts integer NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`CREATE INDEX sys_sms_code_phone ON sys_sms_code (phone, sent_at)`.execute(db);
  await sql`CREATE INDEX sys_sms_code_client ON sys_sms_code (client_ip, sent_at)`.execute(db);
  await sql`
    CREATE TABLE sys_password_reset (
      ticket_hash varchar(64) PRIMARY KEY,
      user_id varchar(32) NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS sys_password_reset`.execute(db);
  await sql`DROP TABLE IF EXISTS sys_sms_code`.execute(db);
}
