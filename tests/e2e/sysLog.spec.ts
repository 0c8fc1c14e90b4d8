/**
 * 日志管理 and 数据日志 end to end: a sign-in appears under 登录日志; a new expert, then edited, has two
 * versions under 数据日志, and 数据比较 shows them side by side with the changed field marked.
 * Screenshots go to test-results/screens/.
 */
import { expect, test, type Page } from '@playwright/test';
import { openFromMenu, screenshot, signInQuickly, toast } from './support/app';
import { clickQueryButton, fillForm, formInput, listButton, listRow, listRows, modal, okButton, queryBar, schemaList } from './support/schemaPage';

const EXPERT = '日志测试专家';

test.describe('日志管理 and 数据日志', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    await signInQuickly(page, 'admin');
  });
  test.afterAll(async () => page?.close());

  test('the sign-in just made is listed under 登录日志 with its address and browser', async () => {
    await openFromMenu(page, '系统管理', '日志管理');
    await expect(page.getByRole('tab', { name: '登录日志' })).toHaveAttribute('aria-selected', 'true');
    const row = listRows(page).filter({ hasText: '用户名: admin,登录成功！' }).first();
    await expect(row).toBeVisible();
    await expect(row).toContainText('127.0.0.1');
    await expect(row).toContainText('Chrome');
    await expect(row).toContainText('成功');
    // Read-only: nothing to add, edit or delete.
    await expect(listButton(page, '新增')).toHaveCount(0);
    await expect(row.getByText('编辑', { exact: true })).toHaveCount(0);
    await screenshot(page, 'syslog-01-login-tab');
  });

  test('an expert added and edited has two versions; 数据比较 marks the changed field', async () => {
    await openFromMenu(page, '基础数据', '专家');
    await listButton(page, '新增').click();
    const add = modal(page, '新增');
    await expect(formInput(add, '专家姓名')).toBeVisible();
    await fillForm(add, { 专家姓名: EXPERT, 联系电话: '13600009876', 专业方向: '火灾事故', 工作单位: '第一单位' });
    await okButton(add).click();
    await expect(toast(page, '添加成功！')).toBeVisible();
    await listRow(page, EXPERT).getByText('编辑', { exact: true }).click();
    const edit = modal(page, '编辑');
    await expect(formInput(edit, '专家姓名')).toHaveValue(EXPERT);
    await fillForm(edit, { 工作单位: '第二单位' });
    await okButton(edit).click();
    await expect(toast(page, '编辑成功！')).toBeVisible();

    await openFromMenu(page, '系统管理', '数据日志');
    await queryBar(page).getByPlaceholder('请输入表名').fill('mnt_expert');
    await clickQueryButton(page, '查询');
    // Newest first: the edit (版本 2) and the add (版本 1) of the new expert.
    const rows = listRows(page);
    await expect(rows.nth(0)).toContainText('mnt_expert');
    const dataId = (await rows.nth(0).locator('td').nth(3).innerText()).trim();
    await expect(rows.nth(1)).toContainText(dataId);
    await expect(rows.nth(0).locator('td').nth(4)).toHaveText('2');
    await expect(rows.nth(1).locator('td').nth(4)).toHaveText('1');

    // One row is not enough to compare.
    await rows.nth(0).locator('.ant-checkbox-input').check();
    await listButton(page, '数据比较').click();
    await expect(toast(page, '请选择两条数据进行比较')).toBeVisible();
    await rows.nth(1).locator('.ant-checkbox-input').check();
    await screenshot(page, 'syslog-02-data-log-list');
    await listButton(page, '数据比较').click();

    const dialog = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title').getByText('数据比较', { exact: true }) });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('thead')).toContainText('版本 1');
    await expect(dialog.locator('thead')).toContainText('版本 2');
    const changed = dialog.locator('tr.schema-compare-changed');
    await expect(changed.filter({ hasText: '工作单位' })).toContainText('第一单位');
    await expect(changed.filter({ hasText: '工作单位' })).toContainText('第二单位');
    await expect(changed.filter({ hasText: '工作单位' })).toContainText('有变化');
    await expect(dialog.locator('tr').filter({ hasText: '专家姓名' })).not.toHaveClass(/schema-compare-changed/);
    // Dictionary values read as the form shows them.
    await expect(dialog.locator('tr').filter({ hasText: '性别' })).toContainText('男');
    await screenshot(page, 'syslog-03-compare');
    await changed.filter({ hasText: '工作单位' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'syslog-03b-compare-changed-field');
    await dialog.locator('.ant-modal-close').click();
    await expect(dialog).toHaveCount(0);
  });

  test('the edit is listed under 操作日志 with its parameters', async () => {
    await openFromMenu(page, '系统管理', '日志管理');
    await page.getByRole('tab', { name: '操作日志' }).click();
    const row = listRows(page).filter({ hasText: '专家-编辑，成功' }).first();
    await expect(row).toBeVisible();
    await expect(row).toContainText('PUT');
    await screenshot(page, 'syslog-04-operation-tab');
    await expect(schemaList(page)).not.toContainText('登录成功');
  });
});
