/**
 * The form widgets on a real page: 基础数据 → 专项 (schemas/pages/maintenance/specialSubject.json)
 * has an async search select over the insurance companies (a page's table dictionary), a select over
 * the entrust types, two date pickers and a radio group. A record saved with them reopens with the
 * same values, and 详细信息 shows them through the detail-list layout. Screenshots of each open
 * widget go to test-results/screens/.
 */
import { expect, test, type Page } from '@playwright/test';
import { openFromMenu, screenshot, signInQuickly, toast } from './support/app';
import { chooseFormOption, chooseRadio, detailValue, fillForm, formInput, formItem, listButton, listRow, modal, okButton } from './support/schemaPage';

test.describe.configure({ mode: 'serial' });

let page: Page;
test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  await signInQuickly(page, 'admin');
  await openFromMenu(page, '基础数据', '专项');
});
test.afterAll(async () => {
  await page.close();
});

const CODE = 'ZXE2E01';

test('a new 专项 is saved with a searched insurance company, a select, dates and a radio', async () => {
  await listButton(page, '新增').click();
  const dialog = modal(page, '新增');
  await fillForm(dialog, { 专项编码: CODE, 专项名称: '台风理赔专项' });

  // Async search select: the prompt first, then the server's matches 800 ms after typing.
  const company = formItem(dialog, '委托保险公司');
  await company.locator('.ant-select-selector').click();
  await expect(page.locator('.ant-select-dropdown:visible')).toContainText('请输入搜索内容');
  await company.locator('input').fill('不存在的公司');
  await expect(page.locator('.ant-select-dropdown:visible')).toContainText('未找到数据', { timeout: 5000 });
  await company.locator('input').fill('人保');
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText(['人保财险'], { timeout: 5000 });
  await screenshot(page, 'formwidgets-search-select');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '人保财险' }).click();
  await expect(company.locator('.ant-select-selection-item')).toHaveText('人保财险');

  // Select over a page's table dictionary (委托类型), now served by /sys/dict/getDictItems.
  await formItem(dialog, '委托类型').locator('.ant-select-selector').click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').first()).toBeVisible();
  await screenshot(page, 'formwidgets-select');
  const firstType = (await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().textContent()) ?? '';
  await page.keyboard.press('Escape');
  await chooseFormOption(dialog, '委托类型', firstType);

  // Date pickers store and show YYYY-MM-DD.
  const start = formInput(dialog, '开始日期');
  await expect(start).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await start.click();
  await expect(page.locator('.ant-picker-dropdown:visible')).toBeVisible();
  await screenshot(page, 'formwidgets-date-picker');
  await start.fill('2026-07-01');
  await start.press('Enter');
  const end = formInput(dialog, '结束日期');
  await end.click();
  await end.fill('2026-09-30');
  await end.press('Enter');
  await chooseRadio(dialog, '状态', '无效');
  await screenshot(page, 'formwidgets-form-filled');
  await okButton(dialog).click();
  await expect(toast(page, /成功/)).toBeVisible();
  await expect(listRow(page, CODE)).toContainText('人保财险');
  (globalThis as Record<string, unknown>).__entrustType = firstType;
});

test('the saved 专项 reopens with the same values, and 详细信息 shows them', async () => {
  const row = listRow(page, CODE);
  await row.getByText('编辑').click();
  const dialog = modal(page, '编辑');
  await expect(formItem(dialog, '委托保险公司').locator('.ant-select-selection-item')).toHaveText('人保财险');
  await expect(formItem(dialog, '委托类型').locator('.ant-select-selection-item')).toHaveText(String((globalThis as Record<string, unknown>).__entrustType));
  await expect(formInput(dialog, '开始日期')).toHaveValue('2026-07-01');
  await expect(formInput(dialog, '结束日期')).toHaveValue('2026-09-30');
  await expect(formItem(dialog, '状态').locator('.ant-radio-wrapper-checked')).toHaveText('无效');
  await screenshot(page, 'formwidgets-edit-reopened');
  await dialog.getByRole('button', { name: /取\s*消/ }).click();

  await row.getByText('详情').click();
  const detail = modal(page, '详细信息');
  await expect(detailValue(detail, '委托保险公司')).toHaveText('人保财险');
  await expect(detailValue(detail, '开始日期')).toHaveText('2026-07-01');
  await expect(detailValue(detail, '状态')).toHaveText('无效');
  await screenshot(page, 'formwidgets-detail');
  await detail.getByRole('button', { name: /关\s*闭/ }).click();
});

test('the production build shows no settings drawer; the theme comes from /theme-settings.js', async () => {
  await expect(page.getByRole('button', { name: '界面设置' })).toHaveCount(0);
  const settings = await page.evaluate(() => (window as unknown as { _THEME_SETTINGS?: { primaryColor?: string } })._THEME_SETTINGS);
  expect(settings?.primaryColor).toBe('#52C41A');
  await screenshot(page, 'formwidgets-layout-light');
});
