import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// 表单开发 (JeecgBoot's onl_cgform_head, issue 17): an online form IS a page document, kept in
// `document`; `synced_document` is the one 同步数据库 last applied — the page the server serves at
// /online/form/<name>/… until the next sync (a saved change of the table's shape waits for it).
// Every save keeps the previous document in onl_cgform_version (版本, 数据比较, 恢复).
// A database seeded before gets the 表单开发 menu pointed at its page here, with its buttons; a new
// one gets them from schemas/seed/menus.json.
const MENU = {
  from: 'modules/online/cgform/OnlCgformHeadList',
  to: 'schema/online/cgformHead',
  label: '表单开发',
  buttons: [
    ['查看在线表单', 'onlCgform:list'],
    ['新增在线表单', 'onlCgform:add'],
    ['编辑在线表单', 'onlCgform:edit'],
    ['删除在线表单', 'onlCgform:delete'],
    ['同步数据库', 'onlCgform:sync'],
    ['功能测试', 'onlCgform:test'],
    ['生成菜单', 'onlCgform:menu'],
    ['导出表单', 'onlCgform:export'],
    ['导入表单', 'onlCgform:import'],
    ['复制表单', 'onlCgform:copy'],
    ['表单版本', 'onlCgform:version'],
  ],
} as const;

const VERSION_MENU = {
  name: '在线表单版本',
  url: '/online/cgform-version',
  component: 'schema/online/cgformVersion',
  button: ['查看在线表单版本', 'onlCgformVersion:list'],
} as const;

const DICTS = [
  { id: 'd_onl_table_type', code: 'onl_table_type', name: '在线表单类型', items: [['1', '单表'], ['2', '主表'], ['3', '附表'], ['4', '树']] },
  { id: 'd_onl_db_synch', code: 'onl_db_synch', name: '同步状态', items: [['Y', '已同步'], ['N', '未同步']] },
] as const;

const newId = () => randomUUID().replaceAll('-', '');

