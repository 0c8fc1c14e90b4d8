/**
 * 数据规则 end to end, as a new administrator would: on 系统管理 → 数据规则 the administrator chooses 专家 in
 * the menu tree and adds the rule 本人创建 (createBy 等于 #{sys_user_code}); in 角色管理 → 授权 of 公估师
 * a click on 专家 opens its data rules and the rule is checked and saved; lisi's 专家 list then holds
 * only the expert lisi created. 菜单管理's 数据规则 row action shows the same rule. The rule and lisi's
 * expert are removed afterwards (other specs read lisi's 专家 list). Screenshots go to test-results/screens/.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiLogin } from './support/api';
import { openFromMenu, screenshot, signInQuickly, toast } from './support/app';
import { fillForm, listButton, listRow, listRows, modal, okButton, schemaList } from './support/schemaPage';
import { api, findKey, type TreeNode } from './support/sysAdmin';

const OWN_EXPERT = '李四自建专家';

function treePane(page: Page): Locator {
  return page.locator('.tree-pane').filter({ visible: true });
}

test.describe('数据规则', () => {
  test.describe.configure({ mode: 'serial' });
  let admin: Page;
  let adminToken: string;

  /** lisi (公估师) creates one expert: 新增专家 is granted for that and taken back. */
  async function lisiCreatesAnExpert(request: APIRequestContext): Promise<void> {
    const roles = await api<{ records: { id: string }[] }>(request, adminToken, 'GET', '/sys/role/list?roleCode=adjuster');
    const roleId = roles.result.records[0].id;
    const tree = await api<{ treeList: TreeNode[] }>(request, adminToken, 'GET', '/sys/permission/queryTreeList');
    const button = findKey(tree.result.treeList, '新增专家') as string;
    const granted = (await api<string[]>(request, adminToken, 'GET', `/sys/permission/queryRolePermission?roleId=${roleId}`)).result;
    const save = (ids: readonly string[], last: readonly string[]) =>
      api(request, adminToken, 'POST', '/sys/permission/saveRolePermission', { roleId, permissionIds: ids.join(','), lastpermissionIds: last.join(',') });
    const withAdd = [...new Set([...granted, button])];
    expect((await save(withAdd, granted)).success).toBe(true);
    const lisi = (await apiLogin(request, 'lisi', '123456')) as string;
    const added = await api(request, lisi, 'POST', '/maintenance/expert/add', { expertName: OWN_EXPERT, sex: '1', contactMobile: '13911112222', majorDirection: '车险定损' });
    expect(added, added.message).toMatchObject({ success: true });
    expect((await save(granted, withAdd)).success).toBe(true);
  }

  test.beforeAll(async ({ browser, request }) => {
    adminToken = (await apiLogin(request, 'admin', '123456')) as string;
    await lisiCreatesAnExpert(request);
    admin = await browser.newPage();
    await signInQuickly(admin, 'admin');
  });

  test.afterAll(async ({ request }) => {
    await admin?.close();
    const menus = await api<TreeNode[]>(request, adminToken, 'GET', '/sys/permissionDataRule/menuTree');
    const expertMenu = findKey(menus.result, '专家（1）') ?? findKey(menus.result, '专家');
    if (expertMenu) {
      const rules = await api<{ id: string }[]>(request, adminToken, 'GET', `/sys/permission/getPermRuleListByPermId?permissionId=${expertMenu}`);
      for (const rule of rules.result) await api(request, adminToken, 'DELETE', `/sys/permission/deletePermissionRule?id=${rule.id}`);
    }
    const own = await api<{ records: { id: string }[] }>(request, adminToken, 'GET', `/maintenance/expert/list?expertName=${encodeURIComponent(OWN_EXPERT)}`);
    for (const row of own.result.records) await api(request, adminToken, 'DELETE', `/maintenance/expert/delete?id=${row.id}`);
  });

  test('数据规则: choosing 专家 in the menu tree and adding 本人创建 there', async () => {
    await openFromMenu(admin, '系统管理', '数据规则');
    const tree = treePane(admin);
    await tree.getByPlaceholder('请输入菜单名称').fill('专家');
    const expertNode = tree.locator('.ant-tree-title').getByText('专家', { exact: true });
    await expect(expertNode).toBeVisible();
    await expertNode.click();
    await expect(schemaList(admin)).toBeVisible();
    await listButton(admin, '新增').click();
    const form = modal(admin, '新增数据规则');
    await expect(form).toBeVisible();
    // The chosen menu is the new rule's menu.
    await expect(form.locator('.ant-select-selection-item').first()).toHaveText('专家');
    await fillForm(form, { 规则名称: '本人创建', 规则字段: 'createBy', 规则值: '#{sys_user_code}' });
    await screenshot(admin, 'data-rule-01-add');
    await okButton(form).click();
    await expect(toast(admin, '添加成功！')).toBeVisible();
    const row = listRow(admin, '本人创建');
    await expect(row).toContainText('createBy');
    await expect(row).toContainText('等于');
    await expect(row).toContainText('#{sys_user_code}');
    await expect(tree.locator('.ant-tree-title').getByText('专家（1）', { exact: true })).toBeVisible();
    await screenshot(admin, 'data-rule-02-list');
  });

  test('授权 of 公估师: clicking 专家 opens its data rules; 本人创建 is checked and saved', async () => {
    await openFromMenu(admin, '系统管理', '角色管理');
    await listRow(admin, '公估师').locator('td').last().locator('a').filter({ hasText: '授权' }).click();
    const drawer = admin.locator('.ant-drawer-content').filter({ hasText: '角色权限配置：公估师' });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('button', { name: /树操作/ }).click();
    await admin.locator('.ant-dropdown-menu-item').filter({ hasText: '展开所有' }).click();
    const expertNode = drawer.locator('.ant-tree-treenode').filter({ has: admin.locator('.ant-tree-title').getByText(/^专家数据规则$/) });
    await expertNode.scrollIntoViewIfNeeded();
    await expertNode.locator('.ant-tree-title').click();
    const rules = admin.locator('.ant-drawer-content').filter({ hasText: '数据规则：专家' });
    await expect(rules).toBeVisible();
    const rule = rules.locator('.ant-checkbox-wrapper').filter({ hasText: '本人创建' });
    await expect(rule).toContainText('createBy 等于 #{sys_user_code}');
    await rule.click();
    await expect(rule.locator('.ant-checkbox')).toHaveClass(/ant-checkbox-checked/);
    await screenshot(admin, 'data-rule-03-authorize');
    await rules.getByRole('button', { name: '保存数据规则' }).click();
    await expect(toast(admin, '保存成功!')).toBeVisible();
    await rules.locator('.ant-drawer-footer').getByRole('button', { name: /关\s*闭/ }).click();
    await drawer.getByRole('button', { name: /取\s*消/ }).click();
  });

  test('lisi sees only the expert lisi created', async ({ browser }) => {
    const lisi = await browser.newPage();
    await signInQuickly(lisi, 'lisi');
    await openFromMenu(lisi, '基础数据', '专家');
    await expect(schemaList(lisi)).toBeVisible();
    await expect(listRow(lisi, OWN_EXPERT)).toBeVisible();
    await expect(listRows(lisi)).toHaveCount(1);
    await screenshot(lisi, 'data-rule-04-lisi-experts');
    await lisi.close();
  });

  test('菜单管理: 数据规则 on 专家 lists the same rule', async () => {
    await openFromMenu(admin, '系统管理', '菜单管理');
    await listRow(admin, '基础数据').locator('.ant-table-row-expand-icon').click();
    const expert = listRow(admin, 'schema/maintenance/expert');
    await expert.locator('td').last().locator('a').filter({ hasText: '数据规则' }).click();
    const drawer = admin.locator('.ant-drawer-content').filter({ hasText: '数据规则：专家' });
    await expect(drawer).toBeVisible();
    await expect(drawer.locator('.ant-table-row').filter({ hasText: '本人创建' })).toBeVisible();
    // The drawer is fixed to 专家: no menu tree beside its rules.
    await expect(drawer.locator('.tree-pane')).toHaveCount(0);
    await screenshot(admin, 'data-rule-05-menu-drawer');
  });
});
