/**
 * The editable grid end to end on the 工时登记 grid page (schemas/pages/cost/workHour.json): add
 * rows with the add settings, edit cells (a number cell refuses letters), a failed cell shows its
 * tooltip, drag a row (the order is renumbered), save all rows at once, reload in order; and a
 * second browser on the same page gets a saved edit live through /vxeSocket.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { screenshot, signIn, toast } from './support/app';

const PATH = '/cost/work-hour';

function grid(page: Page): Locator {
  return page.locator('.editable-grid');
}
function row(page: Page, index: number): Locator {
  return grid(page).locator(`.grid-row[data-index="${index}"]`);
}
function cell(page: Page, index: number, key: string): Locator {
  return row(page, index).locator(`.grid-cell[data-column="${key}"]`);
}
async function remarks(page: Page): Promise<string[]> {
  return (await grid(page).locator('.grid-row .grid-cell[data-column="remark"]').allTextContents()).map((t) => t.trim());
}
/** Clicks a select cell and picks its n-th option. */
async function pick(page: Page, index: number, key: string, nth = 0): Promise<void> {
  await cell(page, index, key).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').nth(nth).click();
}
async function type(page: Page, index: number, key: string, text: string): Promise<void> {
  await cell(page, index, key).click();
  const input = cell(page, index, key).locator('input');
  await input.fill('');
  await input.pressSequentially(text);
}
async function endEditing(page: Page): Promise<void> {
  await grid(page).locator('.grid-header').click({ position: { x: 5, y: 5 } });
}
async function fillRow(page: Page, index: number, remark: string, hours: string): Promise<void> {
  await pick(page, index, 'caseId');
  await pick(page, index, 'hourType');
  await pick(page, index, 'staffUser');
  await cell(page, index, 'workDate').click();
  const date = cell(page, index, 'workDate').locator('input');
  await date.fill('2026-11-02');
  await date.press('Enter');
  await type(page, index, 'hours', hours);
  await type(page, index, 'remark', remark);
  await endEditing(page);
}

test.describe.serial('工时登记 editable grid', () => {
  test('adds rows, edits, validates, drags, saves all at once and reloads in order', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto(PATH);
    await expect(grid(page).locator('.grid-header')).toContainText('工时(小时)');

    // Add settings: three rows per click, kept under jet-add-btn-settings (in the app's pro__ storage namespace).
    await grid(page).getByRole('button', { name: '新增设置' }).click();
    const settings = page.locator('.grid-add-settings');
    await expect(settings).toContainText('添加行数');
    await settings.locator('input').first().fill('3');
    await screenshot(page, 'grid-add-settings');
    expect(await page.evaluate(() => localStorage.getItem('pro__jet-add-btn-settings') ?? '')).toContain('3');
    await grid(page).getByRole('button', { name: '新增设置' }).click();
    await grid(page).getByRole('button', { name: /^新\s*增$/ }).click();
    await expect(grid(page).locator('.grid-row')).toHaveCount(3);

    // A number cell refuses letters.
    await type(page, 0, 'hours', 'abc');
    await expect(cell(page, 0, 'hours').locator('input')).toHaveValue('');
    await fillRow(page, 0, '现场查勘', '2.5');
    await fillRow(page, 1, '报告撰写', '4');
    await expect(grid(page).locator('.grid-footer-sum')).toContainText('6.5');

    // The third row stays empty: saving shows what is wrong where, and writes nothing.
    await grid(page).getByRole('button', { name: /^保\s*存$/ }).click();
    await expect(toast(page, /第3行/)).toBeVisible();
    const failed = cell(page, 2, 'caseId');
    await expect(failed).toHaveClass(/grid-cell-failed/);
    await failed.hover();
    await expect(page.locator('.ant-tooltip').filter({ hasText: '案件' })).toBeVisible();
    await screenshot(page, 'grid-validation-tooltip');

    // Remove the empty row, then drag the second row above the first.
    await row(page, 2).locator('.ant-checkbox-input').check();
    await grid(page).getByRole('button', { name: /^删\s*除$/ }).click();
    await expect(grid(page).locator('.grid-row')).toHaveCount(2);
    const handle = row(page, 1).locator('.grid-drag-handle');
    const target = row(page, 0).locator('.grid-drag-handle');
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + 5, { steps: 10 });
    await page.mouse.up();
    await expect.poll(() => remarks(page)).toEqual(['报告撰写', '现场查勘']);

    await grid(page).getByRole('button', { name: /^保\s*存$/ }).click();
    await expect(toast(page, '保存成功！')).toBeVisible();
    await page.reload();
    await expect.poll(() => remarks(page)).toEqual(['报告撰写', '现场查勘']);
    await expect(grid(page).locator('.grid-footer-sum')).toContainText('6.5');
    await screenshot(page, 'grid-saved');
  });

  test('an edit saved in one browser appears in another open on the same grid page', async ({ page, browser }) => {
    await signIn(page, 'admin');
    await page.goto(PATH);
    await expect.poll(() => remarks(page)).toEqual(['报告撰写', '现场查勘']);

    const other = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    const second = await other.newPage();
    try {
      await signIn(second, 'admin');
      await second.goto(PATH);
      await expect.poll(() => remarks(second)).toEqual(['报告撰写', '现场查勘']);
      // Let the second grid's socket join the page before the save.
      await second.waitForTimeout(1000);

      await type(page, 0, 'remark', '报告撰写（已复核）');
      await endEditing(page);
      await grid(page).getByRole('button', { name: /^保\s*存$/ }).click();
      await expect(toast(page, '保存成功！')).toBeVisible();

      await expect.poll(() => remarks(second), { timeout: 15_000 }).toEqual(['报告撰写（已复核）', '现场查勘']);
      await screenshot(second, 'grid-live-update');
    } finally {
      await other.close();
    }
  });
});
