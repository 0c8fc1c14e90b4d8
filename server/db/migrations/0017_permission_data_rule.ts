import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// 数据规则 (JeecgBoot's sys_permission_data_rule): per menu, rules a role may be given
// (sys_role_permission.data_rule_ids, a comma list) that the generic list, detail and export of the
// menu's page then apply. The table carries the standard columns of a page record (the page
// schemas/pages/sys/permissionDataRule.json edits it). A database seeded before gets the 数据规则
// menu item switched to that page, its buttons, and the rule-condition dictionary; a new database
// gets the same from schemas/seed (the seed runs after the migrations and finds no menu here).
const MENU = { from: 'system/PermissionDataRuleList', to: 'schema/sys/permissionDataRule', label: '数据规则' } as const;
const BUTTONS = [
  ['新增数据规则', 'dataRule:add'],
  ['编辑数据规则', 'dataRule:edit'],
  ['删除数据规则', 'dataRule:delete'],
  ['查看数据规则', 'dataRule:list'],
] as const;

const CONDITIONS_DICT = { id: 'd_rule_conditions', code: 'rule_conditions', name: '数据规则条件' } as const;
/** JeecgBoot's QueryRuleEnum values, as its rule_conditions dictionary offers them. */
export const RULE_CONDITION_ITEMS = [
  ['=', '等于'],
  ['!=', '不等于'],
  ['>', '大于'],
  ['>=', '大于等于'],
  ['<', '小于'],
  ['<=', '小于等于'],
  ['IN', '在...中'],
  ['LIKE', '包含'],
  ['RIGHT_LIKE', '以..开始'],
  ['LEFT_LIKE', '以..结尾'],
] as const;

const newId = () => randomUUID().replaceAll('-', '');

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sys_permission_data_rule (
      id varchar(32) PRIMARY KEY,
      permission_id varchar(32) NOT NULL REFERENCES sys_permission (id) ON DELETE CASCADE,
      rule_name varchar(50) NOT NULL,
      rule_column varchar(50) NOT NULL,
      rule_conditions varchar(50) NOT NULL,
      rule_value varchar(300) NOT NULL,
      status varchar(3) NOT NULL DEFAULT '1',
      sys_org_code varchar(64),
      create_by varchar(50),
      create_time timestamp NOT NULL DEFAULT now(),
      update_by varchar(50),
      update_time timestamp
    )`.execute(db);
  await sql`CREATE INDEX sys_permission_data_rule_permission ON sys_permission_data_rule (permission_id)`.execute(db);

  const dict = await sql<{ id: string }>`
    INSERT INTO sys_dict (id, dict_name, dict_code, type, create_by)
    VALUES (${CONDITIONS_DICT.id}, ${CONDITIONS_DICT.name}, ${CONDITIONS_DICT.code}, 0, 'admin')
    ON CONFLICT (dict_code) DO NOTHING
    RETURNING id`.execute(db);
  if (dict.rows.length > 0) {
    let order = 0;
    for (const [value, text] of RULE_CONDITION_ITEMS) {
      order += 1;
      await sql`
        INSERT INTO sys_dict_item (id, dict_id, item_value, item_text, sort_order, status, create_by)
        VALUES (${`${CONDITIONS_DICT.id}_${order}`}, ${CONDITIONS_DICT.id}, ${value}, ${text}, ${order}, 1, 'admin')`.execute(db);
    }
  }

  const items = await sql<{ id: string }>`
    SELECT id FROM sys_permission WHERE component IN (${MENU.from}, ${MENU.to}) AND del_flag = 0 AND menu_type <> 2`.execute(db);
  for (const item of items.rows) {
    await sql`UPDATE sys_permission SET component = ${MENU.to}, is_leaf = false WHERE id = ${item.id}`.execute(db);
    const holders = await sql<{ role_id: string }>`SELECT DISTINCT role_id FROM sys_role_permission WHERE permission_id = ${item.id}`.execute(db);
    let sortNo = 0;
    for (const [name, perms] of BUTTONS) {
      sortNo += 1;
      const taken = await sql`SELECT 1 FROM sys_permission WHERE perms = ${perms} AND menu_type = 2 AND del_flag = 0`.execute(db);
      if (taken.rows.length > 0) continue;
      const id = newId();
      await sql`
        INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, status, sort_no, is_route, is_leaf, description, create_by)
        VALUES (${id}, ${item.id}, ${name}, 2, ${perms}, '1', '1', ${sortNo}, false, true, ${`${MENU.label}：${name}`}, 'admin')`.execute(db);
      for (const { role_id } of holders.rows) {
        await sql`INSERT INTO sys_role_permission (id, role_id, permission_id) VALUES (${newId()}, ${role_id}, ${id})`.execute(db);
      }
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM sys_permission WHERE perms IN (${sql.join(BUTTONS.map(([, perms]) => perms))}) AND menu_type = 2`.execute(db);
  await sql`UPDATE sys_permission SET component = ${MENU.from} WHERE component = ${MENU.to}`.execute(db);
  await sql`DELETE FROM sys_dict WHERE id = ${CONDITIONS_DICT.id}`.execute(db);
  await sql`DROP TABLE IF EXISTS sys_permission_data_rule`.execute(db);
}
