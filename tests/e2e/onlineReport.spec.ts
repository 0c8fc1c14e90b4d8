/**
 * 报表配置 and 在线报表 as an analyst uses them: a report over the cases grouped by 委托方 with a date
 * parameter is designed in the browser (新增 → SQL → 解析SQL → titles, 查询, 合计 → 参数 → 预览 → 保存),
 * opened again with its titles kept, then shown at /online/cgreport/<id> (功能测试) with its parameter
 * bar, query bar, 合计 row and 导出 — the export's rows add up to the 合计 row; last, a form of
 * 表单开发 picks a 委托方 from it through a popup field (the popup picker over an online report).
 * Screenshots go to test-results/screens/.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { OK_BUTTON, openFromMenu, screenshot, signInQuickly, toast } from './support/app';
import { apiLogin } from './support/api';
import { downloadFrom, expectXlsx, formInput, listButton, listRow, modal, readSheet, schemaList } from './support/schemaPage';
import { tableRows } from './support/pickerDialog';

const CODE = 'e2e_case_insurer';
const NAME = '委托方案件统计E2E';
const SQL = [
  'SELECT insurer_name, count(*) AS case_count, sum(fee_amount) AS fee_amount',
  'FROM biz_receive',
  'WHERE (${since}::date IS NULL OR trust_date >= ${since}::date)',
  'GROUP BY insurer_name',
].join('\n');

const designer = (page: Page) => page.locator('.online-report-designer');
const cell = (dialog: Locator, label: string) => dialog.getByLabel(label, { exact: true });
const reportPage = (page: Page) => page.locator('.online-report-page');
const totalsCells = (page: Page) => reportPage(page).locator('.online-report-totals td');

interface Answer<T> {
  success: boolean;
  message: string;
  result: T;
}

/** The JeecgBoot API as an administrator's client calls it (the form of 表单开发 is set up this way). */
async function call<T>(request: APIRequestContext, token: string, method: 'get' | 'post' | 'put', url: string, data?: object): Promise<Answer<T>> {
  const headers = { 'X-Access-Token': token, 'tenant-id': '0' };
  const res = await request[method](`/insurance${url}`, { headers, ...(data ? { data } : {}) });
  return (await res.json()) as Answer<T>;
}

