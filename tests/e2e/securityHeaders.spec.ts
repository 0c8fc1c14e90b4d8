/**
 * The built app under its Content-Security-Policy (server/http/securityHeaders.ts): signing in, a
 * schema page (its validator is precompiled — no eval), the notice socket and an external https
 * iframe as the 行业资讯 menu item shows it all work without a single CSP violation in the browser.
 */
import { expect, test, type Page } from '@playwright/test';
import { openFromMenu, signIn } from './support/app';
import { schemaList } from './support/schemaPage';

/** Every CSP violation the page reports, from the DOM event and from Chromium's console message. */
function watchViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (/Content Security Policy|unsafe-eval/i.test(error.message)) seen.push(error.message);
  });
  return seen;
}

test('the app signs in and shows its pages under the CSP without a violation', async ({ page }) => {
  const violations = watchViolations(page);
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const answer = await page.goto('/');
  const csp = answer?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-eval');
  expect(answer?.headers()['x-content-type-options']).toBe('nosniff');

  await signIn(page, 'admin');
  await openFromMenu(page, '基础数据', '币种');
  await expect(schemaList(page).locator('.ant-table-row').first()).toBeVisible();
  // What the 行业资讯 iframe page (layouts/IframePageView) embeds: an external https page is allowed.
  await page.evaluate(() => {
    const frame = document.createElement('iframe');
    frame.src = 'https://www.iachina.cn/';
    document.body.appendChild(frame);
  });
  // The notice socket connects after sign-in; give late requests a moment to be reported.
  await page.waitForTimeout(1500);
  expect(violations).toEqual([]);
});
