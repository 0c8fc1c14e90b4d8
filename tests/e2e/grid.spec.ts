/**
 * The editable grid end to end on the 工时登记 grid page (schemas/pages/cost/workHour.json): add
 * rows with the add settings, edit cells (a number cell refuses letters, 员工 is picked in
 * '根据部门选择用户'), a failed cell shows its tooltip, drag a row (the order is renumbered), save
 * all rows at once, reload in order; a file cell uploads, downloads and keeps its file; a second
 * browser on the same page gets saved edits, new rows and deleted rows live through /vxeSocket;
 * a refusal only the server can see marks the refused cell.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiLogin } from './support/api';
import { OK_BUTTON, screenshot, signIn, signInQuickly, toast } from './support/app';
import { widthOf } from './support/pickerDialog';
import { cell, endEditing, grid, openOptions, row, saveGrid, typeInCell } from './support/gridPage';
import { modal } from './support/schemaPage';

const PATH = '/cost/work-hour';

async function remarks(page: Page): Promise<string[]> {
  return (await grid(page).locator('.grid-row .grid-cell[data-column="remark"]').allTextContents()).map((t) => t.trim());
}
/** Clicks a select cell and picks its n-th option. */
async function pick(page: Page, index: number, key: string, nth = 0): Promise<void> {
  await cell(page, index, key).click();
  await openOptions(page).nth(nth).click();
}
/** Picks a user for a 员工 cell in '根据部门选择用户' by username. */
async function pickUser(page: Page, index: number, username: string, shot?: string): Promise<void> {
  await cell(page, index, 'staffUser').click();
  await cell(page, index, 'staffUser').locator('input').click();
  const dialog = page.locator('.ant-modal-content').filter({ hasText: '根据部门选择用户' });
  await expect(dialog).toBeVisible();
  await dialog.locator('tr').filter({ hasText: username }).first().click();
  if (shot) await screenshot(page, shot);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden();
}
async function fillRow(page: Page, index: number, remark: string, hours: string, shot?: string): Promise<void> {
  await pick(page, index, 'caseId');
  await pick(page, index, 'hourType');
  await pickUser(page, index, 'admin', shot);
  await endEditing(page);
  await expect(cell(page, index, 'staffUser')).toHaveText('管理员');
  await cell(page, index, 'workDate').click();
  const date = cell(page, index, 'workDate').locator('input');
  await date.fill('2026-11-02');
  await date.press('Enter');
  await typeInCell(page, index, 'hours', hours);
  await typeInCell(page, index, 'remark', remark);
  await endEditing(page);
}

/** Opens (or reloads) the grid page; on a busy machine the first load may take a while. */
async function openGrid(page: Page, reload = false): Promise<void> {
  if (reload) await page.reload();
  else await page.goto(PATH);
  await gridShown(page);
}

async function gridShown(page: Page): Promise<void> {
  await expect(grid(page).locator('.grid-header')).toContainText('工时(小时)', { timeout: 30_000 });
}

/** The administrator, signed in straight onto the grid page. */
async function openGridAsAdmin(page: Page): Promise<void> {
  await signInQuickly(page, 'admin', { path: PATH });
  await gridShown(page);
}

/**
 * Clicks 保存. After a save antd's spinner icon leaves with an animation that Chromium may never
 * finish in a window it does not paint (one of two open browsers): the button then stays named
 * 'loading 保 存' although it is no longer loading and takes clicks.
 */

/** A second browser, signed in as another user (张三, 部门经理, who may edit 工时登记), on the grid. */
async function secondBrowser(browser: Browser): Promise<{ second: Page; close: () => Promise<void> }> {
  const other = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  const second = await other.newPage();
  await signIn(second, 'zhangsan');
  // 张三 belongs to two departments: the app asks for one first.
  const choose = second.locator('.ant-modal').filter({ hasText: '部门选择' });
  await choose.locator('.ant-select').click();
  await second.locator('.ant-select-item-option').filter({ hasText: '财产险理赔部' }).click();
  await choose.getByRole('button', { name: OK_BUTTON }).click();
  await expect(choose).toBeHidden();
  await openGrid(second);
  return { second, close: () => other.close() };
}

