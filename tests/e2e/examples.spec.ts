/**
 * 示例 (the template pages, shell spec §1): every entry of the 示例 menu opens a working page — none
 * says 该功能正在建设中 — built from the runtime's pieces: 首页's live figures (分析页, 工作台), page
 * documents of schemas/pages/examples (lists with query bars, header search and tabs; forms with
 * groups, pickers and linkage) and the exception pages. Screenshots of each go to SHOTS_DIR.
 */
import { expect, test, type Page } from '@playwright/test';
import { screenshot, signInQuickly } from './support/app';
import { listButton, listRows, modal, schemaList } from './support/schemaPage';
import { openExample } from './support/examples';

test.describe.configure({ mode: 'serial' });


/** What each entry shows once open. */
const ENTRIES: ReadonlyArray<{ entry: string; shot: string; shows: (page: Page) => Promise<void> }> = [
  { entry: '分析页', shot: 'example-analysis', shows: async (page) => expect(page.getByTestId('dashboard').filter({ visible: true }).locator('[data-figure="monthOpened"]')).toBeVisible() },
  { entry: '工作台', shot: 'example-workplace', shows: async (page) => expect(page.getByTestId('workplace').locator('[data-figure="myCases"]')).toBeVisible() },
  { entry: '查询表格', shot: 'example-query-table', shows: async (page) => expect(listRows(page).filter({ hasText: '仓库火灾现场查勘' })).toHaveCount(1) },
  { entry: '标准列表', shot: 'example-standard-list', shows: async (page) => expect(listRows(page).filter({ hasText: '仓库火灾案查勘报告' })).toHaveCount(1) },
  { entry: '搜索列表', shot: 'example-search-list', shows: async (page) => expect(listRows(page).filter({ hasText: '物流仓库火灾全损理算案例' })).toHaveCount(1) },
  { entry: '基础表单', shot: 'example-basic-form-list', shows: async (page) => expect(listRows(page).filter({ hasText: '王建国' })).toHaveCount(1) },
  { entry: '高级表单', shot: 'example-advanced-form-list', shows: async (page) => expect(listRows(page).filter({ hasText: '物流仓库火灾损失公估' })).toHaveCount(1) },
  { entry: '协作安排', shot: 'example-assignment', shows: async (page) => expect(schemaList(page)).toBeVisible() },
  { entry: '案件联系单', shot: 'example-case-contact', shows: async (page) => expect(schemaList(page)).toBeVisible() },
  { entry: '403', shot: 'example-403', shows: async (page) => expect(page.getByText('抱歉，你无权访问该页面')).toBeVisible() },
  { entry: '404', shot: 'example-404', shows: async (page) => expect(page.getByText('抱歉，你访问的页面不存在')).toBeVisible() },
  { entry: '500', shot: 'example-500', shows: async (page) => expect(page.getByText('抱歉，服务器出错了')).toBeVisible() },
];

test.describe('示例 template pages', () => {
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    await signInQuickly(page, 'admin');
  });
  test.afterAll(async () => page?.close());

  for (const { entry, shot, shows } of ENTRIES) {
    test(`示例 → ${entry} opens a working page`, async () => {
      await openExample(page, entry);
      await shows(page);
      await expect(page.getByText('该功能正在建设中')).toHaveCount(0);
      await screenshot(page, shot);
    });
  }

  test('标准列表: the header tabs and search narrow the list', async () => {
    await openExample(page, '标准列表');
    await page.getByRole('tab', { name: '公估报告' }).click();
    await expect(listRows(page)).toHaveCount(2);
    await expect(listRows(page).filter({ hasText: '查勘报告' })).toHaveCount(0);
    await screenshot(page, 'example-standard-list-tab');
  });

  test('基础表单 and 高级表单: 新增 opens the form (single column; groups in two columns)', async () => {
    await openExample(page, '基础表单');
    await listButton(page, '新增').click();
    const basic = modal(page, '新增');
    await expect(basic).toBeVisible();
    await expect(basic).toContainText('出险经过');
    await screenshot(page, 'example-basic-form');
    await basic.locator('.ant-modal-close').click();
    await expect(basic).toBeHidden();

    await openExample(page, '高级表单');
    await listButton(page, '新增').click();
    const advanced = modal(page, '新增');
    await expect(advanced).toBeVisible();
    for (const title of ['委托信息', '承办安排', '出险与估损', '附件与备注']) await expect(advanced).toContainText(title);
    await screenshot(page, 'example-advanced-form');
    await advanced.locator('.ant-modal-close').click();
    await expect(advanced).toBeHidden();
  });
});
