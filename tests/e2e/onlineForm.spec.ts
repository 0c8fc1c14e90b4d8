/**
 * 表单开发 as an analyst uses it: 车辆信息 is added, designed in the 设计 drawer (车牌号 unique, 品牌
 * from a dictionary, 购置日期, 价格 money, 备注), a wrong design is refused on the row it concerns,
 * synced, given a menu; rows are added in the generated page (a repeated 车牌号 refused), 颜色 is
 * added and synced again with the rows kept, and the rows are exported.
 * Screenshots go to test-results/screens/.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { OK_BUTTON, openFromMenu, screenshot, sideMenu, signInQuickly, toast } from './support/app';
import { apiLogin } from './support/api';
import { api } from './support/sysAdmin';
import {
  chooseFormOption,
  clickRowAction,
  closeDiscardingIfAsked,
  confirmDialog,
  downloadFrom,
  expectXlsx,
  fillForm,
  formInput,
  formItem,
  listButton,
  listRow,
  listRows,
  modal,
  okButton,
  pickOption,
  readSheet,
  schemaList,
} from './support/schemaPage';

const TABLE = 'car_info';

function designer(page: Page): Locator {
  return page.locator('.ant-drawer-content').filter({ has: page.locator('.ant-drawer-title').getByText(/^设计/) });
}

/** The last row of a designer table (a row just added with 新增字段). */
function lastRow(drawer: Locator, table: string): Locator {
  return drawer.locator(`.${table} tbody tr.ant-table-row`).last();
}

function designerRow(drawer: Locator, table: string, column: string): Locator {
  return drawer.locator(`.${table} tbody tr.ant-table-row`).filter({ has: drawer.page().locator(`code`).getByText(column, { exact: true }) });
}

/** Opens a cell's select from the keyboard (the designer's tables are keyboard-usable) and picks. */
async function choose(row: Locator, label: string, option: string): Promise<void> {
  const select = row.getByRole('combobox', { name: label });
  await select.focus();
  await select.press('ArrowDown');
  await pickOption(row.page(), option);
}

interface NewField {
  column: string;
  label: string;
  type?: string;
  length?: string;
}

/** 数据库属性 → 新增字段, typed as a person would, moving with Tab. */
async function addField(drawer: Locator, field: NewField): Promise<Locator> {
  await drawer.getByRole('button', { name: /新增字段/ }).click();
  const row = lastRow(drawer, 'designer-database');
  await row.getByLabel('字段名称').fill(field.column);
  await row.getByLabel('字段名称').press('Tab');
  await expect(row.getByLabel('字段备注')).toBeFocused();
  await row.getByLabel('字段备注').fill(field.label);
  if (field.type) await choose(row, '字段类型', field.type);
  if (field.length) await row.getByLabel('长度').fill(field.length);
  return row;
}

async function openTab(drawer: Locator, title: string): Promise<void> {
  await drawer.getByRole('tab', { name: title }).click();
}

async function saveDesign(page: Page): Promise<void> {
  await designer(page).getByRole('button', { name: /保\s*存/ }).click();
}

