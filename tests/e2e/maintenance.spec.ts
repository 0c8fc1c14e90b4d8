/**
 * Two maintenance pages end to end, as a user works them: 专家 and 保险公司, both schema pages
 * (schemas/pages/maintenance/*.json) on the generic endpoints, with the demo rows of
 * schemas/seed/entities. Each describe shares one signed-in page and runs in order: what a test
 * adds, the next one edits, queries, pages, exports and deletes.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiLogin } from './support/api';
import { openCaseList } from './support/caseList';
import { OK_BUTTON, openFromMenu, screenshot, sideMenu, signInQuickly, toast, topLevelMenuTitles } from './support/app';
import {
  XLSX_MIME,
  chooseFormOption,
  chooseQueryOption,
  chooseRadio,
  columnHeader,
  columnTexts,
  confirmDialog,
  detailValue,
  downloadFrom,
  expectColumn,
  expectXlsx,
  fillDateRange,
  fillForm,
  fillTemplate,
  formError,
  formInput,
  formItem,
  clickQueryButton,
  pressEnterToQuery,
  listButton,
  listRow,
  listRows,
  modal,
  okButton,
  queryBar,
  readSheet,
  schemaList,
  totalText,
} from './support/schemaPage';

const DUPLICATE = '该值不可用，系统中已存在！';
const SELECT_ONE = '请选择一条记录！';

/** Sorted copy: rows with the same creation time have no fixed order, so sets are compared sorted. */
const sorted = (texts: string[]) => [...texts].sort();

async function expectNames(page: Page, column: string, names: string[]): Promise<void> {
  await expect.poll(async () => sorted(await columnTexts(page, column))).toEqual(sorted(names));
}

/** The table's empty state. */
const emptyList = (page: Page) => schemaList(page).locator('.ant-empty-description').getByText('暂无数据', { exact: true });

async function search(page: Page): Promise<void> {
  await clickQueryButton(page, '查询');
}

async function reset(page: Page): Promise<void> {
  await clickQueryButton(page, '重置');
}

/** Opens the advanced query items (展开) unless they show. */
async function expandQuery(page: Page): Promise<void> {
  const toggle = queryBar(page).getByRole('button', { name: /展开|收起/ });
  if ((await toggle.textContent())?.includes('展开')) await toggle.click();
  await expect(toggle).toContainText('收起');
}

async function choosePageSize(page: Page, size: number): Promise<void> {
  await schemaList(page).locator('.ant-pagination-options-size-changer').click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options).toHaveText(['10 条/页', '20 条/页', '30 条/页']);
  await options.filter({ hasText: `${size} 条/页` }).click();
}

async function jumpToPage(page: Page, n: number): Promise<void> {
  const jumper = schemaList(page).locator('.ant-pagination-options-quick-jumper');
  await expect(jumper).toContainText('跳至');
  await jumper.locator('input').fill(String(n));
  await jumper.locator('input').press('Enter');
}

/** Chooses the import file in the open 导入EXCEL dialog. */
async function chooseImportFile(page: Page, name: string, buffer: Buffer): Promise<void> {
  const dialog = modal(page, '导入EXCEL');
  await dialog.locator('input[type=file]').setInputFiles({ name, mimeType: XLSX_MIME, buffer });
  await expect(dialog.locator('.ant-upload-list')).toContainText(name);
}

async function openImport(page: Page) {
  await listButton(page, '导入').click();
  const dialog = modal(page, '导入EXCEL');
  await expect(dialog).toBeVisible();
  return dialog;
}

const uploadButton = (page: Page) => modal(page, '导入EXCEL').getByRole('button', { name: '开始上传' });

/** Selects rows by a text they show (the row checkbox). */
async function selectRows(page: Page, texts: string[]): Promise<void> {
  for (const text of texts) await listRow(page, text).locator('.ant-checkbox-input').check();
  await expect(schemaList(page).locator('.ant-alert')).toContainText(`已选择 ${texts.length} 项`);
}

async function batchDelete(page: Page, texts: string[]): Promise<void> {
  // Nothing selected: refused with the spec's text.
  await listButton(page, '批量删除').click();
  await expect(toast(page, SELECT_ONE)).toBeVisible();
  await selectRows(page, texts);
  await listButton(page, '批量删除').click();
  const confirm = confirmDialog(page, '确认删除');
  await expect(confirm).toContainText('是否删除选中数据?');
  await confirm.getByRole('button', { name: /确\s*定$/ }).click();
  await expect(toast(page, '批量删除成功！')).toBeVisible();
  for (const text of texts) await expect(listRow(page, text)).toHaveCount(0);
}

