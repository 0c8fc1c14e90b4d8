import type { Insertable, Transaction } from 'kysely';
import type { DB, SysPermission } from '../db/types';
import type { SeedButton, SeedMenu } from '../generated/seed/menus';
import { SeedError } from './documents';
import { newId } from '../db/ids';

/** What role grants are resolved against: one sys_permission row, menu or button. */
export interface SeededPermission {
  id: string;
  parentId: string | null;
  /** 0 top menu, 1 sub menu, 2 button */
  menuType: number;
  url: string | null;
  perms: string | null;
}

const FILE = 'schemas/seed/menus.json';

function buttonRow(button: SeedButton, parentId: string): Insertable<SysPermission> {
  return {
    id: newId(),
    parent_id: parentId,
    name: button.name,
    menu_type: 2,
    perms: button.perms,
    perms_type: button.permsType ?? '1',
    status: button.status ?? '1',
    sort_no: button.sortNo,
    is_route: false,
    is_leaf: true,
    description: button.description ?? null,
    create_by: 'admin',
  };
}

function menuRows(menus: SeedMenu[], parentId: string | null): Insertable<SysPermission>[] {
  return menus.flatMap((menu) => {
    const id = newId();
    const children = menu.children ?? [];
    const buttons = menu.buttons ?? [];
    const row: Insertable<SysPermission> = {
      id,
      parent_id: parentId,
      name: menu.name,
      url: menu.url,
      component: menu.component,
      component_name: menu.componentName ?? null,
      redirect: menu.redirect ?? null,
      menu_type: parentId === null ? 0 : 1,
      sort_no: menu.sortNo,
      always_show: menu.alwaysShow ?? false,
      icon: menu.icon ?? null,
      is_route: menu.route ?? true,
      // As in JeecgBoot, a page that only has buttons below it is not a leaf either.
      is_leaf: children.length === 0 && buttons.length === 0,
      keep_alive: menu.keepAlive ?? false,
      hidden: menu.hidden ?? false,
      hide_tab: menu.hideTab ?? false,
      internal_or_external: menu.internalOrExternal ?? false,
      description: menu.description ?? null,
      create_by: 'admin',
    };
    return [row, ...buttons.map((b) => buttonRow(b, id)), ...menuRows(children, id)];
  });
}

/** Every url and every perms code must be unique, and a redirect must lead to a menu that exists. */
function checkConsistency(rows: Insertable<SysPermission>[]): void {
  const urls = new Set<string>();
  const perms = new Set<string>();
  for (const row of rows) {
    if (row.url) {
      if (urls.has(row.url)) throw new SeedError(`种子文件 ${FILE}: 菜单路径 ${row.url} 重复`);
      urls.add(row.url);
    }
    if (row.perms) {
      if (perms.has(row.perms)) throw new SeedError(`种子文件 ${FILE}: 权限编码 ${row.perms} 重复`);
      perms.add(row.perms);
    }
  }
  for (const row of rows) {
    if (row.redirect && !urls.has(row.redirect)) {
      throw new SeedError(`种子文件 ${FILE}: 菜单 ${row.name} 重定向到不存在的路径 ${row.redirect}`);
    }
  }
}

export async function insertMenus(trx: Transaction<DB>, menus: SeedMenu[]): Promise<SeededPermission[]> {
  const rows = menuRows(menus, null);
  checkConsistency(rows);
  await trx.insertInto('sys_permission').values(rows).execute();
  return rows.map((r) => ({
    id: r.id,
    parentId: r.parent_id ?? null,
    menuType: r.menu_type,
    url: r.url ?? null,
    perms: r.perms ?? null,
  }));
}