test.describe.serial('工时登记 editable grid', () => {
  // Long flows (pickers in dialogs, two browsers) on a machine whose two cores are shared.
  test.describe.configure({ timeout: 180_000 });
  // The grid starts empty: the demo firm's hours go first (no later spec reads them).
  test.beforeAll(async ({ request }) => {
    const token = (await apiLogin(request, 'admin', '123456')) ?? '';
    const headers = { 'X-Access-Token': token };
    for (;;) {
      const listed = await request.get('/insurance/cost/workHour/list?pageSize=100', { headers });
      const ids = ((await listed.json()) as { result: { records: { id: string }[] } }).result.records.map((r) => r.id);
      if (ids.length === 0) break;
      const removed = await request.delete(`/insurance/cost/workHour/deleteBatch?ids=${ids.join(',')}`, { headers });
      expect(((await removed.json()) as { success: boolean }).success).toBe(true);
    }
  });
  test('adds rows, edits, validates, drags, saves all at once and reloads in order', async ({ page }) => {
    await openGridAsAdmin(page);

    // Add settings: three rows per click, kept under jet-add-btn-settings (in the app's pro__ storage namespace).
    await grid(page).getByRole('button', { name: '新增设置' }).click();
    const settings = page.locator('.grid-add-settings');
    await expect(settings).toContainText('添加行数');
    await settings.locator('input').first().fill('3');
    await screenshot(page, 'grid-add-settings');
    expect(await page.evaluate(() => localStorage.getItem('pro__jet-add-btn-settings') ?? '')).toContain('3');
    await grid(page).getByRole('button', { name: '新增设置' }).click();
    await grid(page).getByRole('button', { name: /^新\s*增$/ }).click();
    await expect(grid(page).locator('.grid-row')).toHaveCount(3);

    // A number cell refuses letters.
    await typeInCell(page, 0, 'hours', 'abc');
    await expect(cell(page, 0, 'hours').locator('input')).toHaveValue('');
    await fillRow(page, 0, '现场查勘', '2.5', 'grid-user-picker');
    await fillRow(page, 1, '报告撰写', '4');
    await expect(grid(page).locator('.grid-footer-sum')).toContainText('6.5');

    // The third row stays empty: saving shows what is wrong where, and writes nothing.
    await saveGrid(page);
    await expect(toast(page, /第3行/)).toBeVisible();
    const failed = cell(page, 2, 'caseId');
    await expect(failed).toHaveClass(/grid-cell-failed/);
    await failed.hover();
    await expect(page.locator('.ant-tooltip').filter({ hasText: '案件' })).toBeVisible();
    await screenshot(page, 'grid-validation-tooltip');

    // Remove the empty row, then drag the second row above the first.
    await row(page, 2).locator('.ant-checkbox-input').check();
    await grid(page).getByRole('button', { name: /^删\s*除$/ }).click();
    await expect(grid(page).locator('.grid-row')).toHaveCount(2);
    const handle = row(page, 1).locator('.grid-drag-handle');
    const target = row(page, 0).locator('.grid-drag-handle');
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + 5, { steps: 10 });
    await page.mouse.up();
    await expect.poll(() => remarks(page)).toEqual(['报告撰写', '现场查勘']);

    await saveGrid(page);
    await expect(toast(page, '保存成功！')).toBeVisible();
    await openGrid(page, true);
    await expect.poll(() => remarks(page)).toEqual(['报告撰写', '现场查勘']);
    await expect(grid(page).locator('.grid-footer-sum')).toContainText('6.5');
    await screenshot(page, 'grid-saved');

    // 详细信息 (a click on the row number) names the user as the cell does, not by username.
    await row(page, 0).locator('.grid-seq').click();
    const details = page.locator('.ant-modal-content').filter({ hasText: '详细信息' });
    await expect(details).toContainText('管理员');
    await expect(details).toContainText('报告撰写');
    await expect(details).not.toContainText('admin');
    await screenshot(page, 'grid-details');
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(details).toBeHidden();

    // Resting on a row number shows the row as a sub-form popover.
    await row(page, 1).locator('.grid-seq span').hover();
    const subForm = page.locator('.ant-popover:visible').filter({ hasText: '第2行' });
    await expect(subForm).toContainText('现场查勘');
    await expect(subForm).toContainText('管理员');
    await screenshot(page, 'grid-subform-popover');
    await grid(page).locator('.grid-header').hover();
    await expect(subForm).toBeHidden();
  });

  test('an edit saved by one user appears in another user’s browser open on the same grid page', async ({ page, browser }) => {
    await openGridAsAdmin(page);
    await expect.poll(() => remarks(page)).toEqual(['报告撰写', '现场查勘']);

    const { second, close } = await secondBrowser(browser);
    try {
      await expect.poll(() => remarks(second)).toEqual(['报告撰写', '现场查勘']);
      // The second grid hears saves only once the server has admitted its socket to the page.
      await expect(grid(second)).toHaveAttribute('data-live', 'joined');

      // Work in the first window again: a window left in the background paints no frames, so antd's
      // button animations (the 保存 spinner leaving) never finish there.
      await page.bringToFront();
      await typeInCell(page, 0, 'remark', '报告撰写（已复核）');
      await endEditing(page);
      await saveGrid(page);
      await expect(toast(page, '保存成功！')).toBeVisible();

      await expect.poll(() => remarks(second), { timeout: 15_000 }).toEqual(['报告撰写（已复核）', '现场查勘']);
      await screenshot(second, 'grid-live-update');
    } finally {
      await close();
    }
  });

  test('a file cell uploads, keeps its file after save and reload, and offers 下载/删除/更多', async ({ page }) => {
    await openGridAsAdmin(page);
    await expect.poll(() => remarks(page)).toEqual(['报告撰写（已复核）', '现场查勘']);
    const files = cell(page, 0, 'attachment');
    await expect(files.getByRole('button', { name: /上传文件/ })).toBeVisible();
    await files.locator('input[type=file]').setInputFiles({ name: '工时凭证单.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% e2e\n') });
    await expect(files).toContainText('工时凭证单…');
    await saveGrid(page);
    await expect(toast(page, '保存成功！')).toBeVisible();
    await openGrid(page, true);
    await expect(cell(page, 0, 'attachment')).toContainText('工时凭证单…');
    await cell(page, 0, 'attachment').getByRole('button', { name: '操作' }).click();
    const menu = page.locator('.ant-dropdown:visible .ant-dropdown-menu');
    await expect(menu).toContainText('下载');
    await expect(menu).toContainText('删除');
    await expect(menu).toContainText('更多');
    await screenshot(page, 'grid-upload-cell');
    const download = page.waitForEvent('download');
    await menu.getByText('下载').click();
    expect((await download).suggestedFilename()).toBe('工时凭证单.pdf');

    // 更多 opens the upload popup (文件上传, 520 wide) with the cell's file; 取消 changes nothing.
    await cell(page, 0, 'attachment').getByRole('button', { name: '操作' }).click();
    await page.locator('.ant-dropdown:visible .ant-dropdown-menu').getByText('更多').click();
    const popup = modal(page, '文件上传');
    await expect(popup).toBeVisible();
    await expect.poll(() => widthOf(popup)).toBe(520);
    await expect(popup).toContainText('工时凭证单.pdf');
    await screenshot(page, 'grid-upload-popup');
    await popup.getByRole('button', { name: /取\s*消/ }).click();
    await expect(popup).toBeHidden();
    await expect(cell(page, 0, 'attachment')).toContainText('工时凭证单…');
  });

  test('a row added and a row deleted in one browser appear and disappear in another, which keeps its unsaved edit', async ({ page, browser }) => {
    await openGridAsAdmin(page);
    await expect.poll(() => remarks(page)).toEqual(['报告撰写（已复核）', '现场查勘']);
    const { second, close } = await secondBrowser(browser);
    try {
      await expect.poll(() => remarks(second)).toEqual(['报告撰写（已复核）', '现场查勘']);
      // An edit the second browser has not saved yet.
      await typeInCell(second, 0, 'remark', '第二个浏览器未保存');
      await endEditing(second);
      await expect(grid(second)).toHaveAttribute('data-live', 'joined');

      // Back to the first window (see above: a background window paints no frames).
      await page.bringToFront();
      await grid(page).getByRole('button', { name: /^新\s*增$/ }).click();
      await expect(grid(page).locator('.grid-row')).toHaveCount(3);
      await fillRow(page, 2, '夜间值守', '3');
      await saveGrid(page);
      await expect(toast(page, '保存成功！')).toBeVisible();
      await expect.poll(() => remarks(second), { timeout: 15_000 }).toEqual(['第二个浏览器未保存', '现场查勘', '夜间值守']);
      await expect(cell(second, 2, 'staffUser')).toHaveText('管理员');
      await expect(grid(second)).toContainText('1-3 共3条');
      await screenshot(second, 'grid-live-added');

      // The next save's 保存成功！ must not be mistaken for this one's.
      await expect(toast(page, '保存成功！')).toHaveCount(0);
      await row(page, 1).locator('.ant-checkbox-input').check();
      await grid(page).getByRole('button', { name: /^删\s*除$/ }).click();
      await saveGrid(page);
      await expect(toast(page, '保存成功！')).toBeVisible();
      await expect.poll(() => remarks(second), { timeout: 15_000 }).toEqual(['第二个浏览器未保存', '夜间值守']);
      await expect(grid(second)).toContainText('1-2 共2条');
      // The sender shows its own saved rows once, not twice (its echo is ignored).
      await expect.poll(() => remarks(page)).toEqual(['报告撰写（已复核）', '夜间值守']);
    } finally {
      await close();
    }
  });

  test('a refusal only the server can see (an hour type deleted meanwhile) marks the refused cell and scrolls to it', async ({ page, request }) => {
    const token = await apiLogin(request, 'admin', '123456');
    expect(token).toBeTruthy();
    const headers = { 'X-Access-Token': token ?? '' };
    const created = await request.post('/insurance/maintenance/workingHourType/add', {
      headers,
      data: { typeCode: 'E2ETEMP', typeName: '临时类型E2E', billable: 'Y', status: '1' },
    });
    expect((await created.json()).success).toBe(true);

    await openGridAsAdmin(page);
    await expect.poll(() => remarks(page)).toEqual(['报告撰写（已复核）', '夜间值守']);
    await cell(page, 1, 'hourType').click();
    await openOptions(page).filter({ hasText: '临时类型E2E' }).click();
    await endEditing(page);

    // Someone deletes the type before the save: the grid's options cannot know.
    const list = await request.get('/insurance/maintenance/workingHourType/list', { headers, params: { typeCode: 'E2ETEMP' } });
    const records = ((await list.json()) as { result: { records: { id: string; typeCode: string }[] } }).result.records;
    const id = records.find((r) => r.typeCode === 'E2ETEMP')?.id ?? '';
    const removed = await request.delete('/insurance/maintenance/workingHourType/delete', { headers, params: { id } });
    expect((await removed.json()).success).toBe(true);

    await saveGrid(page);
    // Named by the text the cell shows, not by the deleted type's id.
    await expect(toast(page, '第2行：工时类型：「临时类型E2E」不是可选的值')).toBeVisible();
    const failed = cell(page, 1, 'hourType');
    await expect(failed).toHaveClass(/grid-cell-failed/);
    await expect(cell(page, 1, 'remark')).not.toHaveClass(/grid-cell-failed/);
    await failed.hover();
    await expect(page.locator('.ant-tooltip').filter({ hasText: '「临时类型E2E」不是可选的值' })).toBeVisible();
    await screenshot(page, 'grid-server-refusal');
    // Choosing a valid type clears the mark.
    await pick(page, 1, 'hourType');
    await endEditing(page);
    await expect(failed).not.toHaveClass(/grid-cell-failed/);
  });

  test('工作地点 offers the provinces, then the cities of the chosen one; 备注 opens a text area; both save', async ({ page }) => {
    await openGridAsAdmin(page);
    await expect.poll(() => remarks(page)).toEqual(['报告撰写（已复核）', '夜间值守']);
    const options = openOptions(page);
    const choose = async (key: string, text: string) => {
      await cell(page, 0, key).click();
      await options.filter({ hasText: text }).first().click();
    };

    await choose('workProvince', '北京市');
    await choose('workProvince', '浙江省');
    await cell(page, 0, 'workCity').click();
    // The cities of the chosen province load after the click: wait for them, not for any option.
    await expect(options.filter({ hasText: '杭州市' })).toHaveCount(1);
    await expect(options.filter({ hasText: '南京市' })).toHaveCount(0);
    await options.filter({ hasText: '杭州市' }).click();
    await screenshot(page, 'grid-linked-selects');
    // Another province empties the city: it belonged to the old one.
    await choose('workProvince', '江苏省');
    await endEditing(page);
    await expect(cell(page, 0, 'workCity')).toHaveText('');
    await choose('workProvince', '浙江省');
    await choose('workCity', '杭州市');

    // 备注 is a popup text input: its icon opens a text area for a longer text.
    await cell(page, 0, 'remark').click();
    await cell(page, 0, 'remark').getByRole('button', { name: '展开输入' }).click();
    const area = page.getByRole('textbox', { name: '备注' });
    await expect(area).toBeVisible();
    await area.press('End');
    await area.pressSequentially('，含夜间复核');
    await screenshot(page, 'grid-input-pop');
    await endEditing(page);
    await saveGrid(page);
    await expect(toast(page, '保存成功！')).toBeVisible();

    await openGrid(page, true);
    await expect(cell(page, 0, 'workProvince')).toHaveText('浙江省');
    await expect(cell(page, 0, 'workCity')).toHaveText('杭州市');
    await expect.poll(() => remarks(page)).toEqual(['报告撰写（已复核），含夜间复核', '夜间值守']);
  });
});