test.describe('专家 (maintenance schema page)', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    await signInQuickly(page, 'admin');
  });

  test.afterAll(async () => {
    await page.close();
  });

  test('opened from 基础数据 → 专家, the list shows the demo experts with dictionary texts and paging', async () => {
    await openFromMenu(page, '基础数据', '专家');
    await expect(page).toHaveURL('/maintenance/expert');
    await expect(totalText(page)).toHaveText('1-10 共10条');
    await expect(listRows(page)).toHaveCount(10);
    // Dictionary values show as their texts: 性别 1/2 → 男/女, 职称级别 5/4 → 正高级/副高级.
    await expect(listRow(page, '王建国')).toContainText('13901102345');
    await expect(listRow(page, '王建国').locator('td').nth(3)).toHaveText('男');
    await expect(listRow(page, '李秀英').locator('td').nth(3)).toHaveText('女');
    await expect(listRow(page, '王建国')).toContainText('正高级');
    await expect(listRow(page, '李秀英')).toContainText('副高级');
    await expect(schemaList(page).locator('.ant-table-thead th')).toContainText([
      '#', '专家姓名', '性别', '联系电话', '专业方向', '职称', '职称级别', '工作单位', '电子邮箱', '创建时间', '操作',
    ]);
    await expect(schemaList(page).locator('.ant-pagination-options-size-changer')).toHaveText('10 条/页');
    for (const text of ['新增', '批量删除', '导出', '导入', '模板下载']) await expect(listButton(page, text)).toBeVisible();
    await screenshot(page, 'maintenance-01-expert-list');
  });

  test('新增 checks required fields, the mobile pattern and duplicates, then saves the expert', async () => {
    await listButton(page, '新增').click();
    const dialog = modal(page, '新增');
    await expect(formInput(dialog, '专家姓名')).toBeVisible();
    await okButton(dialog).click();
    await expect(formError(dialog, '专家姓名')).toHaveText('请输入专家姓名');
    await expect(formError(dialog, '联系电话')).toHaveText('请输入联系电话');
    await expect(formError(dialog, '专业方向')).toHaveText('请输入专业方向');
    // 性别 has its default (男), so it is not reported.
    await expect(formError(dialog, '性别')).toHaveCount(0);
    await screenshot(page, 'maintenance-02-expert-add-errors');

    await fillForm(dialog, { 联系电话: '1234567' });
    await expect(formError(dialog, '联系电话')).toHaveText('请输入正确的手机号码');
    // 王建国's number is taken.
    await fillForm(dialog, { 联系电话: '13901102345' });
    await expect(formError(dialog, '联系电话')).toHaveText(DUPLICATE);
    await okButton(dialog).click();
    await expect(formError(dialog, '联系电话')).toHaveText(DUPLICATE);
    await expect(dialog).toBeVisible();

    await fillForm(dialog, { 专家姓名: '孙海峰', 联系电话: '13600001111', 专业方向: '船舶与海上货运损失', 职称: '高级验船师' });
    await chooseFormOption(dialog, '职称级别', '副高级');
    await expect(dialog.locator('.ant-formily-item-error-help')).toHaveCount(0);
    await okButton(dialog).click();
    await expect(toast(page, '添加成功！')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(totalText(page)).toHaveText('1-10 共11条');
    // Newest first (default sort: 创建时间 descending).
    await expect(listRows(page).first()).toContainText('孙海峰');
    await expect(listRow(page, '孙海峰')).toContainText('高级验船师');
    await expect(listRow(page, '孙海峰')).toContainText('副高级');
  });

  test('编辑 loads the expert, saves a change and the list shows it', async () => {
    await listRow(page, '孙海峰').getByText('编辑', { exact: true }).click();
    const dialog = modal(page, '编辑');
    await expect(formInput(dialog, '专家姓名')).toHaveValue('孙海峰');
    await expect(formInput(dialog, '联系电话')).toHaveValue('13600001111');
    // Its own number is no duplicate of itself.
    await fillForm(dialog, { 联系电话: '13600001111', 职称: '研究员级高级工程师' });
    await expect(formError(dialog, '联系电话')).toHaveCount(0);
    await okButton(dialog).click();
    await expect(toast(page, '编辑成功！')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(listRow(page, '孙海峰')).toContainText('研究员级高级工程师');
    await expect(listRow(page, '孙海峰')).not.toContainText('高级验船师');
  });

  test('详情 shows 详细信息 read-only', async () => {
    await listRow(page, '孙海峰').getByText('详情', { exact: true }).click();
    const dialog = modal(page, '详细信息');
    await expect(detailValue(dialog, '专家姓名')).toHaveText('孙海峰');
    await expect(detailValue(dialog, '性别')).toHaveText('男');
    await expect(detailValue(dialog, '联系电话')).toHaveText('13600001111');
    await expect(detailValue(dialog, '职称级别')).toHaveText('副高级');
    await expect(detailValue(dialog, '专业方向')).toHaveText('船舶与海上货运损失');
    await expect(detailValue(dialog, '职称')).toHaveText('研究员级高级工程师');
    await expect(detailValue(dialog, '创建人')).toHaveText('admin');
    await expect(dialog.locator('input, textarea, .ant-select')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: /确\s*定/ })).toHaveCount(0);
    await screenshot(page, 'maintenance-03-expert-detail');
    await dialog.getByRole('button', { name: /关\s*闭/ }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('导入 takes the filled template: 开始上传 waits for a file, the row is imported', async () => {
    const template = await downloadFrom(page, () => listButton(page, '模板下载').click());
    expectXlsx(template, '专家导入模板.xlsx');
    const head = await readSheet(template.body);
    expect(head.headers).toEqual(expect.arrayContaining(['专家姓名', '性别', '联系电话', '专业方向', '职称级别']));
    expect(head.rows).toEqual([]);

    const dialog = await openImport(page);
    // 600 wide once its opening animation has finished.
    await expect.poll(() => dialog.locator('.ant-modal-content').evaluate((el) => el.getBoundingClientRect().width)).toBe(600);
    await expect(uploadButton(page)).toBeDisabled();
    await expect(dialog).toContainText('点击或拖拽文件到此处选择');
    await screenshot(page, 'maintenance-04-expert-import-dialog');

    const file = await fillTemplate(template.body, [
      { 专家姓名: '钱文博', 性别: '男', 联系电话: '13600002222', 专业方向: '桥梁与隧道工程损失', 职称级别: '正高级' },
    ]);
    await chooseImportFile(page, '专家导入.xlsx', file);
    await expect(uploadButton(page)).toBeEnabled();
    await uploadButton(page).click();
    await expect(toast(page, '文件导入成功！数据行数：1')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(totalText(page)).toHaveText('1-10 共12条');
    await expect(listRow(page, '钱文博')).toContainText('正高级');
    await expect(listRow(page, '钱文博')).toContainText('13600002222');
  });

  test('导入 of a file with a bad row names the row, offers the error file and writes nothing', async () => {
    const template = await downloadFrom(page, () => listButton(page, '模板下载').click());
    const file = await fillTemplate(template.body, [
      { 专家姓名: '郑好', 性别: '女', 联系电话: '13600003333', 专业方向: '电梯与特种设备' },
      { 专家姓名: '冯坏', 性别: '女', 联系电话: '12345', 专业方向: '锅炉与压力容器' },
    ]);
    const dialog = await openImport(page);
    await chooseImportFile(page, '专家有误.xlsx', file);
    await uploadButton(page).click();
    const alert = dialog.locator('.ant-alert');
    // Data starts at sheet row 4 (two title rows, the header): the second data row is row 5.
    await expect(alert).toContainText('文件导入失败，第5行数据有误（共1行），请下载错误文件修改后重新导入');
    await expect(alert).toContainText('具体详情请 点击下载');
    await screenshot(page, 'maintenance-05-expert-import-errors');

    const errors = await downloadFrom(page, () => alert.getByText('点击下载').click());
    expectXlsx(errors, /\.xlsx$/);
    const errorSheet = JSON.stringify(await readSheet(errors.body));
    expect(errorSheet).toContain('冯坏');
    expect(errorSheet).toContain('请输入正确的手机号码');
    expect(errorSheet).not.toContain('郑好');

    await dialog.getByRole('button', { name: /关\s*闭/ }).click();
    await expect(dialog).toHaveCount(0);
    // All or nothing: not even the good row was written.
    await queryBar(page).getByPlaceholder('请输入专家姓名').fill('郑好');
    await search(page);
    await expect(emptyList(page)).toBeVisible();
    await reset(page);
    await expect(totalText(page)).toHaveText('1-10 共12条');
  });

  test('pages through the list with the quick jumper and 10/20/30 rows a page', async () => {
    await expect(totalText(page)).toHaveText('1-10 共12条');
    await jumpToPage(page, 2);
    await expect(totalText(page)).toHaveText('11-12 共12条');
    await expect(listRows(page)).toHaveCount(2);
    await expect(listRows(page).first().locator('td').nth(1)).toHaveText('11');
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await choosePageSize(page, 20);
    await expect(totalText(page)).toHaveText('1-12 共12条');
    await expect(listRows(page)).toHaveCount(12);
    await expect(page).toHaveURL(/[?&]pageSize=20(&|$)/);
    await choosePageSize(page, 10);
    await expect(totalText(page)).toHaveText('1-10 共12条');
  });

  test('queries: like on names, eq on dictionary selects, a date range, advanced items under 展开; 重置 clears', async () => {
    const name = queryBar(page).getByPlaceholder('请输入专家姓名');
    const major = queryBar(page).getByPlaceholder('请输入专业方向');
    // like: a part of the name.
    await name.fill('建');
    await search(page);
    await expectColumn(page, '专家姓名', ['王建国']);
    await expect(totalText(page)).toHaveText('1-1 共1条');
    await expect(page).toHaveURL(/q\.expertName=/);

    // Enter in an input runs the query too.
    await name.fill('');
    await major.fill('损失');
    await pressEnterToQuery(major);
    await expectNames(page, '专家姓名', ['王建国', '刘洋', '赵丽华', '吴涛', '孙海峰', '钱文博']);

    // Advanced items are folded away until 展开; eq on a dictionary select, together with the like.
    const sex = queryBar(page).getByRole('combobox', { name: '性别', exact: true });
    await expect(sex).toBeHidden();
    await expandQuery(page);
    await expect(sex).toBeVisible();
    await chooseQueryOption(page, '性别', '女');
    await search(page);
    await expectNames(page, '专家姓名', ['赵丽华']);
    await expect(listRow(page, '赵丽华').locator('td').nth(3)).toHaveText('女');

    await reset(page);
    await expandQuery(page);
    await chooseQueryOption(page, '职称级别', '正高级');
    await queryBar(page).getByPlaceholder('请输入联系电话').fill('139');
    await search(page);
    await expectNames(page, '专家姓名', ['王建国']);

    // A range on 创建时间: none in 2000, all up to 2099.
    await reset(page);
    await expandQuery(page);
    await fillDateRange(page, '2000-01-01', '2000-12-31');
    await search(page);
    await expect(emptyList(page)).toBeVisible();
    await expect(listRows(page)).toHaveCount(0);
    await fillDateRange(page, '2000-01-01', '2099-12-31');
    await chooseQueryOption(page, '性别', '男');
    await search(page);
    await expectNames(page, '专家姓名', ['王建国', '张志强', '刘洋', '杨帆', '黄伟', '吴涛', '孙海峰', '钱文博']);
    await expect(page).toHaveURL(/q\.createTime_begin=2000-01-01/);

    await reset(page);
    await expect(queryBar(page).getByPlaceholder('开始日期')).toHaveValue('');
    await expect(queryBar(page).locator('.ant-select-selection-item')).toHaveCount(0);
    await expect(totalText(page)).toHaveText('1-10 共12条');
    await expect(page).not.toHaveURL(/q\./);
  });

  test('sorts by 专家姓名 both ways', async () => {
    await choosePageSize(page, 20);
    await expect(totalText(page)).toHaveText('1-12 共12条');
    const header = columnHeader(page, '专家姓名');
    await header.click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL(/column=expertName&order=asc/);
    await expect.poll(async () => (await columnTexts(page, '专家姓名')).length).toBe(12);
    const ascending = await columnTexts(page, '专家姓名');
    await header.click();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/column=expertName&order=desc/);
    await expectColumn(page, '专家姓名', [...ascending].reverse());
    expect(ascending).not.toEqual([...ascending].reverse());
    await choosePageSize(page, 10);
  });

  test('reloading the URL brings back the query, the page and the sort', async () => {
    await queryBar(page).getByPlaceholder('请输入专业方向').fill('与');
    await search(page);
    await expect(totalText(page)).toHaveText('1-10 共12条');
    const header = columnHeader(page, '专家姓名');
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await jumpToPage(page, 2);
    await expect(totalText(page)).toHaveText('11-12 共12条');
    const names = await columnTexts(page, '专家姓名');
    const url = page.url();
    expect(url).toMatch(/page=2/);

    await page.reload();
    await expect(page).toHaveURL(url);
    await expect(totalText(page)).toHaveText('11-12 共12条');
    await expect(queryBar(page).getByPlaceholder('请输入专业方向')).toHaveValue('与');
    await expect(columnHeader(page, '专家姓名')).toHaveAttribute('aria-sort', 'descending');
    await expect(schemaList(page).locator('.ant-pagination-item-active')).toHaveText('2');
    await expectColumn(page, '专家姓名', names);

    await reset(page);
    await expect(totalText(page)).toHaveText('1-10 共12条');
    await expect(queryBar(page).getByPlaceholder('请输入专业方向')).toHaveValue('');
  });

  test('导出 downloads the list as .xlsx with dictionary texts', async () => {
    const file = await downloadFrom(page, () => listButton(page, '导出').click());
    expectXlsx(file, '专家.xlsx');
    const sheet = await readSheet(file.body);
    expect(sheet.headers).toEqual(expect.arrayContaining(['专家姓名', '性别', '联系电话', '专业方向']));
    expect(sheet.rows).toHaveLength(12);
    expect(sheet.rows.find((row) => row['专家姓名'] === '王建国')).toMatchObject({ 性别: '男', 联系电话: '13901102345' });
    expect(sheet.rows.find((row) => row['专家姓名'] === '钱文博')).toMatchObject({ 职称级别: '正高级' });
  });

  test('批量删除 needs a selection, confirms and removes the chosen rows', async () => {
    await batchDelete(page, ['孙海峰', '钱文博']);
    await expect(totalText(page)).toHaveText('1-10 共10条');
    await expect(listRow(page, '王建国')).toHaveCount(1);
  });
});

test.describe('专家 without expert:add', () => {
  test('the API refuses add with 510 to users lacking the code; nothing is written', async ({ request }) => {
    for (const username of ['lisi', 'wangwu']) {
      const token = await apiLogin(request, username, '123456');
      expect(token, `${username} signs in`).toBeTruthy();
      const res = await request.post('/insurance/maintenance/expert/add', {
        headers: { 'X-Access-Token': token ?? '' },
        data: { expertName: '越权专家', sex: '1', contactMobile: '13600009999', majorDirection: '越权测试' },
      });
      const body = (await res.json()) as { success: boolean; code: number; message: string };
      expect(body).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
    }
    const admin = await apiLogin(request, 'admin', '123456');
    const list = await request.get('/insurance/maintenance/expert/list', {
      headers: { 'X-Access-Token': admin ?? '' },
      params: { expertName: '越权专家' },
    });
    expect(((await list.json()) as { result: { total: number } }).result.total).toBe(0);
  });

  test('lisi (adjuster, expert:list only) reads 专家 but sees no 新增, 导入, 导出, 编辑 or 删除', async ({ page }) => {
    await signInQuickly(page, 'lisi');
    await openFromMenu(page, '基础数据', '专家');
    await expect(page).toHaveURL(/\/maintenance\/expert/);
    await expect(listRows(page).first()).toBeVisible();
    await expect(totalText(page)).toHaveText(/^1-\d+ 共\d+条$/);
    // The query bar still works for a reader.
    await expect(listButton(page, '查询')).toBeVisible();
    for (const text of ['新增', '导入', '导出', '批量删除']) await expect(listButton(page, text)).toHaveCount(0);
    const firstRow = listRows(page).first();
    await expect(firstRow.getByText('详情', { exact: true })).toBeVisible();
    await expect(firstRow.getByText('编辑', { exact: true })).toHaveCount(0);
    await expect(firstRow.getByText('删除', { exact: true })).toHaveCount(0);
    await screenshot(page, '26-expert-read-only-lisi');
    // Pages of 基础数据 outside the adjuster's grant stay closed.
    await expect(sideMenu(page).getByText('币种', { exact: true })).toHaveCount(0);
    await page.goto('/maintenance/currency');
    await expect(page).toHaveURL('/404');
  });

  test('wangwu (finance) has no 基础数据 at all', async ({ page }) => {
    await signInQuickly(page, 'wangwu');
    expect(await topLevelMenuTitles(page)).not.toContain('基础数据');
    await page.goto('/maintenance/expert');
    await expect(page).toHaveURL('/404');
  });
});

test.describe('保险公司 (maintenance schema page)', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    await signInQuickly(page, 'admin');
  });

  test.afterAll(async () => {
    await page.close();
  });

  test('opened from 基础数据 → 保险公司, the list shows the demo insurers in 排序 order with dictionary texts', async () => {
    await openFromMenu(page, '基础数据', '保险公司');
    await expect(page).toHaveURL('/maintenance/insurance-company');
    await expect(totalText(page)).toHaveText('1-9 共9条');
    // Default sort: 排序 ascending.
    await expectColumn(page, '公司编码', ['PICC', 'CPIC', 'PAIC', 'GSCX', 'DDBX', 'ZHLH', 'TPCX', 'YGCX', 'TACX']);
    await expect(listRow(page, 'PICC')).toContainText('财产保险公司');
    await expect(listRow(page, 'PICC')).toContainText('有效');
    await expect(listRow(page, 'TACX')).toContainText('无效');
    await expect(schemaList(page).locator('.ant-pagination-options-size-changer')).toHaveText('10 条/页');
    await screenshot(page, 'maintenance-06-insurer-list');
  });

  test('新增 checks required fields, patterns, duplicates and the 停用原因 linkage, then saves', async () => {
    await listButton(page, '新增').click();
    const dialog = modal(page, '新增');
    await expect(formInput(dialog, '公司编码')).toBeVisible();
    await okButton(dialog).click();
    await expect(formError(dialog, '公司编码')).toHaveText('请输入公司编码');
    await expect(formError(dialog, '公司名称')).toHaveText('请输入公司名称');
    await expect(formError(dialog, '简称')).toHaveText('请输入简称');
    await expect(formError(dialog, '统一社会信用代码')).toHaveText('请输入统一社会信用代码');
    await screenshot(page, 'maintenance-07-insurer-add-errors');

    await fillForm(dialog, { 联系电话: '12345', 统一社会信用代码: '91310000ABC', 公司名称: '华泰' });
    await expect(formError(dialog, '联系电话')).toHaveText('请输入正确的手机号码或座机号码');
    await expect(formError(dialog, '统一社会信用代码')).toHaveText('统一社会信用代码为18位数字或大写字母（不含I、O、Z、S、V）');
    await expect(formError(dialog, '公司名称')).toHaveText('最小长度为4');
    await fillForm(dialog, { 公司编码: 'PICC' });
    await expect(formError(dialog, '公司编码')).toHaveText(DUPLICATE);

    // 停用原因 shows, and is required, only while 状态 is 无效.
    await expect(formItem(dialog, '停用原因')).toHaveCount(0);
    await chooseRadio(dialog, '状态', '无效');
    await expect(formInput(dialog, '停用原因')).toBeVisible();
    await okButton(dialog).click();
    await expect(formError(dialog, '停用原因')).toHaveText('请输入停用原因');
    await chooseRadio(dialog, '状态', '有效');
    await expect(formItem(dialog, '停用原因')).toHaveCount(0);

    await fillForm(dialog, {
      公司编码: 'HTCX',
      公司名称: '华泰财产保险有限公司',
      简称: '华泰财险',
      统一社会信用代码: '91310000710933422K',
      联系电话: '021-68889999',
      排序: '10',
    });
    await expect(dialog.locator('.ant-formily-item-error-help')).toHaveCount(0);
    await okButton(dialog).click();
    await expect(toast(page, '添加成功！')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(totalText(page)).toHaveText('1-10 共10条');
    await expect(listRows(page).last()).toContainText('HTCX');
    await expect(listRow(page, 'HTCX')).toContainText('财产保险公司');
    await expect(listRow(page, 'HTCX')).toContainText('021-68889999');
  });

  test('编辑 saves a change and the list shows it', async () => {
    await listRow(page, 'HTCX').getByText('编辑', { exact: true }).click();
    const dialog = modal(page, '编辑');
    await expect(formInput(dialog, '公司名称')).toHaveValue('华泰财产保险有限公司');
    await fillForm(dialog, { 简称: '华泰产险' });
    await chooseFormOption(dialog, '公司类型', '再保险公司');
    await okButton(dialog).click();
    await expect(toast(page, '编辑成功！')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(listRow(page, 'HTCX')).toContainText('华泰产险');
    await expect(listRow(page, 'HTCX')).toContainText('再保险公司');
  });

  test('详情 shows 详细信息 read-only', async () => {
    await listRow(page, 'HTCX').getByText('详情', { exact: true }).click();
    const dialog = modal(page, '详细信息');
    await expect(detailValue(dialog, '公司编码')).toHaveText('HTCX');
    await expect(detailValue(dialog, '简称')).toHaveText('华泰产险');
    await expect(detailValue(dialog, '公司类型')).toHaveText('再保险公司');
    await expect(detailValue(dialog, '状态')).toHaveText('有效');
    await expect(detailValue(dialog, '联系电话')).toHaveText('021-68889999');
    await expect(detailValue(dialog, '更新人')).toHaveText('admin');
    await expect(dialog.locator('input, textarea, .ant-select')).toHaveCount(0);
    await screenshot(page, 'maintenance-08-insurer-detail');
    await dialog.getByRole('button', { name: /关\s*闭/ }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('导入 of the filled template adds the insurer; a file with a bad row writes nothing', async () => {
    const template = await downloadFrom(page, () => listButton(page, '模板下载').click());
    expectXlsx(template, '保险公司导入模板.xlsx');
    const good = await fillTemplate(template.body, [
      {
        公司编码: 'ZACX',
        公司名称: '众安在线财产保险股份有限公司',
        简称: '众安保险',
        公司类型: '财产保险公司',
        统一社会信用代码: '91310000310522789L',
        状态: '有效',
        排序: 11,
      },
    ]);
    let dialog = await openImport(page);
    await expect(uploadButton(page)).toBeDisabled();
    await chooseImportFile(page, '保险公司.xlsx', good);
    await uploadButton(page).click();
    await expect(toast(page, '文件导入成功！数据行数：1')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(totalText(page)).toHaveText('1-10 共11条');

    // The second row repeats a 公司编码 that exists.
    const bad = await fillTemplate(template.body, [
      { 公司编码: 'YACX', 公司名称: '亚太财产保险有限公司', 简称: '亚太财险', 公司类型: '财产保险公司', 统一社会信用代码: '91440300710932101Y', 状态: '有效', 排序: 12 },
      { 公司编码: 'PICC', 公司名称: '重复编码财产保险公司', 简称: '重复', 公司类型: '财产保险公司', 统一社会信用代码: '91440300710932102Y', 状态: '有效', 排序: 13 },
    ]);
    dialog = await openImport(page);
    await chooseImportFile(page, '保险公司有误.xlsx', bad);
    await uploadButton(page).click();
    const alert = dialog.locator('.ant-alert');
    await expect(alert).toContainText('文件导入失败，第5行数据有误（共1行），请下载错误文件修改后重新导入');
    const errors = await downloadFrom(page, () => alert.getByText('点击下载').click());
    expectXlsx(errors, /\.xlsx$/);
    expect(JSON.stringify(await readSheet(errors.body))).toContain('PICC');
    await dialog.getByRole('button', { name: /关\s*闭/ }).click();
    await queryBar(page).getByPlaceholder('请输入公司名称').fill('亚太');
    await search(page);
    await expect(emptyList(page)).toBeVisible();
    await reset(page);
    await expect(totalText(page)).toHaveText('1-10 共11条');
  });

  test('pages with the quick jumper and the page size', async () => {
    await jumpToPage(page, 2);
    await expect(totalText(page)).toHaveText('11-11 共11条');
    await expectColumn(page, '公司编码', ['ZACX']);
    await choosePageSize(page, 20);
    await expect(totalText(page)).toHaveText('1-11 共11条');
    await choosePageSize(page, 10);
    await expect(totalText(page)).toHaveText('1-10 共11条');
  });

  test('queries: like on names, eq on 公司编码 and on 状态 under 展开; 重置 clears', async () => {
    await queryBar(page).getByPlaceholder('请输入公司名称').fill('太平');
    await search(page);
    await expectNames(page, '公司编码', ['CPIC', 'TPCX']);

    await reset(page);
    await expandQuery(page);
    // eq is the whole value, not a part of it.
    const code = queryBar(page).getByPlaceholder('请输入公司编码');
    await code.fill('PAI');
    await search(page);
    await expect(emptyList(page)).toBeVisible();
    await code.fill('PAIC');
    await search(page);
    await expectColumn(page, '公司编码', ['PAIC']);

    await reset(page);
    await expandQuery(page);
    await queryBar(page).getByPlaceholder('请输入简称').fill('财险');
    await chooseQueryOption(page, '状态', '无效');
    await search(page);
    await expectColumn(page, '公司编码', ['TACX']);

    await reset(page);
    await expect(queryBar(page).getByPlaceholder('请输入简称')).toHaveValue('');
    await expect(queryBar(page).locator('.ant-select-selection-item')).toHaveCount(0);
    await expect(totalText(page)).toHaveText('1-10 共11条');
    await expect(page).not.toHaveURL(/q\./);
  });

  test('sorts by 公司编码 both ways', async () => {
    await choosePageSize(page, 20);
    const header = columnHeader(page, '公司编码');
    await header.click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(() => columnTexts(page, '公司编码')).toEqual(
      ['CPIC', 'DDBX', 'GSCX', 'HTCX', 'PAIC', 'PICC', 'TACX', 'TPCX', 'YGCX', 'ZACX', 'ZHLH'],
    );
    await header.click();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(() => columnTexts(page, '公司编码')).toEqual(
      ['ZHLH', 'ZACX', 'YGCX', 'TPCX', 'TACX', 'PICC', 'PAIC', 'HTCX', 'GSCX', 'DDBX', 'CPIC'],
    );
    await choosePageSize(page, 10);
  });

  test('reloading the URL brings back the query, the page and the sort', async () => {
    await queryBar(page).getByPlaceholder('请输入公司名称').fill('保险');
    await search(page);
    await jumpToPage(page, 2);
    await expect(totalText(page)).toHaveText('11-11 共11条');
    await expectColumn(page, '公司编码', ['CPIC']);
    const url = page.url();

    await page.reload();
    await expect(page).toHaveURL(url);
    await expect(totalText(page)).toHaveText('11-11 共11条');
    await expectColumn(page, '公司编码', ['CPIC']);
    await expect(queryBar(page).getByPlaceholder('请输入公司名称')).toHaveValue('保险');
    await expect(columnHeader(page, '公司编码')).toHaveAttribute('aria-sort', 'descending');
    await reset(page);
  });

  test('导出 downloads the insurers as .xlsx', async () => {
    await expect(totalText(page)).toHaveText('1-10 共11条');
    const file = await downloadFrom(page, () => listButton(page, '导出').click());
    expectXlsx(file, '保险公司.xlsx');
    const sheet = await readSheet(file.body);
    expect(sheet.rows).toHaveLength(11);
    expect(sheet.rows.find((row) => row['公司编码'] === 'TACX')).toMatchObject({ 状态: '无效', 公司类型: '财产保险公司' });
  });

  test('批量删除 removes the two chosen insurers', async () => {
    await batchDelete(page, ['HTCX', 'ZACX']);
    await expect(totalText(page)).toHaveText('1-9 共9条');
  });

  test('删除 of 天安财险, which cases name, is refused saying so, alone or in a batch; 全部案件 still shows 天安财险', async ({ browser, request }) => {
    // How many demo cases name it (the demo firm's generator decides).
    const admin = (await apiLogin(request, 'admin', '123456')) ?? '';
    const named = await request.get('/insurance/receive/receive/list?insurerCode=TACX&pageSize=1', { headers: { 'X-Access-Token': admin } });
    const n = ((await named.json()) as { result: { total: number } }).result.total;
    expect(n).toBeGreaterThan(0);
    const shown = Math.min(n, 10);
    await listRow(page, 'TACX').getByText('删除', { exact: true }).click();
    const confirm = confirmDialog(page, '确认删除');
    await expect(confirm).toContainText('确定删除吗?');
    await confirm.getByRole('button', { name: OK_BUTTON }).click();
    await expect(toast(page, `该记录被${n}条案件引用，不能删除`)).toBeVisible();
    await screenshot(page, 'maintenance-09-insurer-in-use');
    await expect(listRow(page, 'TACX')).toHaveCount(1);

    await selectRows(page, ['TACX']);
    await listButton(page, '批量删除').click();
    await confirmDialog(page, '确认删除').getByRole('button', { name: OK_BUTTON }).click();
    await expect(toast(page, `「天安财险」被${n}条案件引用，不能删除`)).toBeVisible();
    await expect(totalText(page)).toHaveText('1-9 共9条');

    const cases = await openCaseList(browser);
    await expandQuery(cases);
    await chooseQueryOption(cases, '委托方', '天安财险');
    await search(cases);
    await expect(totalText(cases)).toHaveText(`1-${shown} 共${n}条`);
    await expectColumn(cases, '委托方', Array<string>(shown).fill('天安财险'));
    await cases.close();
  });
});
