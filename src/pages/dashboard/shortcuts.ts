import type { MenuItem } from '../../api/types';
import { menuItemPath } from '../../router/menuRoutes';

/** Asks a list page to open its add form (runtime/views/openAction.ts). */
const OPEN_ADD_FORM = '?action=add';

/** A home-page shortcut: shown when the user holds `action` and the menu grants the page. */
export interface Shortcut {
  title: string;
  action: string;
  /** View key of the page it opens; its path is looked up in the user's menu (paths are editable). */
  component: string;
  icon: string;
  /** Appended to the page's path: what to do there (新增专家 opens the add form, not only the list). */
  search?: string;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { title: '新建案件', action: 'receive:add', component: 'schema/receive/receive/new', icon: 'FileAddOutlined', search: OPEN_ADD_FORM },
  { title: '结案审批', action: 'receive:approve', component: 'schema/receive/receive/approve', icon: 'AuditOutlined' },
  { title: '新增专家', action: 'expert:add', component: 'schema/maintenance/expert', icon: 'SafetyCertificateOutlined', search: OPEN_ADD_FORM },
  { title: '新增用户', action: 'user:add', component: 'schema/sys/user', icon: 'UserOutlined', search: OPEN_ADD_FORM },
  { title: '开具发票', action: 'receipt:add', component: 'schema/receipt/receipt', icon: 'FileTextOutlined', search: OPEN_ADD_FORM },
];

/** Path of the menu entry showing `component`, or undefined when the user's menu lacks it. */
export function menuPathOf(menu: readonly MenuItem[], component: string): string | undefined {
  for (const item of menu) {
    if (item.component === component && item.route !== '0') return menuItemPath(item.path);
    const below = item.children ? menuPathOf(item.children, component) : undefined;
    if (below) return below;
  }
  return undefined;
}

/** Where a shortcut leads: the page's path and what it asks there. */
export function shortcutTarget(shortcut: Shortcut, path: string): string {
  return shortcut.search ? `${path}${shortcut.search}` : path;
}
