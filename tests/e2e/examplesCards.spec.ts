/**
 * 示例 → 卡片列表, 基础详情页, 高级详情页 and 监控页 (issue 18's template pages): the card list searches,
 * pages, says so when nothing matches, and its card actions work (详情 shows the row, 删除 removes a
 * card this spec added); the detail pages show one record's values (grouped; the case's summary and
 * tabs with child rows); the monitor page shows live figures that refresh. Screenshots go to SHOTS_DIR.
 */
import { expect, test, type Page } from '@playwright/test';
import { OK_BUTTON, screenshot, signInQuickly, toast } from './support/app';
import { apiLogin } from './support/api';
import { modal } from './support/schemaPage';
import { openExample } from './support/examples';

test.describe.configure({ mode: 'serial' });

const OWN_ORG = '卡片示例测试机构甲';

const cards = (page: Page) => page.locator('.card-list').filter({ visible: true }).getByTestId('list-card');
const card = (page: Page, name: string) => cards(page).filter({ hasText: name });

test.describe('示例: cards, details and the monitor', () => {
  let page: Page;
  test.beforeAll(async ({ browser, request }) => {
    const token = (await apiLogin(request, 'admin', '123456')) ?? '';
    const added = await request.post('/insurance/examples/cardList/add', {
      headers: { 'X-Access-Token': token },
      data: { orgName: OWN_ORG, service: 'survey', status: '1', city: '苏州', contactMobile: '13912345678', intro: '本测试添加的合作机构，用于卡片操作。' },
    });
    expect((await added.json()).success).toBe(true);
    page = await browser.newPage();
    await signInQuickly(page, 'admin');
  });
  test.afterAll(async () => page?.close());

  test('卡片列表: cards with the row’s texts, paging, the header search and the empty state', async () => {
    await openExample(page, '卡片列表');
    await expect(cards(page)).toHaveCount(10);
    const first = card(page, '北京华信工程技术鉴定中心');
    await expect(first).toContainText('服务内容：技术鉴定');
    await expect(first).toContainText('合作状态：合作中');
    await expect(first).toContainText('建筑结构、机电设备与火灾原因的技术鉴定');
    await screenshot(page, 'example-card-list');

    await page.locator('.card-list .ant-pagination-item-2').filter({ visible: true }).click();
    await expect(cards(page)).toHaveCount(3);
    await expect(page.locator('.card-list .ant-pagination-total-text').filter({ visible: true })).toHaveText('11-13 共13条');

    const search = page.getByPlaceholder('请输入机构名称').filter({ visible: true });
    await search.fill('鉴定');
    await search.press('Enter');
    // Page 2 showed three cards too: the total says the search's answer has replaced it.
    await expect(page.locator('.card-list .ant-pagination-total-text').filter({ visible: true })).toHaveText('1-2 共2条');
    await expect(cards(page)).toHaveCount(2);
    await expect(card(page, '北京华信工程技术鉴定中心')).toHaveCount(1);
    await expect(card(page, '青岛海湾珠宝鉴定工作室')).toHaveCount(1);

    await search.fill('不存在的机构名');
    await search.press('Enter');
    await expect(page.locator('.card-list').filter({ visible: true })).toContainText('没有符合条件的合作机构');
    await screenshot(page, 'example-card-list-empty');
    await search.fill('');
    await search.press('Enter');
    await expect(cards(page)).toHaveCount(10);
  });

  test('卡片列表: a card’s 详情 shows the row, its 删除 removes the card', async () => {
    const search = page.getByPlaceholder('请输入机构名称').filter({ visible: true });
    await search.fill(OWN_ORG);
    await search.press('Enter');
    await expect(cards(page)).toHaveCount(1);
    await card(page, OWN_ORG).getByText('详情', { exact: true }).click();
    const detail = modal(page, '详细信息');
    await expect(detail).toBeVisible();
    await expect(detail).toContainText('苏州');
    await expect(detail).toContainText('13912345678');
    await detail.locator('.ant-modal-close').click();
    await expect(detail).toBeHidden();

    await card(page, OWN_ORG).getByText('删除', { exact: true }).click();
    await page.locator('.ant-modal-confirm, .ant-popover').filter({ visible: true }).getByRole('button', { name: OK_BUTTON }).click();
    await expect(toast(page, /删除成功/)).toBeVisible();
    await expect(page.locator('.card-list').filter({ visible: true })).toContainText('没有符合条件的合作机构');
  });

  test('基础详情页: one record of 高级表单 in the groups of its form', async () => {
    await openExample(page, '基础详情页');
    const record = page.locator('.record-page').filter({ visible: true });
    await expect(record).toContainText('委托登记：物流仓库火灾损失公估');
    for (const group of ['委托信息', '承办安排', '出险与估损', '附件与备注', '登记信息']) await expect(record.locator(`[data-group="${group}"]`)).toBeVisible();
    await expect(record.locator('[data-group="委托信息"]')).toContainText('平安产险');
    await expect(record.locator('[data-group="出险与估损"]')).toContainText('2026-11-20');
    await expect(record.getByRole('tab')).toHaveCount(0);
    await screenshot(page, 'example-detail-basic');
  });

  test('高级详情页: demo case R0001 with its figures, tabs and child rows', async () => {
    await openExample(page, '高级详情页');
    const record = page.locator('.record-page').filter({ visible: true });
    await expect(record).toContainText(/案件：GA\d{10}/);
    await expect(record.locator('.record-summary')).toBeVisible();
    await expect(record).toContainText('西安市雁塔区写字楼管道爆裂营业中断损失公估案');
    await screenshot(page, 'example-detail-advanced');
    await record.getByRole('tab', { name: '进度' }).click();
    await expect(record.locator('.ant-tabs-tabpane-active .ant-table-tbody tr.ant-table-row').first()).toBeVisible();
    await screenshot(page, 'example-detail-advanced-progress');
  });

  test('监控页: live figures, a gauge and the cases per state, refreshed', async () => {
    await openExample(page, '监控页');
    const panel = page.locator('.monitor-panel').filter({ visible: true });
    const inProgress = panel.locator('.ant-statistic').filter({ hasText: '在办案件' });
    await expect(inProgress).toContainText(/\d+ 件/);
    await expect(panel.locator('[data-gauge="yearCloseRate"]')).toContainText(/%|不可用/);
    const rows = page.locator('.schema-list').filter({ visible: true }).locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows).toHaveCount(6);
    await expect(rows.filter({ hasText: '处理中' })).toHaveCount(1);
    const updated = panel.getByText(/^更新于 /);
    const before = await updated.textContent();
    await page.waitForTimeout(1100);
    await panel.getByRole('button', { name: /刷\s*新/ }).click();
    await expect(updated).not.toHaveText(before ?? '');
    const minute = panel.locator('.ant-statistic').filter({ hasText: '近 1 分钟请求' });
    await expect(minute.locator('.ant-statistic-content')).not.toHaveText('0');
    await screenshot(page, 'example-monitor');
  });
});
