import { expect as baseExpect, type Browser, type Locator, type Page } from '@playwright/test';
import { openFromMenu, signInQuickly } from './app';

// The case form holds two dozen widgets: on the shared two-core test machine opening it can take
// several seconds, and the case specs walk through many dialogs.
export const OPENING = { timeout: 40_000 };
export const CASE_ACTION_TIMEOUT = 40_000;
export const expect = baseExpect.configure({ timeout: 30_000 });

/** A page of its own, signed in as admin, on 案件管理 → 全部案件 (the case specs share one per file). */
export async function openCaseList(browser: Browser): Promise<Page> {
  const page = await browser.newPage();
  await signInQuickly(page, 'admin');
  await openFromMenu(page, '案件管理', '全部案件');
  return page;
}

/**
 * 详情 of the case row showing `caseName`: the case's own page (/record/receive/receive/<id>) in a new
 * tab; answers the page's body once its 基本信息 is shown.
 */
export async function openCaseRecord(page: Page, caseName: string): Promise<Locator> {
  await page.locator('.schema-list').filter({ visible: true }).locator('.ant-table-row').filter({ hasText: caseName }).getByText('详情', { exact: true }).click(OPENING);
  await expect(page).toHaveURL(/\/record\/receive\/receive\/[0-9A-Za-z]+$/);
  const record = page.locator('.record-page').filter({ visible: true });
  await expect(record.locator('th.ant-descriptions-item-label').first()).toBeVisible();
  return record;
}

/** Closes the case's page (its tab, the active one) and goes back to the list it was opened from. */
export async function closeCaseRecord(page: Page): Promise<void> {
  await page.locator('.multi-tab .ant-tabs-tab-active .ant-tabs-tab-remove').click();
  await expect(page.locator('.record-page').filter({ visible: true })).toHaveCount(0);
}