test.describe('表单开发：车辆信息', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;

  test.beforeAll(async ({ browser, request }) => {
    // The 品牌 dictionary the analyst binds (数据字典 is tested on its own elsewhere).
    const token = (await apiLogin(request, 'admin', '123456')) ?? '';
    const dict = await api(request, token, 'POST', '/sys/dict/add', { dictName: '车辆品牌', dictCode: 'car_brand' });
    expect(dict.success, dict.message).toBe(true);
    const found = await api<{ records: { id: string }[] }>(request, token, 'GET', '/sys/dict/list?dictCode=car_brand');
    const dictId = found.result.records[0].id;
    for (const [i, [itemText, itemValue]] of [['比亚迪', 'byd'], ['吉利', 'geely'], ['丰田', 'toyota']].entries()) {
      const item = await api(request, token, 'POST', '/sys/dictItem/add', { dictId, itemText, itemValue, sortOrder: i + 1, status: 1 });
      expect(item.success, item.message).toBe(true);
    }
    page = await browser.newPage();
    await signInQuickly(page, 'admin');
  });
  test.afterAll(async () => page?.close());

  test('adds 车辆信息 in 表单开发', async () => {
    await openFromMenu(page, '在线开发', '表单开发');
    await expect(schemaList(page)).toBeVisible();
    await listButton(page, '新增').click();
    const dialog = modal(page, '新增表单开发');
    await fillForm(dialog, { 表名: TABLE, 表描述: '车辆信息' });
    await okButton(dialog).click();
    await expect(toast(page, /成功/)).toBeVisible();
    await expect(listRow(page, TABLE)).toContainText('车辆信息');
    await expect(listRow(page, TABLE)).toContainText('未同步');
  });

  test('设计: five fields typed row by row; a wrong design is shown on its row', async () => {
    await clickRowAction(listRow(page, TABLE), '设计');
    const drawer = designer(page);
    await expect(drawer.getByRole('tab', { name: '数据库属性' })).toBeVisible();
    await expect(drawer.getByLabel('表名')).toHaveValue(TABLE);
    // The primary key is there and fixed.
    await expect(drawer.locator('.designer-database tbody tr.ant-table-row').first().getByLabel('字段名称')).toHaveValue('id');

    const plate = await addField(drawer, { column: 'plate_no', label: '车牌号', length: '20' });
    await plate.getByRole('checkbox', { name: '允许空' }).uncheck();
    await plate.getByRole('checkbox', { name: '唯一' }).check();
    await addField(drawer, { column: 'brand', label: '品牌' });
    await addField(drawer, { column: 'buy_date', label: '购置日期', type: '日期' });
    const price = await addField(drawer, { column: 'price', label: '价格', type: '金额', length: '12' });
    await expect(price.getByLabel('小数位')).toHaveValue('2');
    const remark = await addField(drawer, { column: 'remark', label: '', type: '长文本' });

    // The designer's own check: a field without 备注.
    await saveDesign(page);
    await expect(remark.getByRole('alert')).toHaveText('请输入字段备注');
    await expect(drawer.locator('.ant-alert-error')).toContainText('字段「remark」的字段备注：请输入字段备注');
    await remark.getByLabel('字段备注').fill('备注');
    await expect(remark.getByRole('alert')).toHaveCount(0);

    await openTab(drawer, '页面属性');
    await choose(designerRow(drawer, 'designer-page', 'plate_no'), '查询方式', '模糊');
    await designerRow(drawer, 'designer-page', 'plate_no').getByRole('checkbox', { name: '排序' }).check();
    const brand = designerRow(drawer, 'designer-page', 'brand');
    await choose(brand, '查询方式', '精确');
    // A table dictionary over a table that does not exist: the server refuses and names the row.
    await brand.getByLabel('字典').fill('no_such_table,name,code');
    await choose(designerRow(drawer, 'designer-page', 'buy_date'), '查询方式', '范围');
    await designerRow(drawer, 'designer-page', 'remark').getByRole('checkbox', { name: '列表显示' }).uncheck();
    await choose(designerRow(drawer, 'designer-page', 'remark'), '控件', '多行文本');
    await saveDesign(page);
    await expect(drawer.locator('.ant-alert-error')).toContainText('字段「品牌」');
    await expect(brand.getByRole('alert')).toContainText('no_such_table,name,code');
    await screenshot(page, 'onlineform-01-designer-refused');

    await brand.getByLabel('字典').fill('car_brand');
    await openTab(drawer, '校验字段');
    await choose(designerRow(drawer, 'designer-validation', 'plate_no'), '校验', '正则表达式');
    await designerRow(drawer, 'designer-validation', 'plate_no').getByLabel('正则表达式').fill('^[\\u4e00-\\u9fa5][A-Z][A-Z0-9]{5}$');
    await designerRow(drawer, 'designer-validation', 'plate_no').getByLabel('提示信息').fill('车牌号格式不正确，如 粤B12345');
    await openTab(drawer, '按钮');
    await expect(drawer.getByRole('checkbox', { name: '导出' })).toBeChecked();
    await openTab(drawer, '数据库属性');
    await screenshot(page, 'onlineform-02-designer');
    await saveDesign(page);
    await expect(toast(page, '保存成功！')).toBeVisible();
    await expect(designer(page)).toHaveCount(0);
    await expect(listRow(page, TABLE)).toContainText('未同步');
  });

  test('同步数据库 and 生成菜单 under 在线开发 for 管理员', async () => {
    await clickRowAction(listRow(page, TABLE), '同步数据库');
    await confirmDialog(page, '确定同步数据库吗').getByRole('button', { name: OK_BUTTON }).click();
    await expect(toast(page, '同步数据库成功！')).toBeVisible();
    await expect(listRow(page, TABLE)).toContainText('已同步');

    // 功能测试 opens the form's page before it has a menu entry.
    await clickRowAction(listRow(page, TABLE), '功能测试');
    await expect(page).toHaveURL(/\/online\/cgformList\/\w+$/);
    await expect(schemaList(page).locator('thead')).toContainText('车牌号');
    await expect(listButton(page, '新增')).toBeVisible();
    await openFromMenu(page, '在线开发', '表单开发');

    await clickRowAction(listRow(page, TABLE), '生成菜单');
    const dialog = modal(page, '生成菜单');
    const parent = formItem(dialog, '上级菜单');
    await parent.locator('.ant-select-selector').click();
    await parent.locator('input').fill('在线开发');
    await pickOption(page, '在线开发');
    // A multiple choice stays open for more: the role, then Escape.
    await formItem(dialog, '授权角色').locator('.ant-select-selector').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '管理员' }).first().click();
    await page.keyboard.press('Escape');
    await expect(formItem(dialog, '授权角色')).toContainText('管理员');
    await okButton(dialog).click();
    await expect(toast(page, /成功/)).toBeVisible();
  });

  test('the generated page adds rows and refuses a repeated 车牌号', async () => {
    // The menu is read at sign-in and on reload: the new entry is there now, the group open on 表单开发.
    await page.reload();
    const entry = sideMenu(page).locator('li.ant-menu-item').getByText('车辆信息', { exact: true });
    await expect(entry).toBeVisible();
    await entry.click();
    await expect(schemaList(page)).toBeVisible();
    for (const [plateNo, brandText, date, price] of [['粤B12345', '比亚迪', '2024-05-01', '158000'], ['京A88888', '丰田', '2023-11-20', '236000.5']] as const) {
      await listButton(page, '新增').click();
      const dialog = modal(page, '新增车辆信息');
      await fillForm(dialog, { 车牌号: plateNo, 价格: price, 备注: `${brandText}车` });
      await chooseFormOption(dialog, '品牌', brandText);
      const bought = formInput(dialog, '购置日期');
      await bought.click();
      await bought.fill(date);
      await bought.press('Enter');
      await okButton(dialog).click();
      await expect(toast(page, /成功/).last()).toBeVisible();
      await expect(dialog).toHaveCount(0);
    }
    await expect(listRow(page, '粤B12345')).toContainText('比亚迪');
    await expect(listRow(page, '京A88888')).toContainText('236,000.50');
    await screenshot(page, 'onlineform-03-generated-page');

    await listButton(page, '新增').click();
    const dialog = modal(page, '新增车辆信息');
    await fillForm(dialog, { 车牌号: 'B12345' });
    await expect(dialog).toContainText('车牌号格式不正确，如 粤B12345');
    await fillForm(dialog, { 车牌号: '粤B12345' });
    await chooseFormOption(dialog, '品牌', '吉利');
    await okButton(dialog).click();
    await expect(dialog).toContainText(/已存在/);
    await screenshot(page, 'onlineform-04-duplicate-refused');
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await closeDiscardingIfAsked(dialog);
    await expect(listRows(page)).toHaveCount(2);
  });

  test('颜色 added and synced again keeps the rows; the rows export', async () => {
    await openFromMenu(page, '在线开发', '表单开发');
    await clickRowAction(listRow(page, TABLE), '设计');
    const drawer = designer(page);
    await expect(drawer.locator('.designer-database tbody tr.ant-table-row')).toHaveCount(6);
    await addField(drawer, { column: 'color', label: '颜色', length: '20' });
    await saveDesign(page);
    await expect(toast(page, '保存成功！')).toBeVisible();
    await expect(listRow(page, TABLE)).toContainText('未同步');
    await clickRowAction(listRow(page, TABLE), '同步数据库');
    await confirmDialog(page, '确定同步数据库吗').getByRole('button', { name: OK_BUTTON }).click();
    await expect(toast(page, '同步数据库成功！')).toBeVisible();

    await openFromMenu(page, '在线开发', '车辆信息');
    await expect(schemaList(page).locator('thead')).toContainText('颜色');
    await expect(listRows(page)).toHaveCount(2);
    await expect(listRow(page, '粤B12345')).toContainText('比亚迪');

    const file = await downloadFrom(page, () => listButton(page, '导出').click());
    expectXlsx(file, /车辆信息/);
    const sheet = await readSheet(file.body);
    expect(JSON.stringify(sheet)).toContain('粤B12345');
    expect(JSON.stringify(sheet)).toContain('京A88888');
    await screenshot(page, 'onlineform-05-after-color');

    // 导出 of the design: the page document as a file for schemas/pages/online/.
    await openFromMenu(page, '在线开发', '表单开发');
    const design = await downloadFrom(page, () => clickRowAction(listRow(page, TABLE), '导出'));
    expect(design.name).toBe('carInfo.json');
    const document = JSON.parse(design.body.toString('utf8')) as { entity: { table: string }; fields: { name: string; label: string }[] };
    expect(document.entity.table).toBe(TABLE);
    expect(document.fields.map((f) => f.label)).toContain('颜色');
  });
});
