import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { addMenuButtons } from './support/menuButtons';

// Issue 19, the last two gaps of "every way in":
// - 系统设置 (schemas/pages/sys/setting.json, table sys_setting): switches the administrator turns in
//   the app, one row each; the first is 开放注册 (key `registration`). The rows are made at start by
//   server/sys/setting/settings.ts (REGISTRATION gives the first value), not here, so a database
//   migrated before its first start with this version gets the value the operator configured.
//   setting_switch is the dictionary of a switch's value ('1' 开启, '0' 关闭), third_type of a link's method.
// - 第三方账号 (schemas/pages/sys/thirdAccount.json): 用户管理 lists and removes a user's
//   sys_third_account links; the table gets the standard columns the page's list reads.
// A database seeded before gets the two menu items under 系统管理 here, their buttons granted to the
// roles holding 用户管理; a new one gets them from schemas/seed/menus.json.
// third_type names how a link was made (the login method); 'oidc' is the only one that links today.
const DICTS = [
  {
    id: 'd_setting_switch',
    code: 'setting_switch',
    name: '开关状态',
    items: [
      ['1', '开启'],
      ['0', '关闭'],
    ],
  },
  { id: 'd_third_type', code: 'third_type', name: '第三方登录方式', items: [['oidc', 'OpenID Connect']] },
] as const;

const MENUS = [
  {
    title: '系统设置',
    url: '/isystem/setting',
    component: 'schema/sys/setting',
    icon: 'ControlOutlined',
    sortNo: 22,
    hidden: false,
    buttons: [
      ['查看系统设置', 'setting:list'],
      ['导出系统设置', 'setting:exportXls'],
      ['修改系统设置', 'setting:edit'],
    ],
  },
  {
    title: '第三方账号',
    url: '/isystem/third-account',
    component: 'schema/sys/thirdAccount',
    icon: 'LinkOutlined',
    sortNo: 23,
    hidden: true,
    buttons: [
      ['查看第三方账号', 'thirdAccount:list'],
      ['导出第三方账号', 'thirdAccount:exportXls'],
      ['解除第三方账号绑定', 'thirdAccount:delete'],
    ],
  },
] as const;

const newId = () => randomUUID().replaceAll('-', '');

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sys_setting (
      id varchar(32) PRIMARY KEY,
      setting_key varchar(64) NOT NULL UNIQUE,
      setting_name varchar(50) NOT NULL,
      setting_value varchar(255) NOT NULL,
      description varchar(500),
      sort_no integer NOT NULL DEFAULT 0,
      create_by varchar(50),
      create_time timestamp NOT NULL DEFAULT now(),
      update_by varchar(50),
      update_time timestamp,
      sys_org_code varchar(64),
      tenant_id integer NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`
    ALTER TABLE sys_third_account
      ADD COLUMN create_by varchar(50),
      ADD COLUMN update_by varchar(50),
      ADD COLUMN update_time timestamp,
      ADD COLUMN sys_org_code varchar(64),
      ADD COLUMN tenant_id integer NOT NULL DEFAULT 0`.execute(db);

  for (const dict of DICTS) {
    const made = await sql<{ id: string }>`
      INSERT INTO sys_dict (id, dict_name, dict_code, type, create_by)
      VALUES (${dict.id}, ${dict.name}, ${dict.code}, 0, 'admin')
      ON CONFLICT (dict_code) DO NOTHING
      RETURNING id`.execute(db);
    if (made.rows.length === 0) continue;
    let order = 0;
    for (const [value, text] of dict.items) {
      order += 1;
      await sql`
        INSERT INTO sys_dict_item (id, dict_id, item_value, item_text, sort_order, status, create_by)
        VALUES (${`${dict.id}_${order}`}, ${dict.id}, ${value}, ${text}, ${order}, 1, 'admin')`.execute(db);
    }
  }

  await addMenus(db);
}

/** The two menu items and their buttons in a database seeded before; an empty one gets them from the seed. Runs twice harmlessly. */
export async function addMenus(db: Kysely<unknown>): Promise<void> {
  const system = await sql<{ id: string }>`SELECT id FROM sys_permission WHERE url = '/isystem' AND menu_type = 0 AND del_flag = 0`.execute(db);
  const users = await sql<{ id: string }>`SELECT id FROM sys_permission WHERE component = 'schema/sys/user' AND menu_type <> 2 AND del_flag = 0`.execute(db);
  if (system.rows.length === 0 || users.rows.length === 0) return;
  const holders = await sql<{ role_id: string }>`SELECT DISTINCT role_id FROM sys_role_permission WHERE permission_id = ${users.rows[0].id}`.execute(db);
  for (const menu of MENUS) {
    const existing = await sql<{ id: string }>`SELECT id FROM sys_permission WHERE component = ${menu.component} AND menu_type <> 2 AND del_flag = 0`.execute(db);
    let menuId = existing.rows[0]?.id;
    if (!menuId) {
      menuId = newId();
      await sql`
        INSERT INTO sys_permission (id, parent_id, name, url, component, component_name, menu_type, icon, sort_no, is_route, is_leaf, keep_alive, hidden, create_by)
        VALUES (${menuId}, ${system.rows[0].id}, ${menu.title}, ${menu.url}, ${menu.component}, ${menu.component.split('/').at(-1)}, 1, ${menu.icon},
                ${menu.sortNo}, true, false, true, ${menu.hidden}, 'admin')`.execute(db);
      for (const { role_id } of holders.rows) {
        await sql`INSERT INTO sys_role_permission (id, role_id, permission_id) VALUES (${newId()}, ${role_id}, ${menuId})`.execute(db);
      }
    }
    await addMenuButtons(db, { id: menuId, title: menu.title }, menu.buttons);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const menu of MENUS) {
    const ids = sql`SELECT id FROM sys_permission WHERE component = ${menu.component} AND menu_type <> 2`;
    await sql`DELETE FROM sys_role_permission WHERE permission_id IN (SELECT id FROM sys_permission WHERE parent_id IN (${ids}) OR id IN (${ids}))`.execute(db);
    await sql`DELETE FROM sys_permission WHERE parent_id IN (${ids}) AND menu_type = 2`.execute(db);
    await sql`DELETE FROM sys_permission WHERE component = ${menu.component} AND menu_type <> 2`.execute(db);
  }
  for (const dict of DICTS) await sql`DELETE FROM sys_dict WHERE dict_code = ${dict.code}`.execute(db);
  await sql`
    ALTER TABLE sys_third_account
      DROP COLUMN create_by, DROP COLUMN update_by, DROP COLUMN update_time, DROP COLUMN sys_org_code, DROP COLUMN tenant_id`.execute(db);
  await sql`DROP TABLE IF EXISTS sys_setting`.execute(db);
}
