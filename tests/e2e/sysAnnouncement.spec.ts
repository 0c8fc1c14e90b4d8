/**
 * 系统通告 and 消息模板 end to end. The administrator writes an announcement for 李四 alone and
 * publishes it; 李四's page, open in a second browser context all along, shows it on the bell without
 * a reload. 李四 reads it; 阅读情况 says 已读 and 我的消息 keeps it under 已读. A template e-mail is sent
 * with 发送测试 through a real SMTP server this test starts on 127.0.0.1, which receives the mail.
 * Screenshots go to test-results/screens/.
 */
import type { AddressInfo } from 'node:net';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { apiLogin } from './support/api';
import { DEMO_PASSWORD, OK_BUTTON, openFromMenu, screenshot, signInQuickly, toast } from './support/app';
import { checkRow } from './support/pickerDialog';
import { chooseRadio, confirmDialog, fillForm, formInput, formItem, listButton, listRow, modal, okButton } from './support/schemaPage';
import { bell, bellCount } from './support/sysAdmin';

const TITLE = '关于李四案件资料补充的通知';
const actionLinks = (row: Locator) => row.locator('td').last().locator('a');

async function signedInPage(browser: Browser, user: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInQuickly(page, user);
  return page;
}

test.describe('系统通告 and 消息模板', () => {
  test.describe.configure({ mode: 'serial' });
  let admin: Page;
  let lisi: Page;
  let lisiBefore: number;

  test.beforeAll(async ({ browser }) => {
    admin = await signedInPage(browser, 'admin');
    lisi = await signedInPage(browser, 'lisi');
    await expect.poll(() => bellCount(lisi)).toBeGreaterThanOrEqual(0);
    lisiBefore = await bellCount(lisi);
  });
  test.afterAll(async () => {
    await admin?.context().close();
    await lisi?.context().close();
  });

  test('the administrator writes an announcement for 李四 and publishes it: 李四’s bell shows it without a reload', async () => {
    await openFromMenu(admin, '系统管理', '系统通告');
    await listButton(admin, '新增').click();
    const form = modal(admin, '新增系统通告');
    await fillForm(form, { 标题: TITLE });
    await chooseRadio(form, '优先级', '高');
    await chooseRadio(form, '通告对象', '指定用户');
    await formInput(form, '指定用户').click();
    const users = modal(admin, '根据部门选择用户');
    await users.getByPlaceholder('请输入姓名').fill('李四');
    await users.getByRole('button', { name: /查\s*询/ }).click();
    await expect(users.locator('.ant-table-row')).toHaveCount(1);
    await checkRow(users, 'lisi');
    await okButton(users).click();
    await expect(formInput(form, '指定用户')).toHaveValue('李四');
    await formItem(form, '内容').locator('.ql-editor').fill('请于本周五前补充查勘照片和损失清单。');
    await screenshot(admin, 'announcement-01-form');
    await okButton(form).click();
    await expect(toast(admin, '添加成功！')).toBeVisible();

    const row = listRow(admin, TITLE);
    await expect(row).toContainText('未发布');
    await expect(actionLinks(row)).toHaveText(['发布', '阅读情况', '编辑', '删除']);
    await screenshot(admin, 'announcement-02-list-draft');
    expect(await bellCount(lisi)).toBe(lisiBefore);

    await actionLinks(row).filter({ hasText: '发布' }).click();
    const ask = confirmDialog(admin, '确认提示');
    await expect(ask).toContainText('确定发布吗?');
    await ask.getByRole('button', { name: OK_BUTTON }).click();
    await expect(toast(admin, '该系统通知发布成功')).toBeVisible();
    await expect(row).toContainText('已发布');
    await expect(row).toContainText('管理员');
    await expect(actionLinks(row)).toHaveText(['撤销', '阅读情况', '编辑', '删除']);

    // 李四's page was never reloaded: the notice socket told the bell.
    await expect.poll(() => bellCount(lisi)).toBe(lisiBefore + 1);
    await bell(lisi).click();
    const item = lisi.locator('.ant-popover .notice-item').filter({ hasText: TITLE });
    await expect(item).toBeVisible();
    await screenshot(lisi, 'announcement-03-lisi-bell');
  });

  test('李四 reads it: 阅读情况 says 已读, and 我的消息 keeps it under 已读', async () => {
    await lisi.locator('.ant-popover .notice-item').filter({ hasText: TITLE }).click();
    const detail = modal(lisi, '通知消息');
    await expect(detail).toContainText('请于本周五前补充查勘照片和损失清单。');
    await detail.getByRole('button', { name: /关\s*闭/ }).click();
    await expect.poll(() => bellCount(lisi)).toBe(lisiBefore);

    await actionLinks(listRow(admin, TITLE)).filter({ hasText: '阅读情况' }).click();
    const readers = modal(admin, '阅读情况');
    const lisiRow = readers.locator('.ant-table-row').filter({ hasText: 'lisi' });
    await expect(lisiRow).toContainText('李四');
    await expect(lisiRow).toContainText('已读');
    await expect(readers.locator('.ant-table-row')).toHaveCount(1);
    await screenshot(admin, 'announcement-04-readers');
    await readers.getByRole('button', { name: /关\s*闭/ }).click();

    await bell(lisi).click();
    await lisi.locator('.ant-popover .notice-more').first().getByText('查看更多').click();
    await expect(lisi).toHaveURL(/\/isps\/userAnnouncement/);
    const mine = lisi.locator('.ant-card').filter({ hasText: '我的消息' });
    await mine.locator('.ant-segmented-item').filter({ hasText: '已读' }).click();
    await expect(mine.locator('.ant-table-row').filter({ hasText: TITLE })).toContainText('已读');
    await screenshot(lisi, 'announcement-05-my-messages-read');
    await mine.locator('.ant-segmented-item').filter({ hasText: '未读' }).click();
    await expect(mine.locator('.ant-table-row').filter({ hasText: TITLE })).toHaveCount(0);
  });

  test('发送测试 of an e-mail template: the local SMTP server receives the filled-in mail; 消息 lists it as 成功', async ({ request }) => {
    const received: ParsedMail[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onAuth: (_auth, _session, callback) => callback(null, { user: 'notice' }),
      onData: (stream, _session, callback) => {
        void simpleParser(stream).then((mail) => {
          received.push(mail);
          callback();
        }, callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    try {
      // The 邮箱配置 master data points at it (the page's slider check is the browser's; the API takes the record).
      const token = await apiLogin(request, 'admin', DEMO_PASSWORD);
      const added = await request.post('/insurance/maintenance/emailConfig/add', {
        headers: { 'X-Access-Token': token ?? '' },
        data: { configName: '本机测试邮箱', smtpHost: '127.0.0.1', sslEnabled: 'N', smtpPort: port, account: 'notice@lossdesk.test', password: 'secret', senderName: '公估通知', enabled: 'Y' },
      });
      expect(((await added.json()) as { success: boolean }).success).toBe(true);

      await openFromMenu(admin, '系统管理', '消息模板');
      await listButton(admin, '新增').click();
      const form = modal(admin, '新增消息模板');
      await fillForm(form, { 模板编码: 'case_docs_mail', 模板名称: '案件资料补充提醒', 模板内容: '${name}您好：请于${date}前补充案件${caseNo}的资料。' });
      await chooseRadio(form, '模板类型', '邮件');
      await okButton(form).click();
      await expect(toast(admin, '添加成功！')).toBeVisible();

      const row = listRow(admin, 'case_docs_mail');
      await actionLinks(row).filter({ hasText: '发送测试' }).click();
      const sendDialog = modal(admin, '发送测试');
      await fillForm(sendDialog, { 接收人: 'lisi@lossdesk.test', 测试数据: '{"name": "李四", "date": "11月28日", "caseNo": "GA2026-0815"}' });
      await screenshot(admin, 'message-01-send-test');
      await okButton(sendDialog).click();
      await expect(toast(admin, '消息发送成功！')).toBeVisible();
      await expect(sendDialog).toHaveCount(0);

      await expect.poll(() => received.length).toBe(1);
      expect(received[0].subject).toBe('案件资料补充提醒');
      expect(received[0].text?.trim()).toBe('李四您好：请于11月28日前补充案件GA2026-0815的资料。');
      expect(received[0].to).toMatchObject({ text: 'lisi@lossdesk.test' });

      await openFromMenu(admin, '系统管理', '消息');
      const sent = listRow(admin, 'lisi@lossdesk.test');
      await expect(sent).toContainText('邮件');
      await expect(sent).toContainText('成功');
      await screenshot(admin, 'message-02-list');
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
