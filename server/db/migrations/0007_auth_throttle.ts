import { sql, type Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';

// Sign-in throttling moves off sys_user (whose lock shut the account for everybody, admin
// included, whoever typed the wrong passwords) to counters per purpose, subject and client
// address in sys_auth_throttle (server/auth/throttle.ts). Captchas remember the address that asked
// for them, so one address cannot fill the table. Administrators unlock with their own code
// `user:unlock`: a database seeded before gets the button here under 用户管理, granted to the roles
// that may already reset passwords (user:resetPassword) — the admin role of the seed.
const newId = () => randomUUID().replaceAll('-', '');

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sys_auth_throttle (
      scope varchar(16) NOT NULL,
      subject varchar(100) NOT NULL,
      address varchar(64) NOT NULL DEFAULT '',
      fail_count integer NOT NULL DEFAULT 0,
      window_start timestamptz NOT NULL DEFAULT now(),
      last_attempt_at timestamptz,
      locked_until timestamptz,
      PRIMARY KEY (scope, subject, address)
    )`.execute(db);
  await sql`CREATE INDEX sys_auth_throttle_window ON sys_auth_throttle (window_start)`.execute(db);
  await sql`ALTER TABLE sys_user DROP COLUMN login_fail_count, DROP COLUMN locked_until`.execute(db);
  await sql`ALTER TABLE sys_captcha ADD COLUMN client_ip varchar(64) NOT NULL DEFAULT ''`.execute(db);
  await sql`CREATE INDEX sys_captcha_client ON sys_captcha (client_ip, expires_at)`.execute(db);

  const menus = await sql<{ id: string }>`
    SELECT id FROM sys_permission WHERE component = 'system/UserList' AND del_flag = 0 AND menu_type <> 2`.execute(db);
  const taken = await sql`SELECT 1 FROM sys_permission WHERE perms = 'user:unlock' AND del_flag = 0`.execute(db);
  if (taken.rows.length > 0) return;
  for (const menu of menus.rows) {
    const resetters = await sql<{ role_id: string }>`
      SELECT DISTINCT rp.role_id FROM sys_role_permission rp JOIN sys_permission p ON p.id = rp.permission_id
      WHERE p.parent_id = ${menu.id} AND p.perms = 'user:resetPassword' AND p.del_flag = 0`.execute(db);
    const id = newId();
    await sql`
      INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, status, sort_no, is_route, is_leaf, description, create_by)
      VALUES (${id}, ${menu.id}, '解锁用户', 2, 'user:unlock', '1', '1', 10, false, true, '解除用户的登录与改密限制', 'admin')`.execute(db);
    for (const role of resetters.rows) {
      await sql`INSERT INTO sys_role_permission (id, role_id, permission_id) VALUES (${newId()}, ${role.role_id}, ${id})`.execute(db);
    }
    await sql`UPDATE sys_permission SET is_leaf = false WHERE id = ${menu.id}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM sys_permission WHERE perms = 'user:unlock' AND menu_type = 2`.execute(db);
  await sql`DROP INDEX IF EXISTS sys_captcha_client`.execute(db);
  await sql`ALTER TABLE sys_captcha DROP COLUMN IF EXISTS client_ip`.execute(db);
  await sql`ALTER TABLE sys_user ADD COLUMN login_fail_count integer NOT NULL DEFAULT 0, ADD COLUMN locked_until timestamptz`.execute(db);
  await sql`DROP TABLE IF EXISTS sys_auth_throttle`.execute(db);
}
