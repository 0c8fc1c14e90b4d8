/**
 * What staff met when they used the app (issue 12, "found as staff would use it"): a changed form
 * asks 放弃修改? before Esc throws it away; the iframe item 行业资讯 opens from the side menu and
 * the menu search; the home page's 快捷入口 open the add form; the form's title names the entity;
 * chosen fields say 请选择…; a province's 上级区域 shows nothing rather than 86.
 * Screenshots go to SHOTS_DIR.
 */
import { expect, test, type Page } from '@playwright/test';
import { HOME_PATH, openFromMenu, screenshot, sideMenu, signInQuickly } from './support/app';
import { detailValue, discardConfirm, formInput, formItem, listButton, listRow, modal, okButton, queryBar, clickQueryButton } from './support/schemaPage';

const IFRAME_URL = 'https://www.iachina.cn/';

test.describe.configure({ mode: 'serial' });

test.describe('as staff use it', () => {
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    // No network here: the framed site is answered locally, so the picture shows a page.
    await page.route(`${IFRAME_URL}**`, (route) =>
      route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<html><body><h1>中国保险行业协会</h1></body></html>' }),
    );
    await signInQuickly(page, 'admin');
  });
  test.afterAll(async () => page?.close());

  test('新增专家: Esc on typed input asks 放弃修改?; 继续编辑 keeps the text, 放弃 closes', async () => {
    await openFromMenu(page, '基础数据', '专家');
    await listButton(page, '新增').click();
    const dialog = modal(page, '新增专家');
    await expect(dialog).toBeVisible();
    // A chosen field says 请选择…, a typed one 请输入….
    await expect(formItem(dialog, '职称级别').locator('.ant-select-selection-placeholder')).toHaveText('请选择职称级别');
    await expect(formInput(dialog, '专家姓名')).toHaveAttribute('placeholder', '请输入专家姓名');

    await formInput(dialog, '专家姓名').fill('未保存的专家');
    await page.keyboard.press('Escape');
    const ask = discardConfirm(page);
    await expect(ask).toBeVisible();
    await expect(ask).toContainText('填写的内容尚未保存，放弃后将丢失。');
    await screenshot(page, 'staff-discard-confirm');
    await ask.getByRole('button', { name: /继续编辑/ }).click();
    await expect(ask).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await expect(formInput(dialog, '专家姓名')).toHaveValue('未保存的专家');

    await dialog.locator('.ant-modal-close').click();
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: /放\s*弃$/ }).click();
    await expect(dialog).toBeHidden();
    await expect(listRow(page, '未保存的专家')).toHaveCount(0);
  });

  test('an unchanged form closes on Esc at once, without asking', async () => {
    await listButton(page, '新增').click();
    const dialog = modal(page, '新增专家');
    await formInput(dialog, '专家姓名').click();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(discardConfirm(page)).toHaveCount(0);
  });

  test('知识库 → 行业资讯 opens its framed page from the side menu, not a 404', async () => {
    await openFromMenu(page, '知识库', '行业资讯');
    await expect(page).toHaveURL(/\/[0-9a-f]{32}$/);
    const frame = page.locator(`iframe[src="${IFRAME_URL}"]`);
    await expect(frame).toBeVisible();
    await expect(page.frameLocator(`iframe[src="${IFRAME_URL}"]`).getByRole('heading', { name: '中国保险行业协会' })).toBeVisible();
    await expect(page.getByText('404')).toHaveCount(0);
    await expect(sideMenu(page).locator('.ant-menu-item-selected')).toHaveText('行业资讯');
    await screenshot(page, 'staff-iframe-from-menu');
  });

  test('…and from the menu search', async () => {
    await page.goto(HOME_PATH);
    const search = page.getByRole('combobox', { name: '搜索菜单' });
    await search.click();
    await search.fill('行业');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '知识库 / 行业资讯' }).click();
    await expect(page).toHaveURL(/\/[0-9a-f]{32}$/);
    await expect(page.locator(`iframe[src="${IFRAME_URL}"]`)).toBeVisible();
    await screenshot(page, 'staff-iframe-from-search');
  });

  test('首页 → 快捷入口 新增专家 opens the add form over the list', async () => {
    await page.goto(HOME_PATH);
    await page.getByRole('button', { name: /新增专家/ }).click();
    const dialog = modal(page, '新增专家');
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/maintenance\/expert$/);
    await screenshot(page, 'staff-shortcut-add-expert');
    await formInput(dialog, '专家姓名').click();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(listButton(page, '新增')).toBeVisible();
  });

  test('首页 → 快捷入口 开具发票 opens 新增发票', async () => {
    await page.goto(HOME_PATH);
    await page.getByRole('button', { name: /开具发票/ }).click();
    const dialog = modal(page, '新增发票');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await expect(dialog).toBeHidden();
  });

  test('区域: a province shows no 上级区域 (not 86) in the list and 详细信息; 编辑区域 says 编辑成功！', async () => {
    await openFromMenu(page, '基础数据', '区域');
    await queryBar(page).getByLabel('区域名称', { exact: true }).fill('北京市');
    await clickQueryButton(page, '查询');
    const row = listRow(page, '北京市').first();
    await expect(row).toBeVisible();
    await expect(row).not.toContainText('86');
    await row.getByText('详情', { exact: true }).click();
    const detail = modal(page, '详细信息');
    await expect(detailValue(detail, '区域名称')).toHaveText('北京市');
    await expect(detailValue(detail, '上级区域')).toHaveText('');
    await screenshot(page, 'staff-area-detail-root');
    await detail.locator('.ant-modal-close').click();

    await row.getByText('编辑', { exact: true }).click();
    const edit = modal(page, '编辑区域');
    await expect(edit).toBeVisible();
    await okButton(edit).click();
    await expect(page.locator('.ant-message-notice').filter({ hasText: '编辑成功！' }).last()).toBeVisible();
    await expect(edit).toBeHidden();
  });
});
