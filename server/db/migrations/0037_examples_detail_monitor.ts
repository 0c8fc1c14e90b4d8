import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// 示例's 详情页 and 监控页 (issue 18), granted to the admin role: two menu items whose url is a record
// address (/record/<module>/<entity>/<id>), opened by the one record route — 基础详情页 on a 高级表单
// demo row, 高级详情页 on demo case R0001 — and 监控页 (schema/examples/monitor) with its one code
// exaMonitor:list (its page is served by a module, so the start's addMissingPageMenus would give it
// the generic write codes). 卡片列表 is an ordinary page: addMissingPageMenus puts it under 示例.
// A fresh database gets all of it from schemas/seed/menus.json; this does nothing there (no admin
// role yet), without the 示例 menu, or for the items that exist.
const GROUP_URL = '/examples';
const BASIC_ROW = { table: 'exa_entrust_register', column: 'entrust_name', name: '物流仓库火灾损失公估', seededId: 'EA0001' };

const MONITOR = { name: '监控页', url: '/examples/monitor', component: 'schema/examples/monitor', icon: 'FundOutlined', button: '查看监控页', perms: 'exaMonitor:list' };

const newId = () => randomUUID().replaceAll('-', '');

async function grant(db: Kysely<unknown>, roleIds: readonly string[], permissionId: string): Promise<void> {
  for (const roleId of roleIds) await sql`INSERT INTO sys_role_permission (id, role_id, permission_id) VALUES (${newId()}, ${roleId}, ${permissionId})`.execute(db);
}

/** The demo row of 基础详情页: seeded with a fixed id since this version, with a random one before. */
async function basicRecordId(db: Kysely<unknown>): Promise<string> {
  const exists = await sql<{ t: string | null }>`SELECT to_regclass(${BASIC_ROW.table}) AS t`.execute(db);
  if (!exists.rows[0]?.t) return BASIC_ROW.seededId;
  const row = await sql<{ id: string }>`SELECT id FROM ${sql.table(BASIC_ROW.table)} WHERE ${sql.ref(BASIC_ROW.column)} = ${BASIC_ROW.name} ORDER BY id LIMIT 1`.execute(db);
  return row.rows[0]?.id ?? BASIC_ROW.seededId;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const admin = await sql<{ id: string }>`SELECT id FROM sys_role WHERE role_code = 'admin'`.execute(db);
  if (admin.rows.length === 0) return;
  const group = await sql<{ id: string }>`SELECT id FROM sys_permission WHERE url = ${GROUP_URL} AND del_flag = 0`.execute(db);
  if (group.rows.length === 0) return;
  const groupId = group.rows[0].id;
  const roleIds = admin.rows.map((r) => r.id);
  const entries = [
    { name: '基础详情页', url: `/record/examples/advancedForm/${encodeURIComponent(await basicRecordId(db))}`, icon: 'ProfileOutlined' },
    { name: '高级详情页', url: '/record/receive/receive/R0001', icon: 'SolutionOutlined' },
  ];
  for (const entry of entries) {
    const taken = await sql`SELECT 1 FROM sys_permission WHERE parent_id = ${groupId} AND name = ${entry.name} AND del_flag = 0`.execute(db);
    if (taken.rows.length > 0) continue;
    const id = newId();
    await sql`
      INSERT INTO sys_permission (id, parent_id, name, url, component, menu_type, sort_no, icon, is_route, is_leaf, keep_alive, hidden, always_show, create_by)
      VALUES (${id}, ${groupId}, ${entry.name}, ${entry.url}, 'record/RecordPage', 1, 9, ${entry.icon}, true, true, false, false, false, 'admin')`.execute(db);
    await grant(db, roleIds, id);
  }
  const monitor = await sql`SELECT 1 FROM sys_permission WHERE component = ${MONITOR.component} AND del_flag = 0`.execute(db);
  if (monitor.rows.length > 0) return;
  const menuId = newId();
  await sql`
    INSERT INTO sys_permission (id, parent_id, name, url, component, component_name, menu_type, sort_no, icon, is_route, is_leaf, keep_alive, hidden, always_show, create_by)
    VALUES (${menuId}, ${groupId}, ${MONITOR.name}, ${MONITOR.url}, ${MONITOR.component}, 'monitor', 1, 2, ${MONITOR.icon}, true, false, true, false, false, 'admin')`.execute(db);
  const buttonId = newId();
  await sql`
    INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, status, sort_no, is_route, is_leaf, create_by)
    VALUES (${buttonId}, ${menuId}, ${MONITOR.button}, 2, ${MONITOR.perms}, '1', '1', 1, false, true, 'admin')`.execute(db);
  await grant(db, roleIds, menuId);
  await grant(db, roleIds, buttonId);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const monitor = sql`SELECT id FROM sys_permission WHERE component = ${MONITOR.component} UNION SELECT b.id FROM sys_permission b JOIN sys_permission m ON m.id = b.parent_id WHERE m.component = ${MONITOR.component}`;
  await sql`DELETE FROM sys_role_permission WHERE permission_id IN (${monitor})`.execute(db);
  await sql`DELETE FROM sys_permission WHERE id IN (${monitor})`.execute(db);
  const items = sql`SELECT p.id FROM sys_permission p JOIN sys_permission g ON g.id = p.parent_id WHERE g.url = ${GROUP_URL} AND p.component = 'record/RecordPage'`;
  await sql`DELETE FROM sys_role_permission WHERE permission_id IN (${items})`.execute(db);
  await sql`DELETE FROM sys_permission WHERE id IN (${items})`.execute(db);
}
