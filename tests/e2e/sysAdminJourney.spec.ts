/**
 * A new administrator sets the firm up without touching a seed file, in one sitting: 部门管理 gets
 * 理赔二部; 用户管理 adds 赵六 there as 公估师; 赵六 signs in in a second browser and gets exactly that
 * role's menu; 授权 takes 专家's 新增 from 公估师 — after F5 赵六's page has no 新增 and the server
 * answers 510; a 系统通告 for 赵六 reaches his bell without a reload; 冻结 sends his open page to the
 * sign-in page. (The template e-mail through a local SMTP server is sysAnnouncement.spec.ts's, the
 * data rule sysDataRule.spec.ts's.) Screenshots go to test-results/screens/journey-*.jpg.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiLogin } from './support/api';
import { DEMO_PASSWORD, LOGIN_PATH, OK_BUTTON, openFromMenu, screenshot, signIn, signInQuickly, toast, topLevelMenuTitles } from './support/app';
import { checkRow } from './support/pickerDialog';
import { chooseRadio, clickRowAction, confirmDialog, fillForm, formInput, formItem, listButton, listRow, modal, okButton, schemaList } from './support/schemaPage';
import { api, bell, bellCount, chooseSeveral, grantButton, revokeInAuthorizeDrawer } from './support/sysAdmin';

const DEPART = '理赔二部';
const USERNAME = 'zhao_liu2';
const PASSWORD = 'Zhao2-pass!';
const NOTICE = '赵六入职须知';

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test.describe('系统管理 as a new administrator uses it', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(180_000);
  let admin: Page;
  let zhao: Page;
  let expertAdd: string;

  test.beforeAll(async ({ browser }) => {
    admin = await newPage(browser);
    await signInQuickly(admin, 'admin');
  });
  test.afterAll(async ({ request }) => {
    await zhao?.context().close();
    await admin?.context().close();
    // Whatever happened above, 公估师 leaves as the seed made it: other specs read lisi's 专家 page.
    const adminToken = (await apiLogin(request, 'admin', DEMO_PASSWORD)) as string;
    await grantButton(request, adminToken, 'adjuster', '新增专家', false);
  });

  test(`部门管理: ${DEPART} under the company`, async () => {
    await openFromMenu(admin, '系统管理', '部门管理');
    const tree = admin.locator('.tree-pane').filter({ visible: true });
    await tree.locator('.ant-tree-title').getByText('华泰公估有限公司', { exact: true }).click();
    await tree.getByRole('button', { name: '添加下级' }).click();
    const form = modal(admin, '新增部门');
    await fillForm(form, { 机构名称: DEPART });
    await okButton(form).click();
    await expect(toast(admin, '添加成功！')).toBeVisible();
    await expect(tree.locator('.ant-tree-title').getByText(DEPART, { exact: true }).first()).toBeVisible();
  });

  test(`用户管理: 赵六 joins ${DEPART} as 公估师`, async () => {
    await openFromMenu(admin, '系统管理', '用户管理');
    await listButton(admin, '新增').click();
    const form = modal(admin, '新增用户');
    await fillForm(form, { 用户账号: USERNAME, 用户姓名: '赵六', 登录密码: PASSWORD, 确认密码: PASSWORD, 手机号码: '13698760002' });
    await chooseSeveral(form, '角色', '公估师');
    await chooseSeveral(form, '所属部门', DEPART);
    await okButton(form).click();
    await expect(toast(admin, '添加成功！')).toBeVisible();
    const row = listRow(admin, USERNAME);
    await expect(row).toContainText(DEPART);
    await expect(row).toContainText('公估师');
    await screenshot(admin, 'journey-01-user-added');
  });

  test('赵六 signs in in a second browser and gets exactly the 公估师 menu', async ({ browser, request }) => {
    const adminToken = (await apiLogin(request, 'admin', DEMO_PASSWORD)) as string;
    // The seed does not grant 公估师 专家's 新增; the administrator did, before this story.
    expertAdd = await grantButton(request, adminToken, 'adjuster', '新增专家');
    zhao = await newPage(browser);
    await signIn(zhao, USERNAME, PASSWORD);
    const lisi = await newPage(browser);
    await signInQuickly(lisi, 'lisi');
    // Same role, same menu: 赵六's is 李四's (a 公估师 of the seed).
    expect(await topLevelMenuTitles(zhao)).toEqual(await topLevelMenuTitles(lisi));
    expect(await topLevelMenuTitles(zhao)).not.toContain('系统管理');
    await lisi.context().close();
    await openFromMenu(zhao, '基础数据', '专家');
    await expect(listButton(zhao, '新增')).toBeVisible();
  });

  test('授权 takes 新增 on 专家 from 公估师: after F5 赵六 has no 新增 and the server answers 510', async ({ request }) => {
    await openFromMenu(admin, '系统管理', '角色管理');
    await revokeInAuthorizeDrawer(admin, '公估师', expertAdd);
    await zhao.reload();
    await expect(schemaList(zhao)).toBeVisible();
    await expect(listButton(zhao, '新增')).toHaveCount(0);
    const token = (await apiLogin(request, USERNAME, PASSWORD)) as string;
    const refused = await api(request, token, 'POST', '/maintenance/expert/add', { expertName: '无权专家' });
    expect(refused).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
    await screenshot(zhao, 'journey-02-zhao-experts');
  });

  test('a 系统通告 for 赵六 reaches his bell without a reload', async () => {
    const before = await bellCount(zhao);
    await openFromMenu(admin, '系统管理', '系统通告');
    await listButton(admin, '新增').click();
    const form = modal(admin, '新增系统通告');
    await fillForm(form, { 标题: NOTICE });
    await chooseRadio(form, '通告对象', '指定用户');
    await formInput(form, '指定用户').click();
    const users = modal(admin, '根据部门选择用户');
    await users.getByPlaceholder('请输入姓名').fill('赵六');
    await users.getByRole('button', { name: /查\s*询/ }).click();
    await checkRow(users, USERNAME);
    await okButton(users).click();
    await formItem(form, '内容').locator('.ql-editor').fill('请于入职首周完成系统培训。');
    await okButton(form).click();
    await expect(toast(admin, '添加成功！')).toBeVisible();
    const row = listRow(admin, NOTICE);
    await row.locator('td').last().locator('a').filter({ hasText: '发布' }).click();
    await confirmDialog(admin, '确认提示').getByRole('button', { name: OK_BUTTON }).click();
    await expect(toast(admin, '该系统通知发布成功')).toBeVisible();

    await expect.poll(() => bellCount(zhao)).toBe(before + 1);
    await bell(zhao).click();
    await expect(zhao.locator('.ant-popover .notice-item').filter({ hasText: NOTICE })).toBeVisible();
    await screenshot(zhao, 'journey-03-zhao-bell');
    await zhao.keyboard.press('Escape');
  });

  test('冻结 sends 赵六’s open page to the sign-in page', async () => {
    await openFromMenu(admin, '系统管理', '用户管理');
    const row = listRow(admin, USERNAME);
    await clickRowAction(row, '冻结');
    await confirmDialog(admin, '确认提示').getByRole('button', { name: OK_BUTTON }).click();
    await expect(toast(admin, '冻结成功！')).toBeVisible();
    await expect(zhao).toHaveURL(new RegExp(LOGIN_PATH), { timeout: 20_000 });
    await screenshot(zhao, 'journey-04-zhao-signed-out');
  });
});
