/**
 * 专家费 (schemas/pages/cost/expertCost.json) end to end: the grid column types 工时登记 does not
 * use — sel_search_async (案件, searched on the server), sel_search (专家), radio (币种), datetime,
 * sel_depart (选择部门), checkbox (已支付), tags, a unique text (票据号) and sum/average footers — are
 * edited, a duplicate 票据号 blocks the save with its tooltip, and after the save a reload shows names.
 * Then the columns past them: 合计金额 (a slot over a computed field) follows 金额 and 差旅费 as they
 * are typed, 服务内容 (list_multi) takes several values, and 收款人 (popup over 选择专家) fills
 * 收款人手机 of the same row; after the save a reload shows them.
 */
import { expect, test, type Page } from '@playwright/test';
import { openFromMenu, screenshot, signInQuickly, toast } from './support/app';
import { tableRow } from './support/pickerDialog';
import { cell, endEditing, grid, openOptions, saveGrid, typeInCell } from './support/gridPage';
import { modal } from './support/schemaPage';

const CASE = '重庆市渝北区暴雨致地下车库进水货物损失公估案';
const DEPART = '财产险理赔部';

/** How far sideways the grid's body, its header and footer bands, and everything around the grid are scrolled. */
async function sideways(page: Page): Promise<{ body: number; header: number; footer: number; around: number }> {
  return grid(page).evaluate((element) => {
    let around = 0;
    for (let outer = element.parentElement; outer; outer = outer.parentElement) around += outer.scrollLeft;
    return {
      body: element.querySelector('.grid-body')?.scrollLeft ?? -1,
      header: element.querySelector('.grid-header')?.parentElement?.scrollLeft ?? -1,
      footer: element.querySelector('.grid-footer-sum')?.parentElement?.parentElement?.scrollLeft ?? -1,
      around,
    };
  });
}
/**
 * Ends editing by a click beside the grid, which keeps its sideways scroll (a click on the header
 * band's left edge makes the driver scroll that edge back into view).
 */
async function leaveGrid(page: Page): Promise<void> {
  await page.locator('.ant-pagination-total-text').click();
}
/** 案件: typed into the async search, the server's hit is picked. */
async function pickCase(page: Page, index: number): Promise<void> {
  await cell(page, index, 'caseId').click();
  await cell(page, index, 'caseId').locator('input').pressSequentially('渝北');
  await openOptions(page).filter({ hasText: CASE }).first().click();
  await endEditing(page);
  await expect(cell(page, index, 'caseId')).toContainText(CASE);
}
/** 专家: typed into the sync search, which filters the dictionary's options. */
async function pickExpert(page: Page, index: number, name: string): Promise<void> {
  await cell(page, index, 'expertId').click();
  await cell(page, index, 'expertId').locator('input').pressSequentially(name.slice(0, 2));
  await openOptions(page).filter({ hasText: name }).first().click();
  await endEditing(page);
  await expect(cell(page, index, 'expertId')).toContainText(name);
}
/**
 * Scrolls the grid sideways, a step at a time as a user would, until a column's cell of the first
 * row is drawn and in view: wide grids draw only the columns near the view.
 */
async function revealColumn(page: Page, key: string): Promise<void> {
  const body = grid(page).locator('.grid-body');
  const target = cell(page, 0, key);
  await expect(async () => {
    const shown = (await target.count()) > 0 ? await target.boundingBox() : null;
    const view = await body.boundingBox();
    // Not drawn yet: further right. Drawn: towards it.
    const step = shown && view && shown.x < view.x + view.width / 2 ? -240 : 240;
    if (!shown || !view || shown.x < view.x || shown.x + shown.width > view.x + view.width) {
      await body.evaluate((el, by) => (el.scrollLeft += by), step);
    }
    await expect(target).toBeInViewport({ ratio: 0.9, timeout: 300 });
  }).toPass({ timeout: 15_000 });
}
async function pickTime(page: Page, index: number, text: string): Promise<void> {
  await cell(page, index, 'occurTime').click();
  const input = cell(page, index, 'occurTime').locator('input');
  await input.fill(text);
  await input.press('Enter');
  await endEditing(page);
  await expect(cell(page, index, 'occurTime')).toContainText(text);
}

