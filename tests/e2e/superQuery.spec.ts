/**
 * 高级查询 on 专家 as admin: build a query (专业方向 包含 损失 AND 性别 等于 男), run it, save it on the
 * server, sign out and in (with the browser's local copy wiped), load the saved query, run it again,
 * clear it; the spec's messages on the way.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { OK_BUTTON, openFromMenu, screenshot, signInQuickly, signOut, toast } from './support/app';
import { clickQueryButton, columnTexts, confirmDialog, modal, pickOption, schemaList, totalText } from './support/schemaPage';

const MATCHING = ['刘洋', '吴涛', '王建国'];
const TITLE = '男性损失专家';

const sorted = (texts: string[]) => [...texts].sort();

function builder(page: Page): Locator {
  return modal(page, '高级查询构造器');
}

function footerButton(page: Page, text: RegExp): Locator {
  return builder(page).locator('.ant-modal-footer').getByRole('button', { name: text });
}

async function expectNames(page: Page, names: string[]): Promise<void> {
  // After a reload the app starts again on two shared cores: give it time.
  await expect.poll(async () => sorted(await columnTexts(page, '专家姓名')), { timeout: 30_000 }).toEqual(sorted(names));
}

async function choose(page: Page, label: string, option: string): Promise<void> {
  await builder(page).locator(`.ant-select[aria-label="${label}"]`).click();
  await pickOption(page, option);
}

async function openExperts(page: Page): Promise<void> {
  await openFromMenu(page, '基础数据', '专家');
  await expect(totalText(page)).toHaveText('1-10 共10条');
}

async function openBuilder(page: Page): Promise<void> {
  await schemaList(page).getByRole('button', { name: /高级查询$/ }).first().click();
  await expect(builder(page)).toBeVisible();
}

async function runAndClose(page: Page): Promise<void> {
  await footerButton(page, /查\s*询$/).click();
  await footerButton(page, /关\s*闭$/).click();
  await expect(builder(page)).toBeHidden();
}

const activeButton = (page: Page) => schemaList(page).locator('.super-query-active');

test.describe.configure({ mode: 'serial' });

test('builds, runs, saves, reloads and clears an advanced query on 专家', async ({ page }) => {
  test.setTimeout(180_000);
  await signInQuickly(page, 'admin');
  await openExperts(page);
  await expect(activeButton(page)).toHaveCount(0);

  await openBuilder(page);
  const dialog = builder(page);
  await expect(dialog.locator('.super-query-saved')).toContainText('没有保存任何查询');
  await expect(dialog).toContainText('过滤条件匹配');
  // An empty builder has one row with 等于.
  await expect(dialog.locator('.super-query-row')).toHaveCount(1);
  await expect(dialog.locator('.super-query-row').first()).toContainText('等于');

  // Empty query: neither run nor saved.
  await footerButton(page, /查\s*询$/).click();
  await expect(toast(page, '不能查询空条件')).toBeVisible();
  await footerButton(page, /保存查询条件$/).click();
  await expect(toast(page, '空条件不能保存')).toBeVisible();

  await choose(page, '条件1的字段', '专业方向');
  await choose(page, '条件1的匹配规则', '包含');
  await dialog.getByRole('textbox', { name: '条件1的值', exact: true }).fill('损失');
  await dialog.getByRole('button', { name: '新增条件1' }).click();
  await choose(page, '条件2的字段', '性别');
  await choose(page, '条件2的值', '男');
  await expect(dialog.locator('.super-query-row')).toHaveCount(2);
  await screenshot(page, 'superQuery-builder-rows');

  await runAndClose(page);
  await expectNames(page, MATCHING);
  await expect(totalText(page)).toHaveText('1-3 共3条');
  await expect(activeButton(page)).toBeVisible();
  await expect(page).toHaveURL(/superQuery=/);
  await activeButton(page).getByRole('button', { name: /高级查询$/ }).hover();
  await expect(page.locator('.ant-tooltip:visible')).toContainText('已有高级查询条件生效');
  await expect(page.locator('.ant-tooltip:visible')).toContainText('清空');
  await screenshot(page, 'superQuery-active-button');

  // The active query is in the URL: a reload keeps it.
  await page.reload();
  await expectNames(page, MATCHING);
  await expect(activeButton(page)).toBeVisible();

  // Reopened, the builder shows the active query; save it under a name.
  await openBuilder(page);
  await expect(dialog.getByRole('textbox', { name: '条件1的值', exact: true })).toHaveValue('损失');
  await footerButton(page, /保存查询条件$/).click();
  const prompt = modal(page, '请输入保存的名称');
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: OK_BUTTON }).click();
  await expect(toast(page, '保存名称不能为空')).toBeVisible();
  await prompt.getByLabel('请输入保存的名称').fill(TITLE);
  await prompt.getByRole('button', { name: OK_BUTTON }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(prompt).toBeHidden();
  const saved = dialog.locator('.super-query-saved');
  await expect(saved.getByText(TITLE, { exact: true })).toBeVisible();

  // The same name again asks to overwrite.
  await footerButton(page, /保存查询条件$/).click();
  await prompt.getByLabel('请输入保存的名称').fill(TITLE);
  await prompt.getByRole('button', { name: OK_BUTTON }).click();
  const overwrite = confirmDialog(page, `${TITLE} 已存在，是否覆盖？`);
  await expect(overwrite).toBeVisible();
  await overwrite.getByRole('button', { name: OK_BUTTON }).click();
  await expect(toast(page, '保存成功').last()).toBeVisible();
  await expect(saved.getByText(TITLE, { exact: true })).toHaveCount(1);
  await screenshot(page, 'superQuery-saved-list');
  await footerButton(page, /关\s*闭$/).click();

  // Sign out, wipe the browser's copy: the saved query comes from the server.
  await signOut(page);
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.includes('JSuperQuerySaved_')) localStorage.removeItem(key);
  });
  await signInQuickly(page, 'admin');
  await page.goto('/');
  await openExperts(page);
  await expect(activeButton(page)).toHaveCount(0);
  await openBuilder(page);
  await expect(saved.getByText(TITLE, { exact: true })).toBeVisible();
  await saved.getByText(TITLE, { exact: true }).click();
  await expect(dialog.getByRole('textbox', { name: '条件1的值', exact: true })).toHaveValue('损失');
  await expect(dialog.locator('.super-query-row')).toHaveCount(2);
  await runAndClose(page);
  await expectNames(page, MATCHING);
  await expect(activeButton(page)).toBeVisible();

  // The query bar's own condition combines with the advanced one.
  await schemaList(page).getByPlaceholder('请输入专家姓名').fill('王');
  await clickQueryButton(page, '查询');
  await expectNames(page, ['王建国']);
  await clickQueryButton(page, '重置');
  await expectNames(page, MATCHING);

  // 清空: no active filter, every row back.
  await activeButton(page).getByRole('button', { name: '清空' }).click();
  await expect(activeButton(page)).toHaveCount(0);
  await expect(totalText(page)).toHaveText('1-10 共10条');
  await expect(page).not.toHaveURL(/superQuery=/);

  // Delete the saved query.
  await openBuilder(page);
  await saved.getByRole('button', { name: `删除${TITLE}` }).click();
  const ask = confirmDialog(page, '是否删除当前查询？');
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: OK_BUTTON }).click();
  await expect(saved).toContainText('没有保存任何查询');
});
