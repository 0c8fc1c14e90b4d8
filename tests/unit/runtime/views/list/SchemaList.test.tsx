import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Host } from '../../../../../runtime/host/types';
import { SchemaList, type SchemaListProps } from '../../../../../runtime/views/list/SchemaList';
import { createFakeHost, deferred, fail, ok, type Answer, type FakeHost, type RecordedCall } from '../../list/fakeHost';
import { expert, expertPage, SEX_ITEMS } from './expertPage';

const LIST = '/maintenance/expert/list';
const page = expertPage();

let fake: FakeHost;
let rows: Record<string, unknown>[];
let total: number;

function answer(call: RecordedCall) {
  if (call.url === LIST) {
    const pageNo = Number(call.params?.pageNo ?? 1);
    const pageSize = Number(call.params?.pageSize ?? 10);
    return ok({ records: rows.slice((pageNo - 1) * pageSize, pageNo * pageSize), total });
  }
  if (call.url === '/sys/dict/getDictItems/sex') return ok(SEX_ITEMS);
  if (call.method === 'delete') return ok(null, '删除成功！');
  return ok(null);
}

beforeEach(() => {
  fake = createFakeHost();
  rows = Array.from({ length: 3 }, (_, i) => expert(i + 1));
  total = rows.length;
  fake.respond(answer);
});

afterEach(() => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
});

const listCalls = () => fake.callsTo('get', LIST);
const lastListParams = () => listCalls().at(-1)?.params ?? {};

/** A router stand-in: the list's search string kept in state. */
function Routed(props: Omit<SchemaListProps, 'location' | 'page' | 'host'> & { initialSearch?: string; host?: Host }) {
  const [search, setSearch] = useState(props.initialSearch ?? '');
  return (
    <ConfigProvider locale={zhCN}>
      <output data-testid="search">{search}</output>
      <SchemaList {...props} page={page} host={props.host ?? fake.host} location={{ search, setSearch }} />
    </ConfigProvider>
  );
}

async function renderList(props: Parameters<typeof Routed>[0] = {}) {
  const view = render(<Routed onAdd={() => undefined} onEdit={() => undefined} onDetail={() => undefined} onImport={() => undefined} {...props} />);
  await waitFor(() => expect(listCalls().length).toBeGreaterThan(0));
  await screen.findByText(/共\d+条/);
  return view;
}

/** A query bar input by its item label (hidden ones too: advanced items are only hidden). */
function queryInput(label: string): HTMLElement {
  return screen.getByRole('textbox', { name: label, hidden: true });
}

function headerTexts(): string[] {
  return Array.from(document.querySelectorAll('thead th')).map((th) => th.textContent ?? '');
}

