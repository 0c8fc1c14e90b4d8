/**
 * The case lifecycle in the browser, as staff work it: 李四 (公估师) submits a case in 处理中 for
 * closing (提交结案审批, a question first); 张三 (部门经理) finds 通过 / 退回 on it and sends it back
 * with a reason; the case is 处理中 again and its progress entry carries the reason. The case is
 * made through the API beforehand and removed afterwards (all specs share one server).
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiLogin } from './support/api';
import { chooseDepartment, DEMO_PASSWORD, OK_BUTTON, openFromMenu, screenshot, signIn, signInQuickly, toast } from './support/app';
import { confirmDialog, listRow, modal } from './support/schemaPage';

const API = '/insurance';
const CASE_NAME = `流程测试：厂房屋面坍塌${Date.now().toString(36)}`;
const DEPART = '00000000000000000000000000a01a02';
const REASON = '损失清单缺少被保险人签字';

interface Envelope<T> {
  success: boolean;
  message: string;
  result: T;
}

const actionLinks = (row: Locator) => row.locator('td').last().locator('a');

async function call<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'DELETE', url: string, data?: object): Promise<Envelope<T>> {
  const res = await request.fetch(`${API}${url}`, { method, headers: { 'x-access-token': token }, ...(data ? { data } : {}) });
  return (await res.json()) as Envelope<T>;
}

async function openCases(page: Page, user: string): Promise<void> {
  // Only 张三's sign-in needs the form: the 部门选择 dialog it opens is part of his way in.
  await (user === 'zhangsan' ? signIn(page, user) : signInQuickly(page, user));
  if (user === 'zhangsan') {
    // 张三 belongs to two departments: the app asks for one first.
    await chooseDepartment(page, '财产险理赔部');
  }
  await openFromMenu(page, '案件管理', '全部案件');
}

test.describe.serial('case lifecycle: 提交结案审批 and 退回 with a reason', () => {
  let admin = '';
  let caseId = '';
  // The list cuts long names short: rows are found by the case number.
  let caseNumber = '';

  test.beforeAll(async ({ request }) => {
    admin = (await apiLogin(request, 'admin', DEMO_PASSWORD)) ?? '';
    const added = await call(request, admin, 'POST', '/receive/receive/add', {
      receiveName: CASE_NAME,
      trustDate: '2026-11-20',
      handler: 'lisi',
      departId: DEPART,
      feeAmount: 18000,
    });
    expect(added.success, added.message).toBe(true);
    const found = await call<{ records: { id: string; receiveNumber: string }[] }>(request, admin, 'GET', `/receive/receive/list?receiveName=${encodeURIComponent(CASE_NAME)}`);
    caseId = found.result.records[0].id;
    caseNumber = found.result.records[0].receiveNumber;
    const accepted = await call(request, admin, 'POST', '/receive/receive/transition', { id: caseId, transition: 'accept' });
    expect(accepted.success, accepted.message).toBe(true);
  });

  test.afterAll(async ({ request }) => {
    if (!caseId) return;
    const progress = await call<{ records: { id: string }[] }>(request, admin, 'GET', `/receive/receiveProgress/list?receiveId=${caseId}&pageSize=100`);
    const ids = progress.result.records.map((r) => r.id).join(',');
    if (ids) expect((await call(request, admin, 'DELETE', `/receive/receiveProgress/deleteBatch?ids=${ids}`)).success).toBe(true);
    const removed = await call(request, admin, 'DELETE', `/receive/receive/delete?id=${caseId}`);
    expect(removed.success, removed.message).toBe(true);
  });

  test('李四 submits the case in 处理中 for closing; he is offered neither 通过 nor 退回', async ({ page }) => {
    await openCases(page, 'lisi');
    const row = listRow(page, caseNumber);
    await expect(row).toContainText('处理中');
    await expect(actionLinks(row)).toHaveText(['编辑', '详情', '提交结案审批']);
    await actionLinks(row).filter({ hasText: '提交结案审批' }).click();
    const ask = confirmDialog(page, '确认提示');
    await expect(ask).toContainText('确定要执行「提交结案审批」吗？');
    await ask.getByRole('button', { name: OK_BUTTON }).click();
    await expect(toast(page, '「提交结案审批」操作成功')).toBeVisible();
    await expect(row).toContainText('结案审批');
    await expect(actionLinks(row)).toHaveText(['编辑', '详情']);
    await screenshot(page, 'case-workflow-01-submitted');
  });

  test('张三 sees 通过 and 退回 on it, must give a reason, and sends it back: 处理中 again', async ({ page }) => {
    await openCases(page, 'zhangsan');
    const row = listRow(page, caseNumber);
    await expect(row).toContainText('结案审批');
    await expect(actionLinks(row)).toHaveText(['编辑', '详情', '删除', '通过', '退回']);
    await actionLinks(row).filter({ hasText: '退回' }).click();
    const dialog = modal(page, '退回');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: OK_BUTTON }).click();
    await expect(dialog.getByText('请输入原因')).toBeVisible();
    await dialog.locator('textarea').fill(REASON);
    await screenshot(page, 'case-workflow-02-reason');
    await dialog.getByRole('button', { name: OK_BUTTON }).click();
    await expect(toast(page, '「退回」操作成功')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(row).toContainText('处理中');
    // A manager holds every case code: the case in 处理中 offers him 提交结案审批 again.
    await expect(actionLinks(row)).toHaveText(['编辑', '详情', '删除', '提交结案审批']);
    await screenshot(page, 'case-workflow-03-sent-back');
  });

  test('the progress entries of the case carry both steps, the reason with the 退回', async ({ request }) => {
    const progress = await call<{ records: Record<string, unknown>[] }>(request, admin, 'GET', `/receive/receiveProgress/list?receiveId=${caseId}&pageSize=100`);
    const byAction = new Map(progress.result.records.map((r) => [r.action, r]));
    expect(byAction.get('提交结案审批')).toMatchObject({ fromStatus_dictText: '处理中', toStatus_dictText: '结案审批', createBy: 'lisi' });
    expect(byAction.get('退回')).toMatchObject({ fromStatus_dictText: '结案审批', toStatus_dictText: '处理中', content: REASON, createBy: 'zhangsan' });
  });
});
