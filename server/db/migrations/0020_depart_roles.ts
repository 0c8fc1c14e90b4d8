import { sql, type Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';

// 部门权限 and 部门角色 (JeecgBoot's sys_depart_permission, sys_depart_role, sys_depart_role_permission,
// sys_depart_role_user): a department is granted menus and buttons, its roles are granted a part of
// them, and a user holding a department role gets that role's grants beside their own roles'.
// A database seeded before gets the 部门管理 buttons of the new endpoints and the hidden 部门角色 page
// item, granted to the roles that held depart:edit (the seed's admin), so nobody loses anything.
const BUTTONS = [
  { name: '部门权限', perms: 'depart:authorize', sortNo: 5 },
  { name: '部门用户', perms: 'depart:users', sortNo: 6 },
] as const;
const ROLE_BUTTONS = [
  { name: '新增部门角色', perms: 'departRole:add', sortNo: 1 },
  { name: '编辑部门角色', perms: 'departRole:edit', sortNo: 2 },
  { name: '删除部门角色', perms: 'departRole:delete', sortNo: 3 },
  { name: '查看部门角色', perms: 'departRole:list', sortNo: 4 },
  { name: '部门角色授权', perms: 'departRole:authorize', sortNo: 5 },
  { name: '部门角色用户', perms: 'departRole:users', sortNo: 6 },
] as const;

const newId = () => randomUUID().replaceAll('-', '');

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sys_depart_permission (
      id varchar(32) PRIMARY KEY,
      depart_id varchar(32) NOT NULL REFERENCES sys_depart (id) ON DELETE CASCADE,
      permission_id varchar(32) NOT NULL REFERENCES sys_permission (id) ON DELETE CASCADE,
      data_rule_ids varchar(1000),
      UNIQUE (depart_id, permission_id)
    )`.execute(db);
  await sql`
    CREATE TABLE sys_depart_role (
      id varchar(32) PRIMARY KEY,
      depart_id varchar(32) NOT NULL REFERENCES sys_depart (id) ON DELETE CASCADE,
      role_name varchar(200) NOT NULL,
      role_code varchar(100) NOT NULL,
      description varchar(255),
      create_by varchar(50),
      create_time timestamp NOT NULL DEFAULT now(),
      update_by varchar(50),
      update_time timestamp,
      UNIQUE (depart_id, role_code)
    )`.execute(db);
  await sql`
    CREATE TABLE sys_depart_role_permission (
      id varchar(32) PRIMARY KEY,
      depart_id varchar(32) NOT NULL REFERENCES sys_depart (id) ON DELETE CASCADE,
      role_id varchar(32) NOT NULL REFERENCES sys_depart_role (id) ON DELETE CASCADE,
      permission_id varchar(32) NOT NULL REFERENCES sys_permission (id) ON DELETE CASCADE,
      data_rule_ids varchar(1000),
      operate_date timestamp,
      operate_ip varchar(100),
      UNIQUE (role_id, permission_id)
    )`.execute(db);
  await sql`
    CREATE TABLE sys_depart_role_user (
      id varchar(32) PRIMARY KEY,
      user_id varchar(32) NOT NULL REFERENCES sys_user (id) ON DELETE CASCADE,
      drole_id varchar(32) NOT NULL REFERENCES sys_depart_role (id) ON DELETE CASCADE,
      UNIQUE (user_id, drole_id)
    )`.execute(db);
  await sql`CREATE INDEX sys_depart_role_user_user ON sys_depart_role_user (user_id)`.execute(db);

  const items = await sql<{ id: string }>`
    SELECT id FROM sys_permission WHERE component = 'schema/sys/sysDepart' AND del_flag = 0 AND menu_type <> 2`.execute(db);
  for (const item of items.rows) {
    const editors = (
      await sql<{ role_id: string }>`
        SELECT DISTINCT rp.role_id FROM sys_role_permission rp JOIN sys_permission p ON p.id = rp.permission_id
        WHERE p.perms = 'depart:edit' AND p.del_flag = 0`.execute(db)
    ).rows;
    const grant = async (permissionId: string) => {
      for (const editor of editors) {
        await sql`INSERT INTO sys_role_permission (id, role_id, permission_id) VALUES (${newId()}, ${editor.role_id}, ${permissionId})`.execute(db);
      }
    };
    const addButtons = async (parentId: string, buttons: readonly { name: string; perms: string; sortNo: number }[]) => {
      for (const button of buttons) {
        const taken = await sql`SELECT 1 FROM sys_permission WHERE perms = ${button.perms} AND del_flag = 0`.execute(db);
        if (taken.rows.length > 0) continue;
        const id = newId();
        await sql`
          INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, status, sort_no, is_route, is_leaf, create_by)
          VALUES (${id}, ${parentId}, ${button.name}, 2, ${button.perms}, '1', '1', ${button.sortNo}, false, true, 'admin')`.execute(db);
        await grant(id);
      }
    };
    await addButtons(item.id, BUTTONS);
    const menu = await sql<{ parent_id: string | null }>`SELECT parent_id FROM sys_permission WHERE id = ${item.id}`.execute(db);
    const roleItem = await sql<{ id: string }>`
      SELECT id FROM sys_permission WHERE component = 'schema/sys/sysDepartRole' AND del_flag = 0 AND menu_type <> 2`.execute(db);
    let roleItemId = roleItem.rows[0]?.id;
    if (!roleItemId) {
      roleItemId = newId();
      await sql`
        INSERT INTO sys_permission (id, parent_id, name, url, component, component_name, menu_type, sort_no, hidden, is_route, is_leaf, keep_alive, icon, create_by)
        VALUES (${roleItemId}, ${menu.rows[0]?.parent_id ?? null}, '部门角色', '/isystem/depart-role', 'schema/sys/sysDepartRole', 'sysDepartRole',
                1, 5.5, true, true, false, false, 'TeamOutlined', 'admin')`.execute(db);
      await grant(roleItemId);
    }
    await addButtons(roleItemId, ROLE_BUTTONS);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS sys_depart_role_user`.execute(db);
  await sql`DROP TABLE IF EXISTS sys_depart_role_permission`.execute(db);
  await sql`DROP TABLE IF EXISTS sys_depart_role`.execute(db);
  await sql`DROP TABLE IF EXISTS sys_depart_permission`.execute(db);
  await sql`DELETE FROM sys_permission WHERE component = 'schema/sys/sysDepartRole'`.execute(db);
  await sql`DELETE FROM sys_permission WHERE menu_type = 2 AND (perms IN ('depart:authorize', 'depart:users') OR perms LIKE 'departRole:%')`.execute(db);
}