// antd in jsdom on a shared two-core machine: a page render with a few clicks takes seconds.
describe('the schema list page', { timeout: 30_000 }, () => {
  it('shows the columns and the query items of the compiled page, advanced items under 展开', async () => {
    await renderList();
    expect(headerTexts()).toEqual(
      expect.arrayContaining(['#', '专家姓名', '联系电话', '专业方向', '性别', '电子邮箱', '创建时间', '操作']),
    );
    expect(queryInput('专家姓名')).toBeVisible();
    expect(queryInput('联系电话')).toBeVisible();
    expect(queryInput('专业方向')).not.toBeVisible();
    await userEvent.click(screen.getByText('展开'));
    expect(queryInput('专业方向')).toBeVisible();
    expect(screen.getByText('收起')).toBeInTheDocument();
    await userEvent.click(screen.getByText('收起'));
    expect(queryInput('专业方向')).not.toBeVisible();
  });

  it('asks with the JeecgBoot parameters: default sort createTime desc, page 1 of 10, field list', async () => {
    await renderList();
    expect(lastListParams()).toMatchObject({
      column: 'createTime',
      order: 'desc',
      pageNo: 1,
      pageSize: 10,
      field: 'id,expertName,contactMobile,majorDirection,sex,email,createTime',
    });
  });

  it('runs a like query with Enter in a query input, wrapping the value as *x*, and writes it to the URL', async () => {
    await renderList();
    const input = queryInput('专家姓名');
    await userEvent.type(input, '王{Enter}');
    await waitFor(() => expect(lastListParams()).toMatchObject({ expertName: '*王*', pageNo: 1 }));
    expect(screen.getByTestId('search').textContent).toBe('?q.expertName=%E7%8E%8B');
  });

  it('sends a bookmarked date range as _begin/_end, shows it in the open form, and keeps it on 查询', async () => {
    await renderList({ initialSearch: '?q.createTime_begin=2024-01-01+00%3A00%3A00&q.createTime_end=2024-01-31+23%3A59%3A59' });
    expect(listCalls()).toHaveLength(1);
    expect(lastListParams()).toMatchObject({
      createTime_begin: '2024-01-01 00:00:00',
      createTime_end: '2024-01-31 23:59:59',
    });
    // The condition is on an advanced item, so the bar opens expanded and shows it.
    expect(screen.getByText('收起')).toBeInTheDocument();
    expect(screen.getByDisplayValue('2024-01-01')).toBeVisible();
    expect(screen.getByDisplayValue('2024-01-31')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: /^(search)?\s*查\s*询$/ }));
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(lastListParams()).toMatchObject({
      createTime_begin: '2024-01-01 00:00:00',
      createTime_end: '2024-01-31 23:59:59',
    });
  });

  it('重置 clears the inputs and the conditions and goes back to page 1', async () => {
    total = 35;
    rows = Array.from({ length: 35 }, (_, i) => expert(i + 1));
    await renderList({ initialSearch: '?q.expertName=%E7%8E%8B&page=2' });
    expect(lastListParams()).toMatchObject({ expertName: '*王*', pageNo: 2 });
    expect(queryInput('专家姓名')).toHaveValue('王');
    await userEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(lastListParams()).not.toHaveProperty('expertName');
    expect(lastListParams()).toMatchObject({ pageNo: 1 });
    expect(queryInput('专家姓名')).toHaveValue('');
    expect(screen.getByTestId('search').textContent).toBe('');
  });

  it('pages with the total text a-b 共N条, page sizes 10/20/30 and a quick jumper', async () => {
    total = 35;
    rows = Array.from({ length: 35 }, (_, i) => expert(i + 1));
    await renderList();
    expect(screen.getByText('1-10 共35条')).toBeInTheDocument();
    expect(document.querySelector('.ant-pagination-options-quick-jumper')).not.toBeNull();
    await userEvent.click(screen.getByTitle('2'));
    await screen.findByText('11-20 共35条');
    expect(lastListParams()).toMatchObject({ pageNo: 2, pageSize: 10 });
    expect(screen.getByText('专家11')).toBeInTheDocument();
    // Row numbers continue across pages.
    expect(within(screen.getByText('专家11').closest('tr') as HTMLElement).getByText('11')).toBeInTheDocument();
    expect(screen.getByTestId('search').textContent).toBe('?page=2');

    await userEvent.click(document.querySelector('.ant-pagination-options .ant-select-selector') as HTMLElement);
    const options = Array.from(document.querySelectorAll('.ant-select-item-option')).map((o) => o.textContent);
    expect(options).toEqual(['10 条/页', '20 条/页', '30 条/页']);
    await userEvent.click(screen.getByTitle('30 条/页'));
    await screen.findByText('31-35 共35条');
    expect(lastListParams()).toMatchObject({ pageNo: 2, pageSize: 30 });
  });

  it('sorts by a sortable column when its header is clicked, and reverses on the next click', async () => {
    await renderList();
    const header = screen.getAllByText('专家姓名').find((el) => el.closest('th')) as HTMLElement;
    await userEvent.click(header);
    await waitFor(() => expect(lastListParams()).toMatchObject({ column: 'expertName', order: 'asc' }));
    expect(screen.getByTestId('search').textContent).toBe('?column=expertName&order=asc');
    await userEvent.click(header);
    await waitFor(() => expect(lastListParams()).toMatchObject({ column: 'expertName', order: 'desc' }));
    // Columns without `sortable` offer no sorter.
    expect(screen.getAllByText('联系电话').find((el) => el.closest('th'))?.closest('th')).not.toHaveClass('ant-table-column-has-sorters');
  });

  it('offers the toolbar buttons and row actions only to holders of their permission codes', async () => {
    const granted = new Set(['expert:exportXls', 'expert:edit']);
    const host: Host = { ...fake.host, hasPermission: (code) => granted.has(code) };
    await renderList({ host });
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /批量删除/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /导\s*入/ })).toBeNull();
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeInTheDocument();
    const firstRow = screen.getByText('专家1').closest('tr') as HTMLElement;
    expect(within(firstRow).getByText('编辑')).toBeInTheDocument();
    expect(within(firstRow).queryByText('删除')).toBeNull();
    expect(within(firstRow).queryByText('详情')).toBeNull();
  });

  it('shows every toolbar button to a user holding all codes, and 新增 opens the add form', async () => {
    let added = 0;
    await renderList({ onAdd: () => (added += 1) });
    for (const text of [/新\s*增/, /批量删除/, /导\s*出/, /导\s*入/, /模板下载/]) {
      expect(screen.getByRole('button', { name: text })).toBeInTheDocument();
    }
    await userEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    expect(added).toBe(1);
  });

  it('refuses 批量删除 without a selection with 请选择一条记录！', async () => {
    await renderList();
    await userEvent.click(screen.getByRole('button', { name: /批量删除/ }));
    expect(fake.notices).toContainEqual({ kind: 'warning', text: '请选择一条记录！' });
    expect(fake.confirms).toHaveLength(0);
    expect(fake.callsTo('delete')).toHaveLength(0);
  });

  it('batch deletes the selected rows after 确认删除 / 是否删除选中数据?', async () => {
    await renderList();
    const checkboxes = screen.getAllByRole('checkbox');
    await userEvent.click(checkboxes[1]);
    await userEvent.click(checkboxes[2]);
    expect(document.querySelector('.ant-alert')?.textContent).toMatch(/已选择\s*2\s*项/);
    await userEvent.click(screen.getByRole('button', { name: /批量删除/ }));
    await waitFor(() => expect(fake.callsTo('delete')).toHaveLength(1));
    expect(fake.confirms[0]).toMatchObject({ title: '确认删除', content: '是否删除选中数据?' });
    expect(fake.callsTo('delete')[0]).toMatchObject({ url: '/maintenance/expert/deleteBatch', params: { ids: 'e1,e2,' } });
  });

  it('deletes one row from its 删除 link after confirmation', async () => {
    await renderList();
    const row = screen.getByText('专家2').closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByText('删除'));
    await waitFor(() => expect(fake.callsTo('delete')).toHaveLength(1));
    expect(fake.callsTo('delete')[0]).toMatchObject({ url: '/maintenance/expert/delete', params: { id: 'e2' } });
    expect(fake.notices).toContainEqual({ kind: 'success', text: '删除成功！' });
  });

  it('hands the row to the edit and detail handlers', async () => {
    const opened: string[] = [];
    await renderList({ onEdit: (r) => opened.push(`edit:${String(r.id)}`), onDetail: (r) => opened.push(`detail:${String(r.id)}`) });
    const row = screen.getByText('专家3').closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByText('编辑'));
    await userEvent.click(within(row).getByText('详情'));
    expect(opened).toEqual(['edit:e3', 'detail:e3']);
  });

  it('shows dictionary text from the cache fetched once before the rows, never per row', async () => {
    rows = [expert(1, { sex: 1 }), expert(2, { sex: 2 }), expert(3, { sex: 1 })];
    await renderList();
    const sexCells = () => Array.from(document.querySelectorAll('tbody tr.ant-table-row')).map((tr) => tr.children[5]?.textContent);
    expect(sexCells()).toEqual(['男', '女', '男']);
    expect(fake.callsTo('get', '/sys/dict/getDictItems/sex')).toHaveLength(1);
    expect(fake.callsTo('get', '/sys/dict/getDictItems/sex')[0].options).toMatchObject({ signed: true });
  });

  it('holds the rows back until the dictionary has arrived, so no cell flashes a raw code', async () => {
    const dictAnswer = deferred<Answer>();
    fake.respond((call) => (call.url === '/sys/dict/getDictItems/sex' ? dictAnswer.promise : answer(call)));
    render(<Routed />);
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.queryByText('专家1')).toBeNull();
    dictAnswer.resolve(ok(SEX_ITEMS));
    const row = (await screen.findByText('专家1')).closest('tr') as HTMLElement;
    expect(within(row).getByText('男')).toBeInTheDocument();
  });

  it("prefers the server's <field>_dictText when a record carries it", async () => {
    rows = [expert(1, { sex: 1, sex_dictText: '男士' })];
    await renderList();
    expect(screen.getByText('男士')).toBeInTheDocument();
  });

  it('cuts long cell text after the column ellipsis and shows the whole text on hover', async () => {
    const email = 'a.very.long.email.address.for.testing@example.com';
    rows = [expert(1, { email })];
    await renderList();
    const cut = screen.getByText(`${email.slice(0, 30)}...`);
    fireEvent.mouseEnter(cut);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(email);
  });

  it('warns with the server message when the list cannot be loaded, and shows 暂无数据', async () => {
    fake.respond((call) => (call.url === LIST ? fail('数据库连接失败') : answer(call)));
    render(<Routed />);
    await waitFor(() => expect(fake.notices).toContainEqual({ kind: 'warning', text: '数据库连接失败' }));
    expect(document.querySelector('.ant-empty-description')).toHaveTextContent('暂无数据');
  });

  it('shows 暂无数据 for an empty list', async () => {
    rows = [];
    total = 0;
    render(<Routed />);
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    await waitFor(() => expect(document.querySelector('.ant-empty-description')).toHaveTextContent('暂无数据'));
  });

  it('scrolls the table over 800 px on a screen narrower than 500 px', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 400 });
    await renderList();
    expect(document.querySelector('.ant-table-content table')).toHaveStyle({ width: '800px' });
  });

  it('lets a wide list scroll at desktop width instead of squeezing its columns', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1440 });
    rows = [expert(1, { majorDirection: '火灾、水渍、盗抢、机械损坏、营业中断、工程险、责任险及货运险查勘定损' })];
    total = 1;
    await renderList();
    const table = document.querySelector('.ant-table-content table') as HTMLElement;
    // As wide as its columns need, never narrower than the page.
    expect(table.style.width).toBe('max-content');
    expect(table).toHaveStyle({ minWidth: '100%' });
    // Every data column keeps its width (the schema's, else 120 px); long text is still cut at 25 characters.
    const widths = Array.from(document.querySelectorAll('.ant-table-content colgroup col:not(.ant-table-selection-col)'));
    expect(widths.map((col) => (col as HTMLElement).style.width)).not.toContain('');
    expect(screen.getByText('火灾、水渍、盗抢、机械损坏、营业中断、工程险、责任...')).toBeInTheDocument();
  });

  it('exports the filtered rows under the entity title', async () => {
    const xlsx = new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2])]);
    fake.respond((call) => (call.method === 'getBlob' ? xlsx : answer(call)));
    await renderList({ initialSearch: '?q.expertName=%E7%8E%8B' });
    await userEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(fake.saved).toHaveLength(1));
    expect(fake.callsTo('getBlob')[0]).toMatchObject({ url: '/maintenance/expert/exportXls', params: { expertName: '*王*' } });
    expect(fake.saved[0].fileName).toBe('专家.xlsx');
  });

  it('downloads the import template, refusing an empty file with 文件下载失败', async () => {
    fake.respond((call) => (call.method === 'getBlob' ? new Blob([]) : answer(call)));
    await renderList();
    await userEvent.click(screen.getByRole('button', { name: /模板下载/ }));
    await waitFor(() => expect(fake.notices).toContainEqual({ kind: 'warning', text: '文件下载失败' }));
    expect(fake.callsTo('getBlob')[0].url).toBe('/maintenance/expert/exportXlsTemplate');
    expect(fake.saved).toHaveLength(0);
  });

  it('reloads the rows when the page signals a save', async () => {
    const { rerender } = await renderList({ reloadToken: 0 });
    expect(listCalls()).toHaveLength(1);
    await act(async () => {
      rerender(<Routed reloadToken={1} />);
    });
    await waitFor(() => expect(listCalls()).toHaveLength(2));
  });
});
