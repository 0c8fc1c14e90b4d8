import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { beforeEach, describe, expect, it } from 'vitest';
import quartzJobDocument from '../../../../../schemas/pages/sys/quartzJob.json';
import type { Host } from '../../../../../runtime/host/types';
import type { CompiledPage, CompiledRowAction } from '../../../../../runtime/schema/compiledPageTypes';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import { actionColumnWidth, visibleRowActions } from '../../../../../runtime/views/list/rowActions';
import { SchemaList } from '../../../../../runtime/views/list/SchemaList';
import { createFakeHost, fail, ok, type FakeHost, type RecordedCall } from '../../list/fakeHost';

const LIST = '/sys/quartzJob/list';

function compile(doc: unknown): CompiledPage {
  const result = loadPageSchema(doc, 'schemas/pages/sys/quartzJob.json');
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.page;
}

const page = compile(quartzJobDocument);

const job = (id: string, status: '0' | '-1') => ({
  id,
  jobClassName: 'lossdesk.jobs.PurgeExpiredCaptchasJob',
  jobClassName_dictText: '清理过期验证码',
  cronExpression: '0 0/10 * * * ?',
  description: `任务${id}`,
  status,
  status_dictText: status === '0' ? '正常' : '停止',
  createTime: '2026-01-15 10:00:00',
});

let fake: FakeHost;
let rows: Record<string, unknown>[];
let executeAnswer: () => ReturnType<typeof ok> | ReturnType<typeof fail>;

function answer(call: RecordedCall) {
  if (call.url === LIST) return ok({ records: rows, total: rows.length });
  if (call.url.startsWith('/sys/dict/getDictItems/')) return ok([]);
  if (call.url === '/sys/quartzJob/execute') return executeAnswer();
  if (call.url === '/sys/quartzJob/pause') {
    rows = rows.map((r) => (r.id === call.params?.id ? job(String(r.id), '-1') : r));
    return ok('停止定时任务成功！', '停止定时任务成功！');
  }
  return ok(null);
}

beforeEach(() => {
  fake = createFakeHost();
  rows = [job('j1', '0'), job('j2', '-1')];
  executeAnswer = () => ok('删除验证码 2 条', '执行成功！');
  fake.respond(answer);
});

async function renderList(host: Host = fake.host, shown: CompiledPage = page) {
  render(
    <ConfigProvider locale={zhCN}>
      <SchemaList page={shown} host={host} onAdd={() => undefined} onEdit={() => undefined} onDetail={() => undefined} />
    </ConfigProvider>,
  );
  await screen.findByText('任务j1');
}

const rowOf = (description: string) => screen.getByText(description).closest('tr') as HTMLElement;
const linksOf = (description: string) => Array.from(rowOf(description).querySelectorAll('a.schema-list-row-action')).map((a) => a.textContent);
const listCalls = () => fake.callsTo('get', LIST).length;

describe('custom row actions on the list page', { timeout: 30_000 }, () => {
  it('show 停止 on a running job and 启动 on a stopped one, 立即执行 on both, before the built-in links', async () => {
    await renderList();
    expect(linksOf('任务j1')).toEqual(['停止', '立即执行', '编辑', '详情', '删除']);
    expect(linksOf('任务j2')).toEqual(['启动', '立即执行', '编辑', '详情', '删除']);
  });

  it('立即执行 asks 确认提示 / 是否立即执行任务?, calls the endpoint with the row id, tells the answer and reloads', async () => {
    await renderList();
    const before = listCalls();
    await userEvent.click(within(rowOf('任务j2')).getByText('立即执行'));
    await waitFor(() => expect(fake.notices).toContainEqual({ kind: 'success', text: '执行成功！' }));
    expect(fake.confirms).toEqual([{ title: '确认提示', content: '是否立即执行任务?' }]);
    expect(fake.callsTo('get', '/sys/quartzJob/execute')).toEqual([expect.objectContaining({ params: { id: 'j2' } })]);
    await waitFor(() => expect(listCalls()).toBe(before + 1));
  });

  it('停止 turns into 启动 on the reloaded row', async () => {
    await renderList();
    await userEvent.click(within(rowOf('任务j1')).getByText('停止'));
    await waitFor(() => expect(fake.notices).toContainEqual({ kind: 'success', text: '停止定时任务成功！' }));
    expect(fake.confirms[0]).toEqual({ title: '确认提示', content: '是否停止选中任务?' });
    await waitFor(() => expect(linksOf('任务j1')[0]).toBe('启动'));
  });

  it('are in the Tab order and run with Enter, like a click', async () => {
    await renderList();
    const link = within(rowOf('任务j2')).getByText('立即执行');
    expect(link).toHaveAttribute('tabindex', '0');
    link.focus();
    expect(link).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(fake.notices).toContainEqual({ kind: 'success', text: '执行成功！' }));
    expect(fake.callsTo('get', '/sys/quartzJob/execute')).toEqual([expect.objectContaining({ params: { id: 'j2' } })]);
  });

  it('calls nothing when the question is cancelled; shows a refusal as a warning and does not reload', async () => {
    await renderList();
    fake.answerConfirm(false);
    await userEvent.click(within(rowOf('任务j1')).getByText('立即执行'));
    await waitFor(() => expect(fake.confirms).toHaveLength(1));
    expect(fake.callsTo('get', '/sys/quartzJob/execute')).toHaveLength(0);

    fake.answerConfirm(true);
    executeAnswer = () => fail('执行失败：磁盘已满');
    const before = listCalls();
    await userEvent.click(within(rowOf('任务j2')).getByText('立即执行'));
    await waitFor(() => expect(fake.notices).toContainEqual({ kind: 'warning', text: '执行失败：磁盘已满' }));
    expect(listCalls()).toBe(before);
  });

  it('are offered only to holders of their permission code', async () => {
    await renderList({ ...fake.host, hasPermission: (code) => code !== 'quartzJob:execute' && code !== 'quartzJob:pause' });
    expect(linksOf('任务j1')).toEqual(['编辑', '详情', '删除']);
    expect(linksOf('任务j2')).toEqual(['启动', '编辑', '详情', '删除']);
  });

  it('post and put send the id in the body; an action without confirm calls at once', async () => {
    const doc = structuredClone(quartzJobDocument) as { list: { rowActions: unknown[] } };
    doc.list.rowActions = [{ key: 'archive', title: '归档', endpoint: 'archive', method: 'post' }];
    await renderList(fake.host, compile(doc));
    await userEvent.click(within(rowOf('任务j1')).getByText('归档'));
    await waitFor(() => expect(fake.callsTo('post', '/sys/quartzJob/archive')).toHaveLength(1));
    expect(fake.callsTo('post', '/sys/quartzJob/archive')[0].body).toEqual({ id: 'j1' });
    expect(fake.confirms).toHaveLength(0);
  });
});

