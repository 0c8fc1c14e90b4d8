/**
 * 案件详情 as a page: from 全部案件 the row's 详情 opens /record/receive/receive/<id> in a tab titled
 * 案件：<number>, with the figures (案件费用 by 费用大类, 人工成本, 公估费 / 已开票 / 待开票) and the tabs
 * 基本信息 … 版本; in 成员 a member is added to the case (and the same user again is refused).
 */
import { test, type Page } from '@playwright/test';
import { openFromMenu, screenshot, signInQuickly, tabLabels } from './support/app';
import { checkRow } from './support/pickerDialog';
import { clickQueryButton, formInput, listButton, listRow, modal, okButton, queryBar } from './support/schemaPage';
import { apiLogin } from './support/api';
import { api } from './support/sysAdmin';
import { CASE_ACTION_TIMEOUT, expect, OPENING } from './support/caseList';

const CASE = `详情页测试案件${Date.now() % 100000}`;

test.describe.serial('案件详情', () => {
  let page: Page;
  let caseNumber = '';

  test.beforeAll(async ({ browser, request }) => {
    const token = (await apiLogin(request, 'admin', '123456')) ?? '';
    const added = await api(request, token, 'POST', '/receive/receive/add', { receiveName: CASE, trustDate: '2026-03-01', feeAmount: 8000 });
    expect(added.success, added.message).toBe(true);
    const found = await api<{ records: { id: string; receiveNumber: string }[] }>(request, token, 'GET', `/receive/receive/list?receiveName=${encodeURIComponent(CASE)}`);
    const { id, receiveNumber } = found.result.records[0];
    caseNumber = receiveNumber;
    for (const [costCategory, amount] of [['expert', 1000], ['travel', 250.5]] as const) {
      const cost = await api(request, token, 'POST', '/cost/caseCost/add', { receiveId: id, costCategory, currency: 'CNY', amount, occurDate: '2026-03-02', costStatus: 'draft' });
      expect(cost.success, cost.message).toBe(true);
    }
    page = await browser.newPage();
    await signInQuickly(page, 'admin');
    await openFromMenu(page, '案件管理', '全部案件');
  });

  test.afterAll(async () => page?.close());

  test('详情 opens the case as a page in its own tab, with its figures and tabs', async () => {
    expect(caseNumber).toMatch(/^GA\d{4}\d{6}$/);
    await queryBar(page).getByPlaceholder('请输入案件名称').fill(CASE);
    await clickQueryButton(page, '查询');
    const row = listRow(page, CASE);
    await expect(row).toBeVisible(OPENING);
    await row.getByText('详情', { exact: true }).click();

    await expect(page).toHaveURL(/\/record\/receive\/receive\/[0-9a-zA-Z]+$/);
    await expect(tabLabels(page).last()).toHaveText(`案件：${caseNumber}`, OPENING);
    const record = page.locator('.record-page');
    await expect(record.locator('.ant-card-head-title').first()).toHaveText(`案件：${caseNumber}`);
    const figure = (key: string) => record.locator(`[data-figure="${key}"]`);
    await expect(figure('costs')).toContainText('1,250.50');
    await expect(figure('costs')).toContainText('专家费 1,000.00；差旅交通 250.50');
    await expect(figure('labour')).toContainText('0.00');
    await expect(figure('fee')).toContainText('8,000.00');
    await expect(figure('invoiced')).toContainText('0.00');
    await expect(figure('toInvoice')).toContainText('8,000.00');
    await expect(record.getByRole('tab')).toHaveText(['基本信息', '成员', '进度', '费用', '工时', '发票', '投诉', '来函', '附件', '版本']);
    // 基本信息: the fields with their dictionary texts.
    await expect(record.locator('.ant-descriptions-item-content').filter({ hasText: '新建' }).first()).toBeVisible();
    await expect(record.getByText(CASE, { exact: true }).first()).toBeVisible();
    await screenshot(page, 'case-detail-page');

    // 费用: the case's costs only.
    await record.getByRole('tab', { name: '费用' }).click();
    await expect(page.locator('.schema-list').filter({ visible: true }).locator('.ant-table-row')).toHaveCount(2, OPENING);
    // 附件: none yet. 版本: the case's one version so far, from 数据日志.
    await record.getByRole('tab', { name: '附件' }).click();
    await expect(record.getByText('暂无附件')).toBeVisible();
    await record.getByRole('tab', { name: '版本' }).click();
    const versions = page.locator('.schema-list').filter({ visible: true }).locator('.ant-table-row');
    await expect(versions).toHaveCount(1, OPENING);
    await expect(versions.first()).toContainText('biz_receive');
  });

  test('成员: a member is added to the case; the same user twice is refused', async () => {
    const record = page.locator('.record-page');
    await record.getByRole('tab', { name: '成员' }).click();
    for (const attempt of ['first', 'again'] as const) {
      await listButton(page, '新增').click();
      const form = modal(page, '新增');
      await expect(form).toBeVisible(OPENING);
      await formInput(form, '成员').click();
      const users = modal(page, '根据部门选择用户');
      await users.getByPlaceholder('请输入姓名').fill('李四');
      await users.getByRole('button', { name: /查\s*询/ }).click();
      await expect(users.locator('.ant-table-row')).toHaveCount(1);
      await checkRow(users, 'lisi');
      await okButton(users).click();
      await expect(formInput(form, '成员')).toHaveValue('李四');
      await okButton(form).click();
      if (attempt === 'first') {
        await expect(form).toHaveCount(0, { timeout: CASE_ACTION_TIMEOUT });
        await expect(listRow(page, '李四')).toBeVisible();
        await expect(listRow(page, '李四')).toContainText(caseNumber);
      } else {
        await expect(page.getByText('该用户已是本案成员').first()).toBeVisible();
        await form.getByRole('button', { name: /取\s*消/ }).click();
        await page.getByRole('button', { name: /放\s*弃/ }).click();
        await expect(form).toHaveCount(0);
      }
    }
    await screenshot(page, 'case-detail-members');
  });
});
