/**
 * 统计报表 as a manager uses them: each of the 8 entries opens its report (never '该功能正在建设中') with its
 * query bar, chart, table and 合计; 区域统计 is narrowed to one 委托方, a figure of its 合计 drills down to the
 * case list showing exactly that many cases, and 导出 downloads the same 合计. admin only reads (no data is
 * changed). Screenshots of every report go to test-results/screens/ (statistics-<menu>.jpg).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openFromMenu, screenshot, signInQuickly } from './support/app';
import { downloadFrom, expectXlsx, pickOption, readSheet, totalText } from './support/schemaPage';

const GROUP = '统计报表';
const REPORTS = [
  ['区域统计', 'area'],
  ['通报统计', 'circular'],
  ['费用统计', 'cost'],
  ['客户统计', 'customer'],
  ['部门统计', 'department'],
  ['发票统计', 'receipt'],
  ['案件统计', 'receive'],
  ['分摊统计', 'share'],
] as const;

const report = (page: Page) => page.locator('.statistics-page:visible');
const totalRow = (page: Page) => report(page).locator('tr.statistics-total');
const filter = (page: Page, label: string): Locator => report(page).locator('.statistics-filter').filter({ hasText: `${label}：` });

/** The table's column titles, in order. */
async function headers(page: Page): Promise<string[]> {
  return (await report(page).locator('.statistics-table thead th').allTextContents()).map((t) => t.trim());
}

/** The 合计 row's cell under a column title. */
async function totalCell(page: Page, title: string): Promise<Locator> {
  const index = (await headers(page)).indexOf(title);
  expect(index, `column ${title}`).toBeGreaterThan(-1);
  return totalRow(page).locator('td').nth(index);
}

/** 查询, waiting for the report's answer (and its rendering). */
async function query(page: Page): Promise<void> {
  const answered = page.waitForResponse((r) => /\/statistics\/\w+\?/.test(r.url()));
  await report(page).getByRole('button', { name: /查\s*询/ }).click();
  await answered;
  await expect(report(page).locator('.statistics-table .ant-spin-spinning')).toHaveCount(0);
}

/** Chooses a quick period (本月 / 本季 / 本年 / 全部) and asks again. */
async function choosePeriod(page: Page, choice: string): Promise<void> {
  await report(page).locator('.ant-radio-button-wrapper').filter({ hasText: new RegExp(`^${choice}$`) }).first().click();
  await query(page);
}

/** Shows the figures of 全部 when the period the report opens with has none. */
async function figuresShown(page: Page): Promise<void> {
  await expect(totalRow(page).or(report(page).getByText('所选范围内没有数据'))).toBeVisible();
  if ((await totalRow(page).count()) === 0) await choosePeriod(page, '全部');
  await expect(totalRow(page)).toBeVisible();
}

test.describe('统计报表', () => {
  test.beforeEach(async ({ page }) => {
    await signInQuickly(page, 'admin');
  });

  test('each of the 8 entries shows its report: query bar, chart, table with 合计', async ({ page }) => {
    for (const [title, key] of REPORTS) {
      await openFromMenu(page, GROUP, title);
      await expect(page).toHaveURL(new RegExp(`/report/${key}$`));
      await expect(page.getByText('该功能正在建设中')).toHaveCount(0);
      await expect(report(page).locator('.statistics-title')).toHaveText(title);
      await expect(report(page).locator('.statistics-filter').first()).toBeVisible();
      await figuresShown(page);
      await expect(totalRow(page).locator('td').first()).toHaveText('合计');
      // A figure in the 合计 row: the report counted something.
      const figures = (await totalRow(page).locator('td').allTextContents()).slice(1).map((t) => t.trim()).filter((t) => /\d/.test(t));
      expect(figures.length, title).toBeGreaterThan(0);
      await expect(report(page).locator('.statistics-chart canvas').first()).toBeVisible();
      await screenshot(page, `statistics-${key}`);
    }
  });

  test('区域统计 filtered by 委托方: the 合计 drills down to as many cases, and 导出 has the same 合计', async ({ page }) => {
    await openFromMenu(page, GROUP, '区域统计');
    await figuresShown(page);
    await choosePeriod(page, '全部');
    await expect(totalRow(page)).toBeVisible();
    const allCases = Number((await (await totalCell(page, '案件数')).textContent())?.replace(/,/g, ''));

    await filter(page, '委托方').locator('.ant-select').click();
    await pickOption(page, '人保财险');
    await query(page);
    const shown = Number((await (await totalCell(page, '案件数')).textContent())?.replace(/,/g, ''));
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(allCases);
    const cases = ((await (await totalCell(page, '案件数')).textContent()) ?? '').trim();
    await screenshot(page, 'statistics-area-filtered');

    const file = await downloadFrom(page, () => report(page).getByRole('button', { name: /导\s*出/ }).click());
    expectXlsx(file, /^区域统计.*\.xlsx$/);
    const sheet = await readSheet(file.body);
    const exportedTotal = sheet.rows.find((row) => Object.values(row).includes('合计'));
    expect(exportedTotal?.['案件数']?.replace(/,/g, '')).toBe(cases.replace(/,/g, ''));

    await (await totalCell(page, '案件数')).getByRole('link').click();
    await expect(page).toHaveURL(/\/receive\/all\?/);
    expect(new URL(page.url()).search).toContain('PICC');
    await expect(totalText(page)).toContainText(`共${cases.replace(/,/g, '')}条`);
    await screenshot(page, 'statistics-area-drilldown');
  });
});
