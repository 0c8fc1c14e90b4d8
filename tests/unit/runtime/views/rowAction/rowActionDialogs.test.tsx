import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { beforeEach, describe, expect, it } from 'vitest';
import templateDocument from '../../../../../schemas/pages/sys/sysMessageTemplate.json';
import announcementDocument from '../../../../../schemas/pages/sys/annountCement.json';
import type { CompiledPage } from '../../../../../runtime/schema/compiledPageTypes';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import { SchemaList } from '../../../../../runtime/views/list/SchemaList';
import { SchemaPage } from '../../../../../runtime/views/SchemaPage';
import { registerBuiltinWidgets } from '../../../../../runtime/views/registerBuiltinWidgets';
import { createFakeHost, fail, ok, type FakeHost, type RecordedCall } from '../../list/fakeHost';
import { CLICK_THROTTLE_MS } from '../../../../../runtime/list/constants';

registerBuiltinWidgets();

function compile(doc: unknown, source: string): CompiledPage {
  const result = loadPageSchema(doc, source);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.page;
}

const templates = compile(templateDocument, 'schemas/pages/sys/sysMessageTemplate.json');
const announcements = compile(announcementDocument, 'schemas/pages/sys/annountCement.json');
const template = { id: 't1', templateCode: 'case_assigned', templateName: '案件分配提醒', templateType: '4', templateType_dictText: '系统', templateContent: '${name}您好' };
const notice = { id: 'a1', titile: '年度检查', sendStatus: '1', sendStatus_dictText: '已发布', msgType: 'ALL' };

let fake: FakeHost;
let sendAnswer: () => ReturnType<typeof ok> | ReturnType<typeof fail>;

function answer(call: RecordedCall) {
  if (call.url === '/sys/message/sysMessageTemplate/list') return ok({ records: [template], total: 1 });
  if (call.url === '/sys/annountCement/list') return ok({ records: [notice], total: 1 });
  if (call.url === '/sys/message/sysMessageTemplate/sendMsg') return sendAnswer();
  if (call.url === '/sys/annountCement/readers') {
    return ok([
      { userId: 'u1', username: 'lisi', realname: '李四', readFlag: '1', readFlag_dictText: '已读', readTime: '2026-11-26 10:00:00' },
      { userId: 'u2', username: 'wangwu', realname: '王五', readFlag: '0', readFlag_dictText: '未读', readTime: null },
    ]);
  }
  if (call.url.startsWith('/sys/dict/getDictItems/')) return ok([]);
  return ok(null);
}

beforeEach(() => {
  fake = createFakeHost();
  sendAnswer = () => ok('消息发送成功！', '消息发送成功！');
  fake.respond(answer);
});

const inDialog = (title: string) => screen.getByText(title, { selector: '.ant-modal-title' }).closest('.ant-modal') as HTMLElement;

describe('row actions that open a form or a table', { timeout: 30_000 }, () => {
  it('发送测试 asks for its fields, checks them, posts {id, …values} and shows the answer; a refusal keeps the dialog', async () => {
    render(
      <ConfigProvider locale={zhCN}>
        <SchemaPage page={templates} host={fake.host} />
      </ConfigProvider>,
    );
    await userEvent.click(await screen.findByText('发送测试'));
    const dialog = await waitFor(() => inDialog('发送测试'));
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请输入接收人')).toBeTruthy();
    expect(fake.callsTo('post', '/sys/message/sysMessageTemplate/sendMsg')).toHaveLength(0);

    sendAnswer = () => fail('消息发送失败：接收人 nobody 不是系统用户');
    await userEvent.type(within(dialog).getAllByRole('textbox')[0], 'nobody');
    // 确定 again within the click throttle's window is refused (你点击的太快了); a person is slower.
    await new Promise((resolve) => setTimeout(resolve, CLICK_THROTTLE_MS));
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(fake.notices).toContainEqual({ kind: 'warning', text: '消息发送失败：接收人 nobody 不是系统用户' }));
    expect(screen.getByText('发送测试', { selector: '.ant-modal-title' })).toBeTruthy();

    sendAnswer = () => ok('消息发送成功！', '消息发送成功！');
    await userEvent.clear(within(dialog).getAllByRole('textbox')[0]);
    await userEvent.type(within(dialog).getAllByRole('textbox')[0], 'lisi');
    // 确定 again within the click throttle's window is refused (你点击的太快了); a person is slower.
    await new Promise((resolve) => setTimeout(resolve, CLICK_THROTTLE_MS));
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(fake.notices).toContainEqual({ kind: 'success', text: '消息发送成功！' }));
    expect(fake.callsTo('post', '/sys/message/sysMessageTemplate/sendMsg').at(-1)?.body).toMatchObject({ id: 't1', receiver: 'lisi' });
    await waitFor(() => expect(screen.queryByText('发送测试', { selector: '.ant-modal-title' })).toBeNull());
  });

  it('阅读情况 shows the rows its endpoint answers for the row, in the declared columns', async () => {
    render(
      <ConfigProvider locale={zhCN}>
        <SchemaPage page={announcements} host={fake.host} />
      </ConfigProvider>,
    );
    await userEvent.click(await screen.findByText('阅读情况'));
    const dialog = await waitFor(() => inDialog('阅读情况'));
    expect(await within(dialog).findByText('李四')).toBeTruthy();
    expect(fake.callsTo('get', '/sys/annountCement/readers')[0].params).toEqual({ id: 'a1' });
    const rows = Array.from(dialog.querySelectorAll('tr.ant-table-row')).map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent));
    expect(rows).toEqual([
      ['1', '李四', 'lisi', '已读', '2026-11-26 10:00:00'],
      ['2', '王五', 'wangwu', '未读', ''],
    ]);
  });

  it('a list without a dialog handler does not offer such actions', async () => {
    render(
      <ConfigProvider locale={zhCN}>
        <SchemaList page={templates} host={fake.host} onEdit={() => undefined} />
      </ConfigProvider>,
    );
    await screen.findByText('case_assigned');
    expect(screen.queryByText('发送测试')).toBeNull();
    expect(screen.getByText('编辑')).toBeTruthy();
  });
});
