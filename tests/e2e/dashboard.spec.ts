/**
 * 首页 on live data (issue 18): the figures come from GET /dashboard/analysis, and each one opens the
 * list it counts, filtered — the list's total is the figure (admin, and lisi under his data rule).
 * Screenshots of 首页 go to SHOTS_DIR.
 */
import { expect, test, type Page } from '@playwright/test';
import type { DashboardAnswer, Figure } from '../../runtime/dashboard/figures';
import { HOME_PATH, screenshot, signInQuickly } from './support/app';
import { listRows, schemaList, totalText } from './support/schemaPage';

test.describe.configure({ mode: 'serial' });

/** Signs in and waits for 首页's figures; answers them as the server sent them. */
async function openDashboard(page: Page, username: string): Promise<DashboardAnswer> {
  // The API's answer, not the page itself (signInQuickly opens /dashboard/analysis by its address).
  const answer = page.waitForResponse(
    (r) => r.url().includes('/dashboard/analysis') && r.request().method() === 'GET' && r.request().resourceType() !== 'document',
  );
  await signInQuickly(page, username);
  await expect(page).toHaveURL(new RegExp(`${HOME_PATH}$`));
  const body = (await (await answer).json()) as { success: boolean; result: DashboardAnswer };
  expect(body.success).toBe(true);
  await expect(page.getByTestId('dashboard').locator('[data-figure="monthOpened"]')).toBeVisible();
  return body.result;
}

/** Clicks the figure's link on 首页 and reads the total of the list it opens. */
async function totalBehind(page: Page, figure: Figure): Promise<number> {
  const link = page.getByTestId('dashboard').locator(`[data-figure-link="${figure.key}"]`).first();
  await link.scrollIntoViewIfNeeded();
  await link.click();
  await expect(page).not.toHaveURL(new RegExp(`${HOME_PATH}$`));
  await expect(schemaList(page)).toBeVisible();
  let total = 0;
  if (figure.count === 0) {
    await expect(schemaList(page).locator('.ant-empty')).toBeVisible();
    await expect(listRows(page)).toHaveCount(0);
  } else {
    await expect(totalText(page)).toContainText(`共${figure.count}条`);
    total = Number(/共(\d+)条/.exec((await totalText(page).textContent()) ?? '')?.[1]);
  }
  await page.goBack();
  await expect(page.getByTestId('dashboard').locator('[data-figure="monthOpened"]')).toBeVisible();
  return total;
}

function linked(answer: DashboardAnswer): Figure[] {
  const trend = answer.trend.slice(-1).flatMap((m) => [m.opened, ...(m.closed ? [m.closed] : [])]);
  return [...answer.cards, ...answer.states, ...answer.insurers.slice(0, 2), ...answer.areas.slice(0, 2), ...trend];
}

test.describe('首页 on live data', () => {
  test('admin: the figures show, and each opens its list whose total is the figure', async ({ page }) => {
    test.setTimeout(300_000);
    const answer = await openDashboard(page, 'admin');
    const dashboard = page.getByTestId('dashboard');
    await expect(dashboard.locator('[data-figure="yearOpened"]')).toContainText('本年新收');
    await expect(dashboard.locator('[data-figure="state.handle"]')).toContainText('处理中');
    await expect(page.getByTestId('dashboard-trend').locator('canvas, svg').first()).toBeVisible();
    await expect(page.getByTestId('dashboard-visits')).toContainText('今日访问');
    expect(answer.cards.find((f) => f.key === 'yearOpened')?.count).toBeGreaterThan(0);
    await screenshot(page, 'dashboard-admin');
    await page.mouse.wheel(0, 900);
    await screenshot(page, 'dashboard-admin-lower');

    for (const figure of linked(answer)) {
      if ((await dashboard.locator(`[data-figure-link="${figure.key}"]`).count()) === 0) continue;
      expect({ key: figure.key, total: await totalBehind(page, figure) }).toEqual({ key: figure.key, total: figure.count });
    }
  });

  test('lisi (公估师): his figures, each the total of his list', async ({ page }) => {
    test.setTimeout(300_000);
    const answer = await openDashboard(page, 'lisi');
    const dashboard = page.getByTestId('dashboard');
    // 结案审批 is not his: no figure for it.
    await expect(dashboard.locator('[data-figure="casesToApprove"]')).toHaveCount(0);
    await screenshot(page, 'dashboard-lisi');
    for (const figure of linked(answer)) {
      if ((await dashboard.locator(`[data-figure-link="${figure.key}"]`).count()) === 0) continue;
      expect({ key: figure.key, total: await totalBehind(page, figure) }).toEqual({ key: figure.key, total: figure.count });
    }
  });

  test('a failed load says so in Chinese and 重试 loads the figures', async ({ page }) => {
    let refuse = true;
    // Only the figures' API: signInQuickly opens the page /dashboard/analysis by its address.
    await page.route('**/dashboard/analysis**', (route) =>
      refuse && route.request().resourceType() !== 'document' ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: '服务器繁忙', code: 500 }) }) : route.continue(),
    );
    await signInQuickly(page, 'admin');
    const dashboard = page.getByTestId('dashboard');
    await expect(dashboard).toContainText('首页统计加载失败');
    await screenshot(page, 'dashboard-failed');
    refuse = false;
    await dashboard.getByRole('button', { name: /重\s*试/ }).click();
    await expect(dashboard.locator('[data-figure="monthOpened"]')).toBeVisible();
  });
});
