/**
 * A case from entrustment to invoice, as the firm's staff work it in Chromium against the real server:
 * 李四 (公估师) registers a case in 新建案件 (its GA number appears), 受理s it, adds a member on its page and
 * logs hours and an expert fee, and submits it for closing; 张三 (部门经理) finds it under 结案审批 and sends it
 * back with a reason, which 李四 reads in 案件进度 and in his bell; 李四 submits again, 张三 approves; 李四
 * asks for the invoice; 王五 (财务) finds it under 待开票案件, issues an invoice linked to it (the case leaves
 * 待开票), then 红冲s it and the case is back under 待开票. Everything made is removed at the end.
 */
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { apiLogin } from './support/api';
import { chooseDepartment, DEMO_PASSWORD, OK_BUTTON, openFromMenu, screenshot, signIn, signInQuickly, toast } from './support/app';
import { CASE_ACTION_TIMEOUT, OPENING } from './support/caseList';
import { checkRow, queryControl, tableRow } from './support/pickerDialog';
import { chooseFormOption, clickQueryButton, confirmDialog, fillForm, formInput, listButton, listRow, modal, okButton, queryBar, schemaList } from './support/schemaPage';
import { api, bell, bellCount } from './support/sysAdmin';

// Short enough for the list's 案件名称 column (cut after 12 characters).
const CASE = `全流程${Date.now() % 100000}`;
const INVOICE = `J${String(Date.now()).slice(-9)}`;
const FEE = '20000';
const REASON = '查勘报告缺少现场照片';

test.describe.configure({ mode: 'serial' });
test.setTimeout(240_000);
test.use({ actionTimeout: CASE_ACTION_TIMEOUT });

const links = (row: Locator) => row.locator('td').last().locator('a');

async function as(browser: Browser, user: string): Promise<Page> {
  const page = await browser.newPage();
  // Only 张三's sign-in needs the form: the 部门选择 dialog it opens is part of his way in.
  await (user === 'zhangsan' ? signIn(page, user) : signInQuickly(page, user));
  if (user === 'zhangsan') {
    // 张三 belongs to two departments: the app asks for one first.
    await chooseDepartment(page, '车险理赔部');
  }
  return page;
}

/** Runs a row's workflow link after its question, and waits for the server's answer. */
async function transition(page: Page, row: Locator, title: string): Promise<void> {
  await links(row).filter({ hasText: new RegExp(`^${title}$`) }).click();
  const ask = confirmDialog(page, '确认提示');
  await expect(ask).toContainText(`确定要执行「${title}」吗？`);
  await ask.getByRole('button', { name: OK_BUTTON }).click();
  await expect(toast(page, `「${title}」操作成功`)).toBeVisible();
}

/** The view's rows limited to our case by its name. */
async function findCase(page: Page): Promise<Locator> {
  await queryBar(page).getByPlaceholder('请输入案件名称').fill(CASE);
  await clickQueryButton(page, '查询');
  return listRow(page, CASE);
}

