import { sql, type Kysely, type Transaction } from 'kysely';
import type { CompiledPage } from '../../runtime/schema/compiledPageTypes';
import type { DB } from '../db/types';
import { newId } from '../db/ids';
import { insertEntityButtons, schemaComponentOf } from '../seed/entities';
import { inTransaction } from '../db/transaction';

/** Any fixed number: the advisory lock that keeps two starting API nodes from adding a menu twice. */
const PAGE_MENU_LOCK_KEY = 724_501_337;
const ADMIN_ROLE = 'admin';

export interface AddedPageMenu {
  title: string;
  url: string;
  component: string;
}

/** 'adjustStandard' → 'adjust-standard', the style of the seeded menu paths. */
function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

async function freeUrl(trx: Transaction<DB>, wanted: string): Promise<string> {
  for (let n = 1; ; n++) {
    const url = n === 1 ? wanted : `${wanted}-${n}`;
    const taken = await trx.selectFrom('sys_permission').select('id').where('url', '=', url).executeTakeFirst();
    if (!taken) return url;
  }
}

/**
 * Makes a new page document reachable with nothing else to edit: a page that no menu item opens yet
 * gets one — under the menu of its module (url `/<module>`, e.g. 基础数据 for maintenance) or at the
 * top — with a button per permission code, all granted to the admin role, who can then grant them on.
 * Pages that already have a menu item (every seeded one) are left exactly as they are.
 */
export async function addMissingPageMenus(db: Kysely<DB>, pages: readonly CompiledPage[]): Promise<AddedPageMenu[]> {
  return inTransaction(db, async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${PAGE_MENU_LOCK_KEY})`.execute(trx);
    const components = new Set(
      (await trx.selectFrom('sys_permission').select('component').where('del_flag', '=', 0).where('component', 'like', 'schema/%').execute()).map(
        (r) => r.component,
      ),
    );
    // A page opened only through its views (schema/<module>/<entity>/<view>) has its menu items.
    const opened = (component: string) => components.has(component) || [...components].some((c) => c?.startsWith(`${component}/`));
    const missing = pages.filter((page) => !opened(schemaComponentOf(page)));
    if (missing.length === 0) return [];
    const admin = await trx.selectFrom('sys_role').select('id').where('role_code', '=', ADMIN_ROLE).executeTakeFirst();
    const added: AddedPageMenu[] = [];
    const menuIds = new Map<string, string>();
    const grants: string[] = [];
    for (const page of missing) {
      const parent = await trx
        .selectFrom('sys_permission')
        .select(['id'])
        .where('url', '=', `/${page.entity.module}`)
        .where('del_flag', '=', 0)
        .where('menu_type', '!=', 2)
        .executeTakeFirst();
      const url = await freeUrl(trx, `/${page.entity.module}/${kebab(page.entity.name)}`);
      const id = newId();
      const component = schemaComponentOf(page);
      await trx
        .insertInto('sys_permission')
        .values({
          id,
          parent_id: parent?.id ?? null,
          name: page.entity.title,
          url,
          component,
          component_name: page.entity.name,
          menu_type: parent ? 1 : 0,
          sort_no: 999,
          keep_alive: true,
          is_leaf: false,
          create_by: 'system',
        })
        .execute();
      if (parent) await trx.updateTable('sys_permission').set({ is_leaf: false }).where('id', '=', parent.id).execute();
      menuIds.set(component, id);
      grants.push(id);
      if (parent) grants.push(parent.id);
      added.push({ title: page.entity.title, url, component });
    }
    const buttons = await insertEntityButtons(trx, missing, [], menuIds);
    grants.push(...buttons.map((b) => b.id));
    if (admin) {
      const held = new Set(
        (await trx.selectFrom('sys_role_permission').select('permission_id').where('role_id', '=', admin.id).execute()).map((r) => r.permission_id),
      );
      const rows = [...new Set(grants)].filter((id) => !held.has(id)).map((permissionId) => ({ id: newId(), role_id: admin.id, permission_id: permissionId }));
      if (rows.length > 0) await trx.insertInto('sys_role_permission').values(rows).execute();
    }
    return added;
  });
}
