/**
 * The remaining form widgets and the page header on real pages, in Chromium against the real server:
 * - 知识文章 (schemas/pages/knowledge/article.json): 分类 from the category dictionary (categoryTree,
 *   lazily expanded), 标签 multi-select (stored 'a,b'), 发布状态 radio, 置顶 switch (Y/N), 发布时间
 *   datetime picker (YYYY-MM-DD HH:mm:ss), 适用地区 linked selects (province → city); saved, reopened
 *   with the same values, shown by name in the list and in 详细信息. Its header searches 文章标题 and
 *   switches 发布状态 tabs, kept in the URL across a reload.
 * - 邮箱配置 (schemas/pages/maintenance/emailConfig.json): 发送事项 checkbox group, 每日汇总时间 time
 *   picker (HH:mm:ss) and the drag-slider human check that blocks saving until verified (an early
 *   release puts it back) and is never stored.
 * Screenshots go to test-results/screens/.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { screenshot, signInQuickly, toast } from './support/app';
import { detailValue, fillForm, formError, formInput, formItem, listButton, listRow, listRows, modal, okButton, pickOption } from './support/schemaPage';

const TITLE = '台风季理赔指引（E2E）';
const DRAFT = '台风季查勘草稿（E2E）';

function treeNode(page: Page, title: string): Locator {
  return page.locator('.ant-select-dropdown:visible .ant-select-tree .ant-select-tree-treenode').filter({
    has: page.locator('.ant-select-tree-title').getByText(title, { exact: true }),
  });
}

async function pickDateTime(dialog: Locator, label: string, text: string): Promise<void> {
  const input = formInput(dialog, label);
  await input.click();
  await input.fill(text);
  await input.press('Enter');
  await expect(dialog.page().locator('.ant-picker-dropdown:visible')).toHaveCount(0);
  await expect(input).toHaveValue(text);
}

/** Drags the slider handle by `share` of the track (1 = to the end) and lets go. */
async function dragSlider(page: Page, dialog: Locator, share: number): Promise<void> {
  const handle = dialog.getByRole('slider');
  const track = dialog.locator('.slider-check');
  await handle.scrollIntoViewIfNeeded();
  const h = await handle.boundingBox();
  const t = await track.boundingBox();
  if (!h || !t) throw new Error('slider not laid out');
  const y = h.y + h.height / 2;
  await page.mouse.move(h.x + h.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(h.x + h.width / 2 + (t.width - h.width) * share, y, { steps: 12 });
  await page.mouse.up();
}

// Many widgets per test on a machine shared by several engineers: more than the default minute.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.describe('知识文章: every new widget saves and reloads; the header searches and switches tabs', () => {
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    await signInQuickly(page, 'admin');
  });
  test.afterAll(async () => page?.close());

  test('a new article with category tree, tags, status, 置顶, 发布时间 and area is saved and shown by name', async () => {
    await page.goto('/knowledge/article');
    // The first visit loads the page's code and dictionaries on a cold server.
    await expect(page.getByRole('heading', { name: '知识文章' })).toBeVisible({ timeout: 30_000 });
    await listButton(page, '新增').click();
    const dialog = modal(page, '新增');
    await formInput(dialog, '文章标题').fill(TITLE);

    // 分类: the category dictionary below 知识库分类 (A01), children loaded on expand.
    await formItem(dialog, '分类').locator('.ant-select-selector').click();
    await expect(treeNode(page, '法律法规')).toBeVisible();
    await expect(treeNode(page, '监管规定')).toHaveCount(0);
    await treeNode(page, '法律法规').locator('.ant-select-tree-switcher').click();
    await expect(treeNode(page, '监管规定')).toBeVisible();
    await screenshot(page, 'article-category-tree');
    await treeNode(page, '监管规定').locator('.ant-select-tree-node-content-wrapper').click();
    await expect(formItem(dialog, '分类').locator('.ant-select-selection-item')).toHaveText('监管规定');

    // 标签: several dictionary items.
    await formItem(dialog, '标签').locator('.ant-select-selector').click();
    for (const tag of ['法规', '财产险']) {
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: new RegExp(`^${tag}$`) }).click();
    }
    await screenshot(page, 'article-tags-open');
    await page.keyboard.press('Escape');
    await expect(formItem(dialog, '标签').locator('.ant-select-selection-item')).toHaveText(['法规', '财产险']);

    await formItem(dialog, '发布状态').locator('.ant-radio-wrapper').filter({ hasText: '已发布' }).click();
    const top = formItem(dialog, '置顶').getByRole('switch');
    await expect(top).toHaveAttribute('aria-checked', 'false');
    await top.click();
    await expect(top).toHaveAttribute('aria-checked', 'true');
    await pickDateTime(dialog, '发布时间', '2026-03-01 09:30:00');

    // 适用地区: the province, then a city of that province.
    const region = formItem(dialog, '适用地区').locator('.ant-select');
    await region.nth(0).click();
    await pickOption(page, '浙江省');
    // The cities of the chosen province load when it is chosen; the list fills in once they arrive.
    await region.nth(1).click();
    const city = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^杭州市$/ });
    await expect(city).toBeVisible();
    await city.click();
    await expect(formItem(dialog, '适用地区').locator('.ant-select-selection-item')).toHaveText(['浙江省', '杭州市']);

    await formItem(dialog, '正文').locator('.ql-editor').click();
    await page.keyboard.type('台风过境后48小时内完成首次查勘。');
    await formItem(dialog, '标签').scrollIntoViewIfNeeded();
    await screenshot(page, 'article-form-widgets');
    await okButton(dialog).click();
    await expect(toast(page, '添加成功！')).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = listRow(page, TITLE);
    for (const text of ['监管规定', '法规,财产险', '是', '已发布', '2026-03-01 09:30:00', '浙江省', '杭州市']) await expect(row).toContainText(text);
  });

  test('the article reopens in 编辑 with the same values, and 详细信息 shows them', async () => {
    const row = listRow(page, TITLE);
    await row.getByText('编辑', { exact: true }).click();
    const edit = modal(page, '编辑');
    await expect(formItem(edit, '分类').locator('.ant-select-selection-item')).toHaveText('监管规定');
    await expect(formItem(edit, '标签').locator('.ant-select-selection-item')).toHaveText(['法规', '财产险']);
    await expect(formItem(edit, '发布状态').locator('.ant-radio-wrapper-checked')).toHaveText('已发布');
    await expect(formItem(edit, '置顶').getByRole('switch')).toHaveAttribute('aria-checked', 'true');
    await expect(formInput(edit, '发布时间')).toHaveValue('2026-03-01 09:30:00');
    await expect(formItem(edit, '适用地区').locator('.ant-select-selection-item')).toHaveText(['浙江省', '杭州市']);
    await screenshot(page, 'article-edit-reopened');
    await edit.locator('.ant-modal-footer').getByRole('button', { name: /取\s*消/ }).click();

    await row.getByText('详情', { exact: true }).click();
    const detail = modal(page, '详细信息');
    await expect(detailValue(detail, '分类')).toHaveText('监管规定');
    await expect(detailValue(detail, '标签')).toHaveText('法规,财产险');
    await expect(detailValue(detail, '发布状态')).toHaveText('已发布');
    await expect(detailValue(detail, '置顶')).toHaveText('是');
    await expect(detailValue(detail, '发布时间')).toHaveText('2026-03-01 09:30:00');
    await expect(detailValue(detail, '适用地区')).toHaveText('浙江省');
    await expect(detailValue(detail, '适用城市')).toHaveText('杭州市');
    await screenshot(page, 'article-detail');
    await detail.getByRole('button', { name: /关\s*闭/ }).click();
  });

  test('the header search box and 发布状态 tabs filter the list and survive a reload', async () => {
    // A draft with the same keyword, to tell the tabs apart.
    await listButton(page, '新增').click();
    const dialog = modal(page, '新增');
    await formInput(dialog, '文章标题').fill(DRAFT);
    await formItem(dialog, '正文').locator('.ql-editor').click();
    await page.keyboard.type('草稿');
    await okButton(dialog).click();
    await expect(toast(page, '添加成功！')).toBeVisible();
    await expect(dialog).toBeHidden();

    const box = page.getByRole('searchbox', { name: '请输入文章标题关键字' });
    await box.fill('台风季');
    await box.press('Enter');
    await expect(listRows(page)).toHaveCount(2);
    await expect(page).toHaveURL(/keyword=/);

    await page.getByRole('tab', { name: '已发布' }).click();
    await expect(listRows(page)).toHaveCount(1);
    await expect(listRow(page, TITLE)).toBeVisible();
    await page.getByRole('tab', { name: '未发布' }).click();
    await expect(listRows(page)).toHaveCount(1);
    await expect(listRow(page, DRAFT)).toBeVisible();
    await expect(page).toHaveURL(/tab=draft/);
    await screenshot(page, 'article-header-tabs');

    await page.reload();
    await expect(page.getByRole('searchbox', { name: '请输入文章标题关键字' })).toHaveValue('台风季', { timeout: 30_000 });
    await expect(page.getByRole('tab', { name: '未发布' })).toHaveAttribute('aria-selected', 'true');
    await expect(listRows(page)).toHaveCount(1);
    await expect(listRow(page, DRAFT)).toBeVisible();

    await page.getByRole('tab', { name: '全部' }).click();
    await expect(listRows(page)).toHaveCount(2);
    const cleared = page.getByRole('searchbox', { name: '请输入文章标题关键字' });
    await cleared.fill('');
    await cleared.press('Enter');
    await expect(page).not.toHaveURL(/keyword=/);
  });
});

