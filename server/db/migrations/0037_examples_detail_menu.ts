import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// 示例's 详情页 (issue 18): two menu items whose url is a record address (/record/<module>/<entity>/<id>),
// opened by the one record route — 基础详情页 on a 高级表单 demo row, 高级详情页 on demo case R0001 —
// granted to the admin role. 卡片列表 and 监控页 are page documents: the start's addMissingPageMenus
// puts them under 示例. A fresh database gets all of it from schemas/seed/menus.json; this does
// nothing there (no admin role yet), without the 示例 menu, or when the items exist.
const GROUP_URL = '/examples';
const BASIC_ROW = { table: 'exa_entrust_register', column: 'entrust_name', name: '物流仓库火灾损失公估', seededId: 'EA0001' };

const newId = () => randomUUID().replaceAll('-', '');

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
    for (const { id: roleId } of admin.rows) {
      await sql`INSERT INTO sys_role_permission (id, role_id, permission_id) VALUES (${newId()}, ${roleId}, ${id})`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const items = sql`SELECT p.id FROM sys_permission p JOIN sys_permission g ON g.id = p.parent_id WHERE g.url = ${GROUP_URL} AND p.component = 'record/RecordPage'`;
  await sql`DELETE FROM sys_role_permission WHERE permission_id IN (${items})`.execute(db);
  await sql`DELETE FROM sys_permission WHERE id IN (${items})`.execute(db);
}
