/**
 * 发票 as 财务 works it, in Chromium against the real server: wangwu opens an invoice's 关联案件, links
 * it to a case through the case picker, sees 已关联金额 / 待关联金额 follow, then 红冲 it with a reason —
 * the red invoice (negative, 红字) appears in the 发票 list and the original shows 已红冲 with its link
 * released. The invoice is made through the API first; the reversed pair is deleted together at the end.
 * Screenshots go to test-results/screens/.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openFromMenu, screenshot, signInQuickly, toast } from './support/app';
import { apiLogin } from './support/api';
import { CANCEL, checkRow, footerButton, queryControl, tableRow } from './support/pickerDialog';
import { clickQueryButton, closeDiscardingIfAsked, fillForm, formInput, listRow, modal, okButton, queryBar, schemaList } from './support/schemaPage';

const API = '/insurance';
const NUMBER = `E2E${String(Date.now()).slice(-8)}`;
// Demo cases by id, their numbers read at start (the fill rule numbers them): R0025 is 待开票, R0002 历史 with
// invoices — 财务 see the cases at the invoice stage.
let CASE_NUMBER = '';
let OTHER_CASE_NUMBER = '';

const linksOf = (row: Locator) => row.locator('td').last().locator('a');

test.describe('发票关联与红冲（财务）', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  let token = '';
  let invoiceId = '';

  const call = async (method: 'get' | 'post' | 'delete', url: string, data?: Record<string, unknown>) => {
    const res = await page.request[method](`${API}${url}`, { headers: { 'X-Access-Token': token }, ...(data ? { data } : {}) });
    return (await res.json()) as { success: boolean; message: string; result: unknown };
  };

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    token = (await apiLogin(page.request, 'wangwu', '123456')) ?? '';
    expect(token).toBeTruthy();
    const added = await call('post', '/receipt/receipt/add', { number: NUMBER, receiptType: '2', openDate: '2026-11-26', currencyType: 'CNY', amount: 5000 });
    expect(added.success, added.message).toBe(true);
    const listed = (await call('get', `/receipt/receipt/list?number=${NUMBER}`)) as { result: { records: { id: string }[] } };
    invoiceId = listed.result.records[0].id;
    const numberOf = async (id: string) => ((await call('get', `/receive/receive/queryById?id=${id}`)) as { result: { receiveNumber: string } }).result.receiveNumber;
    CASE_NUMBER = await numberOf('R0025');
    OTHER_CASE_NUMBER = await numberOf('R0002');
    await signInQuickly(page, 'wangwu');
  });

  test.afterAll(async () => {
    // The reversed invoice and its red one go together (neither alone).
    const reds = (await call('get', `/receipt/receipt/list?number=${NUMBER}H`)) as { result: { records: { id: string }[] } };
    const ids = [invoiceId, ...reds.result.records.map((r) => r.id)].filter(Boolean).join(',');
    if (ids) await call('delete', `/receipt/receipt/deleteBatch?ids=${ids}`);
    await page?.close();
  });

  const findInvoice = async () => {
    const number = queryBar(page).locator('.ant-form-item').filter({ hasText: '发票号码' }).locator('input');
    await number.fill(NUMBER);
    await clickQueryButton(page, '查询');
  };

  test('关联案件: the drawer links the invoice to a case; 已关联金额 and 待关联金额 follow', async () => {
    await openFromMenu(page, '发票管理', '发票');
    await findInvoice();
    const row = listRow(page, NUMBER).first();
    await expect(row).toContainText('5,000.00');
    await expect(linksOf(row)).toContainText(['关联案件', '红冲']);
    await linksOf(row).filter({ hasText: '关联案件' }).click();

    const drawer = page.locator('.schema-detail-drawer');
    await expect(drawer.locator('.ant-drawer-title')).toHaveText(`关联案件：发票 ${NUMBER}`);
    const links = drawer.locator('.schema-list');
    await links.locator('.schema-list-toolbar').getByRole('button', { name: /新\s*增/ }).click();
    const form = modal(page, '新增');
    await formInput(form, '案件').click();
    const picker = modal(page, '选择案件');
    await queryControl(picker, '案件编号').fill(CASE_NUMBER);
    await picker.getByRole('button', { name: /查\s*询/ }).click();
    await expect(tableRow(picker, CASE_NUMBER)).toBeVisible();
    await checkRow(picker, CASE_NUMBER);
    await okButton(picker).click();
    await expect(picker).toBeHidden();
    await fillForm(form, { 关联金额: '3000' });
    await screenshot(page, 'receipt-link-form');
    await okButton(form).click();
    await expect(toast(page, '添加成功！')).toBeVisible();
    await expect(links.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: CASE_NUMBER })).toContainText('3,000.00');

    // More than is left on the invoice is refused, in Chinese, and nothing is added.
    await links.locator('.schema-list-toolbar').getByRole('button', { name: /新\s*增/ }).click();
    const again = modal(page, '新增');
    await formInput(again, '案件').click();
    const picker2 = modal(page, '选择案件');
    await queryControl(picker2, '案件编号').fill(OTHER_CASE_NUMBER);
    await picker2.getByRole('button', { name: /查\s*询/ }).click();
    await checkRow(picker2, OTHER_CASE_NUMBER);
    await okButton(picker2).click();
    await fillForm(again, { 关联金额: '2500' });
    await okButton(again).click();
    await expect(toast(page, `关联金额合计 5500.00 超过发票「${NUMBER}」的金额 5000.00`)).toBeVisible();
    await footerButton(again, CANCEL).click();
    await closeDiscardingIfAsked(again);
    await screenshot(page, 'receipt-link-drawer');
    await page.locator('.ant-drawer-close').click();
    await expect(drawer).toHaveCount(0);

    await clickQueryButton(page, '查询');
    const linked = listRow(page, NUMBER).first();
    await expect(linked).toContainText(CASE_NUMBER);
    await expect(linked).toContainText('3,000.00');
    await expect(linked).toContainText('2,000.00');
  });

  test('红冲 asks for a reason, issues the red invoice and releases the link', async () => {
    const row = listRow(page, NUMBER).first();
    await linksOf(row).filter({ hasText: '红冲' }).click();
    const form = modal(page, '红冲发票');
    await fillForm(form, { 红冲原因: '购买方名称有误' });
    await screenshot(page, 'receipt-red-form');
    await okButton(form).click();
    await expect(toast(page, '红冲成功！')).toBeVisible();

    // 发票号码 matches by part: the original and its red one (number + H).
    await findInvoice();
    const red = listRow(page, `${NUMBER}H`);
    await expect(red).toContainText('红字');
    await expect(red).toContainText('-5,000.00');
    const original = schemaList(page).locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: NUMBER }).filter({ hasNotText: `${NUMBER}H` });
    await expect(original).toContainText('已红冲');
    await expect(original).not.toContainText(CASE_NUMBER);
    // A reversed invoice is reversed once, and takes no links: neither action is offered again.
    for (const settled of [original, red]) {
      await expect(linksOf(settled).filter({ hasText: /^红冲$/ })).toHaveCount(0);
      await expect(linksOf(settled).filter({ hasText: /^关联案件$/ })).toHaveCount(0);
    }
    await screenshot(page, 'receipt-red-list');
  });
});
