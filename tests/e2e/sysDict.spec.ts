/**
 * 数据字典, 校验规则 and 填值规则 as an administrator uses them: a new item of 职级 added through
 * 字典配置 reaches the 职务管理 page after 刷新缓存 — and, in a second browser signed in before the
 * change, after a reload (the server's dictionary version differs from its cached copy). The 回收站
 * restores a deleted dictionary; 校验规则's 测试 box and 填值规则's 测试 answer without using anything up.
 * Screenshots go to test-results/screens/.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { OK_BUTTON, openFromMenu, screenshot, signInQuickly, toast } from './support/app';
import { clickQueryButton, closeDiscardingIfAsked, confirmDialog, fillForm, listButton, modal, okButton, queryBar, schemaList } from './support/schemaPage';

const NEW_RANK = '首席级';

/** The visible list of the page (the drawer's list is another). */
const mainList = (page: Page) => schemaList(page).first();
const rowOf = (list: Locator, text: string) => list.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });
const links = (row: Locator) => row.locator('td').last().locator('a');

/** The options of the 职级 select in 职务管理's query bar. */
async function rankOptions(page: Page): Promise<string[]> {
  const bar = page.locator('.schema-list-query').filter({ visible: true });
  await bar.locator('.ant-form-item').filter({ hasText: '职级' }).locator('.ant-select-selector').click();
  const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-content');
  await expect(options.first()).toBeVisible();
  const texts = (await options.allTextContents()).map((t) => t.trim());
  await page.keyboard.press('Escape');
  return texts;
}

