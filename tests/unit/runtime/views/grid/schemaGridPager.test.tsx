// A grid page's pager (spec §9: page size 10, sizes 10/20/30, quick jumper, 'a-b 共N条'), what
// paging does to unsaved edits (it asks first), the highlight of the rows a save's reload brings,
// and saved rows read-only for a user without the edit permission.
import fs from 'node:fs';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { describe, expect, it } from 'vitest';
import { createDictService } from '../../../../../runtime/dict/dictService';
import type { Host } from '../../../../../runtime/host/types';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import { SchemaGridPage } from '../../../../../runtime/views/grid/SchemaGridPage';
import { pretendLayout } from '../../../../support/pretendLayout';
import { createFakeHost, ok, type RecordedCall } from '../../list/fakeHost';

pretendLayout();

type Row = Record<string, unknown>;

/** A saved 工时登记 row that passes the grid's rules. */
const saved = (n: number): Row => ({
  id: `w${n}`,
  caseId: 'c1',
  hourType: 't1',
  staffUser: 'admin',
  workDate: '2026-11-02',
  hours: n,
  remark: `备注${n}`,
  orderNum: n,
  updateTime: '2026-11-01 09:00:00',
});

interface Setup {
  /** The grid section's pageSize; undefined leaves the page without one. */
  pageSize?: number;
  count?: number;
  canEdit?: boolean;
}

function setup({ pageSize, count = 13, canEdit = true }: Setup = {}) {
  const doc = JSON.parse(fs.readFileSync('schemas/pages/cost/workHour.json', 'utf8')) as { grid: Record<string, unknown> };
  if (pageSize === undefined) delete doc.grid.pageSize;
  else doc.grid.pageSize = pageSize;
  const loaded = loadPageSchema(doc, 'schemas/pages/cost/workHour.json');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  const fake = createFakeHost();
  const server = { rows: Array.from({ length: count }, (_, i) => saved(i + 1)) };
  fake.respond((call) => {
    if (call.url !== '/cost/workHour/list') return ok(call.url === '/cost/workHour/saveBatch' ? null : []);
    const pageNo = Number(call.params?.pageNo ?? 1);
    const size = Number(call.params?.pageSize);
    return ok({ records: server.rows.slice((pageNo - 1) * size, pageNo * size), total: server.rows.length });
  });
  const host: Host = { ...fake.host, hasPermission: (code) => canEdit || code !== loaded.page.permissions.edit };
  render(
    <ConfigProvider locale={zhCN} theme={{ token: { motion: false } }}>
      <SchemaGridPage page={loaded.page} host={host} dict={createDictService(fake.host)} />
    </ConfigProvider>,
  );
  const listCalls = () => fake.callsTo('get', '/cost/workHour/list');
  return { fake, server, listCalls, lastList: (): RecordedCall['params'] => listCalls().at(-1)?.params };
}

/** The remarks of the rows rendered (the grid renders the rows in view). */
const remarks = () => [...document.querySelectorAll('.grid-row .grid-cell[data-column="remark"]')].map((cell) => cell.textContent);
const rowOf = (id: string) => document.querySelector<HTMLElement>(`.grid-row[data-row-id="${id}"]`) as HTMLElement;
const hoursOf = (id: string) => rowOf(id).querySelector('.grid-cell[data-column="hours"]') as HTMLElement;

/** Types into a row's 工时 cell and leaves it, as a user does. */
function editHours(id: string, text: string) {
  act(() => hoursOf(id).click());
  fireEvent.change(within(hoursOf(id)).getByRole('textbox'), { target: { value: text } });
  fireEvent.blur(within(hoursOf(id)).getByRole('textbox'));
  fireEvent.mouseUp(document.body);
}
/** The highlighted rows (the reload effect's colour). */
const highlighted = () =>
  [...document.querySelectorAll<HTMLElement>('.grid-row')].filter((row) => (row.firstElementChild as HTMLElement).style.background === 'rgb(255, 251, 230)').map((row) => row.dataset.rowId);

