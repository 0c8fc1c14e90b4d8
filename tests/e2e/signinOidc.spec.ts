/**
 * 第三方登录 in Chromium through a real OpenID Connect provider (oidc-provider on 127.0.0.1, started
 * here at the address playwright.config.ts gave the server): the login page shows the provider's
 * button; someone whose verified e-mail is a user's signs straight in and, being in two tenants,
 * chooses one (租户选择); someone the provider knows by another e-mail binds an account by its
 * password; Enterprise WeChat's browser goes straight to the provider. The spec makes its own users
 * and tenants and removes them from the tenants afterwards. Screenshots go to test-results/screens/.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { startOidcProvider, type LocalOidcProvider } from '../support/oidcProvider';
import { apiLogin } from './support/api';
import { OK_BUTTON, openFromMenu, screenshot, signIn, signOut, toast } from './support/app';
import { clickRowAction, confirmDialog, listRow } from './support/schemaPage';
import { e2eServerPort } from './support/ports';
import { E2E_OIDC_NAME, e2eOidcSettings } from './support/thirdParty';
import { api } from './support/sysAdmin';

const PASSWORD = 'Oidc#2026e2e';
const WXWORK_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 wxwork/4.1.10 MicroMessenger/7.0.1';

async function addUser(request: APIRequestContext, admin: string, user: { username: string; realname: string; email: string; roleId: string }): Promise<string> {
  const { roleId, ...fields } = user;
  const added = await api(request, admin, 'POST', '/sys/user/add', { ...fields, password: PASSWORD, confirmpassword: PASSWORD, selectedroles: roleId });
  expect(added.success, added.message).toBe(true);
  const found = await api<{ records: Array<{ id: string; username: string }> }>(request, admin, 'GET', `/sys/user/list?username=${user.username}`);
  return found.result.records.find((r) => r.username === user.username)!.id;
}

/** At the provider's own page: the account typed, then 登录. */
async function signInAtProvider(page: Page, issuer: string, account: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${issuer}/interaction/`));
  await expect(page.getByRole('heading', { name: '测试身份提供方' })).toBeVisible();
  await page.getByLabel('账号').fill(account);
  await page.getByRole('button', { name: '登录' }).click();
}

test.describe('第三方登录 (OpenID Connect)', () => {
  test.describe.configure({ mode: 'serial' });
  const settings = e2eOidcSettings(e2eServerPort());
  let idp: LocalOidcProvider;
  let admin: string;
  let roleId: string;
  const tenants: number[] = [];
  const userIds: string[] = [];

  test.beforeAll(async ({ request }) => {
    idp = await startOidcProvider({ redirectUri: settings.redirectUri, port: settings.providerPort, clientSecret: settings.clientSecret });
    admin = (await apiLogin(request, 'admin', '123456'))!;
    const roles = await api<Array<{ id: string; roleCode: string }>>(request, admin, 'GET', '/sys/role/queryall');
    roleId = roles.result.find((r) => r.roleCode === 'adjuster')!.id;
  });
  test.afterAll(async ({ request }) => {
    for (const tenant of tenants) {
      await api(request, admin, 'DELETE', `/sys/tenant/deleteTenantUserBatch?tenantId=${tenant}&userIds=${userIds.join(',')}`);
      await api(request, admin, 'DELETE', `/sys/tenant/delete?id=${tenant}`);
    }
    await idp?.close();
  });

  test('the login page offers the configured provider under 其他登录方式', async ({ page }) => {
    await page.goto('/user/login');
    await expect(page.getByText('其他登录方式')).toBeVisible();
    await expect(page.getByRole('link', { name: E2E_OIDC_NAME })).toBeVisible();
    await expect(page.getByRole('link', { name: 'CAS 单点登录' })).toBeVisible();
    await screenshot(page, 'oidc-01-login-page');
  });

  test('a verified e-mail signs straight in; a user of two tenants then chooses one', async ({ page, request }) => {
    const chenId = await addUser(request, admin, { username: 'oidc_chen', realname: '陈第三方', email: 'chen.oidc@example.com', roleId });
    userIds.push(chenId);
    for (const name of ['第三方甲公司', '第三方乙公司']) {
      const made = await api<{ id: number }>(request, admin, 'POST', '/sys/tenant/add', { name });
      expect(made.success, made.message).toBe(true);
      tenants.push(made.result.id);
      expect((await api(request, admin, 'POST', '/sys/tenant/addTenantUser', { tenantId: made.result.id, userIdList: [chenId] })).success).toBe(true);
    }
    idp.accounts.set('chen-at-idp', { email: 'Chen.OIDC@example.com', email_verified: true, name: '陈（身份提供方）' });

    await page.goto('/user/login');
    await page.getByRole('link', { name: E2E_OIDC_NAME }).click();
    await signInAtProvider(page, idp.issuer, 'chen-at-idp');

    const choose = page.locator('.ant-modal').filter({ hasText: '租户选择' });
    await expect(choose).toBeVisible();
    await expect(page.locator('.global-header')).toContainText('陈第三方');
    await choose.locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '第三方乙公司' }).click();
    await screenshot(page, 'oidc-03-tenant-choice');
    // The choice is stored (TENANT_ID) and is what every request now carries (the page starts afresh).
    const carried = page.waitForRequest((r) => r.url().includes('/sys/permission/getUserPermissionByToken'));
    await choose.getByRole('button', { name: /确\s*定/ }).click();
    expect((await carried).headers()['tenant-id']).toBe(String(tenants[1]));
    await expect(page.locator('.header-tenant')).toHaveText(/第三方乙公司/);
    await expect(page).toHaveURL(/\/dashboard\/analysis/);
    const stored = await page.evaluate(() => localStorage.getItem('pro__TENANT_ID'));
    expect((JSON.parse(stored!) as { value: number }).value).toBe(tenants[1]);
  });

  test('someone the provider knows by another e-mail binds an account by its password', async ({ page, request }) => {
    userIds.push(await addUser(request, admin, { username: 'oidc_bind', realname: '林绑定', email: 'lin.bind@example.com', roleId }));
    idp.accounts.set('lin-at-idp', { email: 'lin.private@example.net', email_verified: true, name: '林某' });

    await page.goto('/user/login');
    await page.getByRole('link', { name: E2E_OIDC_NAME }).click();
    await signInAtProvider(page, idp.issuer, 'lin-at-idp');
    await expect(page).toHaveURL(/\/oauth2-app\/login\?bindToken=/);
    await expect(page.getByText('绑定已有账号')).toBeVisible();
    await expect(page.getByText(`您的${E2E_OIDC_NAME}账号（林某，lin.private@example.net）尚未关联本系统账号`)).toBeVisible();
    await page.getByPlaceholder('请输入用户名').fill('oidc_bind');
    await page.getByPlaceholder('请输入密码').fill('not-the-password');
    await page.getByRole('button', { name: '绑定并登录' }).click();
    await expect(page.locator('.ant-alert-error')).toHaveText('用户名或密码错误');
    await screenshot(page, 'oidc-02-bind-page');
    await page.getByPlaceholder('请输入密码').fill(PASSWORD);
    await page.getByRole('button', { name: '绑定并登录' }).click();
    await expect(page.locator('.global-header')).toContainText('林绑定');
    await expect(page).toHaveURL(/\/dashboard\/analysis/);
  });

  test('用户管理 › 第三方账号 shows the link; 解除绑定 removes it and the next sign-in asks to bind again', async ({ page }) => {
    await signIn(page, 'admin');
    await openFromMenu(page, '系统管理', '用户管理');
    const row = listRow(page, 'oidc_bind');
    await clickRowAction(row, '第三方账号');
    const drawer = page.locator('.ant-drawer-content').filter({ hasText: '第三方账号：oidc_bind' });
    const link = drawer.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'lin-at-idp' });
    await expect(link).toContainText('OpenID Connect');
    await expect(link).toContainText('林某');
    await screenshot(page, 'oidc-04-user-third-accounts');
    await link.locator('a').filter({ hasText: '解除绑定' }).click();
    await confirmDialog(page, '确认提示').getByRole('button', { name: OK_BUTTON }).click();
    await expect(toast(page, '已解除绑定')).toBeVisible();
    await expect(drawer.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(0);
    await drawer.locator('.ant-drawer-close').click();
    await expect(drawer).toHaveCount(0);
    await signOut(page);

    await page.getByRole('link', { name: E2E_OIDC_NAME }).click();
    await signInAtProvider(page, idp.issuer, 'lin-at-idp');
    await expect(page).toHaveURL(/\/oauth2-app\/login\?bindToken=/);
    await expect(page.getByText('绑定已有账号')).toBeVisible();
  });

  test('Enterprise WeChat’s browser goes from the login page straight to the provider', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: WXWORK_UA });
    const page = await context.newPage();
    await page.goto('/user/login');
    await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
    await expect(page.getByRole('heading', { name: '测试身份提供方' })).toBeVisible();
    await context.close();
  });
});
