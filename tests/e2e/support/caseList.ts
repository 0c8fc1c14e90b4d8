import { expect as baseExpect, type Browser, type Page } from '@playwright/test';
import { openFromMenu, signIn } from './app';

// The case form holds two dozen widgets: on the shared two-core test machine opening it can take
// several seconds, and the case specs walk through many dialogs.
export const OPENING = { timeout: 40_000 };
export const CASE_ACTION_TIMEOUT = 40_000;
export const expect = baseExpect.configure({ timeout: 30_000 });

/** A page of its own, signed in as admin, on 案件管理 → 全部案件 (the case specs share one per file). */
export async function openCaseList(browser: Browser): Promise<Page> {
  const page = await browser.newPage();
  await signIn(page, 'admin');
  await openFromMenu(page, '案件管理', '全部案件');
  return page;
}
