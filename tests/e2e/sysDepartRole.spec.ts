/**
 * 部门权限 and 部门角色 end to end, as a new administrator would: under 华泰公估有限公司 a new department
 * 稽核一部 gets 专家's 新增专家 (部门权限 drawer) and lisi as a user (用户 drawer); its 部门角色 稽核专员
 * is created in the 部门角色 tab, granted 新增专家 (授权: the tree holds only what the department holds)
 * and given to lisi (用户). lisi, whose own role 公估师 lacks the button, signs in and sees 新增 on 专家;
 * taken out of the role, after F5 the button is gone and the server answers 510. lisi leaves the
 * department at the end, so later specs find him as seeded. Screenshots go to test-results/screens/.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiLogin } from './support/api';
import { openFromMenu, screenshot, signIn, signInQuickly, toast } from './support/app';
import { detailValue, fillForm, formInput, listButton, listRow, modal, okButton, schemaList } from './support/schemaPage';
import { findKey, type TreeNode } from './support/sysAdmin';

const API = '/insurance';
const DEPART = '稽核一部';
const ROLE = '稽核专员';

async function expertAddId(request: APIRequestContext): Promise<string> {
  const token = (await apiLogin(request, 'admin', '123456')) as string;
  const res = await request.get(`${API}/sys/permission/queryTreeList`, { headers: { 'X-Access-Token': token } });
  const tree = ((await res.json()) as { result: { treeList: TreeNode[] } }).result.treeList;
  return findKey(tree, '新增专家') as string;
}

async function lisiMayAddExperts(request: APIRequestContext): Promise<{ code: number; success: boolean }> {
  const token = (await apiLogin(request, 'lisi', '123456')) as string;
  // An invalid record: with the permission the answer is a validation refusal, never 510; nothing is added.
  const res = await request.post(`${API}/maintenance/expert/add`, { headers: { 'X-Access-Token': token }, data: {} });
  return (await res.json()) as { code: number; success: boolean };
}

function treeNode(scope: Locator, title: string): Locator {
  return scope.locator('.ant-tree-treenode').filter({ has: scope.page().locator('.ant-tree-title').getByText(title, { exact: true }) });
}

function drawer(page: Page, title: string): Locator {
  return page.locator('.ant-drawer-content').filter({ has: page.locator('.ant-drawer-title').getByText(title, { exact: true }) });
}

/** Adds `username` through 添加已有用户 → 根据部门选择用户. */
async function addExistingUser(page: Page, scope: Locator, username: string, shot: string): Promise<void> {
  await scope.getByRole('button', { name: '添加已有用户' }).click();
  const picker = page.locator('.ant-modal-content').filter({ hasText: '根据部门选择用户' });
  await expect(picker).toBeVisible();
  await picker.getByPlaceholder('请输入账号').fill(username);
  await picker.getByRole('button', { name: /查\s*询/ }).click();
  await picker.locator('.ant-table-row').filter({ hasText: username }).first().click();
  await screenshot(page, shot);
  await picker.getByRole('button', { name: /确\s*定/ }).click();
  await expect(picker).toBeHidden();
  await expect(toast(page, '添加成功')).toBeVisible();
  await expect(scope.locator('.ant-table-row').filter({ hasText: username })).toBeVisible();
}

/** lisi belongs to two departments while in 稽核一部: sign-in asks which is his current one. */
async function signInLisi(page: Page): Promise<void> {
  await signIn(page, 'lisi');
  const choose = page.locator('.ant-modal').filter({ hasText: '部门选择' });
  await expect(choose).toBeVisible();
  await choose.locator('.ant-select').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '车险理赔部' }).click();
  await choose.getByRole('button', { name: /确\s*定/ }).click();
  await expect(choose).toBeHidden();
}

