import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { addMenuButtons } from './support/menuButtons';

// 示例 → 分步表单, 成功, 失败 (issue 18) for a database seeded before; a new database gets them from
// schemas/seed/menus.json and this does nothing there (no admin role yet). The three open one page
// document (schema/examples/stepForm and its results success / failure): once a menu item opens one of
// its results, the start's addMissingPageMenus counts the page as opened and adds nothing, so the page's
// own item and its buttons are added here too, granted to the admin role. Nothing happens without the
// 示例 menu, or when the page has an item already.
const GROUP_URL = '/examples';
const PAGE = { name: '分步表单', url: '/examples/step-form', component: 'schema/examples/stepForm', icon: 'ScheduleOutlined', sortNo: 20, keepAlive: true };
const RESULTS = [
  { name: '成功', url: '/examples/result-success', component: 'schema/examples/stepForm/success', icon: 'CheckCircleOutlined', sortNo: 21, keepAlive: false },
  { name: '失败', url: '/examples/result-fail', component: 'schema/examples/stepForm/failure', icon: 'ExceptionOutlined', sortNo: 22, keepAlive: false },
];
const BUTTONS = [
  ['查看', 'exaStepForm:list'],
  ['新增', 'exaStepForm:add'],
  ['编辑', 'exaStepForm:edit'],
  ['删除', 'exaStepForm:delete'],
  ['导出', 'exaStepForm:exportXls'],
  ['导入', 'exaStepForm:importExcel'],
] as const;

const newId = () => randomUUID().replaceAll('-', '');

export async function up(db: Kysely<unknown>): Promise<void> {
  const admin = await sql<{ id: string }>`SELECT id FROM sys_role WHERE role_code = 'admin'`.execute(db);
  if (admin.rows.length === 0) return;
  const group = await sql<{ id: string }>`SELECT id FROM sys_permission WHERE url = ${GROUP_URL} AND del_flag = 0 AND menu_type = 0`.execute(db);
  const groupId = group.rows[0]?.id;
  if (groupId === undefined) return;
  const opened = await sql`SELECT 1 FROM sys_permission WHERE del_flag = 0 AND (component = ${PAGE.component} OR component LIKE ${`${PAGE.component}/%`})`.execute(db);
  if (opened.rows.length > 0) return;
  let pageId = '';
  for (const entry of [PAGE, ...RESULTS]) {
    const id = newId();
    if (entry === PAGE) pageId = id;
    await sql`
      INSERT INTO sys_permission (id, parent_id, name, url, component, component_name, menu_type, sort_no, icon, is_route, is_leaf, keep_alive, hidden, always_show, create_by)
      VALUES (${id}, ${groupId}, ${entry.name}, ${entry.url}, ${entry.component}, 'stepForm', 1, ${entry.sortNo}, ${entry.icon}, true, true, ${entry.keepAlive}, false, false, 'admin')`.execute(db);
    for (const { id: roleId } of admin.rows) {
      await sql`INSERT INTO sys_role_permission (id, role_id, permission_id) VALUES (${newId()}, ${roleId}, ${id})`.execute(db);
    }
  }
  await addMenuButtons(db, { id: pageId, title: PAGE.name }, BUTTONS);
  await sql`UPDATE sys_permission SET is_leaf = false WHERE id = ${pageId}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const items = sql`SELECT id FROM sys_permission WHERE component = ${PAGE.component} OR component LIKE ${`${PAGE.component}/%`}`;
  await sql`DELETE FROM sys_role_permission WHERE permission_id IN (SELECT id FROM sys_permission WHERE parent_id IN (${items}))`.execute(db);
  await sql`DELETE FROM sys_permission WHERE parent_id IN (${items})`.execute(db);
  await sql`DELETE FROM sys_role_permission WHERE permission_id IN (${items})`.execute(db);
  await sql`DELETE FROM sys_permission WHERE component = ${PAGE.component} OR component LIKE ${`${PAGE.component}/%`}`.execute(db);
}
