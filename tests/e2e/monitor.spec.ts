/**
 * 系统监控 end to end: each of the seven screens opens as admin with live values; a request the test
 * makes shows in 请求追踪 (its secret masked) and moves HTTP 服务's count; auto-refresh pauses; 文件存储
 * deletes an unused file and refuses one a record uses. Screenshots go to test-results/screens/.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin } from './support/api';
import { DEMO_PASSWORD, OK_BUTTON, openFromMenu, screenshot, signInQuickly, toast } from './support/app';
import { confirmDialog, listRow, listRows } from './support/schemaPage';

const API = '/insurance';
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

function figure(page: Page, label: string) {
  return page.locator('.monitor-panel .ant-statistic').filter({ has: page.locator('.ant-statistic-title', { hasText: label }) }).locator('.ant-statistic-content');
}

function value(page: Page, label: string) {
  return page.locator('.monitor-panel .ant-descriptions-item-label', { hasText: label }).locator('xpath=following-sibling::td[1]');
}

async function uploadAs(request: APIRequestContext, token: string, name: string): Promise<string> {
  const res = await request.post(`${API}/sys/common/upload`, {
    headers: { 'X-Access-Token': token },
    multipart: { isup: '1', biz: 'temp', file: { name, mimeType: 'image/png', buffer: PNG_1PX } },
  });
  const answer = (await res.json()) as { success: boolean; message: string };
  expect(answer.success).toBe(true);
  return answer.message;
}

test.describe('系统监控', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    await signInQuickly(page, 'admin');
  });
  test.afterAll(async () => page?.close());

  test('磁盘监控 shows the data and upload folders with size, used and free; auto-refresh can pause', async () => {
    await openFromMenu(page, '系统监控', '磁盘监控');
    await expect(listRow(page, '数据目录（DATA_DIR）')).toBeVisible();
    const uploads = listRow(page, '上传目录（UPLOAD_DIR）');
    await expect(uploads).toBeVisible();
    await expect(uploads).toContainText(/\d+(\.\d+)? (GB|TB|MB)/);
    await expect(uploads).toContainText(/\d+(\.\d+)?%/);
    const auto = page.getByRole('switch', { name: '自动刷新' });
    await expect(auto).toBeChecked();
    await expect(page.getByText('每 10 秒')).toBeVisible();
    await screenshot(page, 'monitor-01-disk');
    await auto.click();
    await expect(auto).not.toBeChecked();
    await expect(page.getByText('已暂停')).toBeVisible();
    await auto.click();
    await expect(page.getByText('每 10 秒')).toBeVisible();
  });

  test('请求追踪 shows a request just made, its secret masked; the figures count it', async () => {
    await openFromMenu(page, '系统监控', '请求追踪');
    await expect(figure(page, '启动以来的请求')).toHaveText(/\d/);
    const before = Number((await figure(page, '启动以来的请求').innerText()).replace(/,/g, ''));
    const probe = `e2e${Date.now()}`;
    await page.request.get(`${API}/sys/randomImage/${probe}key?probe=${probe}&token=e2e-secret-value`);
    await page.getByRole('button', { name: /刷\s*新/ }).click();
    const row = listRows(page).filter({ hasText: `probe=${probe}` });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`${API}/sys/randomImage/:key?probe=${probe}&token=[已隐藏]`);
    await expect(row).toContainText('GET');
    await expect(row).toContainText('200');
    await expect(row).toContainText(/\d+(\.\d+)? (ms|s)/);
    await expect(page.locator('.schema-page')).not.toContainText('e2e-secret-value');
    await expect(page.locator('.schema-page')).not.toContainText(`${probe}key`);
    // The figures and the list may answer apart: wait for the figure, do not read it once.
    await expect.poll(async () => Number((await figure(page, '启动以来的请求').innerText()).replace(/,/g, ''))).toBeGreaterThan(before);
    await screenshot(page, 'monitor-02-http-trace');
  });

  test('Node 运行时 shows heap, RSS, event-loop delay, GC, versions and uptime', async () => {
    await openFromMenu(page, '系统监控', 'Node 运行时');
    await expect(figure(page, '常驻内存（RSS）')).toHaveText(/\d+(\.\d+)? (MB|GB)/);
    await expect(figure(page, '已用堆')).toHaveText(/\d+(\.\d+)? (MB|GB)/);
    await expect(figure(page, '事件循环平均延迟')).toHaveText(/\d+(\.\d+)? (ms|s)/);
    await expect(figure(page, '垃圾回收次数')).toHaveText(/\d/);
    await expect(value(page, 'Node.js')).toHaveText(/^\d+\.\d+\.\d+$/);
    await expect(value(page, '已运行')).toHaveText(/秒|分|小时|天/);
    await screenshot(page, 'monitor-03-runtime');
  });

  test('数据库监控 shows size, connections, hit ratio and the largest tables, and says what PGlite cannot', async () => {
    await openFromMenu(page, '系统监控', '数据库监控');
    await expect(figure(page, '数据库大小')).toHaveText(/\d+(\.\d+)? (MB|GB)/);
    await expect(figure(page, '连接数')).toHaveText(/^\d+$/);
    await expect(figure(page, '缓存命中率')).toHaveText(/\d+(\.\d+)?%/);
    await expect(figure(page, '连接上限')).toHaveText('不可用');
    await expect(page.getByText('内置数据库（PGlite）在本进程内运行，只有一个连接，没有连接上限')).toBeVisible();
    await expect(page.getByText('内置数据库（PGlite）不提供 pg_stat_statements，无法列出慢语句')).toBeVisible();
    await expect(page.getByText('没有可显示的慢语句')).toBeVisible();
    await expect(listRows(page).first()).toContainText(/\d+(\.\d+)? (KB|MB|GB)/);
    await screenshot(page, 'monitor-04-database');
  });

  test('系统信息 shows the OS, CPUs, memory and load', async () => {
    await openFromMenu(page, '系统监控', '系统信息');
    await expect(value(page, '系统')).toHaveText('Linux');
    await expect(value(page, 'CPU 数')).toHaveText(/^\d+$/);
    await expect(figure(page, '内存总量')).toHaveText(/\d+(\.\d+)? (GB|MB)/);
    await expect(figure(page, '1 分钟负载')).toHaveText(/\d/);
    await expect(listRows(page).first()).toContainText('%');
    await screenshot(page, 'monitor-05-system');
  });

  test('HTTP 服务 shows open connections and a request count that moves with each request', async () => {
    await openFromMenu(page, '系统监控', 'HTTP 服务');
    await expect(figure(page, '打开的连接')).toHaveText(/^[1-9]\d*$/);
    const count = figure(page, '启动以来的请求');
    await expect(count).toHaveText(/\d/);
    const before = Number((await count.innerText()).replace(/,/g, ''));
    await page.request.get(`${API}/sys/randomImage/http${Date.now()}`);
    await page.getByRole('button', { name: /刷\s*新/ }).click();
    await expect.poll(async () => Number((await count.innerText()).replace(/,/g, ''))).toBeGreaterThan(before + 1);
    await expect(listRows(page).first()).toContainText('127.0.0.1');
    // The admission limit: the summary's own request is the one running, nothing waits.
    await expect(figure(page, '同时处理的上限')).toHaveText(/^([1-9]\d*|不限)$/);
    await expect(figure(page, '排队等候的接口请求')).toHaveText('0');
    await screenshot(page, 'monitor-06-http-server');
  });

  test('文件存储 lists uploads, deletes an unused one and refuses one a record uses', async () => {
    const token = await apiLogin(page.request, 'admin', DEMO_PASSWORD);
    expect(token).toBeTruthy();
    const unused = await uploadAs(page.request, token!, '监控测试未使用.png');
    const used = await uploadAs(page.request, token!, '监控测试资质.png');
    const added = await page.request.post(`${API}/maintenance/outsource/add`, {
      headers: { 'X-Access-Token': token! },
      data: { outsourceName: '监控测试鉴定所', major: '司法鉴定', contactName: '周工', contactMobile: '13800138000', cooperationStatus: '1', qualificationFile: used },
    });
    expect(((await added.json()) as { success: boolean }).success).toBe(true);

    await openFromMenu(page, '系统监控', '文件存储');
    const free = listRow(page, '监控测试未使用.png');
    await expect(free).toContainText('未被使用');
    await expect(free).toContainText('PNG');
    await expect(free).toContainText('管理员');
    await expect(free.locator('img')).toBeVisible();
    const inUse = listRow(page, '监控测试资质.png');
    await expect(inUse).toContainText('外包机构「监控测试鉴定所」');
    await screenshot(page, 'monitor-07-file-storage');

    await inUse.getByText('删除', { exact: true }).click();
    await confirmDialog(page, '确认删除').getByRole('button', { name: OK_BUTTON }).click();
    await expect(toast(page, '文件「监控测试资质.png」正被使用（外包机构「监控测试鉴定所」），不能删除')).toBeVisible();
    await expect(inUse).toBeVisible();

    await free.getByText('删除', { exact: true }).click();
    await confirmDialog(page, '确认删除').getByRole('button', { name: OK_BUTTON }).click();
    await expect(toast(page, /删除成功/)).toBeVisible();
    await expect(listRow(page, '监控测试未使用.png')).toHaveCount(0);
    expect(unused).toContain('监控测试未使用');
  });
});