test.describe('报表配置、在线报表', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    await signInQuickly(page, 'admin');
  });
  test.afterAll(async () => {
    await page?.close();
  });

  test('designs a report: 解析SQL fills the columns and the parameter, 预览 shows rows, 保存 lists it', async () => {
    await openFromMenu(page, '在线开发', '报表配置');
    await expect(schemaList(page)).toBeVisible();
    await listButton(page, '新增').click();
    const dialog = designer(page);
    await expect(dialog.locator('.ant-modal-title')).toHaveText('新增报表');
    await dialog.getByLabel('报表编码').fill(CODE);
    await dialog.getByLabel('报表名称').fill(NAME);
    // The main database unless a 数据源 of system administration is chosen.
    await expect(dialog.getByRole('combobox', { name: '数据源' })).toBeVisible();
    await expect(dialog.locator('.ant-select-selection-item').first()).toHaveText('主数据源');
    await dialog.getByLabel('报表SQL').fill(SQL);
    await dialog.getByRole('button', { name: '解析SQL' }).click();
    await expect(toast(page, '解析成功：3 个字段，1 个参数')).toBeVisible();
    await expect(dialog.locator('.online-report-items tbody tr.ant-table-row')).toHaveCount(3);
    await cell(dialog, 'insurer_name 字段文本').fill('委托方');
    await cell(dialog, 'case_count 字段文本').fill('案件数');
    await cell(dialog, 'fee_amount 字段文本').fill('公估费');
    await cell(dialog, 'insurer_name 查询').check();
    await cell(dialog, 'case_count 排序').check();
    await cell(dialog, 'case_count 合计').check();
    await cell(dialog, 'fee_amount 合计').check();
    await screenshot(page, 'onlinereport-01-designer-items');
    await dialog.getByRole('tab', { name: /报表参数/ }).click();
    await cell(dialog, 'since 参数文本').fill('委托日期起');
    await screenshot(page, 'onlinereport-02-designer-params');

    await dialog.getByRole('button', { name: /预\s*览/ }).click();
    const preview = modal(page, `预览：${NAME}`);
    await expect(preview.locator('.ant-table-thead')).toContainText('委托方');
    await expect(preview.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
    await expect(preview).toContainText(/前 \d+ 条，共 \d+ 条/);
    await screenshot(page, 'onlinereport-03-preview');
    await preview.locator('.ant-modal-close').click();
    await expect(preview).toBeHidden();

    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(toast(page, '添加成功！')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(listRow(page, CODE)).toContainText(NAME);
    await screenshot(page, 'onlinereport-04-list');
  });

  test('编辑 opens the saved report with its titles; a column the SQL lacks is refused naming it', async () => {
    await listRow(page, CODE).getByText('编辑', { exact: true }).click();
    const dialog = designer(page);
    await expect(dialog.locator('.ant-modal-title')).toHaveText(`报表配置：${NAME}`);
    await expect(cell(dialog, 'insurer_name 字段文本')).toHaveValue('委托方');
    await expect(cell(dialog, 'fee_amount 合计')).toBeChecked();
    // The SQL loses fee_amount while the items still have it: the server names the column.
    await dialog.getByLabel('报表SQL').fill(SQL.replace(', sum(fee_amount) AS fee_amount', ''));
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog.locator('.online-report-error')).toContainText('fee_amount');
    await dialog.getByLabel('报表SQL').fill(SQL);
  });

  test('功能测试 shows the report with its parameter, 合计 row and 导出 of the same figures', async () => {
    const dialog = designer(page);
    await dialog.getByRole('button', { name: '功能测试' }).click();
    await expect(page).toHaveURL(/\/online\/cgreport\/[^/]+$/);
    const report = reportPage(page);
    await expect(report.locator('.ant-card-head-title')).toHaveText(NAME);
    await expect(report.getByRole('textbox', { name: '委托日期起' })).toHaveValue('');
    await expect(report.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
    await expect(totalsCells(page).first()).toHaveText('合计');
    const caseTotal = Number(await totalsCells(page).nth(1).textContent());
    expect(caseTotal).toBeGreaterThan(0);
    await screenshot(page, 'onlinereport-05-report-page');

    const file = await downloadFrom(page, () => report.getByRole('button', { name: /导\s*出/ }).click());
    expectXlsx(file, new RegExp(`^${NAME}_\\d{8}\\.xlsx$`));
    const sheet = await readSheet(file.body);
    expect(sheet.headers).toEqual(['委托方', '案件数', '公估费']);
    expect(sheet.rows.reduce((sum, row) => sum + Number(row['案件数']), 0)).toBe(caseTotal);

    // A date after every case: the parameter reaches the SQL as a bound value, no row is left.
    await report.getByRole('textbox', { name: '委托日期起' }).fill('2099-01-01');
    await report.getByRole('button', { name: /查\s*询/ }).click();
    await expect(report.locator('.ant-table-tbody')).toContainText('暂无数据');
    await report.getByRole('textbox', { name: '委托日期起' }).fill('');
    await report.getByRole('button', { name: /查\s*询/ }).click();
    await expect(totalsCells(page).nth(1)).toHaveText(String(caseTotal));

    // The query bar: one 委托方 (a text item is searched as 包含).
    const firstInsurer = (await report.locator('.ant-table-tbody tr.ant-table-row').first().locator('td').first().textContent()) ?? '';
    await report.getByRole('textbox', { name: '委托方' }).fill(firstInsurer);
    await report.getByRole('button', { name: /查\s*询/ }).click();
    await expect(report.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText(firstInsurer);
    await screenshot(page, 'onlinereport-06-report-query');
  });

  test('a form of 表单开发 picks a 委托方 from the report through a popup field', async ({ request }) => {
    const token = (await apiLogin(request, 'admin', '123456')) ?? '';
    const added = await call(request, token, 'post', '/online/cgformHead/add', { tableName: 'e2e_insurer_note', tableTxt: '委托方备忘', tableType: '1' });
    expect(added.success, added.message).toBe(true);
    const heads = await call<{ records: Array<{ id: string }> }>(request, token, 'get', '/online/cgformHead/list?tableName=e2e_insurer_note');
    const id = heads.result.records[0].id;
    const current = await call<{ document: Record<string, unknown> & { list: Record<string, unknown> } }>(request, token, 'get', `/online/cgformHead/document?id=${id}`);
    const document = {
      ...current.result.document,
      fields: [
        {
          name: 'insurerName',
          label: '委托方',
          type: 'string',
          length: 100,
          widget: 'popup',
          options: { popup: { code: CODE, orgFields: ['insurer_name', 'case_count'], destFields: ['insurerName', 'caseCount'] } },
        },
        { name: 'caseCount', label: '案件数', type: 'integer' },
      ],
      list: { ...current.result.document.list, columns: [{ field: 'insurerName' }, { field: 'caseCount' }] },
      form: { fields: ['insurerName', 'caseCount'] },
    };
    const saved = await call(request, token, 'put', '/online/cgformHead/document', { id, document });
    expect(saved.success, saved.message).toBe(true);
    const synced = await call(request, token, 'post', `/online/cgformHead/sync?id=${id}`, {});
    expect(synced.success, synced.message).toBe(true);

    await page.goto(`/online/cgformList/${id}`);
    await expect(schemaList(page)).toBeVisible();
    await listButton(page, '新增').click();
    const form = modal(page, '新增委托方备忘');
    await formInput(form, '委托方').click();
    const picker = modal(page, NAME);
    await expect(tableRows(picker).first()).toBeVisible();
    const row = tableRows(picker).first();
    const insurer = (await row.locator('td').nth(1).textContent()) ?? '';
    const cases = (await row.locator('td').nth(2).textContent()) ?? '';
    await row.locator('.ant-radio-input').check();
    await screenshot(page, 'onlinereport-07-popup-on-form');
    await picker.getByRole('button', { name: OK_BUTTON }).click();
    await expect(picker).toBeHidden();
    await expect(formInput(form, '委托方')).toHaveValue(insurer);
    await expect(formInput(form, '案件数')).toHaveValue(cases);
    await form.getByRole('button', { name: OK_BUTTON }).click();
    await expect(toast(page, '添加成功！')).toBeVisible();
    await expect(listRow(page, insurer)).toContainText(cases);
  });
});