async function sizeOptions() {
  await userEvent.click(document.querySelector('.ant-pagination-options .ant-select-selector') as HTMLElement);
  return [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map((o) => o.textContent);
}

describe('the pager of a grid page', { timeout: 30_000 }, () => {
  it('shows 10 rows a page with 1-10 共13条, a quick jumper and the sizes 10/20/30', async () => {
    const { lastList, fake } = setup();
    await screen.findByText('1-10 共13条');
    expect(lastList()).toMatchObject({ pageNo: 1, pageSize: 10 });
    expect(remarks()[0]).toBe('备注1');
    expect(document.querySelector('.ant-pagination-options-quick-jumper')).not.toBeNull();
    expect(await sizeOptions()).toEqual(['10 条/页', '20 条/页', '30 条/页']);

    await userEvent.click(screen.getByTitle('20 条/页'));
    await screen.findByText('1-13 共13条');
    expect(lastList()).toMatchObject({ pageNo: 1, pageSize: 20 });
    expect(fake.confirms).toEqual([]);
  });

  it('shows the pager when every row fits on the page', async () => {
    setup({ count: 3 });
    await screen.findByText('1-3 共3条');
    expect(document.querySelector('.ant-pagination-options-size-changer')).not.toBeNull();
  });

  it("starts at the page's own size and keeps it among the sizes (工时登记: 200)", async () => {
    const { lastList } = setup({ pageSize: 200 });
    await screen.findByText('1-13 共13条');
    expect(lastList()).toMatchObject({ pageSize: 200 });
    expect(await sizeOptions()).toEqual(['10 条/页', '20 条/页', '30 条/页', '200 条/页']);
  });

  it('asks before paging away from unsaved edits: cancel keeps the page and the edits, OK pages', async () => {
    const { fake, listCalls } = setup();
    await screen.findByText('1-10 共13条');
    editHours('w2', '7.5');
    expect(hoursOf('w2')).toHaveTextContent('7.5');

    fake.answerConfirm(false);
    await userEvent.click(screen.getByTitle('2'));
    expect(fake.confirms).toEqual([{ title: '提示', content: '当前页有未保存的修改，翻页或改变每页条数将丢失这些修改，是否继续？' }]);
    expect(listCalls()).toHaveLength(1);
    expect(hoursOf('w2')).toHaveTextContent('7.5');
    expect(document.querySelector('.ant-pagination-item-active')).toHaveTextContent('1');

    // The size changer asks the same.
    await userEvent.click(document.querySelector('.ant-pagination-options .ant-select-selector') as HTMLElement);
    await userEvent.click(screen.getByTitle('20 条/页'));
    expect(fake.confirms).toHaveLength(2);
    expect(listCalls()).toHaveLength(1);

    fake.answerConfirm(true);
    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(remarks()).toEqual(['备注11', '备注12', '备注13']));
    expect(fake.confirms).toHaveLength(3);
  });
});

describe('the reload after a save', { timeout: 30_000 }, () => {
  it('highlights the rows the server changed; another page highlights nothing', async () => {
    const { server } = setup();
    await screen.findByText('1-10 共13条');
    editHours('w2', '7.5');
    // What the server holds once the save is through: w2 as edited, stamped.
    server.rows[1] = { ...server.rows[1], hours: 7.5, updateTime: '2026-11-02 10:00:00' };
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(highlighted()).toEqual(['w2']));
    await waitFor(() => expect(highlighted()).toEqual([]), { timeout: 3_000 });

    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(remarks()).toEqual(['备注11', '备注12', '备注13']));
    expect(highlighted()).toEqual([]);
  });
});

describe('a user without the edit permission', { timeout: 30_000 }, () => {
  it('sees saved rows read-only: a click in a cell opens 详细信息 instead of an editor', async () => {
    setup({ count: 2, canEdit: false });
    await screen.findByText('1-2 共2条');
    await userEvent.click(rowOf('w1').querySelector('.grid-cell[data-column="remark"]') as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('详细信息')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('备注1');
    expect(document.querySelector('.grid-cell[data-editing]')).toBeNull();
  });

  it('is offered no drag handle: reordering would edit saved rows the server then refuses', async () => {
    setup({ count: 2, canEdit: false });
    await screen.findByText('1-2 共2条');
    expect(document.querySelector('.grid-drag-handle')).toBeNull();
  });
});

describe('a later page of a drag-sorted grid', { timeout: 30_000 }, () => {
  it('numbers its rows after the rows of the pages before it', async () => {
    const { fake } = setup({ pageSize: 10, count: 13 });
    await screen.findByText('1-10 共13条');
    await userEvent.click(document.querySelector('.ant-pagination-item-2') as HTMLElement);
    await screen.findByText('11-13 共13条');
    await waitFor(() => expect(remarks()).toEqual(['备注11', '备注12', '备注13']));
    await userEvent.click(rowOf('w12').querySelector('.ant-checkbox-input') as HTMLElement);
    await userEvent.click(screen.getByRole('button', { name: /上\s*移/ }));
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(fake.callsTo('post', '/cost/workHour/saveBatch')).toHaveLength(1));
    const body = fake.callsTo('post', '/cost/workHour/saveBatch')[0].body as { updated: { values: { id: string; orderNum: number } }[] };
    const orders = Object.fromEntries(body.updated.map(({ values }) => [values.id, values.orderNum]));
    expect(orders).toMatchObject({ w12: 11, w11: 12 });
  });
});
