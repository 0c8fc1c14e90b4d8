/**
 * 统计报表 → 案件统计 as a manager meets it (receive.json `caseReport`, the statistics view): the report
 * opens on 本年, shows the chart of its departments and the table with 小计 and 合计; a click on a bar
 * and a click on a figure open 全部案件 showing exactly the cases behind it; 导出 downloads the same
 * figures; 打印 prints the report area alone. Figures are read from the server's own answer.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import { CARTESIAN_GRID } from '../../runtime/charts/chartOption';
import type { StatisticsAnswer, StatisticsRow } from '../../runtime/statistics/answer';
import { openFromMenu, screenshot, signInQuickly } from './support/app';
import { downloadFrom, expectXlsx, readSheet, totalText } from './support/schemaPage';

const REPORT_URL = '/receive/receive/statistics/caseReport';
const year = new Date().getFullYear();

function reportAnswer(page: Page, matches: (url: string) => boolean = () => true): Promise<StatisticsAnswer> {
  return page
    .waitForResponse((r: Response) => r.url().includes(REPORT_URL) && !r.url().includes('exportXls') && matches(r.url()))
    .then(async (r) => ((await r.json()) as { result: StatisticsAnswer }).result);
}

/** The total the case list shows after a drill-down (共N条), from its own list answer. */
async function listTotal(page: Page, answered: Promise<Response>): Promise<number> {
  const response = await answered;
  const total = ((await response.json()) as { result: { total: number } }).result.total;
  await expect(totalText(page)).toContainText(`共${total}条`);
  return total;
}

const caseList = (page: Page) => page.waitForResponse((r) => r.url().includes('/receive/receive/list') && !r.url().includes('view='));

test.describe('统计报表 · 案件统计', () => {
  test('本年 figures with chart and 合计, drill-down to the cases behind a bar and a figure, export and print', async ({ page }) => {
    await signInQuickly(page, 'admin');
    const first = reportAnswer(page);
    await openFromMenu(page, '统计报表', '案件统计');
    const opened = await first;
    const view = page.locator('.statistics-page');
    await expect(view.getByRole('heading', { name: '案件统计' })).toBeVisible();
    // It opens on 本年; choosing 本月 and 本年 again asks for this year's cases.
    const yearRadio = view.getByRole('radio', { name: '本年' });
    await expect(yearRadio).toBeChecked();
    await view.getByText('本月', { exact: true }).click();
    await expect(view.getByRole('radio', { name: '本月' })).toBeChecked();
    await view.getByText('本年', { exact: true }).click();
    const answered = reportAnswer(page, (url) => url.includes(`trustDate_begin=${year}-01-01`) && url.includes(`trustDate_end=${year}-12-31`));
    await view.getByRole('button', { name: /查\s*询/ }).click();
    const answer = await answered;
    expect(answer.rows.at(-1)?.cases).toBe(opened.rows.at(-1)?.cases);

    // The chart of the departments and the table's 合计.
    const chart = view.getByRole('img', { name: '案件统计图表' });
    await expect(chart).toBeVisible();
    await expect(chart.locator('canvas')).toHaveCount(1);
    const total = answer.rows.at(-1) as StatisticsRow;
    const totalRow = view.locator('tr.statistics-total');
    await expect(totalRow).toContainText('合计');
    await expect(totalRow.locator('td').nth(2)).toHaveText(String(total.cases));
    await expect(view.locator('tr.statistics-subtotal').first()).toContainText('小计');
    await screenshot(page, 'statistics-case-report');

    // A click on the tallest 案件数 bar opens 全部案件 with that department's cases of the year.
    const departments = answer.rows.filter((r) => r.type === 'subtotal');
    const tallest = departments.reduce((best, r, i) => (Number(r.cases) > Number(departments[best].cases) ? i : best), 0);
    const box = (await chart.boundingBox())!;
    const band = (box.width - CARTESIAN_GRID.left - CARTESIAN_GRID.right) / departments.length;
    // Two series share a category: ECharts gives them 80 % of the band (bars at most 48 px, 30 % of a
    // bar apart), so the first bar's middle is 0.65 bar widths left of the band's; it stands on the axis.
    const bar = Math.min(48, (band * 0.8) / 2.3);
    const x = box.x + CARTESIAN_GRID.left + band * (tallest + 0.5) - 0.65 * bar;
    const y = box.y + box.height - CARTESIAN_GRID.bottom - 3;
    let list = caseList(page);
    await page.mouse.click(x, y);
    await expect(page).toHaveURL(/\/receive\/all\?/);
    expect(await listTotal(page, list)).toBe(departments[tallest].cases);
    await screenshot(page, 'statistics-drill-bar');

    // Back on the report, the 合计's 已结案件 opens the year's closed cases.
    await page.goBack();
    const closedLink = view.locator('tr.statistics-total td').nth(3).getByRole('link');
    await expect(closedLink).toHaveText(String(total.closed));
    list = caseList(page);
    await closedLink.click();
    await expect(page).toHaveURL(/\/receive\/all\?/);
    expect(await listTotal(page, list)).toBe(total.closed);

    // 导出: the same columns and figures.
    await page.goBack();
    await expect(view.locator('tr.statistics-total')).toBeVisible();
    const file = await downloadFrom(page, () => view.getByRole('button', { name: /导\s*出/ }).click());
    expectXlsx(file, '案件统计.xlsx');
    const sheet = await readSheet(file.body);
    expect(sheet.headers).toEqual(answer.columns.map((c) => c.title));
    const last = sheet.rows.at(-1)!;
    expect(last['承办部门']).toBe('合计');
    expect(Number(last['案件数'])).toBe(total.cases);
    expect(Number(last['公估费'])).toBe(Number(total.fee));

    // 打印: the report area alone, without its query bar (the browser's print dialog is not opened here).
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'yes');
    });
    await view.getByRole('button', { name: /打\s*印/ }).click();
    await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByText('统计报表', { exact: true }).first()).toBeHidden();
    await expect(view.getByRole('button', { name: /查\s*询/ })).toBeHidden();
    await screenshot(page, 'statistics-print');
    await page.emulateMedia({ media: 'screen' });
  });
});
