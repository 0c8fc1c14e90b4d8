import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * For migrations that open a page behind menu items of databases seeded before: adds the button rows
 * (menu_type 2) under a menu item, in order, each granted to every role that holds the item — as the
 * seed does for a new database. A code some button already carries is left alone, so running twice
 * changes nothing. Recorded migrations call this: change what it writes only with a new migration.
 */
export async function addMenuButtons(
  db: Kysely<unknown>,
  menu: { id: string; title: string },
  buttons: ReadonlyArray<readonly [name: string, perms: string]>,
): Promise<void> {
  const holders = await sql<{ role_id: string }>`SELECT DISTINCT role_id FROM sys_role_permission WHERE permission_id = ${menu.id}`.execute(db);
  let sortNo = 0;
  for (const [name, perms] of buttons) {
    sortNo += 1;
    const taken = await sql`SELECT 1 FROM sys_permission WHERE perms = ${perms} AND menu_type = 2 AND del_flag = 0`.execute(db);
    if (taken.rows.length > 0) continue;
    const id = newId();
    await sql`
      INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, status, sort_no, is_route, is_leaf, description, create_by)
      VALUES (${id}, ${menu.id}, ${name}, 2, ${perms}, '1', '1', ${sortNo}, false, true, ${`${menu.title}：${name}`}, 'admin')`.execute(db);
    for (const { role_id } of holders.rows) {
      await sql`INSERT INTO sys_role_permission (id, role_id, permission_id) VALUES (${newId()}, ${role_id}, ${id})`.execute(db);
    }
  }
}

function newId(): string {
  return randomUUID().replaceAll('-', '');
}