test.describe.serial('专家费 editable grid', () => {
  test.describe.configure({ timeout: 180_000 });
  test('edits every column type, refuses a duplicate bill number, saves and reloads with names', async ({ page }) => {
    await signInQuickly(page, 'admin');
    await openFromMenu(page, '费用管理', '专家费工作表');
    await expect(grid(page).locator('.grid-header')).toContainText('票据号', { timeout: 30_000 });

    await grid(page).getByRole('button', { name: /^新\s*增$/ }).click();
    await expect(grid(page).locator('.grid-row')).toHaveCount(1);
    // 币种 starts as its default, 人民币.
    await expect(cell(page, 0, 'currency')).toContainText('人民币');
    await pickCase(page, 0);
    await pickExpert(page, 0, '王建国');
    await cell(page, 0, 'currency').click();
    await cell(page, 0, 'currency').getByText('美元').click();
    await endEditing(page);
    await expect(cell(page, 0, 'currency')).toHaveText('美元');
    await typeInCell(page, 0, 'amount', '1200.5');
    await pickTime(page, 0, '2026-11-02 09:30:00');

    await cell(page, 0, 'bearDepart').click();
    await cell(page, 0, 'bearDepart').locator('input').click();
    const departs = modal(page, '选择部门');
    await expect(departs).toBeVisible();
    await departs.locator('.ant-tree-treenode').filter({ hasText: DEPART }).locator('.ant-tree-checkbox').first().click();
    await departs.getByRole('button', { name: /确\s*定$/ }).click();
    await expect(departs).toBeHidden();
    await endEditing(page);
    await expect(cell(page, 0, 'bearDepart')).toContainText(DEPART);

    await cell(page, 0, 'paid').locator('.ant-checkbox-input').check();
    await typeInCell(page, 0, 'tags', '现场复核');
    await expect(cell(page, 0, 'tags').locator('input')).toHaveValue('现场;复核');
    await typeInCell(page, 0, 'billNo', 'FP2026001');
    await endEditing(page);
    await screenshot(page, 'expert-cost-row');

    // A second row with the same 票据号: the save is blocked and the cell says why.
    await grid(page).getByRole('button', { name: /^新\s*增$/ }).click();
    await expect(grid(page).locator('.grid-row')).toHaveCount(2);
    await pickCase(page, 1);
    await pickExpert(page, 1, '李秀英');
    await typeInCell(page, 1, 'amount', '800');
    await pickTime(page, 1, '2026-11-03 14:00:00');
    await typeInCell(page, 1, 'billNo', 'FP2026001');
    await endEditing(page);
    await saveGrid(page);
    await expect(toast(page, /票据号不能重复/)).toBeVisible();
    const failed = cell(page, 1, 'billNo');
    await expect(failed).toHaveClass(/grid-cell-failed/);
    // The failed cell far to the right is scrolled to, and the header and footer come along with the
    // body: 票据号's title stands over its cell. Nothing around the grid moves sideways.
    await expect.poll(async () => (await sideways(page)).body).toBeGreaterThan(0);
    const { body } = await sideways(page);
    expect(await sideways(page)).toEqual({ body, header: body, footer: body, around: 0 });
    const title = await grid(page).locator('.grid-header [data-column="billNo"]').boundingBox();
    expect(title?.x).toBe((await failed.boundingBox())?.x);
    await failed.hover();
    await expect(page.locator('.ant-tooltip').filter({ hasText: '票据号不能重复' })).toBeVisible();
    await screenshot(page, 'expert-cost-unique');

    await typeInCell(page, 1, 'billNo', 'FP2026002');
    await endEditing(page);
    await expect(failed).not.toHaveClass(/grid-cell-failed/);
    await saveGrid(page);
    await expect(toast(page, '保存成功！')).toBeVisible();

    await page.reload();
    await expect(grid(page).locator('.grid-header')).toContainText('票据号', { timeout: 30_000 });
    await expect(grid(page).locator('.grid-row')).toHaveCount(2);
    await expect(cell(page, 0, 'caseId')).toContainText(CASE);
    await expect(cell(page, 0, 'expertId')).toHaveText('王建国');
    await expect(cell(page, 1, 'expertId')).toHaveText('李秀英');
    await expect(cell(page, 0, 'currency')).toHaveText('美元');
    await expect(cell(page, 1, 'currency')).toHaveText('人民币');
    await expect(cell(page, 0, 'occurTime')).toContainText('2026-11-02 09:30:00');
    await expect(cell(page, 0, 'bearDepart')).toContainText(DEPART);
    await expect(cell(page, 0, 'paid').locator('.ant-checkbox-input')).toBeChecked();
    await expect(cell(page, 1, 'paid').locator('.ant-checkbox-input')).not.toBeChecked();
    // The columns past the view are not drawn until the grid is scrolled to them.
    await revealColumn(page, 'tags');
    await expect(cell(page, 0, 'tags').locator('.ant-tag')).toHaveText(['现场', '复核']);
    await expect(cell(page, 0, 'billNo')).toHaveText('FP2026001');
    await expect(grid(page).locator('.grid-footer-sum')).toContainText('合计');
    await expect(grid(page).locator('.grid-footer-sum')).toContainText('2000.5');
    await expect(grid(page).locator('.grid-footer-average')).toContainText('平均值');
    await expect(grid(page).locator('.grid-footer-average')).toContainText('1000.25');
    await screenshot(page, 'expert-cost-saved');
  });

  test('合计金额 follows 金额 and 差旅费 as typed; 服务内容 takes several values; the 收款人 popup fills the mobile number', async ({ page }) => {
    await signInQuickly(page, 'admin');
    await openFromMenu(page, '费用管理', '专家费工作表');
    await expect(grid(page).locator('.grid-row')).toHaveCount(2, { timeout: 30_000 });

    await revealColumn(page, 'travelFee');
    // 合计金额 is a slot: it shows 金额 + 差旅费 of its row and never edits — a click shows the row.
    await expect(cell(page, 0, 'totalAmount')).toHaveText('1200.50');
    await cell(page, 0, 'totalAmount').click();
    const details = modal(page, '详细信息');
    await expect(details).toBeVisible();
    await expect(details.locator('tr').filter({ hasText: '合计金额' })).toContainText('1200.50');
    await expect(cell(page, 0, 'totalAmount').locator('input')).toHaveCount(0);
    await details.locator('.ant-modal-close').click();
    await expect(details).toBeHidden();
    await typeInCell(page, 0, 'travelFee', '300.3');
    // Follows while the number is still being typed, before the cell is left.
    await expect(cell(page, 0, 'totalAmount')).toHaveText('1500.80');
    await leaveGrid(page);
    await expect(grid(page).locator('.grid-footer-sum')).toContainText('2300.8');

    await revealColumn(page, 'serviceItems');
    await cell(page, 0, 'serviceItems').click();
    await openOptions(page).filter({ hasText: '现场查勘' }).click();
    await openOptions(page).filter({ hasText: '出具报告' }).click();
    await leaveGrid(page);
    await expect(cell(page, 0, 'serviceItems')).toContainText('现场查勘');
    await expect(cell(page, 0, 'serviceItems')).toContainText('出具报告');

    await revealColumn(page, 'payeeName');
    await cell(page, 0, 'payeeName').click();
    await cell(page, 0, 'payeeName').locator('input').click();
    const experts = modal(page, '选择专家');
    await expect(tableRow(experts, '王建国')).toBeVisible();
    await tableRow(experts, '王建国').click();
    await expect(experts).toContainText('已选择 1 项');
    await screenshot(page, 'expert-cost-popup');
    await experts.locator('.ant-modal-footer').getByRole('button', { name: /确\s*定$/ }).click();
    await expect(experts).toBeHidden();
    await leaveGrid(page);
    await expect(cell(page, 0, 'payeeName')).toHaveText('王建国');
    await revealColumn(page, 'payeeMobile');
    await expect(cell(page, 0, 'payeeMobile')).toHaveText('13901102345');
    await screenshot(page, 'expert-cost-more-columns');

    await saveGrid(page);
    await expect(toast(page, '保存成功！')).toBeVisible();
    await page.reload();
    await expect(grid(page).locator('.grid-row')).toHaveCount(2, { timeout: 30_000 });
    await revealColumn(page, 'totalAmount');
    await expect(cell(page, 0, 'totalAmount')).toHaveText('1500.80');
    await expect(cell(page, 1, 'totalAmount')).toHaveText('800.00');
    await revealColumn(page, 'payeeMobile');
    await expect(cell(page, 0, 'serviceItems')).toContainText('现场查勘');
    await expect(cell(page, 0, 'serviceItems')).toContainText('出具报告');
    await expect(cell(page, 0, 'payeeName')).toHaveText('王建国');
    await expect(cell(page, 0, 'payeeMobile')).toHaveText('13901102345');
  });
});
