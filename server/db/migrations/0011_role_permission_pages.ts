import { sql, type Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';

// 角色管理 and 菜单管理 became page documents (schemas/pages/sys/role.json, permission.json). A new
// database gets their menu components and buttons from schemas/seed/menus.json (the seed runs after
// the migrations, on an empty database, so this finds nothing there). A database seeded before gets
// the components switched here and the new codes (role:list, role:users, permission:list) as
// buttons under the items, granted to the roles that already held the items' edit codes — the
// admin role of the seed — so nobody loses what they could do.
const MENUS = [
  {
    from: 'system/RoleList',
    to: 'schema/sys/role',
    editCode: 'role:edit',
    buttons: [
      { name: '查看角色', perms: 'role:list', sortNo: 5 },
      { name: '角色用户', perms: 'role:users', sortNo: 6 },
    ],
  },
  {
    from: 'system/PermissionList',
    to: 'schema/sys/permission',
    editCode: 'permission:edit',
    buttons: [{ name: '查看菜单', perms: 'permission:list', sortNo: 4 }],
  },
] as const;

const newId = () => randomUUID().replaceAll('-', '');

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every page record carries 所属部门 (sysOrgCode, the creator's department), as the generic store writes it.
  await sql`ALTER TABLE sys_role ADD COLUMN IF NOT EXISTS sys_org_code varchar(64)`.execute(db);
  await sql`ALTER TABLE sys_permission ADD COLUMN IF NOT EXISTS sys_org_code varchar(64)`.execute(db);
  for (const menu of MENUS) {
    const items = await sql<{ id: string }>`
      SELECT id FROM sys_permission WHERE component = ${menu.from} AND del_flag = 0 AND menu_type <> 2`.execute(db);
    for (const item of items.rows) {
      await sql`UPDATE sys_permission SET component = ${menu.to}, is_leaf = false WHERE id = ${item.id}`.execute(db);
      const editors = await sql<{ role_id: string }>`
        SELECT DISTINCT rp.role_id FROM sys_role_permission rp JOIN sys_permission p ON p.id = rp.permission_id
        WHERE p.perms = ${menu.editCode} AND p.del_flag = 0`.execute(db);
      for (const button of menu.buttons) {
        const taken = await sql`SELECT 1 FROM sys_permission WHERE perms = ${button.perms} AND del_flag = 0`.execute(db);
        if (taken.rows.length > 0) continue;
        const id = newId();
        await sql`
          INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, status, sort_no, is_route, is_leaf, create_by)
          VALUES (${id}, ${item.id}, ${button.name}, 2, ${button.perms}, '1', '1', ${button.sortNo}, false, true, 'admin')`.execute(db);
        for (const editor of editors.rows) {
          await sql`INSERT INTO sys_role_permission (id, role_id, permission_id) VALUES (${newId()}, ${editor.role_id}, ${id})`.execute(db);
        }
      }
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sys_role DROP COLUMN IF EXISTS sys_org_code`.execute(db);
  await sql`ALTER TABLE sys_permission DROP COLUMN IF EXISTS sys_org_code`.execute(db);
  await sql`DELETE FROM sys_permission WHERE perms IN ('role:list', 'role:users', 'permission:list') AND menu_type = 2`.execute(db);
  await sql`UPDATE sys_permission SET component = 'system/RoleList' WHERE component = 'schema/sys/role'`.execute(db);
  await sql`UPDATE sys_permission SET component = 'system/PermissionList' WHERE component = 'schema/sys/permission'`.execute(db);
}