test.describe('一个案件的一生：从委托到开票', () => {
  let admin = '';
  let caseId = '';
  let caseNumber = '';

  const call = <T>(request: APIRequestContext, method: 'GET' | 'POST' | 'DELETE', url: string, data?: object, token = admin) => api<T>(request, token, method, url, data);

  test.beforeAll(async ({ request }) => {
    admin = (await apiLogin(request, 'admin', DEMO_PASSWORD)) ?? '';
  });

  test.afterAll(async ({ request }) => {
    if (!caseId) return;
    const idsOf = async (url: string) =>
      (await call<{ records: { id: string }[] }>(request, 'GET', url)).result.records.map((r) => r.id).join(',');
    const invoices = await idsOf(`/receipt/receipt/list?number=${INVOICE}*&pageSize=10`);
    if (invoices) await call(request, 'DELETE', `/receipt/receipt/deleteBatch?ids=${invoices}`);
    for (const [page, param] of [
      ['receive/receiveProgress', 'receiveId'],
      ['receive/receiveMember', 'receiveId'],
      ['cost/caseCost', 'receiveId'],
      ['cost/workHour', 'caseId'],
    ] as const) {
      const ids = await idsOf(`/${page}/list?${param}=${caseId}&pageSize=100`);
      if (ids) await call(request, 'DELETE', `/${page}/deleteBatch?ids=${ids}`);
    }
    const removed = await call(request, 'DELETE', `/receive/receive/delete?id=${caseId}`);
    expect(removed.success, removed.message).toBe(true);
  });

  test('李四 registers the case in 新建案件: the server numbers it GA + year + 6 digits; he 受理s it', async ({ browser, request }) => {
    const page = await as(browser, 'lisi');
    await openFromMenu(page, '案件管理', '新建案件');
    await expect(page.getByText(/新建案件 · 共 \d+ 件/)).toBeVisible(OPENING);
    await listButton(page, '新增').click(OPENING);
    const form = modal(page, '新增');
    await expect(form).toBeVisible(OPENING);
    await fillForm(form, { 案件名称: CASE, 公估费: FEE });
    const trustDate = formInput(form, '委托日期');
    await trustDate.click();
    await trustDate.fill('2026-11-20');
    await trustDate.press('Enter');
    await formInput(form, '承办部门').click();
    const departs = modal(page, '选择部门');
    await departs.locator('.ant-tree-treenode').filter({ hasText: '车险理赔部' }).locator('.ant-tree-checkbox').click();
    await okButton(departs).click();
    await formInput(form, '主办公估师').click();
    const users = modal(page, '根据部门选择用户');
    await users.getByPlaceholder('请输入姓名').fill('李四');
    await users.getByRole('button', { name: /查\s*询/ }).click();
    await checkRow(users, 'lisi');
    await okButton(users).click();
    await okButton(form).click();
    await expect(form).toHaveCount(0, OPENING);

    const row = await findCase(page);
    await expect(row).toContainText(/GA\d{10}/);
    await expect(row).toContainText('新建');
    const found = await call<{ records: { id: string; receiveNumber: string }[] }>(request, 'GET', `/receive/receive/list?receiveName=${encodeURIComponent(CASE)}`);
    ({ id: caseId, receiveNumber: caseNumber } = found.result.records[0]);
    await expect(row).toContainText(caseNumber);
    await screenshot(page, 'journey-01-registered');

    await transition(page, row, '受理');
    // 受理 moves it to 处理中: it leaves 新建案件.
    await expect(row).toHaveCount(0);
    await page.close();
  });

  test('李四 adds a member on the case page, logs hours and an expert fee, and submits it for closing', async ({ browser, request }) => {
    const lisi = (await apiLogin(request, 'lisi', DEMO_PASSWORD)) ?? '';
    const hourType = (await call<{ records: { id: string }[] }>(request, 'GET', '/maintenance/workingHourType/list?pageSize=1')).result.records[0].id;
    const hours = await call(request, 'POST', '/cost/workHour/add', { caseId, hourType, staffUser: 'lisi', workDate: '2026-11-21', hours: 6 }, lisi);
    expect(hours.success, hours.message).toBe(true);
    const fee = await call(request, 'POST', '/cost/caseCost/add', { receiveId: caseId, costCategory: 'expert', currency: 'CNY', amount: 1500, occurDate: '2026-11-21', expertId: 'E07' }, lisi);
    expect(fee.success, fee.message).toBe(true);

    const page = await as(browser, 'lisi');
    await openFromMenu(page, '案件管理', '在办案件');
    const row = await findCase(page);
    await expect(row).toContainText('处理中');
    await row.getByText('详情', { exact: true }).click();
    const record = page.locator('.record-page');
    await expect(record.locator('.ant-card-head-title').first()).toHaveText(`案件：${caseNumber}`, OPENING);
    await expect(record.locator('[data-figure="costs"]')).toContainText('1,500.00');
    await expect(record.locator('[data-figure="labour"]')).not.toContainText(/^\s*人工成本\s*0\.00\s*$/);
    await record.getByRole('tab', { name: '成员' }).click();
    await listButton(page, '新增').click();
    const form = modal(page, '新增');
    await formInput(form, '成员').click();
    const users = modal(page, '根据部门选择用户');
    await users.getByPlaceholder('请输入姓名').fill('王五');
    await users.getByRole('button', { name: /查\s*询/ }).click();
    await checkRow(users, 'wangwu');
    await okButton(users).click();
    await okButton(form).click();
    await expect(form).toHaveCount(0, OPENING);
    await expect(listRow(page, '王五')).toBeVisible();
    await screenshot(page, 'journey-02-case-page');

    await openFromMenu(page, '案件管理', '在办案件');
    await transition(page, await findCase(page), '提交结案审批');
    await page.close();
  });

  test('张三 finds it under 结案审批 and sends it back with a reason; 李四 reads it in 案件进度 and his bell', async ({ browser }) => {
    const page = await as(browser, 'zhangsan');
    // The managers are told a decision waits for them.
    await bell(page).click();
    await expect(page.getByText(new RegExp(`案件「${caseNumber}」.*请处理`)).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await openFromMenu(page, '案件管理', '结案审批');
    const row = await findCase(page);
    await expect(links(row)).toContainText(['通过', '退回']);
    await links(row).filter({ hasText: /^退回$/ }).click();
    const dialog = modal(page, '退回');
    await dialog.locator('textarea').fill(REASON);
    await screenshot(page, 'journey-03-reject-reason');
    await dialog.getByRole('button', { name: OK_BUTTON }).click();
    await expect(toast(page, '「退回」操作成功')).toBeVisible();
    await expect(row).toHaveCount(0);
    await page.close();

    const lisi = await as(browser, 'lisi');
    await expect.poll(() => bellCount(lisi)).toBeGreaterThan(0);
    await bell(lisi).click();
    await expect(lisi.getByText(`案件「${caseNumber}」已退回`).first()).toBeVisible();
    await lisi.keyboard.press('Escape');
    await openFromMenu(lisi, '案件管理', '案件进度');
    await queryBar(lisi).getByPlaceholder('请输入案件编号').fill(caseNumber);
    await clickQueryButton(lisi, '查询');
    const entry = schemaList(lisi).locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '退回' });
    await expect(entry).toContainText(REASON);
    await screenshot(lisi, 'journey-04-progress');
    await openFromMenu(lisi, '案件管理', '在办案件');
    await transition(lisi, await findCase(lisi), '提交结案审批');
    await lisi.close();
  });

  test('张三 approves it; 李四 asks for the invoice from 已结案件', async ({ browser }) => {
    const page = await as(browser, 'zhangsan');
    await openFromMenu(page, '案件管理', '结案审批');
    await transition(page, await findCase(page), '通过');
    await page.close();

    const lisi = await as(browser, 'lisi');
    await openFromMenu(lisi, '案件管理', '已结案件');
    const row = await findCase(lisi);
    await expect(row).toContainText('已结案');
    await transition(lisi, row, '申请开票');
    await expect(row).toContainText('待开票');
    await lisi.close();
  });

  test('王五 finds it under 待开票案件, issues an invoice linked to it, then 红冲s it: it is back under 待开票', async ({ browser }) => {
    const page = await as(browser, 'wangwu');
    // 财务 are told the case waits for its invoice.
    await bell(page).click();
    await expect(page.getByText(new RegExp(`案件「${caseNumber}」.*请处理`)).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await openFromMenu(page, '案件管理', '待开票案件');
    await expect(await findCase(page)).toBeVisible();

    await openFromMenu(page, '发票管理', '发票');
    await listButton(page, '新增').click(OPENING);
    const form = modal(page, '新增');
    await fillForm(form, { 发票号码: INVOICE, 发票金额: FEE });
    await chooseFormOption(form, '发票类型', '增值税专用发票');
    const openDate = formInput(form, '开票日期');
    await openDate.click();
    await openDate.fill('2026-11-26');
    await openDate.press('Enter');
    await okButton(form).click();
    await expect(form).toHaveCount(0, OPENING);
    const number = queryBar(page).locator('.ant-form-item').filter({ hasText: '发票号码' }).locator('input');
    await number.fill(INVOICE);
    await clickQueryButton(page, '查询');
    const invoice = listRow(page, INVOICE).first();
    await links(invoice).filter({ hasText: '关联案件' }).click();
    const drawer = page.locator('.schema-detail-drawer');
    await drawer.locator('.schema-list-toolbar').getByRole('button', { name: /新\s*增/ }).click();
    const link = modal(page, '新增');
    await formInput(link, '案件').click();
    const picker = modal(page, '选择案件');
    await queryControl(picker, '案件编号').fill(caseNumber);
    await picker.getByRole('button', { name: /查\s*询/ }).click();
    await expect(tableRow(picker, caseNumber)).toBeVisible();
    await checkRow(picker, caseNumber);
    await okButton(picker).click();
    await fillForm(link, { 关联金额: FEE });
    await okButton(link).click();
    await expect(toast(page, '添加成功！')).toBeVisible();
    await page.locator('.ant-drawer-close').click();
    await screenshot(page, 'journey-05-invoice-linked');

    // Linked for the whole 公估费: the case is 已开票 and leaves 待开票案件.
    await openFromMenu(page, '案件管理', '待开票案件');
    await expect(await findCase(page)).toHaveCount(0);

    await openFromMenu(page, '发票管理', '发票');
    await number.fill(INVOICE);
    await clickQueryButton(page, '查询');
    await links(listRow(page, INVOICE).first()).filter({ hasText: /^红冲$/ }).click();
    const red = modal(page, '红冲发票');
    await fillForm(red, { 红冲原因: '开票金额有误' });
    await okButton(red).click();
    await expect(toast(page, '红冲成功！')).toBeVisible();

    await openFromMenu(page, '案件管理', '待开票案件');
    const back = await findCase(page);
    await expect(back).toContainText('待开票');
    await screenshot(page, 'journey-06-back-to-wait-receipt');
    await page.close();
  });

  test('案件进度 holds every step in order, each by the one who took it', async ({ request }) => {
    const progress = await call<{ records: { action: string; createBy: string; toStatus: string | null }[] }>(
      request,
      'GET',
      `/receive/receiveProgress/list?receiveId=${caseId}&pageSize=50&column=progressTime&order=asc`,
    );
    expect(progress.result.records.map((r) => [r.action, r.createBy])).toEqual([
      ['受理', 'lisi'],
      ['提交结案审批', 'lisi'],
      ['退回', 'zhangsan'],
      ['提交结案审批', 'lisi'],
      ['通过', 'zhangsan'],
      ['申请开票', 'lisi'],
      ['已开票', 'wangwu'],
      ['发票冲回', 'wangwu'],
    ]);
  });
});