test.describe('邮箱配置: checkbox group, time picker and the slider human check', () => {
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    await signInQuickly(page, 'admin');
  });
  test.afterAll(async () => page?.close());

  const NAME = '理赔通知邮箱E2E';

  test('saving waits for the slider; an early release resets it; the check is not stored', async () => {
    await page.goto('/maintenance/email-config');
    await expect(listButton(page, '新增')).toBeVisible({ timeout: 30_000 });
    await listButton(page, '新增').click();
    const dialog = modal(page, '新增');
    await fillForm(dialog, { 配置名称: NAME, SMTP服务器: 'smtp.exmail.qq.com', 邮箱账号: 'claims@example.com', 授权码: 'abcd1234' });
    const types = formItem(dialog, '发送事项');
    await types.getByText('新委托登记', { exact: true }).click();
    await types.getByText('费用审批', { exact: true }).click();
    await pickDateTime(dialog, '每日汇总时间', '08:30:00');

    const check = formItem(dialog, '人机验证');
    await check.scrollIntoViewIfNeeded();
    await expect(check.locator('.slider-check')).toContainText('拖动滑块验证');
    await screenshot(page, 'slider-check-before');

    // Not verified: the form refuses to save and says why; nothing is sent.
    let posted = false;
    page.on('request', (r) => {
      if (r.url().includes('/maintenance/emailConfig/add')) posted = true;
    });
    await okButton(dialog).click();
    await expect(formError(dialog, '人机验证')).toHaveText('请先拖动滑块验证');
    expect(posted).toBe(false);

    // Let go halfway: back to the start, still unverified.
    await dragSlider(page, dialog, 0.5);
    await expect(dialog.getByRole('slider')).toHaveAttribute('aria-valuenow', '0');
    await expect(check.locator('.slider-check')).toContainText('拖动滑块验证');

    await dragSlider(page, dialog, 1);
    await expect(check.locator('.slider-check')).toContainText('验证通过');
    await expect(formError(dialog, '人机验证')).toHaveCount(0);
    await screenshot(page, 'slider-check-after');

    const request = page.waitForRequest((r) => r.url().includes('/maintenance/emailConfig/add'));
    await okButton(dialog).click();
    const sent = (await request).postDataJSON() as Record<string, unknown>;
    expect(sent).not.toHaveProperty('humanCheck');
    expect(sent).toMatchObject({ notifyTypes: 'trust,cost', digestTime: '08:30:00' });
    await expect(toast(page, /成功/)).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = listRow(page, NAME);
    await expect(row).toContainText('新委托登记,费用审批');
    await expect(row).toContainText('08:30:00');
  });

  test('编辑 shows the same choices and time, and asks for the slider again; 详细信息 has no check', async () => {
    const row = listRow(page, NAME);
    await row.getByText('编辑', { exact: true }).click();
    const edit = modal(page, '编辑');
    await expect(formItem(edit, '发送事项').locator('.ant-checkbox-wrapper-checked')).toHaveText(['新委托登记', '费用审批']);
    await expect(formInput(edit, '每日汇总时间')).toHaveValue('08:30:00');
    await expect(formItem(edit, '人机验证').locator('.slider-check')).toContainText('拖动滑块验证');
    await okButton(edit).click();
    await expect(formError(edit, '人机验证')).toHaveText('请先拖动滑块验证');
    await screenshot(page, 'slider-check-edit');
    await edit.locator('.ant-modal-footer').getByRole('button', { name: /取\s*消/ }).click();

    await row.getByText('详情', { exact: true }).click();
    const detail = modal(page, '详细信息');
    await expect(detailValue(detail, '发送事项')).toHaveText('新委托登记,费用审批');
    await expect(detailValue(detail, '每日汇总时间')).toHaveText('08:30:00');
    await expect(detail.getByText('人机验证')).toHaveCount(0);
    await screenshot(page, 'emailconfig-detail');
    await detail.getByRole('button', { name: /关\s*闭/ }).click();
  });
});
