/**
 * 租户管理 end to end, as a new administrator would: create 华东分公司 in the tenant list, give lisi
 * to it through the 用户 drawer (and to 华南分公司, made through the API), then lisi signs in, is
 * asked which tenant, picks 华东分公司 and sees on 专家 only that tenant's experts; 租户切换 in the
 * header takes lisi to 华南分公司's. Afterwards lisi is taken out of both tenants again (other specs
 * sign lisi in without a tenant choice). Screenshots go to test-results/screens/.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin } from './support/api';
import { openFromMenu, screenshot, signIn, signInQuickly, toast, userMenu } from './support/app';
import { fillForm, listButton, listRow, modal, okButton, schemaList } from './support/schemaPage';
import { api, type Answer } from './support/sysAdmin';

const API = '/insurance';

async function tenantIdOf(request: APIRequestContext, admin: string, name: string): Promise<number> {
  const list = await api<{ records: Array<{ id: number; name: string }> }>(request, admin, 'GET', `/sys/tenant/list?name=${encodeURIComponent(name)}`);
  return list.result.records.find((r) => r.name === name)!.id;
}

/** The signed-in user's id, from the sign-in answer. */
async function userIdOf(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post(`${API}/sys/login`, { data: { username, password: '123456', captcha: 'ab12', checkKey: `e2e-${Date.now()}` } });
  return ((await res.json()) as Answer<{ userInfo: { id: string } }>).result.userInfo.id;
}

function experts(page: Page) {
  return schemaList(page).locator('.ant-table-tbody .ant-table-row');
}