test.describe('部门权限 and 部门角色', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(180_000);
  let admin: Page;

  test.beforeAll(async ({ browser }) => {
    admin = await browser.newPage();
    await signInQuickly(admin, 'admin');
  });
  test.afterAll(async () => admin?.close());

  test('a department gets 新增专家 and lisi; its role 稽核专员 gets the button and lisi', async ({ request }) => {
    expect(await lisiMayAddExperts(request)).toMatchObject({ success: false, code: 510 });
    const buttonId = await expertAddId(request);

    await openFromMenu(admin, '系统管理', '部门管理');
    const tree = admin.locator('.tree-pane').filter({ visible: true });
    await treeNode(tree, '华泰公估有限公司').locator('.ant-tree-title').click();
    await tree.getByRole('button', { name: '添加下级' }).click();
    const form = modal(admin, '新增部门');
    await fillForm(form, { 机构名称: DEPART });
    await okButton(form).click();
    await expect(toast(admin, '添加成功！')).toBeVisible();
    await treeNode(tree, DEPART).locator('.ant-tree-title').click();
    const card = admin.locator('.tree-manage');
    await expect(card.getByRole('button', { name: '部门权限' })).toBeVisible();
    await screenshot(admin, 'depart-role-01-node-actions');

    // 部门权限: the whole tree; 新增专家 checked and saved.
    await card.getByRole('button', { name: '部门权限' }).click();
    const grants = drawer(admin, `部门权限配置：${DEPART}`);
    await expect(grants).toBeVisible();
    await grants.getByRole('button', { name: /树操作/ }).click();
    await admin.locator('.ant-dropdown-menu-item').filter({ hasText: '展开所有' }).click();
    const node = grants.locator('.ant-tree-treenode').filter({ has: admin.getByTestId(`perm-node-${buttonId}`) });
    await node.scrollIntoViewIfNeeded();
    await node.locator('.ant-tree-checkbox').click();
    await expect(node.locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-checked/);
    await screenshot(admin, 'depart-role-02-depart-permission');
    await grants.getByRole('button', { name: '保存并关闭' }).click();
    await expect(toast(admin, '保存成功！')).toBeVisible();
    await expect(grants).toHaveCount(0);

    // 用户: lisi joins the department.
    await card.getByRole('button', { name: /^用\s*户$/ }).click();
    const members = drawer(admin, `部门用户：${DEPART}`);
    await expect(members).toBeVisible();
    await addExistingUser(admin, members, 'lisi', 'depart-role-03-user-picker');
    await screenshot(admin, 'depart-role-04-depart-users');
    await members.locator('.ant-drawer-close').click();
    await expect(members).toHaveCount(0);

    // 部门角色: a new role, in this department's tab.
    await card.getByRole('tab', { name: '部门角色' }).click();
    await listButton(admin, '新增').click();
    const roleForm = modal(admin, '新增');
    await fillForm(roleForm, { 部门角色名称: ROLE, 部门角色编码: 'audit_clerk', 描述: '稽核专家资料' });
    await screenshot(admin, 'depart-role-05-role-form');
    await okButton(roleForm).click();
    await expect(toast(admin, '添加成功！')).toBeVisible();
    const row = listRow(admin, ROLE);
    await expect(row).toContainText('audit_clerk');
    await screenshot(admin, 'depart-role-06-role-tab');

    // 授权: only what the department holds is offered.
    await row.locator('td').last().locator('a').filter({ hasText: '授权' }).click();
    const roleGrants = drawer(admin, `部门角色权限配置：${ROLE}`);
    await expect(roleGrants).toBeVisible();
    await expect(roleGrants.getByTestId(/^perm-node-/)).toHaveCount(1);
    const offered = roleGrants.locator('.ant-tree-treenode').filter({ has: admin.getByTestId(`perm-node-${buttonId}`) });
    await expect(offered).toContainText('新增专家');
    await offered.locator('.ant-tree-checkbox').click();
    await screenshot(admin, 'depart-role-07-role-permission');
    await roleGrants.getByRole('button', { name: '保存并关闭' }).click();
    await expect(toast(admin, '保存成功！')).toBeVisible();

    // 用户: lisi holds the role.
    await row.locator('td').last().locator('a').filter({ hasText: '用户' }).click();
    const holders = drawer(admin, `部门角色用户：${ROLE}`);
    await addExistingUser(admin, holders, 'lisi', 'depart-role-08-role-user-picker');
    await screenshot(admin, 'depart-role-09-role-users');
    await holders.locator('.ant-drawer-close').click();
    await expect(holders).toHaveCount(0);
  });

  test('lisi sees 新增 on 专家 after sign-in; out of the role, after F5 it is gone and the server answers 510', async ({ browser, request }) => {
    const lisi = await browser.newPage();
    await signInLisi(lisi);
    await openFromMenu(lisi, '基础数据', '专家');
    await expect(schemaList(lisi)).toBeVisible();
    await expect(listButton(lisi, '新增')).toBeVisible();
    await screenshot(lisi, 'depart-role-10-lisi-sees-add');
    expect((await lisiMayAddExperts(request)).code).not.toBe(510);

    const row = listRow(admin, ROLE);
    await row.locator('td').last().locator('a').filter({ hasText: '用户' }).click();
    const holders = drawer(admin, `部门角色用户：${ROLE}`);
    await holders.locator('.ant-table-row').filter({ hasText: 'lisi' }).getByText('取消关联').click();
    await admin.locator('.ant-popover').getByRole('button', { name: /确\s*定/ }).click();
    await expect(toast(admin, '删除成功！')).toBeVisible();
    await expect(holders.locator('.ant-table-row').filter({ hasText: 'lisi' })).toHaveCount(0);
    await holders.locator('.ant-drawer-close').click();

    await lisi.reload();
    await expect(schemaList(lisi)).toBeVisible();
    await expect(listRow(lisi, '').first()).toBeVisible();
    await expect(listButton(lisi, '新增')).toHaveCount(0);
    expect(await lisiMayAddExperts(request)).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
    await lisi.close();

    // lisi leaves 稽核一部 again.
    await admin.locator('.tree-manage').getByRole('button', { name: /^用\s*户$/ }).click();
    const members = drawer(admin, `部门用户：${DEPART}`);
    await members.locator('.ant-table-row').filter({ hasText: 'lisi' }).getByText('取消关联').click();
    await admin.locator('.ant-popover').getByRole('button', { name: /确\s*定/ }).click();
    await expect(toast(admin, '删除成功!')).toBeVisible();
    await expect(members.locator('.ant-table-row')).toHaveCount(0);
    await members.locator('.ant-drawer-close').click();
    await expect(members).toHaveCount(0);
  });

  test('编辑 moves 稽核一部 under 综合管理部: it takes the next org code there', async () => {
    const card = admin.locator('.tree-manage');
    await card.getByRole('tab', { name: '基本信息' }).click();
    await card.getByRole('button', { name: /编\s*辑/ }).click();
    const form = modal(admin, '编辑');
    await expect(formInput(form, '上级机构')).toHaveValue('华泰公估有限公司');
    await formInput(form, '上级机构').click();
    const departs = modal(admin, '选择部门');
    await expect(departs).toBeVisible();
    // The single picker: choosing another department replaces the current one.
    await treeNode(departs, '综合管理部').locator('.ant-tree-title').click();
    await departs.getByRole('button', { name: /确\s*定/ }).click();
    await expect(departs).toBeHidden();
    await expect(formInput(form, '上级机构')).toHaveValue('综合管理部');
    await screenshot(admin, 'depart-role-11-move-form');
    await okButton(form).click();
    await expect(toast(admin, '编辑成功!')).toBeVisible();
    const tree = admin.locator('.tree-pane').filter({ visible: true });
    await expect(treeNode(tree, '综合管理部').locator('.ant-tree-switcher')).not.toHaveClass(/ant-tree-switcher-noop/);
    await expect(detailValue(card.locator('.ant-tabs-tabpane-active'), '机构编码')).toHaveText('A01A04A01');
    await screenshot(admin, 'depart-role-12-moved');
  });
});
