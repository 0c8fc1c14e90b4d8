/**
 * 案件管理's lists are views of the one case page, as staff meet them: lisi (公估师) opens 在办案件 and
 * 我的案件 and each page header counts the cases the list holds — only cases of his department or his
 * own, in the view's state; zhangsan (部门经理) opens 结案审批 and finds the cases waiting for a decision.
 * The counts are read from the server's own answer to the list request, never from the demo data.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import { chooseDepartment, openFromMenu, screenshot, signIn, signInQuickly } from './support/app';
import { listRows, schemaList, totalText } from './support/schemaPage';

interface ListAnswer {
  result: { records: { receiveStatus_dictText?: string; handler?: string }[]; total: number };
}

/** Opens a view from the menu; the answer of its list request (which names the view). */
async function openView(page: Page, group: string, entry: string, view: string): Promise<ListAnswer> {
  const answered = page.waitForResponse((r: Response) => r.url().includes('/receive/receive/list') && r.url().includes(`view=${view}`));
  await openFromMenu(page, group, entry);
  const response = await answered;
  return (await response.json()) as ListAnswer;
}

function header(page: Page) {
  return page.locator('.page-header-layout').filter({ visible: true });
}

test.describe('案件管理 views', () => {
  test('lisi: 在办案件 and 我的案件 count their cases in the header', async ({ page }) => {
    await signInQuickly(page, 'lisi');
    const handle = await openView(page, '案件管理', '在办案件', 'handle');
    await expect(header(page)).toContainText(`在办案件 · 共 ${handle.result.total} 件`);
    await expect(schemaList(page)).toBeVisible();
    await expect(listRows(page)).toHaveCount(Math.min(handle.result.total, 10));
    if (handle.result.total > 0) await expect(totalText(page)).toContainText(`共${handle.result.total}条`);
    // Every case of the view is 处理中.
    for (const record of handle.result.records) expect(record.receiveStatus_dictText).toBe('处理中');
    await screenshot(page, 'case-views-lisi-handle');

    const personal = await openView(page, '案件管理', '我的案件', 'personal');
    await expect(header(page)).toContainText(`我的案件 · 共 ${personal.result.total} 件`);
    await expect(listRows(page)).toHaveCount(Math.min(personal.result.total, 10));
    expect(personal.result.total).toBeGreaterThan(0);
    await screenshot(page, 'case-views-lisi-personal');

    // 全部案件 holds only the cases lisi may see: more than his own, fewer than the firm's.
    const everything = page.waitForResponse((r) => r.url().includes('/receive/receive/list') && !r.url().includes('view='));
    await openFromMenu(page, '案件管理', '全部案件');
    const all = ((await (await everything).json()) as ListAnswer).result.total;
    expect(all).toBeGreaterThanOrEqual(personal.result.total);
    expect(all).toBeGreaterThanOrEqual(handle.result.total);
  });

  test('zhangsan: 结案审批 lists the cases waiting for approval', async ({ page }) => {
    await signIn(page, 'zhangsan');
    // 张三 belongs to two departments: the app asks for one first; his cases are those of both.
    await chooseDepartment(page, '财产险理赔部');
    const approve = await openView(page, '案件管理', '结案审批', 'approve');
    await expect(header(page)).toContainText(`结案审批 · 共 ${approve.result.total} 件`);
    await expect(listRows(page)).toHaveCount(Math.min(approve.result.total, 10));
    for (const record of approve.result.records) expect(record.receiveStatus_dictText).toBe('结案审批');
    await screenshot(page, 'case-views-zhangsan-approve');
  });
});
