import { expect, test, type Locator, type Page } from '@playwright/test';
import { LOGIN_PATH, openFromMenu, screenshot, signIn, signInQuickly, toast } from './support/app';
import { closeDiscardingIfAsked, confirmDialog, detailValue, fillForm, formInput, listButton, listRow, listRows, modal, okButton, schemaList } from './support/schemaPage';

// 系统管理 → 部门管理, 通讯录, 在线用户 as an administrator uses them. Real server, real Chromium.

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

function treePane(page: Page): Locator {
  return page.locator('.tree-pane').filter({ visible: true });
}

function treeNode(scope: Locator, title: string): Locator {
  return scope.locator('.ant-tree-treenode').filter({ has: scope.page().locator('.ant-tree-title').getByText(title, { exact: true }) });
}

test.describe('部门管理, 通讯录, 在线用户', () => {
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    await signInQuickly(page, 'admin');
  });
  test.afterAll(async () => {
    await page.close();
  });

  test('部门管理: 添加下级 理赔三部 under the company; it shows in the tree with its org code and in a form\'s depart picker', async () => {
    await openFromMenu(page, '系统管理', '部门管理');
    const tree = treePane(page);
    await expect(treeNode(tree, '华泰公估有限公司')).toBeVisible();
    await treeNode(tree, '华泰公估有限公司').locator('.ant-tree-title').click();
    await expect(page.locator('.tree-manage')).toContainText('A01');
    await tree.getByRole('button', { name: '添加下级' }).click();
    const form = modal(page, '新增部门');
    await expect(form).toBeVisible();
    await fillForm(form, { 机构名称: '理赔三部', 电话: '010-66001299' });
    await screenshot(page, 'depart-add-child');
    await okButton(form).click();
    await expect(form).toBeHidden();
    await expect(toast(page, '添加成功！')).toBeVisible();
    await expect(treeNode(tree, '理赔三部')).toBeVisible();
    await treeNode(tree, '理赔三部').locator('.ant-tree-title').click();
    const details = page.locator('.tree-manage .ant-tabs-tabpane-active');
    // A01A05 on the demo data; another spec of the run may have added a department before.
    await expect(detailValue(details, '机构编码')).toHaveText(/^A01A\d{2}$/);
    await expect(detailValue(details, '电话')).toHaveText('010-66001299');
    await screenshot(page, 'depart-tree');

    // The tree's search keeps the hits with their path.
    await tree.getByPlaceholder('请输入部门名称搜索').fill('理赔三');
    await expect(treeNode(tree, '车险理赔部')).toHaveCount(0);
    await expect(treeNode(tree, '华泰公估有限公司')).toBeVisible();
    await tree.getByPlaceholder('请输入部门名称搜索').fill('');

    // A department with sub-departments stays, and the refusal says why.
    await treeNode(tree, '华泰公估有限公司').locator('.ant-tree-title').click();
    await tree.getByRole('button', { name: '删除' }).click();
    await confirmDialog(page, '确认删除').getByRole('button', { name: /删\s*除/ }).click();
    await expect(toast(page, /部门「华泰公估有限公司」下还有下级部门（.+），不能删除/)).toBeVisible();
    await screenshot(page, 'depart-delete-refused');

    // The department's users, read-only.
    await treeNode(tree, '财务部').locator('.ant-tree-title').click();
    await page.locator('.tree-manage').getByRole('tab', { name: '部门用户' }).click();
    await expect(page.locator('.tree-manage .ant-table-row').filter({ hasText: '王五' })).toBeVisible();
    await screenshot(page, 'depart-users');

    // The depart picker of a form (案件's 承办部门) offers the new department.
    await openFromMenu(page, '案件管理', '全部案件');
    await listButton(page, '新增').click();
    const caseForm = modal(page, '新增');
    await formInput(caseForm, '承办部门').click();
    const departs = modal(page, '选择部门');
    await expect(treeNode(departs, '理赔三部')).toBeVisible();
    await screenshot(page, 'depart-picker-new-department');
    await departs.locator('.ant-modal-close').click();
    await caseForm.locator('.ant-modal-close').click();
    await closeDiscardingIfAsked(caseForm);
  });

  test('通讯录: choosing a department lists its people (姓名, 职务, 手机, 邮箱); search by 姓名', async () => {
    await openFromMenu(page, '系统管理', '通讯录');
    const list = schemaList(page);
    await expect(list).toContainText('王五');
    const tree = treePane(page);
    await treeNode(tree, '财务部').locator('.ant-tree-title').click();
    await expect(listRow(page, '王五')).toContainText('15811110003');
    await expect(list.locator('.ant-table-row')).toHaveCount(1);
    for (const title of ['姓名', '职务', '手机', '邮箱']) await expect(list.locator('.ant-table-thead')).toContainText(title);
    await screenshot(page, 'address-book-depart');
    await treeNode(tree, '车险理赔部').locator('.ant-tree-title').click();
    await expect(listRow(page, '李四')).toBeVisible();
    await expect(list.locator('.ant-table-row').filter({ hasText: '王五' })).toHaveCount(0);
  });

  test('在线用户 lists a second browser\'s session; 强退 sends that browser to the login page', async ({ browser }) => {
    const other = await browser.newContext();
    // zhangsan, not wangwu: password.spec.ts gives wangwu a new password earlier in the run.
    const zhangsan = await other.newPage();
    await signIn(zhangsan, 'zhangsan');
    await expect(zhangsan.locator('.global-header')).toContainText('张三');

    await openFromMenu(page, '系统管理', '在线用户');
    // Other specs of the run may have left sessions of their own: count, do not assume.
    const sessionsOf = (account: string) => listRows(page).filter({ has: page.locator('td').getByText(account, { exact: true }) });
    await expect(sessionsOf('zhangsan').first()).toBeVisible();
    const before = await sessionsOf('zhangsan').count();
    // The most recent activity first: the second browser's session.
    const row = sessionsOf('zhangsan').first();
    await expect(row).toContainText('张三');
    await expect(row).toContainText(/Chrome|Chromium/);
    // The administrator's own session (this browser) has no 强退.
    await expect(sessionsOf('admin').filter({ hasNotText: '强退' })).toHaveCount(1);
    await screenshot(page, 'online-users');
    await row.getByText('强退', { exact: true }).click();
    await confirmDialog(page, '确定强制退出该用户吗').getByRole('button', { name: /确\s*定/ }).click();
    await expect(toast(page, '已强制退出用户「zhangsan」')).toBeVisible();
    await expect(sessionsOf('zhangsan')).toHaveCount(before - 1);

    // Without touching it, the other browser ends on the login page (its socket was closed).
    await expect(zhangsan).toHaveURL(new RegExp(LOGIN_PATH), { timeout: 30_000 });
    await screenshot(zhangsan, 'online-force-logout-login');
    await zhangsan.close();
    await other.close();
  });
});
