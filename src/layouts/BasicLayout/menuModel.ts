import type { MenuItem } from '../../api/types';
import { menuItemPath } from '../../router/menuRoutes';

/**
 * The side menu derived from the server menu tree (spec §2): hidden entries are omitted and a
 * parent whose children are all hidden is hidden too. Keys are the items' full paths.
 */

function isHiddenItem(item: MenuItem): boolean {
  return item.hidden === true || item.meta?.hideMenu === true;
}

export function visibleMenu(items: readonly MenuItem[]): MenuItem[] {
  const result: MenuItem[] = [];
  for (const item of items) {
    if (isHiddenItem(item)) continue;
    const path = menuItemPath(item.path);
    if (item.children && item.children.length > 0) {
      const children = visibleMenu(item.children);
      if (children.length === 0) continue;
      result.push({ ...item, path, children });
    } else {
      result.push({ ...item, path, children: undefined });
    }
  }
  return result;
}

/** An item that opens an external address in a new browser tab instead of a page of ours. */
export function externalUrlOf(item: MenuItem): string | undefined {
  const url = item.meta?.url;
  if (item.meta?.internalOrExternal === true && url && /^https?:\/\//i.test(url)) return url;
  return undefined;
}

export interface MenuLeaf {
  path: string;
  title: string;
  /** Titles of the parents, for the search list ("系统管理 / 用户管理"). */
  parents: string[];
  externalUrl?: string;
}

/** Every visible page entry (no groups), in menu order — the options of the menu search. */
export function menuLeaves(items: readonly MenuItem[], parents: string[] = []): MenuLeaf[] {
  const leaves: MenuLeaf[] = [];
  for (const item of items) {
    if (item.children && item.children.length > 0) {
      leaves.push(...menuLeaves(item.children, [...parents, item.meta.title]));
    } else {
      leaves.push({ path: item.path, title: item.meta.title, parents, externalUrl: externalUrlOf(item) });
    }
  }
  return leaves;
}

/** Path of keys from the top level down to the item with `key`, or undefined. */
function keyPath(items: readonly MenuItem[], key: string): string[] | undefined {
  for (const item of items) {
    if (item.path === key) return [item.path];
    if (item.children) {
      const below = keyPath(item.children, key);
      if (below) return [item.path, ...below];
    }
  }
  return undefined;
}

export interface MenuSelection {
  selectedKeys: string[];
  /** Parents of the selected item, to be expanded. */
  openKeys: string[];
}

/**
 * Which visible item to highlight for the current page. A parameter route is matched by its full
 * path first (a menu entry /online/cgformList/abc is selected only on that very address); then by
 * the route pattern; a hidden page (a detail page) highlights its nearest visible ancestor.
 */
export function menuSelection(
  visible: readonly MenuItem[],
  pathname: string,
  route?: { path: string; trail: readonly MenuItem[] },
): MenuSelection {
  const candidates = [pathname];
  if (route) {
    candidates.push(route.path);
    for (let i = route.trail.length - 1; i >= 0; i--) candidates.push(route.trail[i].path);
  }
  for (const key of candidates) {
    const found = keyPath(visible, key);
    if (found) return { selectedKeys: [key], openKeys: found.slice(0, -1) };
  }
  return { selectedKeys: [], openKeys: [] };
}
