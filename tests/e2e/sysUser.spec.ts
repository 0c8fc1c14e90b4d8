/**
 * 用户管理 end to end on the real server: the administrator adds 赵六 as a 公估师 of 车险理赔部; 赵六
 * signs in in a second browser context and gets that role's menu; the administrator freezes 赵六 and
 * 赵六's open page is sent to the sign-in page. Screenshots of the list and the form go to
 * test-results/screens/.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { OK_BUTTON, openFromMenu, screenshot, signIn, signInQuickly, submitLogin, toast, topLevelMenuTitles } from './support/app';
import { clickQueryButton, clickRowAction, confirmDialog, fillForm, formInput, formItem, listButton, listRow, modal, okButton, openMoreActions, queryBar, totalText } from './support/schemaPage';
import { chooseSeveral } from './support/sysAdmin';

const USERNAME = 'zhao_liu6';
const PASSWORD = 'Zhao6-pass';

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test.describe('用户管理', () => {
  test.describe.configure({ mode: 'serial' });
  let admin: Page;
  let zhao: Page;

  test.beforeAll(async ({ browser }) => {
    admin = await newPage(browser);
    await signInQuickly(admin, 'admin');
    await openFromMenu(admin, '系统管理', '用户管理');
  });
  test.afterAll(async () => {
    await zhao?.context().close();
    await admin?.context().close();
  });

  test('the list shows accounts with their departments, roles and status', async () => {
    // Specs before this one add accounts of their own: lisi is looked up, not expected on page 1.
    await queryBar(admin).getByPlaceholder('请输入用户账号').fill('lisi');
    await clickQueryButton(admin, '查询');
    await expect(totalText(admin)).toHaveText('1-1 共1条');
    const row = listRow(admin, 'lisi');
    await expect(row).toContainText('李四');
    await expect(row).toContainText('公估师');
    await expect(row).toContainText('车险理赔部');
    await expect(row).toContainText('正常');
    await expect(listButton(admin, '回收站')).toBeVisible();
    await screenshot(admin, 'user-01-list');
    await clickQueryButton(admin, '重置');
    await expect(queryBar(admin).getByPlaceholder('请输入用户账号')).toHaveValue('');
  });

  test('the administrator adds 赵六 as 公估师 of 车险理赔部; a weak password is refused first', async () => {
    await listButton(admin, '新增').click();
    const form = modal(admin, '新增用户');
    await expect(form).toBeVisible();
    await fillForm(form, { 用户账号: USERNAME, 用户姓名: '赵六', 登录密码: '123456', 确认密码: '654321', 手机号码: '13698765432' });
    await chooseSeveral(form, '角色', '公估师');
    await chooseSeveral(form, '所属部门', '车险理赔部');
    await screenshot(admin, 'user-02-form');
    await okButton(form).click();
    await expect(formItem(form, '确认密码')).toContainText('两次输入的密码不一样！');
    await formInput(form, '确认密码').fill('123456');
    // As a person would: the form refuses a second 确定 within 300 ms (你点击的太快了).
    await admin.waitForTimeout(400);
    await okButton(form).click();
    await expect(toast(admin, /密码至少8位/)).toBeVisible();

    await fillForm(form, { 登录密码: PASSWORD, 确认密码: PASSWORD });
    await admin.waitForTimeout(400);
    await okButton(form).click();
    await expect(toast(admin, '添加成功！')).toBeVisible();
    await expect(form).toHaveCount(0);
    const row = listRow(admin, USERNAME);
    await expect(row).toContainText('赵六');
    await expect(row).toContainText('公估师');
    await expect(row).toContainText('车险理赔部');
  });

  test('赵六 signs in in another browser and gets the 公估师 menu, without 系统管理', async ({ browser }) => {
    zhao = await newPage(browser);
    await signIn(zhao, USERNAME, PASSWORD);
    const menu = await topLevelMenuTitles(zhao);
    expect(menu).toContain('案件管理');
    expect(menu).not.toContain('系统管理');
    await screenshot(zhao, 'user-03-zhao-home');
  });

  test('freezing 赵六 sends 赵六’s open page to the sign-in page; signing in again is refused', async () => {
    const row = listRow(admin, USERNAME);
    await clickRowAction(row, '冻结');
    const ask = confirmDialog(admin, '确认提示');
    await expect(ask).toContainText('确定冻结该用户吗');
    await ask.getByRole('button', { name: OK_BUTTON }).click();
    await expect(toast(admin, '冻结成功！')).toBeVisible();
    await expect(row).toContainText('冻结');
    const more = await openMoreActions(row);
    await expect(more.filter({ hasText: '解冻' })).toBeVisible();
    await expect(more.filter({ hasText: /^冻结$/ })).toHaveCount(0);
    await screenshot(admin, 'user-04-frozen');
    await admin.keyboard.press('Escape');

    await expect(zhao).toHaveURL(/\/user\/login/, { timeout: 20_000 });
    await submitLogin(zhao, USERNAME, PASSWORD);
    await expect(zhao.getByText('该用户已冻结')).toBeVisible();
    await expect(zhao).toHaveURL(/\/user\/login/);
    await screenshot(zhao, 'user-05-zhao-refused');
  });

  test('密码 asks the new password twice in a small form and sets it', async () => {
    const row = listRow(admin, USERNAME);
    await clickRowAction(row, '密码');
    const form = modal(admin, '密码');
    await expect(form).toBeVisible();
    await fillForm(form, { 新密码: 'Zhao6-new-1', 确认新密码: 'Zhao6-new-2' });
    await okButton(form).click();
    await expect(formItem(form, '确认新密码')).toContainText('两次输入的密码不一样！');
    await screenshot(admin, 'user-06-password-form');
    await fillForm(form, { 确认新密码: 'Zhao6-new-1' });
    await admin.waitForTimeout(400);
    await okButton(form).click();
    await expect(toast(admin, '密码修改成功！')).toBeVisible();
    await expect(form).toHaveCount(0);
  });

  test('删除 puts 赵六 into the 回收站, whose 还原 brings the row back', async () => {
    const row = listRow(admin, USERNAME);
    await clickRowAction(row, '删除');
    await confirmDialog(admin, '确认删除').getByRole('button', { name: OK_BUTTON }).click();
    await expect(toast(admin, '删除成功！')).toBeVisible();
    await expect(listRow(admin, USERNAME)).toHaveCount(0);

    await listButton(admin, '回收站').click();
    const bin = modal(admin, '用户回收站');
    const binned = bin.locator('.ant-table-row').filter({ hasText: USERNAME });
    await expect(binned).toContainText('赵六');
    await screenshot(admin, 'user-07-recycle-bin');
    await binned.locator('a').filter({ hasText: '还原' }).click();
    await expect(toast(admin, '还原成功')).toBeVisible();
    await expect(binned).toHaveCount(0);
    await bin.locator('.ant-modal-close').click();
    await expect(listRow(admin, USERNAME)).toContainText('冻结');
  });
});