test.describe('数据字典、校验规则、填值规则', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  let other: Page;

  test.beforeAll(async ({ browser }) => {
    // Another administrator, signed in (dictionaries cached for 7 days) before anything changes.
    other = await (await browser.newContext()).newPage();
    await signInQuickly(other, 'admin');
    await openFromMenu(other, '系统管理', '职务管理');
    expect(await rankOptions(other)).not.toContain(NEW_RANK);
    page = await browser.newPage();
    await signInQuickly(page, 'admin');
  });
  test.afterAll(async () => {
    await page?.close();
    await other?.context().close();
  });

  test('数据字典 lists the dictionaries with 新增, 刷新缓存 and 回收站', async () => {
    await openFromMenu(page, '系统管理', '数据字典');
    const list = mainList(page);
    await expect(list.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(10);
    await screenshot(page, 'sysdict-01-dict-list');
    await queryBar(page).locator('.ant-form-item').filter({ hasText: '字典编码' }).locator('input').fill('position_rank');
    await clickQueryButton(page, '查询');
    await expect(rowOf(list, 'position_rank')).toContainText('职级');
    for (const button of ['新增', '刷新缓存', '回收站']) await expect(listButton(page, button)).toBeVisible();
    await expect(links(rowOf(list, 'position_rank'))).toHaveText(['编辑', '字典配置', '删除']);
  });

  test('字典配置 opens the items of 职级; 新增 adds 首席级 to that dictionary', async () => {
    await links(rowOf(mainList(page), 'position_rank')).filter({ hasText: '字典配置' }).click();
    const drawer = page.locator('.schema-detail-drawer');
    await expect(drawer.locator('.ant-drawer-title')).toHaveText('字典配置：职级');
    const items = drawer.locator('.schema-list');
    await expect(rowOf(items, '正高级')).toBeVisible();
    await expect(items.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(5);
    await screenshot(page, 'sysdict-02-items-drawer');

    await items.locator('.schema-list-toolbar').getByRole('button', { name: /新\s*增/ }).click();
    const form = modal(page, '新增字典项');
    await fillForm(form, { 名称: NEW_RANK, 数据值: '6' });
    await form.locator('.ant-input-number input').fill('6');
    await screenshot(page, 'sysdict-03-item-form');
    await okButton(form).click();
    await expect(toast(page, '添加成功！')).toBeVisible();
    await expect(rowOf(items, NEW_RANK)).toContainText('启用');

    // The same value again in this dictionary is refused, with the field named.
    await items.locator('.schema-list-toolbar').getByRole('button', { name: /新\s*增/ }).click();
    const again = modal(page, '新增字典项');
    await fillForm(again, { 名称: '重复', 数据值: '6' });
    await okButton(again).click();
    await expect(toast(page, /数据值「6」已存在/)).toBeVisible();
    await again.getByRole('button', { name: /取\s*消/ }).click();
    await closeDiscardingIfAsked(again);
    await page.locator('.ant-drawer-close').click();
    await expect(drawer).toHaveCount(0);
  });

  test('after 刷新缓存 the 职务管理 page offers the new item', async () => {
    await listButton(page, '刷新缓存').click();
    await expect(toast(page, '刷新缓存完成！')).toBeVisible();
    await openFromMenu(page, '系统管理', '职务管理');
    expect(await rankOptions(page)).toContain(NEW_RANK);
    await screenshot(page, 'sysdict-04-position-new-rank');
  });

  test('another signed-in administrator gets it at the next page load (the server’s version changed)', async () => {
    expect(await rankOptions(other)).not.toContain(NEW_RANK);
    await other.reload();
    await expect(async () => expect(await rankOptions(other)).toContain(NEW_RANK)).toPass({ timeout: 15_000 });
  });

  test('a deleted dictionary goes to the 回收站 and 还原 brings it back', async () => {
    await openFromMenu(page, '系统管理', '数据字典');
    await listButton(page, '新增').click();
    const form = modal(page, '新增数据字典');
    await fillForm(form, { 字典名称: '回收测试', 字典编码: 'e2e_recycled', 描述: '端到端测试' });
    await okButton(form).click();
    await expect(toast(page, '添加成功！')).toBeVisible();
    const list = mainList(page);
    await queryBar(page).locator('.ant-form-item').filter({ hasText: '字典编码' }).locator('input').fill('e2e_recycled');
    await clickQueryButton(page, '查询');
    await links(rowOf(list, 'e2e_recycled')).filter({ hasText: '删除' }).click();
    await confirmDialog(page, '确认').getByRole('button', { name: OK_BUTTON }).click();
    await expect(rowOf(list, 'e2e_recycled')).toHaveCount(0);

    await listButton(page, '回收站').click();
    const bin = modal(page, '数据字典回收站');
    const binned = bin.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'e2e_recycled' });
    await expect(binned).toContainText('回收测试');
    await screenshot(page, 'sysdict-05-recycle-bin');
    await binned.getByText('还原').click();
    await expect(toast(page, '还原成功！')).toBeVisible();
    await expect(binned).toHaveCount(0);
    await bin.locator('.ant-modal-close').click();
    await expect(rowOf(list, 'e2e_recycled')).toBeVisible();
  });

  test('校验规则: the 测试 box says 校验通过 or the rule’s message', async () => {
    await openFromMenu(page, '系统管理', '校验规则');
    const row = rowOf(mainList(page), 'receive_number');
    await expect(row).toContainText('案件编号规则');
    await screenshot(page, 'sysdict-06-check-rules');
    await links(row).filter({ hasText: '测试' }).click();
    const box = modal(page, '测试校验规则');
    const input = box.locator('input');
    await input.fill('GA2026000123');
    await box.getByRole('button', { name: /测\s*试/ }).click();
    await expect(box.locator('.schema-test-result')).toHaveText('校验通过');
    await input.fill('HT2026000123');
    await box.getByRole('button', { name: /测\s*试/ }).click();
    await expect(box.locator('.schema-test-result')).toHaveText('案件编号必须以 GA 开头');
    await screenshot(page, 'sysdict-07-check-rule-test');
    await box.locator('.ant-modal-close').click();
  });

  test('填值规则: 测试 shows the next number and takes none', async () => {
    await openFromMenu(page, '系统管理', '填值规则');
    const row = rowOf(mainList(page), 'customer_code');
    await expect(row).toContainText('客户编码');
    await links(row).filter({ hasText: '测试' }).click();
    const first = toast(page, /下一个编号：KH\d{12}（仅预览，不占用编号）/);
    await expect(first).toBeVisible();
    const shown = await first.textContent();
    await screenshot(page, 'sysdict-08-fill-rules');
    await page.waitForTimeout(1100);
    await links(row).filter({ hasText: '测试' }).click();
    const second = toast(page, /下一个编号/);
    await expect(second).toHaveText(/KH\d{12}/);
    // KH + the server's date + a daily sequence: the same number, unless midnight passed between
    // the two tests, when the new day's first (0001) is shown — a number taken would show neither.
    const [before, after] = [shown ?? '', (await second.textContent()) ?? ''].map((text) => /KH(\d{8})(\d{4})/.exec(text)?.slice(1) ?? []);
    if (after[0] === before[0]) expect(after[1]).toBe(before[1]);
    else expect(after[1]).toBe('0001');
  });
});
