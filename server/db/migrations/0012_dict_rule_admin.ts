import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// 数据字典, 校验规则 and 填值规则 become page documents served by generic CRUD
// (schemas/pages/sys/dict.json, dictItem.json, checkRule.json, fillRule.json). A page over a system
// table must find every standard column it knows, so these tables get sys_org_code like the others.
// A fill rule without a prefix or date part is written by the form as empty (null): the columns
// accept it and the counter reads null as ''. The dictionaries the three pages choose from ship here,
// in every database, because the pages need them whether or not the demo seed ran.
const TABLES = ['sys_dict', 'sys_dict_item', 'sys_check_rule', 'sys_fill_rule'] as const;

const DICTS = [
  {
    id: 'd_dict_item_status',
    code: 'dict_item_status',
    name: '字典项状态',
    items: [
      ['1', '启用'],
      ['0', '禁用'],
    ],
  },
  {
    id: 'd_fill_rule_date',
    code: 'fill_rule_date_format',
    name: '填值规则日期格式',
    items: [
      ['yyyyMMdd', '年月日（yyyyMMdd）'],
      ['yyMMdd', '短年月日（yyMMdd）'],
      ['yyyyMM', '年月（yyyyMM）'],
      ['yyyy', '年（yyyy）'],
    ],
  },
  {
    id: 'd_fill_rule_reset',
    code: 'fill_rule_reset_period',
    name: '填值规则流水号重置',
    items: [
      ['never', '不重置'],
      ['year', '每年'],
      ['month', '每月'],
      ['day', '每日'],
    ],
  },
] as const;

/**
 * A database seeded before gets the three menu items switched to their pages, their buttons, and the
 * hidden 字典项 item the 字典配置 drawer's page belongs to (else the start would add a visible one),
 * granted to the roles holding the menu item — the admin role of the seed. A new database gets the
 * same from schemas/seed/menus.json (the seed runs after the migrations and finds no menu here).
 */
const MENUS = [
  {
    from: 'system/DictList',
    to: 'schema/sys/dict',
    label: '数据字典',
    buttons: [
      ['新增字典', 'dict:add'],
      ['编辑字典', 'dict:edit'],
      ['删除字典', 'dict:delete'],
      ['查看字典', 'dict:list'],
      ['字典配置', 'dictItem:list'],
    ],
  },
  {
    from: 'system/SysCheckRuleList',
    to: 'schema/sys/checkRule',
    label: '校验规则',
    buttons: [
      ['新增校验规则', 'checkRule:add'],
      ['编辑校验规则', 'checkRule:edit'],
      ['删除校验规则', 'checkRule:delete'],
      ['查看校验规则', 'checkRule:list'],
      ['测试校验规则', 'checkRule:test'],
    ],
  },
  {
    from: 'system/SysFillRuleList',
    to: 'schema/sys/fillRule',
    label: '填值规则',
    buttons: [
      ['新增填值规则', 'fillRule:add'],
      ['编辑填值规则', 'fillRule:edit'],
      ['删除填值规则', 'fillRule:delete'],
      ['查看填值规则', 'fillRule:list'],
      ['测试填值规则', 'fillRule:test'],
    ],
  },
] as const;
const ITEM_BUTTONS = [
  ['新增字典项', 'dictItem:add'],
  ['编辑字典项', 'dictItem:edit'],
  ['删除字典项', 'dictItem:delete'],
] as const;

const newId = () => randomUUID().replaceAll('-', '');

async function addButtons(db: Kysely<unknown>, menuId: string, label: string, buttons: readonly (readonly [string, string])[], roles: readonly string[]): Promise<void> {
  let sortNo = 0;
  for (const [name, perms] of buttons) {
    sortNo += 1;
    const taken = await sql`SELECT 1 FROM sys_permission WHERE perms = ${perms} AND menu_type = 2 AND del_flag = 0`.execute(db);
    if (taken.rows.length > 0) continue;
    const id = newId();
    await sql`
      INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, status, sort_no, is_route, is_leaf, description, create_by)
      VALUES (${id}, ${menuId}, ${name}, 2, ${perms}, '1', '1', ${sortNo}, false, true, ${`${label}：${name}`}, 'admin')`.execute(db);
    for (const role of roles) await sql`INSERT INTO sys_role_permission (id, role_id, permission_id) VALUES (${newId()}, ${role}, ${id})`.execute(db);
  }
  await sql`UPDATE sys_permission SET is_leaf = false WHERE id = ${menuId}`.execute(db);
}

async function switchMenus(db: Kysely<unknown>): Promise<void> {
  for (const menu of MENUS) {
    const found = await sql<{ id: string; parent_id: string | null }>`
      SELECT id, parent_id FROM sys_permission WHERE component IN (${menu.from}, ${menu.to}) AND del_flag = 0 AND menu_type <> 2`.execute(db);
    for (const row of found.rows) {
      await sql`UPDATE sys_permission SET component = ${menu.to} WHERE id = ${row.id}`.execute(db);
      const holders = await sql<{ role_id: string }>`SELECT DISTINCT role_id FROM sys_role_permission WHERE permission_id = ${row.id}`.execute(db);
      const roles = holders.rows.map((r) => r.role_id);
      await addButtons(db, row.id, menu.label, menu.buttons, roles);
      if (menu.to !== 'schema/sys/dict') continue;
      const hasItems = await sql`SELECT 1 FROM sys_permission WHERE component = 'schema/sys/dictItem' AND del_flag = 0`.execute(db);
      if (hasItems.rows.length > 0) continue;
      const itemMenu = newId();
      await sql`
        INSERT INTO sys_permission (id, parent_id, name, url, component, component_name, menu_type, sort_no, icon, keep_alive, hidden, is_leaf, create_by)
        VALUES (${itemMenu}, ${row.parent_id}, '字典项', '/isystem/dict-item', 'schema/sys/dictItem', 'dictItem', 1, 8, 'UnorderedListOutlined', true, true, false, 'admin')`.execute(db);
      for (const role of roles) await sql`INSERT INTO sys_role_permission (id, role_id, permission_id) VALUES (${newId()}, ${role}, ${itemMenu})`.execute(db);
      await addButtons(db, itemMenu, '字典项', ITEM_BUTTONS, roles);
    }
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN IF NOT EXISTS sys_org_code varchar(64)`.execute(db);
  }
  await sql`ALTER TABLE sys_fill_rule ALTER COLUMN prefix DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE sys_fill_rule ALTER COLUMN date_format DROP NOT NULL`.execute(db);
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
  await switchMenus(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM sys_permission WHERE component = 'schema/sys/dictItem'`.execute(db);
  for (const menu of MENUS) await sql`UPDATE sys_permission SET component = ${menu.from} WHERE component = ${menu.to}`.execute(db);
  for (const dict of DICTS) await sql`DELETE FROM sys_dict WHERE id = ${dict.id}`.execute(db);
  await sql`UPDATE sys_fill_rule SET prefix = coalesce(prefix, ''), date_format = coalesce(date_format, '')`.execute(db);
  await sql`ALTER TABLE sys_fill_rule ALTER COLUMN prefix SET NOT NULL`.execute(db);
  await sql`ALTER TABLE sys_fill_rule ALTER COLUMN date_format SET NOT NULL`.execute(db);
  for (const table of TABLES) await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN IF EXISTS sys_org_code`.execute(db);
}