async function addButtons(db: Kysely<unknown>, menuId: string, roles: readonly string[]): Promise<void> {
  let sortNo = 0;
  for (const [name, perms] of MENU.buttons) {
    sortNo += 1;
    const taken = await sql`SELECT 1 FROM sys_permission WHERE perms = ${perms} AND menu_type = 2 AND del_flag = 0`.execute(db);
    if (taken.rows.length > 0) continue;
    const id = newId();
    await sql`
      INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, status, sort_no, is_route, is_leaf, description, create_by)
      VALUES (${id}, ${menuId}, ${name}, 2, ${perms}, '1', '1', ${sortNo}, false, true, ${`${MENU.label}：${name}`}, 'admin')`.execute(db);
    for (const role of roles) await sql`INSERT INTO sys_role_permission (id, role_id, permission_id) VALUES (${newId()}, ${role}, ${id})`.execute(db);
  }
  await sql`UPDATE sys_permission SET is_leaf = false WHERE id = ${menuId}`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE onl_cgform_head (
      id varchar(32) PRIMARY KEY,
      table_name varchar(63) NOT NULL,
      table_txt varchar(200) NOT NULL,
      table_type varchar(1) NOT NULL DEFAULT '1',
      table_version integer NOT NULL DEFAULT 1,
      is_db_synch varchar(1) NOT NULL DEFAULT 'N',
      document text NOT NULL,
      synced_document text,
      synced_version integer,
      sub_table_str varchar(1000),
      main_table varchar(63),
      main_field varchar(63),
      del_flag integer NOT NULL DEFAULT 0,
      create_by varchar(50),
      create_time timestamp NOT NULL DEFAULT now(),
      update_by varchar(50),
      update_time timestamp,
      sys_org_code varchar(64)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX onl_cgform_head_table_name_key ON onl_cgform_head (table_name)`.execute(db);
  await sql`
    CREATE TABLE onl_cgform_version (
      id varchar(32) PRIMARY KEY,
      head_id varchar(32) NOT NULL REFERENCES onl_cgform_head (id) ON DELETE CASCADE,
      version integer NOT NULL,
      document text NOT NULL,
      create_by varchar(50),
      create_time timestamp NOT NULL DEFAULT now(),
      update_by varchar(50),
      update_time timestamp,
      sys_org_code varchar(64)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX onl_cgform_version_head_version_key ON onl_cgform_version (head_id, version)`.execute(db);
  for (const dict of DICTS) {
    const inserted = await sql<{ id: string }>`
      INSERT INTO sys_dict (id, dict_name, dict_code, type, create_by)
      VALUES (${dict.id}, ${dict.name}, ${dict.code}, 0, 'admin')
      ON CONFLICT (dict_code) DO NOTHING
      RETURNING id`.execute(db);
    if (inserted.rows.length === 0) continue;
    let order = 0;
    for (const [value, text] of dict.items) {
      order += 1;
      await sql`
        INSERT INTO sys_dict_item (id, dict_id, item_value, item_text, sort_order, status, create_by)
        VALUES (${`${dict.id}_${order}`}, ${dict.id}, ${value}, ${text}, ${order}, 1, 'admin')`.execute(db);
    }
  }
  await switchFormMenu(db);
}

/** The old 建设中 表单开发 menu opens its page, keeping its place, with its buttons granted to the roles holding the menu. */
export async function switchFormMenu(db: Kysely<unknown>): Promise<void> {
  const found = await sql<{ id: string }>`
    SELECT id FROM sys_permission WHERE component IN (${MENU.from}, ${MENU.to}) AND del_flag = 0 AND menu_type <> 2`.execute(db);
  for (const row of found.rows) {
    await sql`UPDATE sys_permission SET component = ${MENU.to} WHERE id = ${row.id}`.execute(db);
    const holders = await sql<{ role_id: string }>`SELECT DISTINCT role_id FROM sys_role_permission WHERE permission_id = ${row.id}`.execute(db);
    const roles = holders.rows.map((r) => r.role_id);
    await addButtons(db, row.id, roles);
    await addVersionMenu(db, row.id, roles);
  }
}

/** The 版本 drawer's page gets its hidden menu item beside 表单开发 (else the start would add a visible one). */
async function addVersionMenu(db: Kysely<unknown>, formMenuId: string, roles: readonly string[]): Promise<void> {
  const exists = await sql`SELECT 1 FROM sys_permission WHERE component = ${VERSION_MENU.component} AND del_flag = 0`.execute(db);
  if (exists.rows.length > 0) return;
  const parent = await sql<{ parent_id: string | null }>`SELECT parent_id FROM sys_permission WHERE id = ${formMenuId}`.execute(db);
  const menuId = newId();
  const buttonId = newId();
  await sql`
    INSERT INTO sys_permission (id, parent_id, name, url, component, menu_type, sort_no, icon, is_route, is_leaf, keep_alive, hidden, create_by)
    VALUES (${menuId}, ${parent.rows[0]?.parent_id ?? null}, ${VERSION_MENU.name}, ${VERSION_MENU.url}, ${VERSION_MENU.component}, 1, 5, 'HistoryOutlined', true, false, false, true, 'admin')`.execute(db);
  await sql`
    INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, status, sort_no, is_route, is_leaf, description, create_by)
    VALUES (${buttonId}, ${menuId}, ${VERSION_MENU.button[0]}, 2, ${VERSION_MENU.button[1]}, '1', '1', 1, false, true, ${`${VERSION_MENU.name}：${VERSION_MENU.button[0]}`}, 'admin')`.execute(db);
  for (const role of roles) {
    for (const id of [menuId, buttonId]) await sql`INSERT INTO sys_role_permission (id, role_id, permission_id) VALUES (${newId()}, ${role}, ${id})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE sys_permission SET component = ${MENU.from} WHERE component = ${MENU.to}`.execute(db);
  for (const dict of DICTS) {
    await sql`DELETE FROM sys_dict_item WHERE dict_id = ${dict.id}`.execute(db);
    await sql`DELETE FROM sys_dict WHERE id = ${dict.id}`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS onl_cgform_version`.execute(db);
  await sql`DROP TABLE IF EXISTS onl_cgform_head`.execute(db);
}
