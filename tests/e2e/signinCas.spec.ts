/**
 * CAS 单点登录 in Chromium: the login page's CAS button leads to a CAS-protocol server on 127.0.0.1
 * (tests/support/casServer.ts, at the address playwright.config.ts gave the server), which sends the
 * browser back to /oauth2-app/login with a service ticket; the server validates it (CAS 2.0
 * serviceValidate) and the user is signed in. A CAS account lossdesk does not know is refused with
 * the reason. The spec makes its own user. Screenshots go to test-results/screens/.
 */
import { expect, test, type Page } from '@playwright/test';
import { startCasServer, type LocalCasServer } from '../support/casServer';
import { apiLogin } from './support/api';
import { screenshot } from './support/app';
import { api } from './support/sysAdmin';
import { e2eServerPort } from './support/ports';
import { e2eCasSettings } from './support/thirdParty';

const PASSWORD = 'Cas#2026e2e';

async function throughCas(page: Page, cas: LocalCasServer, username: string): Promise<void> {
  await page.goto('/user/login');
  await page.getByRole('link', { name: 'CAS 单点登录' }).click();
  await expect(page).toHaveURL(new RegExp(`^${cas.url}/login\\?service=`));
  await page.getByLabel('用户名').fill(username);
  await page.getByRole('button', { name: '登录' }).click();
}

test.describe('CAS 单点登录', () => {
  test.describe.configure({ mode: 'serial' });
  const settings = e2eCasSettings(e2eServerPort());
  let cas: LocalCasServer;

  test.beforeAll(async ({ request }) => {
    cas = await startCasServer({ port: settings.casPort });
    const admin = (await apiLogin(request, 'admin', '123456'))!;
    const roles = await api<Array<{ id: string; roleCode: string }>>(request, admin, 'GET', '/sys/role/queryall');
    const added = await api(request, admin, 'POST', '/sys/user/add', {
      username: 'cas_he',
      realname: '何单点',
      password: PASSWORD,
      confirmpassword: PASSWORD,
      selectedroles: roles.result.find((r) => r.roleCode === 'adjuster')!.id,
    });
    expect(added.success, added.message).toBe(true);
  });
  test.afterAll(async () => {
    await cas?.close();
  });

  test('a CAS sign-in comes back with a ticket and opens the signed-in area', async ({ page }) => {
    await throughCas(page, cas, 'cas_he');
    await expect(page.locator('.global-header')).toContainText('何单点');
    await expect(page).toHaveURL(/\/dashboard\/analysis/);
    expect(cas.validations).toBeGreaterThan(0);
  });

  test('a CAS account lossdesk does not know is refused with the reason', async ({ page }) => {
    await throughCas(page, cas, 'cas_stranger');
    await expect(page.getByText('该账号在本系统中不存在，请联系管理员')).toBeVisible();
    await expect(page.getByText('第三方登录未成功')).toBeVisible();
    // The used ticket is gone from the address: reloading does not send it again.
    await expect(page).toHaveURL(/\/oauth2-app\/login$/);
    await screenshot(page, 'cas-01-unknown-account');
    await page.getByRole('button', { name: '返回登录' }).click();
    await expect(page).toHaveURL(/\/user\/login/);
  });
});