test.describe('租户管理', () => {
  test.describe.configure({ mode: 'serial' });
  let admin: Page;
  let adminToken: string;
  const tenants: Record<'east' | 'south', number> = { east: 0, south: 0 };

  test.beforeAll(async ({ browser, request }) => {
    admin = await browser.newPage();
    await signInQuickly(admin, 'admin');
    adminToken = (await apiLogin(request, 'admin', '123456')) as string;
  });
  test.afterAll(async ({ request }) => {
    // lisi and admin work without tenants in the other specs.
    const ids = [await userIdOf(request, 'lisi'), await userIdOf(request, 'admin')];
    for (const tenant of Object.values(tenants).filter((id) => id > 0)) {
      await api(request, adminToken, 'DELETE', `/sys/tenant/deleteTenantUserBatch?tenantId=${tenant}&userIds=${ids.join(',')}`);
    }
    await admin?.close();
  });

  test('the administrator creates 华东分公司 and gives it lisi through 用户', async ({ request }) => {
    await openFromMenu(admin, '系统管理', '租户管理');
    await expect(schemaList(admin)).toBeVisible();
    await listButton(admin, '新增').click();
    const form = modal(admin, '新增');
    await fillForm(form, { 租户名称: '华东分公司' });
    await screenshot(admin, 'tenant-01-add');
    await okButton(form).click();
    await expect(toast(admin, '添加成功！')).toBeVisible();
    const row = listRow(admin, '华东分公司');
    await expect(row).toContainText('正常');
    tenants.east = await tenantIdOf(request, adminToken, '华东分公司');
    await expect(row).toContainText(String(tenants.east));
    await screenshot(admin, 'tenant-02-list');

    await row.locator('td').last().locator('a').filter({ hasText: '用户' }).click();
    const drawer = admin.locator('.ant-drawer-content').filter({ hasText: '租户用户：华东分公司' });
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText('暂无用户');
    await drawer.getByRole('button', { name: '添加已有用户' }).click();
    const users = modal(admin, '根据部门选择用户');
    await expect(users).toBeVisible();
    await users.getByPlaceholder('请输入姓名').fill('李四');
    await users.getByRole('button', { name: /查\s*询/ }).click();
    await expect(users.locator('.ant-table-row')).toHaveCount(1);
    await users.locator('.ant-table-row').filter({ hasText: 'lisi' }).locator('.ant-checkbox-input').check();
    await okButton(users).click();
    await expect(toast(admin, '添加成功！')).toBeVisible();
    await expect(drawer.locator('.ant-table-row').filter({ hasText: 'lisi' })).toBeVisible();
    await screenshot(admin, 'tenant-03-users-drawer');
    await drawer.locator('.ant-drawer-close').click();
    await expect(drawer).toHaveCount(0);
  });

  test('lisi signs in, picks 华东分公司 and sees only its experts; 租户切换 shows 华南分公司’s', async ({ browser, request }) => {
    // A second tenant for lisi and one expert in each tenant (admin joins both to write there).
    const south = await api<{ id: number }>(request, adminToken, 'POST', '/sys/tenant/add', { name: '华南分公司' });
    expect(south.success).toBe(true);
    tenants.south = south.result.id;
    const members = await api<{ records: Array<{ id: string; username: string }> }>(request, adminToken, 'GET', `/sys/tenant/tenantUserList?tenantId=${tenants.east}`);
    const lisiId = members.result.records.find((u) => u.username === 'lisi')!.id;
    const adminId = await userIdOf(request, 'admin');
    const joined = await api(request, adminToken, 'POST', '/sys/tenant/addTenantUser', { tenantId: tenants.south, userIdList: [lisiId, adminId] });
    expect(joined.success).toBe(true);
    expect((await api(request, adminToken, 'POST', '/sys/tenant/addTenantUser', { tenantId: tenants.east, userIdList: [adminId] })).success).toBe(true);
    const inEast = await api(request, adminToken, 'POST', '/maintenance/expert/add', { expertName: '华东专家甲', sex: '1', contactMobile: '13600000081', majorDirection: '车险定损' }, String(tenants.east));
    expect(inEast).toMatchObject({ success: true });
    const inSouth = await api(request, adminToken, 'POST', '/maintenance/expert/add', { expertName: '华南专家乙', sex: '1', contactMobile: '13600000082', majorDirection: '财产险' }, String(tenants.south));
    expect(inSouth).toMatchObject({ success: true });

    const lisi = await browser.newPage();
    await signIn(lisi, 'lisi');
    const choose = modal(lisi, '租户选择');
    await expect(choose).toBeVisible();
    await choose.locator('.ant-select').click();
    await lisi.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '华东分公司' }).click();
    await screenshot(lisi, 'tenant-04-choose-at-sign-in');
    await okButton(choose).click();
    await expect(lisi.locator('.header-tenant')).toHaveText(/华东分公司/);
    await expect(modal(lisi, '租户选择')).toHaveCount(0);

    await openFromMenu(lisi, '基础数据', '专家');
    await expect(schemaList(lisi)).toBeVisible();
    await expect(experts(lisi).filter({ hasText: '华东专家甲' })).toBeVisible();
    await expect(experts(lisi)).toHaveCount(1);
    await screenshot(lisi, 'tenant-05-experts-east');

    await userMenu(lisi, '租户切换');
    const change = modal(lisi, '租户切换（当前租户 : 华东分公司）');
    await expect(change).toBeVisible();
    await change.locator('.ant-select').click();
    await lisi.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '华南分公司' }).click();
    await okButton(change).click();
    await expect(lisi.locator('.header-tenant')).toHaveText(/华南分公司/);
    await expect(schemaList(lisi)).toBeVisible();
    await expect(experts(lisi).filter({ hasText: '华南专家乙' })).toBeVisible();
    await expect(experts(lisi)).toHaveCount(1);
    await screenshot(lisi, 'tenant-06-experts-south');

    // The server keeps the other tenant's expert from lisi even when asked for it by name.
    const lisiToken = (await apiLogin(request, 'lisi', '123456')) as string;
    const asked = await api<{ records: Array<{ expertName: string }> }>(request, lisiToken, 'GET', `/maintenance/expert/list?expertName=${encodeURIComponent('*华东*')}`, undefined, String(tenants.south));
    expect(asked.result.records).toEqual([]);
    await lisi.close();
    for (const tenant of Object.values(tenants)) await api(request, adminToken, 'DELETE', `/sys/tenant/deleteTenantUser?tenantId=${tenant}&userId=${adminId}`);
  });
});
