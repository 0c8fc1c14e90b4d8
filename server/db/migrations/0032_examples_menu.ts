import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// 示例 (the template pages, issue 18): a database seeded before gets the 示例 menu with its entries
// that are views (分析页, 工作台, 403/404/500), granted to the admin role. Its page entries
// (schema/examples/*: 查询表格, 标准列表, …) are added under it, with their buttons, by the start's
// addMissingPageMenus as for any page no menu opens. A fresh database gets all of it from
// schemas/seed/menus.json; this does nothing there (no admin role yet) or when the menu exists.
const GROUP = { name: '示例', url: '/examples', icon: 'AppstoreOutlined', redirect: '/examples/analysis', sortNo: 13 };
const ENTRIES: ReadonlyArray<{ name: string; url: string; component: string; icon: string; sortNo: number }> = [
  { name: '分析页', url: '/examples/analysis', component: 'dashboard/Analysis', icon: 'AreaChartOutlined', sortNo: 1 },
  { name: '工作台', url: '/examples/workplace', component: 'dashboard/Workplace', icon: 'DesktopOutlined', sortNo: 2 },
  { name: '403', url: '/examples/exception-403', component: 'exception/403', icon: 'LockOutlined', sortNo: 10 },
  { name: '404', url: '/examples/exception-404', component: 'exception/404', icon: 'ExclamationCircleOutlined', sortNo: 11 },
  { name: '500', url: '/examples/exception-500', component: 'exception/500', icon: 'WarningOutlined', sortNo: 12 },
];

const newId = () => randomUUID().replaceAll('-', '');

export async function up(db: Kysely<unknown>): Promise<void> {
  const admin = await sql<{ id: string }>`SELECT id FROM sys_role WHERE role_code = 'admin'`.execute(db);
  if (admin.rows.length === 0) return;
  const exists = await sql`SELECT 1 FROM sys_permission WHERE url = ${GROUP.url} AND del_flag = 0`.execute(db);
  if (exists.rows.length > 0) return;
  const groupId = newId();
  await sql`
    INSERT INTO sys_permission (id, parent_id, name, url, component, redirect, menu_type, sort_no, icon, is_route, is_leaf, keep_alive, hidden, always_show, create_by)
    VALUES (${groupId}, NULL, ${GROUP.name}, ${GROUP.url}, 'layouts/RouteView', ${GROUP.redirect}, 0, ${GROUP.sortNo}, ${GROUP.icon}, true, false, false, false, false, 'admin')`.execute(db);
  const ids = [groupId];
  for (const entry of ENTRIES) {
    const id = newId();
    ids.push(id);
    await sql`
      INSERT INTO sys_permission (id, parent_id, name, url, component, menu_type, sort_no, icon, is_route, is_leaf, keep_alive, hidden, always_show, create_by)
      VALUES (${id}, ${groupId}, ${entry.name}, ${entry.url}, ${entry.component}, 1, ${entry.sortNo}, ${entry.icon}, true, true, false, false, false, 'admin')`.execute(db);
  }
  for (const { id: roleId } of admin.rows) {
    for (const permissionId of ids) {
      await sql`INSERT INTO sys_role_permission (id, role_id, permission_id) VALUES (${newId()}, ${roleId}, ${permissionId})`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM sys_role_permission WHERE permission_id IN (SELECT id FROM sys_permission WHERE url = ${GROUP.url} OR url LIKE ${`${GROUP.url}/%`})`.execute(db);
  await sql`DELETE FROM sys_permission WHERE parent_id IN (SELECT id FROM sys_permission WHERE url = ${GROUP.url})`.execute(db);
  await sql`DELETE FROM sys_permission WHERE url = ${GROUP.url}`.execute(db);
}
