import { expect, type Page } from '@playwright/test';
import { sideMenu } from './app';

const GROUP = '示例';

/** Opens an entry of the 示例 group (403/404/500 are also under 异常页, so the search stays in the group). */
export async function openExample(page: Page, entry: string): Promise<void> {
  const group = sideMenu(page)
    .locator('li.ant-menu-submenu')
    .filter({ has: page.locator(':scope > .ant-menu-submenu-title', { hasText: GROUP }) });
  const item = group.locator('li.ant-menu-item .ant-menu-title-content').getByText(entry, { exact: true });
  // As openFromMenu: the menu may close the group again as it follows the page shown before.
  await expect(async () => {
    if (!(await item.isVisible())) {
      await group.locator(':scope > .ant-menu-submenu-title').click({ timeout: 5_000 });
      await expect(item).toBeVisible({ timeout: 3_000 });
    }
    await item.click({ timeout: 5_000 });
  }).toPass({ timeout: 40_000 });
}
