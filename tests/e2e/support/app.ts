import { errors, expect, type Locator, type Page } from '@playwright/test';

/** Demo data contract (server seed): every demo login uses this password. */
export const DEMO_PASSWORD = '123456';
export const PRODUCT_NAME = '公估业务管理系统';
export const HOME_PATH = '/dashboard/analysis';
export const LOGIN_PATH = '/user/login';

/** The e2e server runs with CAPTCHA=off, so any answer is accepted; the field is still required. */
const ANY_CAPTCHA = 'ab12';

/** Fills and submits the account login form; does not wait for the outcome. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  if (!page.url().includes(LOGIN_PATH)) await page.goto(LOGIN_PATH);
  await page.getByPlaceholder('请输入用户名').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByPlaceholder('请输入验证码').fill(ANY_CAPTCHA);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/** Signs in and waits until the authenticated layout shows (home page unless a redirect applies). */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(LOGIN_PATH);
  await submitLogin(page, username, password);
  await expect(page.locator('.global-header')).toBeVisible();
  await expect(page).not.toHaveURL(/\/user\/login/);
}

/** The browser keys (namespace `pro__`, JSON `{ value, expire }`) src/store applies after a sign-in. */
const SEVEN_DAYS_MS = 604_800_000;

interface ApiLoginResult {
  token: string;
  userInfo: { username: string };
  sysAllDictItems: unknown;
  dictVersion?: string;
  multi_depart: 0 | 1 | 2;
  tenantList?: { id: number }[];
}

/**
 * Signs in without the login page: asks the server's /sys/login (as the form does, 记住我 ticked),
 * writes the answer where the web app keeps a remembered session (src/store/session.ts applyLogin,
 * the dictionary cache of runtime/dict) and opens `path` signed in (home by default).
 * Usage: `await signInQuickly(page, 'lisi')`, `await signInQuickly(page, 'admin', { path: '/cost/work-hour' })`.
 * Cheaper than signIn: no login page to load, fill and submit, and with `path` no 首页 figures and
 * chart before the page under test. For tests that need a signed-in user, not those about signing in. A user who must choose a
 * department or tenant after signing in (zhangsan) is signed in through the form (signIn) instead, so
 * the test still meets the 部门选择 / 租户选择 dialog.
 */
export async function signInQuickly(
  page: Page,
  username: string,
  { path = HOME_PATH, password = DEMO_PASSWORD }: { path?: string; password?: string } = {},
): Promise<void> {
  const res = await page.request.post('/insurance/sys/login', {
    data: { username, password, captcha: ANY_CAPTCHA, checkKey: `e2e-${Date.now()}`, remember_me: true },
  });
  const body = (await res.json()) as { code: number; message: string; result?: ApiLoginResult };
  if (body.code !== 200 || !body.result) throw new Error(`sign-in of ${username} refused: ${body.message}`);
  const result = body.result;
  const tenants = result.tenantList ?? [];
  // Whoever must choose a department or tenant (a spec before may have given one a second) gets the
  // login form and the dialog it opens, as with signIn.
  if (result.multi_depart === 2 || tenants.length > 1) {
    await signIn(page, username, password);
    return;
  }
  // Any small document of the app's origin gives access to its storage.
  await page.goto('/config.js');
  await page.evaluate(
    ({ result, tenantId, ttl }) => {
      const expire = Date.now() + ttl;
      const put = (key: string, value: unknown) => localStorage.setItem(`pro__${key}`, JSON.stringify({ value, expire }));
      // What an earlier session of this page left goes first, as applyLogin and the choice setters do.
      for (const key of ['Access-Token', 'Login_Username', 'Login_Userinfo', 'TENANT_ID', 'UI_CACHE_DB_DICT_DATA', 'UI_CACHE_DB_DICT_VERSION', 'NOT_REMEMBERED']) {
        localStorage.removeItem(`pro__${key}`);
        sessionStorage.removeItem(`pro__${key}`);
      }
      sessionStorage.removeItem('NEED_DEPART_SELECT');
      sessionStorage.removeItem('NEED_TENANT_SELECT');
      put('Access-Token', result.token);
      put('Login_Username', result.userInfo.username);
      put('Login_Userinfo', result.userInfo);
      put('TENANT_ID', tenantId);
      put('UI_CACHE_DB_DICT_DATA', result.sysAllDictItems);
      if (result.dictVersion) put('UI_CACHE_DB_DICT_VERSION', result.dictVersion);
    },
    { result, tenantId: tenants.length === 1 ? tenants[0].id : 0, ttl: SEVEN_DAYS_MS },
  );
  await page.goto(path);
  await expect(page.locator('.global-header')).toBeVisible();
  await expect(page).not.toHaveURL(/\/user\/login/);
}

/** The side menu of the desktop layout. */
export function sideMenu(page: Page): Locator {
  return page.locator('.side-menu');
}

/** Titles of the top-level side menu entries, in order. */
export async function topLevelMenuTitles(page: Page): Promise<string[]> {
  const titles = sideMenu(page).locator(
    'ul.ant-menu-root > li > .ant-menu-submenu-title .ant-menu-title-content, ul.ant-menu-root > li.ant-menu-item .ant-menu-title-content',
  );
  await expect(titles.first()).toBeVisible();
  return (await titles.allTextContents()).map((t) => t.trim());
}

