import { expect, test, type Locator, type Page } from '@playwright/test';
import { openFromMenu, screenshot, signInQuickly } from './support/app';
import { chooseFormOption, detailValue, fillForm, formInput, formItem, listButton, listRow, modal, okButton } from './support/schemaPage';

// The pickers in shipped forms (widgets spec §2, §4): 根据部门选择用户 over 通知关联人's 通知人, and the
// area cascader over 外包机构's 所在地区. Real server, real Chromium.



function userDialog(page: Page): Locator {
  return modal(page, '根据部门选择用户');
}

/** Searches the user picker by 姓名 and picks the row of `account`. */
async function pickUser(page: Page, realname: string, account: string): Promise<void> {
  const dialog = userDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByPlaceholder('请输入姓名').fill(realname);
  await dialog.getByRole('button', { name: /查\s*询/ }).click();
  const row = dialog.locator('.ant-table-row').filter({ hasText: account });
  await expect(dialog.locator('.ant-table-row')).toHaveCount(1);
  await row.locator('.ant-radio-input, .ant-checkbox-input').first().check();
}

test.describe('根据部门选择用户 in 通知关联人', () => {
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    await signInQuickly(page, 'admin');
    await openFromMenu(page, '基础数据', '通知关联人');
  });

  test.afterAll(async () => {
    await page.close();
  });

  test('关闭 discards the pick; search, select and 确定 show the realname; the list and 详细信息 show it after saving', async () => {
    await listButton(page, '新增').click();
    const form = modal(page, '新增');
    const input = formInput(form, '通知人');

    await input.click();
    await pickUser(page, '王五', 'wangwu');
    await screenshot(page, 'picker-user-by-depart');
    await userDialog(page).locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();
    await expect(userDialog(page)).toBeHidden();
    await expect(input).toHaveValue('');

    await input.click();
    // Closing cleared the dialog's selection (spec §4).
    await expect(userDialog(page).locator('.ant-radio-input:checked, .ant-checkbox-input:checked')).toHaveCount(0);
    await pickUser(page, '王五', 'wangwu');
    await okButton(userDialog(page)).click();
    await expect(userDialog(page)).toBeHidden();
    await expect(input).toHaveValue('王五');

    await chooseFormOption(form, '通知事项', '结案审批');
    await fillForm(form, { 备注: 'e2e 通知人选择' });
    await okButton(form).click();
    await expect(form).toBeHidden();
    const row = listRow(page, 'e2e 通知人选择');
    await expect(row).toContainText('王五');
    await expect(row).not.toContainText('wangwu');
  });

  test('编辑 restores the preselection; another pick replaces it', async () => {
    const row = listRow(page, 'e2e 通知人选择');
    await row.getByText('编辑', { exact: true }).click();
    const form = modal(page, '编辑');
    const input = formInput(form, '通知人');
    await expect(input).toHaveValue('王五');
    await input.click();
    await expect(userDialog(page)).toContainText('王五');
    await pickUser(page, '李四', 'lisi');
    await okButton(userDialog(page)).click();
    await expect(input).toHaveValue('李四');
    await okButton(form).click();
    await expect(form).toBeHidden();
    await expect(listRow(page, 'e2e 通知人选择')).toContainText('李四');

    await listRow(page, 'e2e 通知人选择').getByText('详情', { exact: true }).click();
    const detail = modal(page, '详细信息');
    await expect(detailValue(detail, '通知人')).toHaveText('李四');
    await detail.locator('.ant-modal-close').click();
  });
});

test.describe('area cascader in 外包机构', () => {
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    await signInQuickly(page, 'admin');
    await openFromMenu(page, '基础数据', '外包机构');
  });

  test.afterAll(async () => {
    await page.close();
  });

  async function chooseArea(form: Locator, path: string[]): Promise<void> {
    await formItem(form, '所在地区').locator('.ant-select-selector').click();
    for (const [level, name] of path.entries()) {
      await page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu').nth(level).getByText(name, { exact: true }).click();
    }
  }

  test('新增 picks 省/市/区; 详细信息 and 编辑 show the names, not the code', async () => {
    await listButton(page, '新增').click();
    const form = modal(page, '新增');
    await fillForm(form, { 机构名称: 'e2e 区域外包', 专业领域: '评估', 联系人: '孙七', 联系人手机: '13900001111' });
    await formItem(form, '所在地区').locator('.ant-select-selector').click();
    await expect(page.locator('.ant-cascader-dropdown:visible')).toContainText('北京市');
    await screenshot(page, 'picker-area-cascader');
    await page.keyboard.press('Escape');
    await chooseArea(form, ['上海市', '市辖区', '徐汇区']);
    await expect(formItem(form, '所在地区')).toContainText('上海市/市辖区/徐汇区');
    await okButton(form).click();
    await expect(form).toBeHidden();

    // The 外包机构 list has no 所在地区 column; 详细信息 shows the path instead of the code 310104.
    const row = listRow(page, 'e2e 区域外包');
    await row.getByText('详情', { exact: true }).click();
    const detail = modal(page, '详细信息');
    await expect(detailValue(detail, '所在地区')).toHaveText('上海市/市辖区/徐汇区');
    await detail.locator('.ant-modal-close').click();

    await listRow(page, 'e2e 区域外包').getByText('编辑', { exact: true }).click();
    const edit = modal(page, '编辑');
    await expect(formItem(edit, '所在地区')).toContainText('上海市/市辖区/徐汇区');
    await edit.locator('.ant-modal-footer').getByRole('button', { name: /取\s*消/ }).click();
  });
});
