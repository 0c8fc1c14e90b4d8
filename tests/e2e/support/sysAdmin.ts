/**
 * Steps of 系统管理 that several specs take: JeecgBoot calls made as the administrator, a role's
 * buttons, the header bell, a multiple select of a form.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { formItem, listRow } from './schemaPage';

const API = '/insurance';

export interface Answer<T> {
  success: boolean;
  code: number;
  message: string;
  result: T;
}

/** A JeecgBoot call as `token`, in `tenant` (the tenant-id header; 0 = none). */
export async function api<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'DELETE', url: string, data?: object, tenant = '0'): Promise<Answer<T>> {
  const headers = { 'X-Access-Token': token, 'tenant-id': tenant };
  const res =
    method === 'GET'
      ? await request.get(`${API}${url}`, { headers })
      : method === 'DELETE'
        ? await request.delete(`${API}${url}`, { headers })
        : await request.post(`${API}${url}`, { headers, data });
  return (await res.json()) as Answer<T>;
}

export interface TreeNode {
  key: string;
  title: string;
  children?: TreeNode[];
}

/** The key of the node titled `title` anywhere in a JeecgBoot tree (menus, departments). */
export function findKey(nodes: readonly TreeNode[], title: string): string | undefined {
  for (const node of nodes) {
    if (node.title === title) return node.key;
    const below = findKey(node.children ?? [], title);
    if (below) return below;
  }
  return undefined;
}

/**
 * Grants a button (by its name in the menu tree, e.g. 新增专家) to a role, or with `granting` false takes
 * it away (a spec's clean-up); answers the button's id.
 */
export async function grantButton(request: APIRequestContext, admin: string, roleCode: string, buttonName: string, granting = true): Promise<string> {
  const roles = await api<{ records: { id: string }[] }>(request, admin, 'GET', `/sys/role/list?roleCode=${roleCode}`);
  const roleId = roles.result.records[0].id;
  const menus = await api<{ treeList: TreeNode[] }>(request, admin, 'GET', '/sys/permission/queryTreeList');
  const button = findKey(menus.result.treeList, buttonName) as string;
  const held = (await api<string[]>(request, admin, 'GET', `/sys/permission/queryRolePermission?roleId=${roleId}`)).result;
  const saved = await api(request, admin, 'POST', '/sys/permission/saveRolePermission', {
    roleId,
    permissionIds: (granting ? [...new Set([...held, button])] : held.filter((key) => key !== button)).join(','),
    lastpermissionIds: held.join(','),
  });
  expect(saved.success).toBe(true);
  return button;
}

/** In 角色管理's 授权 drawer of `roleName`, unchecks the button `buttonId` and saves. */
export async function revokeInAuthorizeDrawer(admin: Page, roleName: string, buttonId: string, shot?: () => Promise<void>): Promise<void> {
  const row = listRow(admin, roleName);
  await row.locator('td').last().locator('a').filter({ hasText: '授权' }).click();
  const drawer = admin.locator('.ant-drawer-content').filter({ hasText: `角色权限配置：${roleName}` });
  await expect(drawer).toBeVisible();
  // 树操作 is offered once the tree has loaded (a slow machine may still be loading it).
  await expect(drawer.locator('.ant-tree-treenode:not([aria-hidden="true"])').first()).toBeVisible();
  await drawer.getByRole('button', { name: /树操作/ }).click();
  await admin.locator('.ant-dropdown-menu-item').filter({ hasText: '展开所有' }).click();
  const node = drawer.locator('.ant-tree-treenode').filter({ has: admin.getByTestId(`perm-node-${buttonId}`) });
  await node.scrollIntoViewIfNeeded();
  await expect(node.locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-checked/);
  await shot?.();
  await node.locator('.ant-tree-checkbox').click();
  await expect(node.locator('.ant-tree-checkbox')).not.toHaveClass(/ant-tree-checkbox-checked/);
  await drawer.getByRole('button', { name: '保存并关闭' }).click();
  await expect(drawer).toHaveCount(0);
}

export const bell = (page: Page): Locator => page.locator('.header-action[aria-label^="消息通知"]');

/** How many unread notices the bell counts, once its first load has answered (0 before is not a count). */
export async function bellCount(page: Page): Promise<number> {
  await expect(bell(page)).toHaveAttribute('aria-busy', 'false');
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/共(\d+)条/.exec(label)?.[1] ?? NaN);
}

/** Picks one option of a multiple select (its dropdown stays open for more) and closes it. */
export async function chooseSeveral(form: Locator, label: string, text: string): Promise<void> {
  const page = form.page();
  await formItem(form, label).locator('.ant-select-selector').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await expect(formItem(form, label).locator('.ant-select-selection-item')).toContainText([text]);
}