/** Opens a page from the side menu: its group (opened when closed), then the entry. */
export async function openFromMenu(page: Page, group: string, entry: string): Promise<void> {
  const menu = sideMenu(page);
  const item = menu.locator('li.ant-menu-item .ant-menu-title-content').getByText(entry, { exact: true });
  // The menu opens the groups of the page shown a moment after the page shows (SideMenu.tsx), and
  // one top-level group at a time: a group opened just before that moment closes again. Open it
  // until the entry takes the click, rather than trusting one look.
  await expect(async () => {
    if (!(await item.isVisible())) {
      await menu.locator('.ant-menu-submenu-title').filter({ hasText: group }).first().click({ timeout: 5_000 });
      await expect(item).toBeVisible({ timeout: 3_000 });
    }
    // A click while the group is still sliding open can miss the entry.
    await expect(menu.locator('.ant-menu-sub[class*="ant-motion-collapse"]')).toHaveCount(0, { timeout: 3_000 });
    await item.click({ timeout: 5_000 });
  }).toPass({ timeout: 40_000 });
}

/** Tab strip labels, in order. */
export function tabLabels(page: Page): Locator {
  return page.locator('.multi-tab .ant-tabs-nav-list .multi-tab-label');
}

export function tab(page: Page, title: string): Locator {
  return page.locator('.multi-tab .ant-tabs-nav-list .ant-tabs-tab').filter({
    has: page.locator('.multi-tab-label').getByText(title, { exact: true }),
  });
}

/** Right-clicks a tab and chooses an entry of its context menu (刷新 / 关闭左侧 / 关闭右侧 / 关闭其他). */
export async function tabMenu(page: Page, title: string, action: string): Promise<void> {
  await tab(page, title).locator('.multi-tab-label').click({ button: 'right' });
  const entry = page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').filter({ hasText: action });
  await entry.click();
  await expect(page.locator('.ant-dropdown:visible')).toHaveCount(0);
}

/** Breadcrumb entries' texts. */
export function breadcrumb(page: Page): Locator {
  return page.locator('.page-breadcrumb .ant-breadcrumb-link');
}

/** Opens the header's user dropdown and chooses an entry. */
export async function userMenu(page: Page, entry: string | RegExp): Promise<void> {
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').filter({ hasText: entry }).click();
}

/** The antd message toast with this text. */
export function toast(page: Page, text: string | RegExp): Locator {
  // The newest: an earlier save's 保存成功！ may still be on screen (messages stay 3 s).
  return page.locator('.ant-message-notice').filter({ hasText: text }).last();
}

/** antd puts a space between the two characters of 确定 / 取消 buttons. */
// Not anchored: after a request antd's button may keep its collapsing "loading" icon in the DOM for
// a while, which prefixes the accessible name ("loading 确 定") though nothing shows on screen.
export const OK_BUTTON = /确\s*定$/;

/** Signs out through the user dropdown and its confirmation. */
export async function signOut(page: Page): Promise<void> {
  await userMenu(page, '退出登录');
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('真的要注销登录吗 ?');
  // A click while the confirmation is still zooming in can land on its mask (seen once on a loaded
  // machine: no logout request was sent); click again while it is still there.
  await expect(async () => {
    if (await confirm.isVisible()) await confirm.getByRole('button', { name: OK_BUTTON }).click({ timeout: 3_000 });
    await expect(page).toHaveURL(/\/user\/login/, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/** Where screenshots go: SHOTS_DIR, or test-results/screens/. */
const SCREENS_DIR = process.env.SHOTS_DIR || 'test-results/screens';

/**
 * Waits until the page's finite animations have finished (spinners go on for ever): first two frames,
 * so that one just triggered has started, then until none runs. At most about 400 ms: a window
 * Chromium does not paint (one of two open browsers) may never run a frame or finish an animation.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        setTimeout(resolve, 100);
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      }),
  );
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { polling: 50, timeout: 300 },
    )
    .catch((err: unknown) => {
      // Take the picture (or go on) anyway.
      if (!(err instanceof errors.TimeoutError)) throw err;
    });
}

/**
 * Saves a screenshot of the current screen under SCREENS_DIR (for a human to look at), as a JPEG:
 * Chromium encodes one in a fraction of a PNG's time, and the run takes hundreds.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  // The finished screen, not one of antd's enter animations half way.
  await animationsSettled(page);
  await page.screenshot({ path: `${SCREENS_DIR}/${name}.jpg`, type: 'jpeg', quality: 85 });
}

/** A user of several departments (张三) chooses one in 部门选择 right after signing in. */
export async function chooseDepartment(page: Page, name: string): Promise<void> {
  const choose = page.locator('.ant-modal').filter({ hasText: '部门选择' });
  await choose.locator('.ant-select').click();
  await page.locator('.ant-select-item-option').filter({ hasText: name }).click();
  await choose.getByRole('button', { name: OK_BUTTON }).click();
  await expect(choose).toBeHidden();
}
