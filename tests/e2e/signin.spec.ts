import { expect, test } from '@playwright/test';
import { HOME_PATH, LOGIN_PATH, PRODUCT_NAME, screenshot, signIn, signOut, submitLogin } from './support/app';

test.describe('sign-in', () => {
  test('the login page asks for account, password and captcha', async ({ page }) => {
    await page.goto(LOGIN_PATH);
    await expect(page.getByRole('tab', { name: '账号密码登录' })).toBeVisible();
    await expect(page.getByPlaceholder('请输入用户名')).toBeVisible();
    await expect(page.getByPlaceholder('请输入密码')).toBeVisible();
    await expect(page.getByPlaceholder('请输入验证码')).toBeVisible();
    await expect(page.getByRole('img', { name: '验证码' })).toBeVisible();
    await screenshot(page, '01-login');
    // Submitting an empty form names each missing field.
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page.getByText('请输入用户名', { exact: true }).last()).toBeVisible();
    await expect(page.locator('.ant-form-item-explain-error')).toHaveCount(3);
  });

  test('admin signs in and lands on the analysis home page', async ({ page }) => {
    await signIn(page, 'admin');
    await expect(page).toHaveURL(HOME_PATH);
    await expect(page.locator('.global-header').getByRole('heading', { name: PRODUCT_NAME })).toBeVisible();
    await expect(page.locator('.global-header')).toContainText('欢迎您，管理员');
    await expect(page).toHaveTitle(PRODUCT_NAME);
    // Home: the fixed home tab and a breadcrumb of just 首页.
    await expect(page.locator('.multi-tab .multi-tab-label')).toHaveText(['首页']);
    await expect(page.locator('.page-footer')).toHaveText(`Copyright 2025 ${PRODUCT_NAME}`);
    await screenshot(page, '02-home-admin');
  });

  test('a wrong password is refused with 用户名或密码错误', async ({ page }) => {
    await page.goto(LOGIN_PATH);
    await submitLogin(page, 'admin', 'not-the-password');
    await expect(page.getByRole('alert')).toContainText('用户名或密码错误');
    await expect(page).toHaveURL(/\/user\/login/);
    // A captcha serves one attempt: its answer is cleared for the next try.
    await expect(page.getByPlaceholder('请输入验证码')).toHaveValue('');
    await screenshot(page, '03-login-wrong-password');
  });

  test('an unknown user gets the wrong-password answer, a frozen user its own message', async ({ page }) => {
    await page.goto(LOGIN_PATH);
    // The answer does not tell which usernames exist.
    await submitLogin(page, 'nobody', '123456');
    await expect(page.getByRole('alert')).toContainText('用户名或密码错误');
    await submitLogin(page, 'zhaoliu', '123456');
    await expect(page.getByRole('alert')).toContainText('该用户已冻结');
  });

  test('logout asks for confirmation, returns to login and guards the pages again', async ({ page }) => {
    await signIn(page, 'admin');
    await signOut(page);
    await expect(page).toHaveURL(LOGIN_PATH);
    await page.goto(HOME_PATH);
    await expect(page).toHaveURL(`${LOGIN_PATH}?redirect=${encodeURIComponent(HOME_PATH)}`);
  });

  test('signing in from a redirect opens the page that was asked for', async ({ page }) => {
    await page.goto('/maintenance/expert');
    await expect(page).toHaveURL(/\/user\/login\?redirect=/);
    await submitLogin(page, 'admin', '123456');
    await expect(page).toHaveURL('/maintenance/expert');
    await expect(page).toHaveTitle(`专家 - ${PRODUCT_NAME}`);
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/no/such/page');
    await expect(page).toHaveURL('/404');
    await expect(page.getByText('抱歉，你访问的页面不存在')).toBeVisible();
    await screenshot(page, '04-not-found');
    await page.getByRole('button', { name: '返回首页' }).click();
    await expect(page).toHaveURL(HOME_PATH);
  });
});
