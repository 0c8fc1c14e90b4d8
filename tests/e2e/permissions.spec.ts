import { expect, test } from '@playwright/test';
import { screenshot, sideMenu, signInQuickly, topLevelMenuTitles } from './support/app';

const shortcuts = (page: import('@playwright/test').Page) =>
  page.locator('.ant-card').filter({ hasText: '快捷入口' }).locator('button');

test.describe('permission-driven menu and buttons', () => {
  test('lisi (adjuster) sees fewer menu entries and shortcut buttons than admin', async ({ browser }) => {
    const adminPage = await browser.newPage();
    await signInQuickly(adminPage, 'admin');
    const adminMenu = await topLevelMenuTitles(adminPage);
    expect(adminMenu).toEqual(expect.arrayContaining(['首页', '案件管理', '基础数据', '系统管理']));
    await expect(shortcuts(adminPage)).toHaveText(['新建案件', '结案审批', '新增专家', '新增用户', '开具发票']);

    const lisiPage = await browser.newPage();
    await signInQuickly(lisiPage, 'lisi');
    const lisiMenu = await topLevelMenuTitles(lisiPage);
    expect(lisiMenu).toContain('案件管理');
    expect(lisiMenu).not.toContain('系统管理');
    // Adjusters read the master data they pick from (专家, 保险公司, …) but hold no 系统管理.
    expect(lisiMenu).toContain('基础数据');
    expect(lisiMenu.length).toBeLessThan(adminMenu.length);
    for (const title of lisiMenu) expect(adminMenu).toContain(title);

    // Inside 案件管理 the adjuster lacks 结案审批 …
    await sideMenu(lisiPage).locator('.ant-menu-submenu-title').filter({ hasText: '案件管理' }).click();
    const lisiCases = sideMenu(lisiPage).locator('li.ant-menu-item .ant-menu-title-content');
    await expect(lisiCases.getByText('新建案件', { exact: true })).toBeVisible();
    await expect(lisiCases.getByText('结案审批', { exact: true })).toHaveCount(0);
    // … and of the permission-guarded shortcuts keeps only 新建案件 (receive:add, not receive:approve).
    await expect(shortcuts(lisiPage)).toHaveText(['新建案件']);
    await screenshot(lisiPage, '10-home-lisi');

    await lisiPage.goto('/isystem/user');
    await expect(lisiPage).toHaveURL('/404');
    await adminPage.close();
    await lisiPage.close();
  });
});
