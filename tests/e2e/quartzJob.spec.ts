/**
 * 定时任务's row actions end to end: 停止 on a running job (the row then says 停止 and offers 启动),
 * 启动 again (正常), and 立即执行 with its question, which runs the job on the server at once.
 * Screenshots go to test-results/screens/.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { OK_BUTTON, openFromMenu, screenshot, signInQuickly, toast } from './support/app';
import { confirmDialog, listRow } from './support/schemaPage';

const JOB = '清理过期验证码';


/** The links in the row's 操作 column, in order. */
const actionLinks = (row: Locator) => row.locator('td').last().locator('a');

async function confirmAction(page: Page, row: Locator, link: string, question: string): Promise<void> {
  await actionLinks(row).filter({ hasText: link }).click();
  const ask = confirmDialog(page, '确认提示');
  await expect(ask).toContainText(question);
  await ask.getByRole('button', { name: OK_BUTTON }).click();
  await expect(ask).toHaveCount(0);
}

test.describe('定时任务 row actions', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    await signInQuickly(page, 'admin');
    await openFromMenu(page, '系统管理', '定时任务');
  });
  test.afterAll(async () => page?.close());

  test('a running job offers 停止 and 立即执行 beside the usual links', async () => {
    const row = listRow(page, JOB);
    await expect(row).toContainText('正常');
    await expect(actionLinks(row)).toHaveText(['停止', '立即执行', '编辑', '详情', '删除']);
    await screenshot(page, 'quartz-01-list');
  });

  test('停止 asks, stops the job, and the row then says 停止 and offers 启动', async () => {
    const row = listRow(page, JOB);
    await actionLinks(row).filter({ hasText: '停止' }).click();
    await expect(confirmDialog(page, '确认提示')).toContainText('是否停止选中任务?');
    await screenshot(page, 'quartz-02-pause-question');
    await confirmDialog(page, '确认提示').getByRole('button', { name: OK_BUTTON }).click();
    await expect(toast(page, '停止定时任务成功！')).toBeVisible();
    await expect(row).toContainText('停止');
    await expect(actionLinks(row)).toHaveText(['启动', '立即执行', '编辑', '详情', '删除']);
    await screenshot(page, 'quartz-03-stopped');
  });

  test('启动 starts it again: 正常', async () => {
    const row = listRow(page, JOB);
    await confirmAction(page, row, '启动', '是否启动选中任务?');
    await expect(toast(page, '启动定时任务成功！')).toBeVisible();
    await expect(row).toContainText('正常');
    await expect(actionLinks(row).first()).toHaveText('停止');
  });

  test('立即执行 asks, then runs the job on the server: 执行成功！', async () => {
    const row = listRow(page, JOB);
    await actionLinks(row).filter({ hasText: '立即执行' }).click();
    await expect(confirmDialog(page, '确认提示')).toContainText('是否立即执行任务?');
    await screenshot(page, 'quartz-04-execute-question');
    await confirmDialog(page, '确认提示').getByRole('button', { name: OK_BUTTON }).click();
    await expect(toast(page, '执行成功！')).toBeVisible();
    await screenshot(page, 'quartz-05-executed');
    await expect(row).toContainText('正常');
  });
});
