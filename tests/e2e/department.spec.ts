import { expect, test } from '@playwright/test';
import { HOME_PATH, OK_BUTTON, screenshot, signIn, toast, userMenu } from './support/app';

// zhangsan belongs to 车险理赔部 (A01A01) and 财产险理赔部 (A01A02).
test.describe('department choice', () => {
  test('a user of two departments must choose one, and can switch later from the user menu', async ({ page }) => {
    await signIn(page, 'zhangsan');
    await expect(page).toHaveURL(HOME_PATH);
    const choose = page.locator('.ant-modal').filter({ hasText: '部门选择' });
    await expect(choose).toBeVisible();
    // The first choice cannot be dismissed: no close button, no cancel, Escape does nothing.
    await expect(choose.locator('.ant-modal-close')).toHaveCount(0);
    await expect(choose.getByRole('button', { name: /取\s*消/ })).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(choose).toBeVisible();
    // Selection is required.
    await choose.getByRole('button', { name: OK_BUTTON }).click();
    await expect(choose.getByText('请选择部门', { exact: true }).last()).toBeVisible();
    await screenshot(page, '08-department-choice');

    await choose.locator('.ant-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '车险理赔部' }).click();
    await choose.getByRole('button', { name: OK_BUTTON }).click();
    await expect(choose).toBeHidden();
    await expect(page.locator('.page-content')).toContainText('当前部门：车险理赔部');

    // A reload keeps the choice: the modal does not come back.
    await page.reload();
    await expect(page.locator('.global-header')).toContainText('欢迎您，张三');
    await expect(page.locator('.ant-modal').filter({ hasText: '部门选择' })).toBeHidden();

    await userMenu(page, '部门切换');
    const switcher = page.locator('.ant-modal').filter({ hasText: '部门切换（当前部门 : 车险理赔部）' });
    await expect(switcher).toBeVisible();
    await expect(switcher.locator('.ant-select-selection-item')).toHaveText('车险理赔部');
    await screenshot(page, '09-department-switch');
    await switcher.locator('.ant-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '财产险理赔部' }).click();
    await switcher.getByRole('button', { name: OK_BUTTON }).click();
    await expect(switcher).toBeHidden();
    await expect(toast(page, /./)).toBeVisible();
    await expect(page.locator('.page-content')).toContainText('当前部门：财产险理赔部');

    await userMenu(page, '部门切换');
    await expect(page.locator('.ant-modal').filter({ hasText: '部门切换（当前部门 : 财产险理赔部）' })).toBeVisible();
  });

  test('a user of one department is not asked, has no 部门切换, and can clear the cache', async ({ page }) => {
    await signIn(page, 'lisi');
    await expect(page.locator('.page-content')).toContainText('当前部门：车险理赔部');
    await expect(page.locator('.ant-modal').filter({ hasText: '部门选择' })).toBeHidden();
    await page.getByRole('button', { name: '用户菜单' }).click();
    const dropdown = page.locator('.ant-dropdown:visible');
    await expect(dropdown).toContainText('密码修改');
    await expect(dropdown).toContainText('清理缓存');
    await expect(dropdown).toContainText('退出登录');
    await expect(dropdown).not.toContainText('部门切换');
    // 清理缓存 reloads the dictionaries from the server.
    await dropdown.locator('.ant-dropdown-menu-item').filter({ hasText: '清理缓存' }).click();
    await expect(toast(page, '刷新缓存完成！')).toBeVisible();
  });
});
