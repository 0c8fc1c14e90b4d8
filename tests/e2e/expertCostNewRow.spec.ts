/**
 * A new 专家费 row saved the way a new user saves it — the clicks of the report that found the API
 * freezing for everybody: the save froze when the dictionaries had aged out while the row was
 * filled in (the e2e server ages them after a second, DICT_CACHE_MS). The save must answer, and so
 * must every request after it.
 */
import { expect, test } from '@playwright/test';
import { apiLogin } from './support/api';
import { openFromMenu, screenshot, signInQuickly, toast } from './support/app';
import { cell, endEditing, grid, openOptions, saveGrid } from './support/gridPage';

test('新增 a 专家费 row: 案件 by 上海, a 专家, 金额, 发生时间 此刻, 保存 — saved, and the API still answers', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signInQuickly(page, 'admin');
  // The rows saved so far (by the specs before this one), as the list answers them.
  const listed = page.waitForResponse((r) => r.url().includes('/cost/expertCost/list'));
  await openFromMenu(page, '费用管理', '专家费工作表');
  const before = ((await (await listed).json()) as { result: { records: unknown[] } }).result.records.length;
  await expect(grid(page).locator('.grid-header')).toContainText('票据号', { timeout: 30_000 });
  await expect(grid(page).locator('.grid-row')).toHaveCount(before);

  await grid(page).getByRole('button', { name: /^新\s*增$/ }).click();
  await expect(grid(page).locator('.grid-row')).toHaveCount(before + 1);
  const index = before;

  await cell(page, index, 'caseId').click();
  await cell(page, index, 'caseId').locator('input').click();
  await cell(page, index, 'caseId').locator('input').pressSequentially('上海');
  const firstCase = openOptions(page).first();
  await expect(firstCase).toBeVisible();
  const caseName = (await firstCase.textContent())?.trim() ?? '';
  await firstCase.click();
  await endEditing(page);
  await expect(cell(page, index, 'caseId')).toContainText(caseName);

  await cell(page, index, 'expertId').click();
  await openOptions(page).first().click();
  await endEditing(page);

  await cell(page, index, 'amount').click();
  await cell(page, index, 'amount').locator('input').pressSequentially('2500.5');

  await cell(page, index, 'occurTime').click();
  await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').getByText('此刻').click();
  // A click on an empty area (below the grid) ends the edit.
  const area = await grid(page).boundingBox();
  if (!area) throw new Error('the grid is not on the page');
  await page.mouse.click(area.x + area.width / 2, area.y + area.height + 60);
  await expect(cell(page, index, 'occurTime')).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await screenshot(page, 'expert-cost-new-row');

  // The minute a user spends on the row, shortened: the dictionaries have aged out by the save.
  await page.waitForTimeout(1_200);
  await saveGrid(page);
  await expect(toast(page, '保存成功！')).toBeVisible({ timeout: 20_000 });

  // Every request still answers: a sign-in through the API, and the list after a reload.
  expect(await apiLogin(request, 'lisi', '123456')).toBeTruthy();
  await page.reload();
  await expect(grid(page).locator('.grid-row')).toHaveCount(before + 1, { timeout: 30_000 });
  await expect(grid(page).locator('.grid-row').filter({ hasText: caseName }).filter({ hasText: '2500.5' })).toHaveCount(1);
});
