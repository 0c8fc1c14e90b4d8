/**
 * 系统设置 › 开放注册 in Chromium (issue 19): the administrator turns 注册 off and on in the app, and the
 * sign-in page follows at its next visit without a restart; while it is on a newcomer registers with a
 * phone code (read from the server's SMS_OUTBOX), is approved by 解冻 in 用户管理 and signs in. The e2e
 * server starts with REGISTRATION=on, so the spec leaves the switch on as it found it. Its own user
 * only; screenshots go to test-results/screens/.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { HOME_PATH, LOGIN_PATH, OK_BUTTON, openFromMenu, screenshot, signInQuickly, submitLogin, toast } from './support/app';
import { clickRowAction, confirmDialog, expectColumn, listRow } from './support/schemaPage';
import { codeSentTo, sentCount } from './support/smsOutbox';

const NEWCOMER = 'setting_e2e';
const PHONE = '13987650021';
const PASSWORD = 'Setting#2026';

async function freshPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** In 系统设置, turns 开放注册 to `action` (开启 / 关闭) through its confirm, and waits for the row to say so. */
async function turnRegistration(admin: Page, action: '开启' | '关闭'): Promise<void> {
  const row = listRow(admin, '开放注册');
  await row.locator('td').last().locator('a').filter({ hasText: action }).click();
  await confirmDialog(admin, '确认提示').getByRole('button', { name: OK_BUTTON }).click();
  await expect(toast(admin, `开放注册已${action}`)).toBeVisible();
  await expectColumn(admin, '状态', [action]);
}

test.describe('系统设置: 开放注册', () => {
  test.describe.configure({ mode: 'serial' });
  let admin: Page;

  test.beforeAll(async ({ browser }) => {
    admin = await freshPage(browser);
    await signInQuickly(admin, 'admin');
    await openFromMenu(admin, '系统管理', '系统设置');
    await expect(listRow(admin, '开放注册')).toBeVisible();
  });
  test.afterAll(async () => {
    await admin?.context().close();
  });

  test('turned off in the app, the sign-in page offers no 注册账户 and /user/register says accounts come from the administrator', async ({ page }) => {
    await turnRegistration(admin, '关闭');
    await expect(listRow(admin, '开放注册')).toContainText('admin');
    await screenshot(admin, 'setting-01-registration-off');

    await page.goto(LOGIN_PATH);
    await expect(page.getByRole('link', { name: '忘记密码' })).toBeVisible();
    await expect(page.getByRole('link', { name: '注册账户' })).toHaveCount(0);
    await page.goto('/user/register');
    await expect(page.getByText('本系统仅供内部员工使用，账号由系统管理员统一开通。如需账号，请联系系统管理员。')).toBeVisible();
  });

  test('turned on again, a newcomer registers from the sign-in page, is approved by 解冻 and signs in', async ({ page }) => {
    await turnRegistration(admin, '开启');
    await screenshot(admin, 'setting-02-registration-on');

    await page.goto(LOGIN_PATH);
    await page.getByRole('link', { name: '注册账户' }).click();
    await expect(page).toHaveURL('/user/register');
    await page.getByRole('textbox', { name: '用户名' }).fill(NEWCOMER);
    await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await page.getByLabel('确认密码').fill(PASSWORD);
    await page.getByRole('textbox', { name: '手机号' }).fill(PHONE);
    const before = sentCount(PHONE);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('textbox', { name: '短信验证码' }).fill(await codeSentTo(PHONE, before));
    await page.getByRole('button', { name: /注\s*册/ }).click();
    await expect(page.getByText('注册成功', { exact: true })).toBeVisible();

    await openFromMenu(admin, '系统管理', '用户管理');
    const row = listRow(admin, NEWCOMER);
    await expect(row).toContainText('冻结');
    await clickRowAction(row, '解冻');
    await confirmDialog(admin, '确认提示').getByRole('button', { name: OK_BUTTON }).click();
    await expect(row).toContainText('正常');

    await page.goto(LOGIN_PATH);
    await submitLogin(page, NEWCOMER, PASSWORD);
    await expect(page).toHaveURL(HOME_PATH);
    await expect(page.locator('.global-header')).toContainText(`欢迎您，${NEWCOMER}`);
  });
});
