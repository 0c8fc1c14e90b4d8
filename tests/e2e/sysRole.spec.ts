/**
 * 角色管理 and 菜单管理 end to end, as a new administrator would: 公估师 is granted 专家's 新增专家 (through
 * the API, the seed does not grant it) and lisi sees 新增 on 专家; the administrator takes it away in
 * the 授权 drawer (the menu and button tree); after F5 lisi's 专家 page has no 新增 and the server answers
 * 510 to /maintenance/expert/add. The menu tree table shows the menus and edits one. Screenshots of
 * both pages and the drawer go to test-results/screens/.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiLogin } from './support/api';
import { openFromMenu, screenshot, signInQuickly, toast } from './support/app';
import { fillForm, listButton, listRow, modal, schemaList } from './support/schemaPage';
import { api, grantButton, revokeInAuthorizeDrawer } from './support/sysAdmin';

async function lisiOnExperts(browser: Browser): Promise<Page> {
  const page = await browser.newPage();
  await signInQuickly(page, 'lisi');
  await openFromMenu(page, '基础数据', '专家');
  await expect(schemaList(page)).toBeVisible();
  return page;
}

test.describe('角色管理 and 菜单管理', () => {
  test.describe.configure({ mode: 'serial' });
  let admin: Page;

  test.beforeAll(async ({ browser }) => {
    admin = await browser.newPage();
    await signInQuickly(admin, 'admin');
  });
  test.afterAll(async ({ request }) => {
    await admin?.close();
    // Whatever happened above, 公估师 leaves as the seed made it: other specs read lisi's 专家 page.
    await grantButton(request, (await apiLogin(request, 'admin', '123456')) as string, 'adjuster', '新增专家', false);
  });

  test('授权 takes 新增专家 from 公估师: after F5 lisi has no 新增 on 专家 and the server answers 510', async ({ browser, request }) => {
    const adminToken = (await apiLogin(request, 'admin', '123456')) as string;
    const buttonId = await grantButton(request, adminToken, 'adjuster', '新增专家');
    const lisi = await lisiOnExperts(browser);
    await expect(listButton(lisi, '新增')).toBeVisible();

    await openFromMenu(admin, '系统管理', '角色管理');
    const row = listRow(admin, '公估师');
    await expect(row).toContainText('adjuster');
    await screenshot(admin, 'role-01-list');
    await revokeInAuthorizeDrawer(admin, '公估师', buttonId, () => screenshot(admin, 'role-02-authorize-drawer'));
    await expect(toast(admin, '保存成功！')).toBeVisible();

    // lisi's open page keeps what it fetched; F5 fetches the permissions again.
    await lisi.reload();
    await expect(schemaList(lisi)).toBeVisible();
    await expect(listRow(lisi, '').first()).toBeVisible();
    await expect(listButton(lisi, '新增')).toHaveCount(0);
    const lisiToken = (await apiLogin(request, 'lisi', '123456')) as string;
    const refused = await api(request, lisiToken, 'POST', '/maintenance/expert/add', { expertName: '无权专家' });
    expect(refused).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
    await lisi.close();
  });

  test('用户 lists the role\'s users', async () => {
    const row = listRow(admin, '公估师');
    await row.locator('td').last().locator('a').filter({ hasText: '用户' }).click();
    const drawer = admin.locator('.ant-drawer-content').filter({ hasText: '角色用户：公估师' });
    await expect(drawer).toBeVisible();
    await expect(drawer.locator('.ant-table-row').filter({ hasText: 'lisi' })).toBeVisible();
    await screenshot(admin, 'role-03-users-drawer');
    await drawer.locator('.ant-drawer-close').click();
    await expect(drawer).toHaveCount(0);
  });

  test('deleting 公估师 is refused, naming who holds it', async () => {
    const row = listRow(admin, '公估师');
    await row.locator('td').last().locator('a').filter({ hasText: '删除' }).click();
    await admin.locator('.ant-modal-confirm, .ant-popover').getByRole('button', { name: /确\s*定/ }).click();
    await expect(toast(admin, /角色「公估师」正被用户 .*lisi.* 使用，不能删除/)).toBeVisible();
    await expect(listRow(admin, '公估师')).toBeVisible();
  });

  test('the menu tree table shows 系统管理 with its entries and edits one', async () => {
    await openFromMenu(admin, '系统管理', '菜单管理');
    const system = listRow(admin, '系统管理');
    await expect(system).toContainText('一级菜单');
    await system.locator('.ant-table-row-expand-icon').click();
    const role = listRow(admin, '角色管理');
    await expect(role).toContainText('schema/sys/role');
    await screenshot(admin, 'permission-01-tree-table');
    const link = listRow(admin, '通讯录');
    await link.locator('td').last().locator('a').filter({ hasText: '编辑' }).click();
    const dialog = modal(admin, '编辑');
    await expect(dialog).toBeVisible();
    await fillForm(dialog, { 菜单名称: '员工通讯录' });
    await screenshot(admin, 'permission-02-edit');
    await dialog.getByRole('button', { name: '选择图标' }).click();
    const icons = modal(admin, '选择图标');
    await icons.getByPlaceholder('按名称搜索图标，如 user').fill('team');
    await screenshot(admin, 'permission-03-icon-picker');
    await icons.getByRole('button', { name: 'TeamOutlined' }).click();
    await expect(icons).toHaveCount(0);
    await expect(dialog.locator('input[value="TeamOutlined"]')).toBeVisible();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(toast(admin, '编辑成功！')).toBeVisible();
    await expect(listRow(admin, '员工通讯录')).toContainText('TeamOutlined');
  });
});
