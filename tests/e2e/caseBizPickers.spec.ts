import { test, type Page } from '@playwright/test';
import { OK_BUTTON, screenshot, toast } from './support/app';
import { CANCEL, checkRow, footerButton, queryControl, tableRow, tableRows, widthOf } from './support/pickerDialog';
import { confirmDialog, detailValue, fillForm, formInput, listButton, listRow, modal, okButton } from './support/schemaPage';
import { CASE_ACTION_TIMEOUT, closeCaseRecord, expect, OPENING, openCaseList, openCaseRecord } from './support/caseList';

// 案件's 承办职务 and 共保公司 against the real server in Chromium: the position picker (选择职务, 1000
// wide, single) and the generic biz picker over 保险公司 (保险公司选择: pages of 5 with 5/10/20/30, check
// boxes, the 已选保险公司 card with a 删除 link per row, names cut to 12 characters). One sign-in,
// serial: each test builds on the case the one before saved; the last deletes it again
// (casePickers.spec.ts counts the cases).

const CASE = 'e2e 共保与职务案件';

test.describe.configure({ mode: 'serial' });
test.setTimeout(240_000);
test.use({ actionTimeout: CASE_ACTION_TIMEOUT });

test.describe('案件: 承办职务 and 共保公司', () => {
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    page = await openCaseList(browser);
  });

  test.afterAll(async () => {
    await page.close();
  });

  test('新增 案件: 选择职务 searches and picks one; 保险公司选择 pages by 5, keeps picks across pages, 删除 in the card drops one; the case saves', async () => {
    await listButton(page, '新增').click(OPENING);
    const form = modal(page, '新增');
    await expect(form).toBeVisible(OPENING);
    await fillForm(form, { 案件名称: CASE });
    const trustDate = formInput(form, '委托日期');
    await trustDate.click();
    await trustDate.fill('2026-11-26');
    await trustDate.press('Enter');

    // 承办职务: the position picker.
    const position = formInput(form, '承办职务');
    await expect(position).toHaveAttribute('placeholder', '点击选择职务');
    await position.click();
    const positions = modal(page, '选择职务');
    await expect(positions).toBeVisible();
    await expect.poll(() => widthOf(positions)).toBe(1000);
    await expect(positions.locator('.ant-table-thead')).toContainText('职务编码');
    await expect(positions.locator('.ant-table-thead')).toContainText('小时费用(元/小时)');
    await expect(positions.locator('.ant-radio-input')).not.toHaveCount(0);
    await queryControl(positions, '职务名称').fill('公估师');
    await positions.getByRole('button', { name: /查\s*询/ }).click();
    await expect(tableRows(positions)).toHaveCount(4);
    await expect(tableRow(positions, '财务专员')).toHaveCount(0);
    await checkRow(positions, '高级公估师');
    await expect(tableRow(positions, '高级公估师')).toContainText('400.00');
    await screenshot(page, 'case-position-picker');
    await okButton(positions).click();
    await expect(positions).toBeHidden();
    await expect(position).toHaveValue('高级公估师');

    // 共保公司: the generic biz picker, several companies.
    const insurers = formInput(form, '共保公司');
    await expect(insurers).toHaveAttribute('placeholder', '请选择共保公司');
    await insurers.click();
    const dialog = modal(page, '保险公司选择');
    await expect(dialog).toBeVisible();
    await expect.poll(() => widthOf(dialog)).toBe(900);
    const card = dialog.locator('.picker-selected');
    await expect(card.locator('.ant-card-head-title')).toHaveText('已选保险公司');
    await expect(card).toContainText('暂无数据');
    await expect(tableRows(dialog)).toHaveCount(5);
    await expect(dialog.locator('.ant-pagination-total-text')).toHaveText('1-5 共9条');
    // 中国人民财产保险股份有限公司 is cut to 12 characters (the whole name in a tooltip).
    await expect(tableRow(dialog, '人保财险')).toContainText('中国人民财产保险股份有限...');
    // The size changer offers 5/10/20/30; choosing 5 again leaves page 1 as it is.
    const sizeChanger = dialog.locator('.ant-pagination-options-size-changer');
    await expect(sizeChanger).toContainText('5 条/页');
    await sizeChanger.click();
    const sizes = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect(sizes).toHaveText(['5 条/页', '10 条/页', '20 条/页', '30 条/页']);
    await sizes.filter({ hasText: '5 条/页' }).click();
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);

    await checkRow(dialog, '人保财险');
    await dialog.locator('.ant-pagination-item-2').click();
    await expect(dialog.locator('.ant-pagination-total-text')).toHaveText('6-9 共9条');
    await checkRow(dialog, '阳光财险');
    await expect(card.locator('.ant-list-item')).toHaveText([/人保财险/, /阳光财险/]);
    await screenshot(page, 'case-insurer-biz-picker');

    // 删除 in the card drops a pick made on another page of the table.
    await card.locator('.ant-list-item').filter({ hasText: '人保财险' }).getByText('删除', { exact: true }).click();
    await expect(card.locator('.ant-list-item')).toHaveText([/阳光财险/]);
    await dialog.locator('.ant-pagination-item-1').click();
    await expect(dialog.locator('.ant-pagination-total-text')).toHaveText('1-5 共9条');
    await expect(tableRow(dialog, '人保财险').locator('.ant-checkbox-input')).not.toBeChecked();
    await screenshot(page, 'case-insurer-biz-picker-after-delete');
    await okButton(dialog).click();
    await expect(dialog).toBeHidden();
    await expect(insurers).toHaveValue('阳光财险');
    await screenshot(page, 'case-form-picked');

    await okButton(form).click();
    await expect(form).toBeHidden();
    await expect(listRow(page, CASE)).toContainText(/GA\d{10}/);
  });

  test('编辑 shows the picked names again and each dialog its preselection; the case page names them', async () => {
    await listRow(page, CASE).getByText('编辑', { exact: true }).click(OPENING);
    const form = modal(page, '编辑');
    await expect(formInput(form, '承办职务')).toHaveValue('高级公估师');
    await expect(formInput(form, '共保公司')).toHaveValue('阳光财险');

    await formInput(form, '承办职务').click();
    const positions = modal(page, '选择职务');
    await expect(tableRow(positions, '高级公估师').locator('.ant-radio-input')).toBeChecked();
    await footerButton(positions, CANCEL).click();
    await expect(positions).toBeHidden();

    await formInput(form, '共保公司').click();
    const dialog = modal(page, '保险公司选择');
    await expect(dialog.locator('.picker-selected .ant-list-item')).toHaveText([/阳光财险/]);
    await footerButton(dialog, CANCEL).click();
    await expect(dialog).toBeHidden();
    await expect(formInput(form, '共保公司')).toHaveValue('阳光财险');
    await footerButton(form, CANCEL).click();
    await expect(form).toBeHidden();

    const detail = await openCaseRecord(page, CASE);
    await expect(detailValue(detail, '承办职务')).toHaveText('高级公估师');
    await expect(detailValue(detail, '共保公司')).toHaveText('阳光财险');
    await closeCaseRecord(page);
  });

  test('删除 takes the case away again', async () => {
    await listRow(page, CASE).getByText('删除', { exact: true }).click();
    const confirm = confirmDialog(page, '确认删除');
    await expect(confirm).toContainText('确定删除吗?');
    await confirm.getByRole('button', { name: OK_BUTTON }).click();
    await expect(toast(page, /删除成功/)).toBeVisible();
    await expect(listRow(page, CASE)).toHaveCount(0);
  });
});
