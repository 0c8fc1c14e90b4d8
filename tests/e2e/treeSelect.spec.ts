/**
 * The tree-select widgets end to end: the 上级区域 of 区域 and the 上级客户 of 客户 are picked from
 * a lazily loaded tree (GET /sys/dict/loadTreeData on expand), the list shows the parent's name and
 * the edit form shows it again; the 分类字典 page maintains the category dictionary the same way.
 * Screenshots of the open dropdowns go to test-results/screens/.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openFromMenu, screenshot, signInQuickly, toast } from './support/app';
import { chooseRadio, clickQueryButton, fillForm, formItem, listButton, listRow, modal, okButton, queryBar } from './support/schemaPage';

/** The open tree dropdown. */
function treeDropdown(page: Page): Locator {
  return page.locator('.ant-select-dropdown:visible .ant-select-tree');
}

/** A node of the open tree dropdown by its exact title. */
function treeNode(page: Page, title: string): Locator {
  return treeDropdown(page).locator('.ant-select-tree-treenode').filter({
    has: page.locator('.ant-select-tree-title').getByText(title, { exact: true }),
  });
}

/** Expands a node (its children are then asked of the server) and waits for one of them. */
async function expandNode(page: Page, title: string, child: string): Promise<void> {
  const loads = page.waitForRequest((r) => r.url().includes('/sys/dict/loadTreeData') && r.url().includes('pid='));
  await treeNode(page, title).locator('.ant-select-tree-switcher').click();
  await loads;
  await expect(treeNode(page, child)).toBeVisible();
}

async function searchByName(page: Page, label: string, name: string): Promise<void> {
  await queryBar(page).getByLabel(label, { exact: true }).fill(name);
  await clickQueryButton(page, '查询');
}

test.describe.configure({ mode: 'serial' });

test.describe('tree select', () => {
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    await signInQuickly(page, 'admin');
  });
  test.afterAll(async () => page?.close());

  test('区域 → 新增: the parent is picked from a lazily expanded tree and shown by name in the list', async () => {
    await openFromMenu(page, '基础数据', '区域');
    await listButton(page, '新增').click();
    const dialog = modal(page, '新增');
    await expect(dialog).toBeVisible();
    const parent = formItem(dialog, '上级区域');
    await parent.locator('.ant-select-selector').click();
    await expect(treeNode(page, '北京市')).toBeVisible();
    // Only the provinces are loaded until one is expanded.
    await expect(treeNode(page, '市辖区')).toHaveCount(0);
    await expandNode(page, '北京市', '市辖区');
    await screenshot(page, 'treeselect-area-open');
    const box = await page.locator('.ant-select-dropdown:visible').boundingBox();
    expect(box?.height ?? 0).toBeLessThanOrEqual(400 + 2);
    await treeNode(page, '市辖区').locator('.ant-select-tree-node-content-wrapper').click();
    await expect(parent.locator('.ant-select-selection-item')).toHaveText('市辖区');

    await fillForm(dialog, { 区划代码: '110199', 区域名称: '树选测试区' });
    await chooseRadio(dialog, '级别', '县级');
    await okButton(dialog).click();
    await expect(toast(page, '添加成功！')).toBeVisible();
    await expect(dialog).toBeHidden();

    await searchByName(page, '区域名称', '树选测试区');
    const row = listRow(page, '树选测试区');
    await expect(row).toBeVisible();
    await expect(row).toContainText('市辖区');
    await expect(row).not.toContainText('110100');
  });

  test('区域 → 编辑: the form shows the parent’s name, and a new parent is saved', async () => {
    const row = listRow(page, '树选测试区');
    await row.getByText('编辑', { exact: true }).click();
    const dialog = modal(page, '编辑');
    const parent = formItem(dialog, '上级区域');
    await expect(parent.locator('.ant-select-selection-item')).toHaveText('市辖区');
    await parent.locator('.ant-select-selector').click();
    await expect(treeNode(page, '北京市')).toBeVisible();
    await treeNode(page, '北京市').locator('.ant-select-tree-node-content-wrapper').click();
    await expect(parent.locator('.ant-select-selection-item')).toHaveText('北京市');
    await okButton(dialog).click();
    await expect(toast(page, '编辑成功！')).toBeVisible();
    await expect(listRow(page, '树选测试区')).toContainText('北京市');
  });

  test('客户 → 新增: the group is picked from the customer tree', async () => {
    await openFromMenu(page, '基础数据', '客户名单');
    await listButton(page, '新增').click();
    const dialog = modal(page, '新增');
    const parent = formItem(dialog, '上级客户');
    await parent.locator('.ant-select-selector').click();
    await expect(treeNode(page, '华东能源集团有限公司')).toBeVisible();
    await screenshot(page, 'treeselect-customer-open');
    await treeNode(page, '华东能源集团有限公司').locator('.ant-select-tree-node-content-wrapper').click();
    await expect(parent.locator('.ant-select-selection-item')).toHaveText('华东能源集团有限公司');
    await screenshot(page, 'treeselect-customer-form');
  });
});

test.describe('category dictionary', () => {
  test('系统管理 → 分类字典: a category is added under a parent picked from the tree; list and detail show its name', async ({ page }) => {
    await signInQuickly(page, 'admin');
    await openFromMenu(page, '系统管理', '分类字典');
    await expect(listRow(page, '案件类别')).toBeVisible();
    await listButton(page, '新增').click();
    const dialog = modal(page, '新增');
    const parent = formItem(dialog, '父级分类');
    await expect(parent.locator('.ant-select-selection-placeholder')).toHaveText('不选则为顶级分类');
    await parent.locator('.ant-select-selector').click();
    await expandNode(page, '案件类别', '财产损失');
    await expandNode(page, '财产损失', '火灾');
    await screenshot(page, 'treeselect-category-open');
    await treeNode(page, '财产损失').locator('.ant-select-tree-node-content-wrapper').click();
    await fillForm(dialog, { 分类名称: '地震', 分类编码: 'B01A01A05' });
    await okButton(dialog).click();
    await expect(toast(page, '添加成功！')).toBeVisible();

    await searchByName(page, '分类名称', '地震');
    const row = listRow(page, '地震');
    await expect(row).toContainText('财产损失');
    await row.getByText('详情', { exact: true }).click();
    const detail = modal(page, '详细信息');
    await expect(detail).toContainText('财产损失');
    await screenshot(page, 'treeselect-category-detail');
  });
});
