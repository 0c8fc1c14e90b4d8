/**
 * Every way in besides the password form (issue 19), in Chromium against the real server: the login
 * page's tabs; a newcomer registers with a phone code (REGISTRATION=on on the e2e server), waits
 * frozen, is approved by the administrator in 用户管理 and signs in by phone code with 记住我 unticked;
 * then resets the password in the four steps of 忘记密码, which ends the phone session. Codes are read
 * from the server's text-message outbox (SMS_OUTBOX). Its own user only; screenshots go to
 * test-results/screens/.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { HOME_PATH, LOGIN_PATH, OK_BUTTON, openFromMenu, screenshot, signIn, submitLogin } from './support/app';
import { clickRowAction, confirmDialog, listRow } from './support/schemaPage';
import { codeSentTo, sentCount } from './support/smsOutbox';

const NEWCOMER = 'newcomer_e2e';
const PHONE = '13987650001';
const PASSWORD = 'Newcomer#2026';
const NEW_PASSWORD = 'Renewed#2026';

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** Clicks 获取验证码 and answers the code the server sent to the phone. */
async function askCode(page: Page, phone: string): Promise<string> {
  const before = sentCount(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /^\d+秒后重新获取$/ })).toBeDisabled();
  return codeSentTo(phone, before);
}

