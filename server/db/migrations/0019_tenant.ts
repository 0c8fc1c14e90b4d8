import { sql, type Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';

// 租户管理: JeecgBoot's sys_tenant, whose integer id is what sys_user.rel_tenant_ids lists and what
// every tenant_id column holds (so it is never a generated string). status 1 正常, 0 冻结; a tenant
// is usable only between begin_date and end_date (either may be empty). A database seeded before
// gets the menu item switched to the page document and its buttons, granted to the roles that
// could already open the item (the admin role of the seed), so nobody loses what they could do.
const BUTTONS = [
  { name: '查看租户', perms: 'tenant:list', sortNo: 1 },
  { name: '新增租户', perms: 'tenant:add', sortNo: 2 },
  { name: '编辑租户', perms: 'tenant:edit', sortNo: 3 },
  { name: '删除租户', perms: 'tenant:delete', sortNo: 4 },
  { name: '租户用户', perms: 'tenant:users', sortNo: 5 },
] as const;

const newId = () => randomUUID().replaceAll('-', '');

/**
 * 租户状态 of schemas/seed/dicts.json, for a database seeded before (one with users); an empty one
 * gets it from the seed, which runs after the migrations.
 */
async function addStatusDictionary(db: Kysely<unknown>): Promise<void> {
  const seeded = await sql<{ n: number }>`SELECT count(*)::int AS n FROM sys_user`.execute(db);
  if (Number(seeded.rows[0]?.n ?? 0) === 0) return;
  const taken = await sql`SELECT 1 FROM sys_dict WHERE dict_code = 'tenant_status'`.execute(db);
  if (taken.rows.length > 0) return;
  const id = newId();
  await sql`INSERT INTO sys_dict (id, dict_name, dict_code, type, create_by) VALUES (${id}, '租户状态', 'tenant_status', 0, 'admin')`.execute(db);
  for (const [order, value, text] of [[1, '1', '正常'], [2, '0', '冻结']] as const) {
    await sql`
      INSERT INTO sys_dict_item (id, dict_id, item_text, item_value, sort_order, status, create_by)
      VALUES (${newId()}, ${id}, ${text}, ${value}, ${order}, 1, 'admin')`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sys_tenant (
      id integer PRIMARY KEY CHECK (id > 0),
      name varchar(100) NOT NULL,
      begin_date date,
      end_date date,
      status smallint NOT NULL DEFAULT 1,
      create_by varchar(50),
      create_time timestamp NOT NULL DEFAULT now(),
      update_by varchar(50),
      update_time timestamp
    )`.execute(db);
  await addStatusDictionary(db);

  const items = await sql<{ id: string }>`
    SELECT id FROM sys_permission WHERE component = 'system/TenantList' AND del_flag = 0 AND menu_type <> 2`.execute(db);
  for (const item of items.rows) {
    await sql`UPDATE sys_permission SET component = 'schema/sys/tenant', is_leaf = false WHERE id = ${item.id}`.execute(db);
    const holders = await sql<{ role_id: string }>`SELECT DISTINCT role_id FROM sys_role_permission WHERE permission_id = ${item.id}`.execute(db);
    for (const button of BUTTONS) {
      const taken = await sql`SELECT 1 FROM sys_permission WHERE perms = ${button.perms} AND del_flag = 0`.execute(db);
      if (taken.rows.length > 0) continue;
      const id = newId();
      await sql`
        INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, status, sort_no, is_route, is_leaf, create_by)
        VALUES (${id}, ${item.id}, ${button.name}, 2, ${button.perms}, '1', '1', ${button.sortNo}, false, true, 'admin')`.execute(db);
      for (const holder of holders.rows) {
        await sql`INSERT INTO sys_role_permission (id, role_id, permission_id) VALUES (${newId()}, ${holder.role_id}, ${id})`.execute(db);
      }
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM sys_permission WHERE perms IN ('tenant:list', 'tenant:add', 'tenant:edit', 'tenant:delete', 'tenant:users') AND menu_type = 2`.execute(db);
  await sql`UPDATE sys_permission SET component = 'system/TenantList' WHERE component = 'schema/sys/tenant'`.execute(db);
  await sql`DROP TABLE IF EXISTS sys_tenant`.execute(db);
  await sql`DELETE FROM sys_dict_item WHERE dict_id IN (SELECT id FROM sys_dict WHERE dict_code = 'tenant_status')`.execute(db);
  await sql`DELETE FROM sys_dict WHERE dict_code = 'tenant_status'`.execute(db);
}
