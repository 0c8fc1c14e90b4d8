import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import type { SysPermission } from '../db/types';

/** The columns of a sys_permission row the menu is built from. */
export type MenuRow = Pick<
  Selectable<SysPermission>,
  | 'id' | 'parent_id' | 'name' | 'url' | 'component' | 'component_name' | 'redirect' | 'menu_type'
  | 'sort_no' | 'always_show' | 'icon' | 'is_route' | 'keep_alive' | 'hidden' | 'hide_tab'
  | 'internal_or_external'
>;

export interface MenuMeta {
  title: string;
  keepAlive: boolean;
  internalOrExternal: boolean;
  componentName?: string;
  icon?: string;
  /** External link of an http(s) item; its path is then md5(url). */
  url?: string;
  hideTab?: true;
  hideMenu?: true;
}

export interface MenuItem {
  id: string;
  path: string;
  name: string;
  component: string | null;
  /** '1' makes a route, '0' does not (the client skips it). */
  route: '1' | '0';
  redirect?: string;
  hidden?: true;
  alwaysShow?: true;
  meta: MenuMeta;
  children?: MenuItem[];
}

export const HOME_MENU_NAME = '首页';

function isExternalUrl(url: string | null): url is string {
  return !!url && (url.startsWith('http://') || url.startsWith('https://') || url.startsWith('{{'));
}

/** JeecgBoot's urlToRouteName: '/isystem/user' → 'isystem-user', ':' → '@'. */
export function urlToRouteName(url: string | null): string {
  if (!url) return '';
  return url.replace(/^\//, '').replace(/\//g, '-').replace(/:/g, '@');
}

function menuItemOf(row: MenuRow): MenuItem {
  const external = isExternalUrl(row.url);
  const meta: MenuMeta = {
    title: row.name,
    keepAlive: row.keep_alive,
    internalOrExternal: row.internal_or_external,
  };
  const componentName = row.component_name || (row.component ? row.component.slice(row.component.lastIndexOf('/') + 1) : '');
  if (componentName) meta.componentName = componentName;
  if (row.icon) meta.icon = row.icon;
  if (external) meta.url = row.url as string;
  if (row.hide_tab) meta.hideTab = true;
  const item: MenuItem = {
    id: row.id,
    path: external ? crypto.createHash('md5').update(row.url as string, 'utf8').digest('hex') : (row.url ?? ''),
    name: row.component_name || urlToRouteName(row.url),
    component: row.component,
    route: row.is_route ? '1' : '0',
    meta,
  };
  if (!row.parent_id && row.redirect) item.redirect = row.redirect;
  if (row.hidden) item.hidden = true;
  if (row.always_show) item.alwaysShow = true;
  return item;
}

function bySortNo(a: MenuRow, b: MenuRow): number {
  return Number(a.sort_no) - Number(b.sort_no) || a.id.localeCompare(b.id);
}

/**
 * The menu tree of the granted menu rows (menu_type 0/1), as JeecgBoot's getUserPermissionByToken
 * builds it: roots are rows without a parent, a row whose parent is not granted is left out,
 * siblings follow sort_no, and a parent whose children are all hidden is hidden too.
 */
export function buildMenuTree(rows: readonly MenuRow[]): MenuItem[] {
  const menuRows = rows.filter((r) => r.menu_type === 0 || r.menu_type === 1);
  const childrenOf = new Map<string, MenuRow[]>();
  for (const row of menuRows) {
    const parent = row.parent_id || '';
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), row]);
  }
  const build = (parentId: string, seen: Set<string>): MenuItem[] =>
    [...(childrenOf.get(parentId) ?? [])].sort(bySortNo).flatMap((row) => {
      if (seen.has(row.id)) return []; // a cycle in parent_id: show the row once
      const item = menuItemOf(row);
      const children = build(row.id, new Set(seen).add(row.id));
      if (children.length > 0) {
        item.children = children;
        if (children.every((c) => c.hidden)) {
          item.hidden = true;
          item.meta.hideMenu = true;
        }
      }
      return [item];
    });
  return build('', new Set());
}

/** A user's buttons (`auth`): valid (status '1') menu_type 2 rows their roles grant. */
export interface AuthItem {
  action: string | null;
  type: string;
  describe: string;
}

/** Every button (`allAuth`), with its status, so the client knows which rules exist. */
export interface AllAuthItem extends AuthItem {
  status: string;
}