test.describe('其他登录方式', () => {
  test.describe.configure({ mode: 'serial' });
  let phonePage: Page;

  test.afterAll(async () => {
    await phonePage?.context().close();
  });

  test('the login page offers 账号密码登录 and 手机号登录, 记住我, 忘记密码 and 注册账户', async ({ page }) => {
    await page.goto(LOGIN_PATH);
    await expect(page.getByRole('tab', { name: '账号密码登录' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('checkbox', { name: '记住我' })).toBeChecked();
    await expect(page.getByRole('link', { name: '忘记密码' })).toBeVisible();
    await expect(page.getByRole('link', { name: '注册账户' })).toBeVisible();
    await screenshot(page, 'signin-01-account-tab');

    await page.getByRole('tab', { name: '手机号登录' }).click();
    await expect(page.getByPlaceholder('请输入手机号码')).toBeVisible();
    await expect(page.getByPlaceholder('请输入用户名')).toHaveCount(0);
    // Spec §5: a phone must be 1, then 3-9, then nine digits; 获取验证码 checks it first.
    await page.getByPlaceholder('请输入手机号码').fill('12345');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByText('请输入正确的手机号码')).toBeVisible();
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page.getByText('请输入验证码')).toBeVisible();
    await screenshot(page, 'signin-02-phone-tab');
  });

  test('a newcomer registers with a phone code and waits for approval', async ({ page }) => {
    await page.goto(LOGIN_PATH);
    await page.getByRole('link', { name: '注册账户' }).click();
    await expect(page).toHaveURL('/user/register');
    await expect(page.getByRole('tab', { name: '注册账户' })).toBeVisible();
    await page.getByRole('textbox', { name: '用户名' }).fill(NEWCOMER);
    await page.getByLabel('密码', { exact: true }).fill('weak');
    await page.getByRole('button', { name: /注\s*册/ }).click();
    await expect(page.getByText('密码至少8位，且须包含大写字母、小写字母、数字、特殊符号中的至少三种')).toBeVisible();
    await screenshot(page, 'signin-03-register-form');
    await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await page.getByLabel('确认密码').fill(PASSWORD);
    await page.getByRole('textbox', { name: '手机号' }).fill(PHONE);
    const code = await askCode(page, PHONE);
    await page.getByRole('textbox', { name: '短信验证码' }).fill(code);
    await screenshot(page, 'signin-04-register-countdown');
    await page.getByRole('button', { name: /注\s*册/ }).click();
    await expect(page).toHaveURL(/\/user\/register-result/);
    await expect(page.getByText('注册成功', { exact: true })).toBeVisible();
    await expect(page.getByText(`你的账户 ${NEWCOMER} 已提交，需经系统管理员审核通过后才能登录，请耐心等待。`)).toBeVisible();
    await screenshot(page, 'signin-05-register-result');

    await page.getByRole('button', { name: '返回登录' }).click();
    await submitLogin(page, NEWCOMER, PASSWORD);
    await expect(page.getByRole('alert')).toContainText('该用户已冻结');
  });

  test('the administrator finds the newcomer frozen in 用户管理 and approves by 解冻', async ({ browser }) => {
    const admin = await freshPage(browser);
    try {
      await signIn(admin, 'admin');
      await openFromMenu(admin, '系统管理', '用户管理');
      const row = listRow(admin, NEWCOMER);
      await expect(row).toContainText('冻结');
      await clickRowAction(row, '解冻');
      await confirmDialog(admin, '确认提示').getByRole('button', { name: OK_BUTTON }).click();
      await expect(row).toContainText('正常');
    } finally {
      await admin.context().close();
    }
  });

  test('the newcomer signs in by phone code without 记住我: the session lives in this tab only', async ({ browser }) => {
    phonePage = await freshPage(browser);
    await phonePage.goto(LOGIN_PATH);
    await phonePage.getByRole('tab', { name: '手机号登录' }).click();
    await phonePage.getByPlaceholder('请输入手机号码').fill(PHONE);
    const code = await askCode(phonePage, PHONE);
    await phonePage.getByPlaceholder('请输入验证码').fill(code);
    await phonePage.getByRole('checkbox', { name: '记住我' }).uncheck();
    await phonePage.getByRole('button', { name: /登\s*录/ }).click();
    await expect(phonePage).toHaveURL(HOME_PATH);
    await expect(phonePage.locator('.global-header')).toContainText(`欢迎您，${NEWCOMER}`);
    const where = await phonePage.evaluate(() => ({
      local: window.localStorage.getItem('pro__Access-Token'),
      session: window.sessionStorage.getItem('pro__Access-Token'),
    }));
    expect(where.local).toBeNull();
    expect(where.session).not.toBeNull();
    await screenshot(phonePage, 'signin-06-phone-signed-in');
    // Another tab of the browser does not share this tab's session.
    const otherTab = await phonePage.context().newPage();
    await otherTab.goto(HOME_PATH);
    await expect(otherTab).toHaveURL(/\/user\/login/);
    await otherTab.close();
    // The code served once.
    const again = await phonePage.request.post('/insurance/sys/phoneLogin', { data: { mobile: PHONE, captcha: code } });
    expect(await again.json()).toMatchObject({ success: false, message: '手机验证码错误' });
  });

  test('忘记密码 in four steps sets a new password and ends the phone session', async ({ page }) => {
    await page.goto(LOGIN_PATH);
    await page.getByRole('link', { name: '忘记密码' }).click();
    await expect(page).toHaveURL('/user/alteration');
    await expect(page.locator('.ant-steps-item-active')).toContainText('确认账号');
    await screenshot(page, 'signin-07-reset-1-account');
    await page.getByRole('textbox', { name: '用户名' }).fill(NEWCOMER);
    await page.getByRole('button', { name: '下一步' }).click();

    await expect(page.locator('.ant-steps-item-active')).toContainText('安全验证');
    await expect(page.getByText(`账号：${NEWCOMER}`)).toBeVisible();
    await page.getByRole('textbox', { name: '手机号' }).fill(PHONE);
    const code = await askCode(page, PHONE);
    await page.getByRole('textbox', { name: '短信验证码' }).fill(code);
    await screenshot(page, 'signin-08-reset-2-phone');
    await page.getByRole('button', { name: '下一步' }).click();

    await expect(page.locator('.ant-steps-item-active')).toContainText('设置新密码');
    await page.getByLabel('新密码', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('确认新密码').fill('Different#2026');
    await page.getByRole('button', { name: /提\s*交/ }).click();
    await expect(page.getByText('两次输入的密码不一样！')).toBeVisible();
    await screenshot(page, 'signin-09-reset-3-password');
    await page.getByLabel('确认新密码').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: /提\s*交/ }).click();

    await expect(page.locator('.ant-steps-item-active, .ant-steps-item-finish').last()).toContainText('完成');
    await expect(page.getByText('密码重置成功')).toBeVisible();
    await expect(page.getByText('该账号在各处的登录均已退出，请使用新密码登录。')).toBeVisible();
    await screenshot(page, 'signin-10-reset-4-done');

    // The phone session ended: its next page load goes to the sign-in page.
    await phonePage.reload();
    await expect(phonePage).toHaveURL(/\/user\/login/);

    await page.getByRole('button', { name: '返回登录' }).click();
    await submitLogin(page, NEWCOMER, PASSWORD);
    await expect(page.getByRole('alert')).toContainText('用户名或密码错误');
    await submitLogin(page, NEWCOMER, NEW_PASSWORD);
    await expect(page).toHaveURL(HOME_PATH);
  });
});
