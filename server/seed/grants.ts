import type { SeedRole } from '../generated/seed/roles';
import { SeedError } from './documents';
import type { SeededPermission } from './menus';

const FILE = 'schemas/seed/roles.json';

/** '/receive' covers /receive and /receive/…, never /receiveX; an http(s) url only itself. */
function menuMatches(pattern: string, url: string | null): boolean {
  if (url === null) return false;
  if (pattern === '*' || pattern === url) return true;
  if (!pattern.startsWith('/')) return false;
  return url.startsWith(pattern.endsWith('/') ? pattern : `${pattern}/`);
}

/** '*' every code, 'receive:*' every code under receive:, otherwise the exact code. */
function buttonMatches(pattern: string, perms: string | null): boolean {
  if (perms === null) return false;
  if (pattern === '*' || pattern === perms) return true;
  return pattern.endsWith(':*') && perms.startsWith(pattern.slice(0, -1));
}

/**
 * The sys_permission ids a role holds: the menus its url patterns match plus their ancestors (so the
 * granted pages stay reachable in the tree), and the buttons its code patterns match. A pattern that
 * matches nothing, or a button whose page the role cannot open, is a mistake in the seed.
 */
export function resolveGrants(role: SeedRole, permissions: SeededPermission[]): string[] {
  const byId = new Map(permissions.map((p) => [p.id, p]));
  const menus = permissions.filter((p) => p.menuType !== 2);
  const buttons = permissions.filter((p) => p.menuType === 2);
  const granted = new Set<string>();

  for (const pattern of role.menus) {
    const matched = menus.filter((m) => menuMatches(pattern, m.url));
    if (matched.length === 0) {
      throw new SeedError(`种子文件 ${FILE}: 角色 ${role.roleCode} 的菜单授权 "${pattern}" 没有匹配任何菜单`);
    }
    for (const menu of matched) {
      for (let p: SeededPermission | undefined = menu; p; p = p.parentId ? byId.get(p.parentId) : undefined) {
        granted.add(p.id);
      }
    }
  }
  for (const pattern of role.buttons) {
    const matched = buttons.filter((b) => buttonMatches(pattern, b.perms));
    if (matched.length === 0) {
      throw new SeedError(`种子文件 ${FILE}: 角色 ${role.roleCode} 的按钮授权 "${pattern}" 没有匹配任何按钮`);
    }
    for (const button of matched) {
      if (!button.parentId || !granted.has(button.parentId)) {
        const page = button.parentId ? byId.get(button.parentId)?.url : undefined;
        throw new SeedError(
          `种子文件 ${FILE}: 角色 ${role.roleCode} 被授予按钮 ${button.perms}，但没有被授予它所在的页面 ${page ?? '(无)'}`,
        );
      }
      granted.add(button.id);
    }
  }
  return [...granted];
}