describe('list.inlineRowActions: the links past it under 更多', { timeout: 30_000 }, () => {
  const withInline = (inline: number) => {
    const doc = structuredClone(quartzJobDocument) as { list: Record<string, unknown> };
    doc.list.inlineRowActions = inline;
    return compile(doc);
  };

  it('shows the first links and 更多, whose items act on the row as the links do', async () => {
    await renderList(fake.host, withInline(2));
    expect(linksOf('任务j2')).toEqual(['启动', '立即执行', '更多 ']);
    await userEvent.click(within(rowOf('任务j2')).getByText('更多'));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['编辑', '详情', '删除']);

    fake.answerConfirm(false);
    await userEvent.click(within(rowOf('任务j1')).getByText('更多'));
    const menus = await screen.findAllByRole('menu');
    await userEvent.click(within(menus[menus.length - 1]).getByText('删除'));
    await waitFor(() => expect(fake.confirms).toHaveLength(1));
  });

  it('keeps a single left-over action a link: a 更多 for one would only hide it', async () => {
    await renderList(fake.host, withInline(4));
    expect(linksOf('任务j1')).toEqual(['停止', '立即执行', '编辑', '详情', '删除']);
  });

  it('sizes the 操作 column for the links shown and 更多', () => {
    // 停止 (28) + 立即执行 (56) + 更多 with its arrow (44) + 2 dividers (34) + 32
    expect(actionColumnWidth(page.list.rowActions, [{ status: '0' }], 2)).toBe(194);
  });
});

describe('row action visibility and the 操作 column width', () => {
  const actions: readonly CompiledRowAction[] = page.list.rowActions;

  it('evaluates visibleWhen on the row with the safe evaluator; an expression failing on a row hides its link', () => {
    const titles = (row: Record<string, unknown>) => visibleRowActions(actions, row).map((a) => (a.action === 'custom' ? a.title : a.action));
    expect(titles({ status: '0' })).toEqual(['停止', '立即执行', 'edit', 'detail', 'delete']);
    expect(titles({ status: '-1' })).toEqual(['启动', '立即执行', 'edit', 'detail', 'delete']);
    expect(titles({})).toEqual(['立即执行', 'edit', 'detail', 'delete']);
    const failing = compile({
      ...structuredClone(quartzJobDocument),
      list: { ...quartzJobDocument.list, rowActions: [{ key: 'x', title: '试', endpoint: 'x', visibleWhen: "$row.status.length > 0" }] },
    }).list.rowActions;
    expect(visibleRowActions(failing, { status: null })).toEqual([]);
    expect(visibleRowActions(failing, { status: '0' })).toHaveLength(1);
  });

  it('is as wide as the widest row needs: links that exclude each other take one place', () => {
    // 停止|启动 (28) + 立即执行 (56) + 编辑 详情 删除 (3 × 28) + 4 dividers (17) + 32
    expect(actionColumnWidth(actions, [{ status: '0' }, { status: '-1' }])).toBe(268);
    // without rows every link counts: 启动 and one more divider
    expect(actionColumnWidth(actions, [])).toBe(313);
    // the built-in links alone: 3 × 28 + 2 dividers + 32
    expect(actionColumnWidth(actions.filter((a) => a.action !== 'custom'), [{ status: '0' }])).toBe(150);
  });
});
