import { sql, type Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';

// 定时任务's 停止 / 启动 / 立即执行 (GET {base}/sys/quartzJob/pause|resume|execute) need their own
// permission codes. A new database gets the buttons from schemas/seed/menus.json (the seed runs
// after the migrations, on an empty database, so this finds no menu there and does nothing). A
// database seeded before gets them here, under its 定时任务 menu item, granted to the roles that may
// already edit jobs (quartzJob:edit) — the admin role of the seed — so nobody loses what they did.
const BUTTONS = [
  { name: '停止定时任务', perms: 'quartzJob:pause', sortNo: 5 },
  { name: '启动定时任务', perms: 'quartzJob:resume', sortNo: 6 },
  { name: '立即执行定时任务', perms: 'quartzJob:execute', sortNo: 7 },
] as const;

const newId = () => randomUUID().replaceAll('-', '');

export async function up(db: Kysely<unknown>): Promise<void> {
  const menus = await sql<{ id: string }>`
    SELECT id FROM sys_permission WHERE component = 'schema/sys/quartzJob' AND del_flag = 0 AND menu_type <> 2`.execute(db);
  for (const menu of menus.rows) {
    const editors = await sql<{ role_id: string }>`
      SELECT DISTINCT rp.role_id FROM sys_role_permission rp JOIN sys_permission p ON p.id = rp.permission_id
      WHERE p.parent_id = ${menu.id} AND p.perms = 'quartzJob:edit' AND p.del_flag = 0`.execute(db);
    for (const button of BUTTONS) {
      const taken = await sql`SELECT 1 FROM sys_permission WHERE perms = ${button.perms} AND del_flag = 0`.execute(db);
      if (taken.rows.length > 0) continue;
      const id = newId();
      await sql`
        INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, status, sort_no, is_route, is_leaf, description, create_by)
        VALUES (${id}, ${menu.id}, ${button.name}, 2, ${button.perms}, '1', '1', ${button.sortNo}, false, true, ${`定时任务：${button.name}`}, 'admin')`.execute(db);
      for (const editor of editors.rows) {
        await sql`INSERT INTO sys_role_permission (id, role_id, permission_id) VALUES (${newId()}, ${editor.role_id}, ${id})`.execute(db);
      }
    }
    await sql`UPDATE sys_permission SET is_leaf = false WHERE id = ${menu.id}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM sys_permission WHERE perms IN ('quartzJob:pause', 'quartzJob:resume', 'quartzJob:execute') AND menu_type = 2`.execute(db);
}
