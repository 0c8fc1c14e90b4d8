import { test, type Locator, type Page } from '@playwright/test';
import { openFromMenu, screenshot, toast } from './support/app';
import { CANCEL, checkRow, CLOSE, footerButton, queryControl, tableRow, widthOf } from './support/pickerDialog';
import { chooseFormOption, detailValue, fillForm, formInput, formItem, listButton, listRow, modal, okButton } from './support/schemaPage';
import { CASE_ACTION_TIMEOUT, closeCaseRecord, expect, OPENING, openCaseList, openCaseRecord } from './support/caseList';

// 案件 and 发票 as forms with every picker of the widgets spec, against the real server in Chromium:
// customer tree, expert, outsourcing, department, user by department, popup report, area, upload and
// image upload on the case; the case picker and the invoice picker on the invoice. One sign-in, one
// page, serial: each test builds on the records the previous one saved.



/** A 1×1 PNG: the server checks the content against the extension. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const CASE = 'e2e 选择器案件';

function treeNode(dialog: Locator, title: string): Locator {
  return dialog.locator('.ant-tree-treenode').filter({ has: dialog.page().locator('.ant-tree-title').getByText(title, { exact: true }) });
}

/** Chooses 父子关联 / 取消关联 in the tree dialog's 树操作 menu and waits until it is the chosen mode. */
async function treeOperation(dialog: Locator, mode: '父子关联' | '取消关联'): Promise<void> {
  const page = dialog.page();
  const item = page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').filter({ hasText: mode });
  // The menu opens on hover with an animation; a click that lands while it is still settling can
  // miss, so open and choose again until the mode is the chosen one (choosing it twice is harmless).
  await expect(async () => {
    await footerButton(dialog, /树操作/).hover();
    await item.click({ timeout: 5_000 });
    await footerButton(dialog, /树操作/).hover();
    await expect(item).toHaveClass(/ant-dropdown-menu-item-selected/, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await dialog.locator('.ant-modal-title').hover();
  await expect(page.locator('.ant-dropdown:visible')).toHaveCount(0);
}

function checkedTitles(dialog: Locator): Promise<string[]> {
  return dialog.locator('.ant-tree-treenode-checkbox-checked .ant-tree-title').allTextContents();
}

test.describe.configure({ mode: 'serial' });
test.setTimeout(420_000);
test.use({ actionTimeout: CASE_ACTION_TIMEOUT });

test.describe('案件 and 发票 with their pickers', () => {
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    page = await openCaseList(browser);
  });

  test.afterAll(async () => {
    await page.close();
  });

  test('新增 案件: every picker opens, searches, picks and emits; 关闭 discards; the case saves', async () => {
    await listButton(page, '新增').click(OPENING);
    const form = modal(page, '新增');
    await expect(form).toBeVisible(OPENING);
    await expect(formInput(form, '案件编号')).toHaveAttribute('placeholder', '保存后自动生成');
    await fillForm(form, { 案件名称: CASE, 估损金额: '1250000' });
    const trustDate = formInput(form, '委托日期');
    await trustDate.click();
    await trustDate.fill('2026-11-20');
    await trustDate.press('Enter');

    // 委托方: the popup report picker over insurance_company_report.
    await formInput(form, '委托方').click();
    const popup = modal(page, '选择保险公司');
    await expect(tableRow(popup, '人保财险')).toBeVisible();
    await expect.poll(() => widthOf(popup)).toBe(1200);
    await okButton(popup).click();
    await expect(toast(page, '仅可选择一条记录')).toBeVisible();
    await queryControl(popup, '公司名称').fill('平安');
    await popup.getByRole('button', { name: /查\s*询/ }).click();
    await expect(popup.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
    await tableRow(popup, '平安产险').click();
    await expect(popup).toContainText('已选择 1 项');
    await screenshot(page, 'case-popup-insurer');
    await okButton(popup).click();
    await expect(popup).toBeHidden();
    await expect(formInput(form, '委托方')).toHaveValue('中国平安财产保险股份有限公司');

    // 被保险人: the customer tree; 关闭 first discards a check.
    const customers = formInput(form, '被保险人');
    await customers.click();
    const tree = modal(page, '选择客户');
    await expect.poll(() => widthOf(tree)).toBe(500);
    await treeNode(tree, '张明远').locator('.ant-tree-checkbox').click();
    await footerButton(tree, CLOSE).click();
    await expect(tree).toBeHidden();
    await expect(customers).toHaveValue('');
    await customers.click();
    await expect(treeNode(tree, '张明远')).toBeVisible();
    expect(await checkedTitles(tree)).toEqual([]);
    const search = tree.getByPlaceholder('请输入客户名称，按回车搜索');
    await search.fill('粤海');
    await search.press('Enter');
    await expect(treeNode(tree, '张明远')).toHaveCount(0);
    await expect(treeNode(tree, '粤海物流（深圳）仓储有限公司')).toBeVisible();
    await treeNode(tree, '粤海物流（深圳）仓储有限公司').locator('.ant-tree-checkbox').click();
    await search.fill('');
    await search.press('Enter');
    await expect(treeNode(tree, '华东能源集团有限公司')).toBeVisible();
    // Unlinked by default: a parent is checked alone. 父子关联 checks its children with it.
    await treeOperation(tree, '父子关联');
    await treeNode(tree, '华东能源集团有限公司').locator('.ant-tree-checkbox').click();
    await expect.poll(() => checkedTitles(tree)).toEqual(
      expect.arrayContaining(['华东能源集团有限公司', '华东能源集团上海发电有限公司', '华东能源集团江苏新能源有限公司', '粤海物流（深圳）仓储有限公司']),
    );
    await treeOperation(tree, '取消关联');
    await treeNode(tree, '华东能源集团江苏新能源有限公司').locator('.ant-tree-checkbox').click();
    await expect.poll(() => checkedTitles(tree)).toEqual(['华东能源集团有限公司', '华东能源集团上海发电有限公司', '粤海物流（深圳）仓储有限公司']);
    await screenshot(page, 'case-customer-tree');
    await footerButton(tree, /确\s*定/).click();
    await expect(tree).toBeHidden();
    await expect(customers).toHaveValue('粤海物流（深圳）仓储有限公司,华东能源集团有限公司,华东能源集团上海发电有限公司');

    // 承办部门: 选择部门 with its search.
    await formInput(form, '承办部门').click();
    const departs = modal(page, '选择部门');
    await expect.poll(() => widthOf(departs)).toBe(500);
    const departSearch = departs.getByPlaceholder('请输入部门名称按回车进行搜索');
    await departSearch.fill('财产');
    await departSearch.press('Enter');
    await expect(treeNode(departs, '车险理赔部')).toHaveCount(0);
    // A search hit names its path beside it (华泰公估有限公司 / 财产险理赔部).
    await departs.locator('.ant-tree-treenode').filter({ hasText: '财产险理赔部' }).locator('.ant-tree-checkbox').click();
    await screenshot(page, 'case-depart-picker');
    await okButton(departs).click();
    await expect(formInput(form, '承办部门')).toHaveValue('财产险理赔部');

    // 主办公估师 (single) and 协办人 (several): 根据部门选择用户.
    await formInput(form, '主办公估师').click();
    const users = modal(page, '根据部门选择用户');
    await expect.poll(() => widthOf(users)).toBe(1250);
    await users.getByPlaceholder('请输入姓名').fill('李四');
    await users.getByRole('button', { name: /查\s*询/ }).click();
    await expect(users.locator('.ant-table-row')).toHaveCount(1);
    await checkRow(users, 'lisi');
    await screenshot(page, 'case-user-picker');
    await okButton(users).click();
    await expect(formInput(form, '主办公估师')).toHaveValue('李四');
    await formInput(form, '协办人').click();
    await checkRow(users, 'zhangsan');
    await checkRow(users, 'wangwu');
    await okButton(users).click();
    await expect(formInput(form, '协办人')).toHaveValue(/张三,王五|王五,张三/);

    // 协作专家: 选择协作专家, 1000 wide, several experts across two searches.
    const experts = formInput(form, '协作专家');
    await expect(experts).toHaveAttribute('placeholder', '点击选择专家');
    await experts.click();
    const expertDialog = modal(page, '选择协作专家');
    await expect.poll(() => widthOf(expertDialog)).toBe(1000);
    await queryControl(expertDialog, '专家姓名').fill('王建国');
    await expertDialog.getByRole('button', { name: /查\s*询/ }).click();
    await expect(expertDialog.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
    await checkRow(expertDialog, '王建国');
    await expertDialog.getByRole('button', { name: /重\s*置/ }).click();
    await expect(expertDialog.locator('.ant-pagination-total-text')).toHaveText('1-10 共10条');
    await checkRow(expertDialog, '赵丽华');
    await screenshot(page, 'case-expert-picker');
    await okButton(expertDialog).click();
    await expect(experts).toHaveValue('王建国,赵丽华');

    // 外包机构: 1000 wide, check boxes (several by default); 取消 discards.
    const outsource = formInput(form, '外包机构');
    await outsource.click();
    const outsourceDialog = modal(page, '选择外协机构');
    await expect.poll(() => widthOf(outsourceDialog)).toBe(1000);
    await checkRow(outsourceDialog, '广州穗安拍卖有限公司');
    await footerButton(outsourceDialog, CANCEL).click();
    await expect(outsource).toHaveValue('');
    await outsource.click();
    await expect(outsourceDialog.locator('.ant-checkbox-input:checked')).toHaveCount(0);
    await queryControl(outsourceDialog, '机构名称').fill('华鉴');
    await queryControl(outsourceDialog, '机构名称').press('Enter');
    await expect(outsourceDialog.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
    await checkRow(outsourceDialog, '北京华鉴司法鉴定所');
    await screenshot(page, 'case-outsource-picker');
    await okButton(outsourceDialog).click();
    await expect(outsource).toHaveValue('北京华鉴司法鉴定所');

    // 出险地区: the cascader.
    await formItem(form, '出险地区').locator('.ant-select-selector').click();
    for (const [level, name] of ['上海市', '市辖区', '徐汇区'].entries()) {
      await page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu').nth(level).getByText(name, { exact: true }).click();
    }
    await expect(formItem(form, '出险地区')).toContainText('上海市/市辖区/徐汇区');

    // 附件: a file over the server's size limit is refused with its message; a PDF is kept.
    const files = formItem(form, '附件').locator('input[type=file]');
    await files.setInputFiles({ name: '超大附件.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024 + 10, 32)]) });
    await expect(page.locator('.ant-message')).toContainText('文件大小超出10MB限制');
    await expect(formItem(form, '附件').locator('.ant-upload-list-item-error')).toContainText('超大附件.pdf');
    await files.setInputFiles({ name: '查勘报告.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% e2e\n') });
    await expect(formItem(form, '附件').locator('.ant-upload-list-item-done')).toContainText('查勘报告.pdf');

    // 现场照片: a non-image is refused before upload; five PNGs keep the latest four (the limit) and the trigger goes.
    const photos = formItem(form, '现场照片');
    await photos.locator('input[type=file]').setInputFiles({ name: '说明.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await expect(toast(page, '请上传图片')).toBeVisible();
    await expect(photos.getByTestId('upload-image-card')).toHaveCount(0);
    await photos.locator('input[type=file]').setInputFiles(
      [1, 2, 3, 4, 5].map((n) => ({ name: `现场${n}.png`, mimeType: 'image/png', buffer: PNG })),
    );
    await expect(photos.getByTestId('upload-image-card')).toHaveCount(4);
    await expect(photos.locator('input[type=file]')).toHaveCount(0);
    await expect(photos.locator('.ant-progress')).toHaveCount(0);
    await screenshot(page, 'case-form-filled');

    await okButton(form).click();
    await expect(form).toBeHidden();
    const row = listRow(page, CASE);
    await expect(row).toContainText(/GA\d{10}/);
    await expect(row).toContainText('平安产险');
    await expect(row).toContainText('财产险理赔部');
    await expect(row).toContainText('李四');
    await expect(row).not.toContainText('lisi');
    await screenshot(page, 'case-list');
  });

  test('详情 (the case page) shows the names of every party, not their keys', async () => {
    const detail = await openCaseRecord(page, CASE);
    await expect(detailValue(detail, '委托方')).toHaveText('中国平安财产保险股份有限公司');
    await expect(detailValue(detail, '被保险人')).toHaveText('粤海物流（深圳）仓储有限公司,华东能源集团有限公司,华东能源集团上海发电有限公司');
    await expect(detailValue(detail, '承办部门')).toHaveText('财产险理赔部');
    await expect(detailValue(detail, '主办公估师')).toHaveText('李四');
    await expect(detailValue(detail, '协办人')).toHaveText(/张三,王五|王五,张三/);
    await expect(detailValue(detail, '协作专家')).toHaveText('王建国,赵丽华');
    await expect(detailValue(detail, '外包机构')).toHaveText('北京华鉴司法鉴定所');
    await expect(detailValue(detail, '出险地区')).toHaveText('上海市/市辖区/徐汇区');
    await expect(detailValue(detail, '附件')).toContainText('查勘');
    await expect(detailValue(detail, '案件编号')).toHaveText(/^GA\d{10}$/);
    await screenshot(page, 'case-detail');
    await closeCaseRecord(page);
  });

  test('编辑 restores the names and each dialog its preselection; a changed pick saves', async () => {
    await listRow(page, CASE).getByText('编辑', { exact: true }).click(OPENING);
    const form = modal(page, '编辑');
    await expect(formInput(form, '协作专家')).toHaveValue('王建国,赵丽华');
    await expect(formInput(form, '承办部门')).toHaveValue('财产险理赔部');
    await expect(formInput(form, '外包机构')).toHaveValue('北京华鉴司法鉴定所');
    await expect(formInput(form, '委托方')).toHaveValue('中国平安财产保险股份有限公司');
    await expect(formItem(form, '现场照片').getByTestId('upload-image-card')).toHaveCount(4);
    // Saved and shown again: the four pictures come back from the server.
    await expect(formItem(form, '现场照片').locator('img')).toHaveCount(4);
    await expect(formItem(form, '附件').locator('.ant-upload-list-item-done')).toContainText('查勘报告.pdf');

    await formInput(form, '被保险人').click();
    const tree = modal(page, '选择客户');
    await expect.poll(() => checkedTitles(tree)).toEqual(['华东能源集团有限公司', '华东能源集团上海发电有限公司', '粤海物流（深圳）仓储有限公司']);
    await footerButton(tree, CLOSE).click();

    await formInput(form, '承办部门').click();
    const departs = modal(page, '选择部门');
    await expect(departs.locator('.ant-tree-treenode-checkbox-checked .ant-tree-title')).toHaveText('财产险理赔部');
    await footerButton(departs, CLOSE).click();

    await formInput(form, '协作专家').click();
    const expertDialog = modal(page, '选择协作专家');
    await expect(tableRow(expertDialog, '王建国').locator('.ant-checkbox-input')).toBeChecked();
    await expect(tableRow(expertDialog, '赵丽华').locator('.ant-checkbox-input')).toBeChecked();
    await tableRow(expertDialog, '赵丽华').locator('.ant-checkbox-input').uncheck();
    await checkRow(expertDialog, '刘洋');
    await okButton(expertDialog).click();
    await expect(formInput(form, '协作专家')).toHaveValue('王建国,刘洋');

    await formInput(form, '外包机构').click();
    const outsourceDialog = modal(page, '选择外协机构');
    await expect(tableRow(outsourceDialog, '北京华鉴司法鉴定所').locator('.ant-checkbox-input')).toBeChecked();
    await footerButton(outsourceDialog, CANCEL).click();
    await expect(formInput(form, '外包机构')).toHaveValue('北京华鉴司法鉴定所');

    await okButton(form).click();
    await expect(form).toBeHidden();
    const detail = await openCaseRecord(page, CASE);
    await expect(detailValue(detail, '协作专家')).toHaveText('王建国,刘洋');
    await expect(detailValue(detail, '现场照片').locator('a, span, img').first()).toBeVisible();
    await closeCaseRecord(page);
  });

  test('发票: saved, then linked in 关联案件 with 选择案件 (search, page); the server keeps the amounts', async () => {
    await openFromMenu(page, '发票管理', '发票');
    await listButton(page, '新增').click(OPENING);
    const form = modal(page, '新增');
    await fillForm(form, { 发票号码: 'E2E00001', 发票金额: '8800' });
    await chooseFormOption(form, '发票类型', '增值税专用发票');
    const openDate = formInput(form, '开票日期');
    await openDate.click();
    await openDate.fill('2026-11-22');
    await openDate.press('Enter');

    // 币种 is a search select over a code dictionary: filtered in the browser as the user types.
    const currency = formItem(form, '币种');
    await expect(currency).toContainText('人民币');
    await currency.locator('.ant-select-selector').click();
    await currency.locator('input').fill('美');
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText(['美元']);
    await currency.locator('input').fill('没有这种');
    await expect(page.locator('.ant-select-dropdown:visible')).toContainText('未找到数据');
    await currency.locator('input').fill('港');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '港币' }).click();
    await expect(currency).toContainText('港币');

    await okButton(form).click();
    await expect(form).toBeHidden();
    const row = listRow(page, 'E2E00001');
    await expect(row).toContainText('8,800.00');
    await expect(row).toContainText('港币');

    // 关联案件 (发票关联): the invoice is linked in its drawer, the case chosen with 选择案件 (search, page).
    await row.locator('td').last().locator('a').filter({ hasText: '关联案件' }).click();
    const drawer = page.locator('.schema-detail-drawer');
    await expect(drawer.locator('.ant-drawer-title')).toHaveText('关联案件：发票 E2E00001');
    await drawer.locator('.schema-list-toolbar').getByRole('button', { name: /新\s*增/ }).click();
    const link = modal(page, '新增');
    await formInput(link, '案件').click();
    const cases = modal(page, '选择案件');
    await expect(cases.locator('.ant-pagination-total-text')).toContainText(/共\d+条/);
    await cases.locator('.ant-pagination-item-2').click();
    await expect(cases.locator('.ant-pagination-total-text')).toContainText('11-20 共');
    await queryControl(cases, '案件名称').fill('选择器案件');
    await cases.getByRole('button', { name: /查\s*询/ }).click();
    await expect(cases.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
    await checkRow(cases, CASE);
    await screenshot(page, 'receipt-case-picker');
    await okButton(cases).click();
    await expect(formInput(link, '案件')).toHaveValue(CASE);
    await fillForm(link, { 关联金额: '8800' });
    await okButton(link).click();
    await expect(toast(page, '添加成功！')).toBeVisible();
    await expect(drawer.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: CASE })).toContainText('8,800.00');
    await page.locator('.ant-drawer-close').click();
    await expect(drawer).toHaveCount(0);

    // The server keeps the amounts: all 8,800.00 linked, nothing waiting; the list names the case.
    await page.reload();
    const linked = listRow(page, 'E2E00001');
    await expect(linked).toContainText(/GA\d{10}/);
    await expect(linked).toContainText('8,800.00');
    await expect(linked.locator('td').filter({ hasText: /^0\.00$/ })).toHaveCount(1);
  });
});
