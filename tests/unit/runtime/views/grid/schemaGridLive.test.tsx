// A paged grid page kept live: another user's new row shows on the last page only (new rows are
// listed last), while the count under the grid follows every row added or deleted, shown or not.
import fs from 'node:fs';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDictService } from '../../../../../runtime/dict/dictService';
import { GRID_SOCKET_KEY } from '../../../../../runtime/grid/gridPage';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import { SchemaGridPage } from '../../../../../runtime/views/grid/SchemaGridPage';
import { pretendLayout } from '../../../../support/pretendLayout';
import { FakeWebSocket } from '../../../../support/fakeWebSocket';
import { createFakeHost, ok } from '../../list/fakeHost';

pretendLayout();

const RECORDS = Array.from({ length: 13 }, (_, i) => i + 1).map((n) => ({ id: `w${n}`, remark: `备注${n}`, hours: n, orderNum: n }));

/** 工时登记 with ten rows a page, over thirteen saved rows. */
function setup() {
  const doc = JSON.parse(fs.readFileSync('schemas/pages/cost/workHour.json', 'utf8')) as { grid: Record<string, unknown> };
  doc.grid.pageSize = 10;
  const loaded = loadPageSchema(doc, 'schemas/pages/cost/workHour.json');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  const fake = createFakeHost();
  fake.respond((call) => {
    if (call.url !== '/cost/workHour/list') return ok([]);
    const pageNo = Number(call.params?.pageNo ?? 1);
    return ok({ records: RECORDS.slice((pageNo - 1) * 10, pageNo * 10), total: RECORDS.length });
  });
  render(<SchemaGridPage page={loaded.page} host={fake.host} dict={createDictService(fake.host)} live={{ socketUrl: (id) => `ws://test/vxeSocket/u1/${id}`, token: 't' }} />);
}

/** The remarks of the rows rendered (the grid renders the rows in view). */
const remarks = () => [...document.querySelectorAll('.grid-row .grid-cell[data-column="remark"]')].map((cell) => cell.textContent);

function otherUserSaves(row: Record<string, unknown>, change: 'add' | 'remove') {
  const socket = FakeWebSocket.instances.at(-1) as FakeWebSocket;
  act(() => socket.serverSends({ type: 'update_vxe_table', data: { socketKey: GRID_SOCKET_KEY, args: [row, '_jet-other0-', change] } }));
}

describe('a paged grid page kept live', { timeout: 30_000 }, () => {
  beforeEach(() => {
    FakeWebSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps another user\'s new row off page 1 of 2 but counts it; the last page shows it', async () => {
    setup();
    await waitFor(() => expect(remarks()[0]).toBe('备注1'));
    act(() => (FakeWebSocket.instances.at(-1) as FakeWebSocket).serverOpens());
    expect(screen.getByText('共13条', { exact: false })).toBeInTheDocument();

    otherUserSaves({ id: 'w99', remark: '别人新增的', hours: 1, orderNum: 14 }, 'add');
    expect(remarks()).not.toContain('别人新增的');
    await waitFor(() => expect(screen.getByText('共14条', { exact: false })).toBeInTheDocument());

    // A deletion on a page not shown changes the count too.
    otherUserSaves({ id: 'w13' }, 'remove');
    await waitFor(() => expect(screen.getByText('共13条', { exact: false })).toBeInTheDocument());

    // On the last page another user's new row appears.
    act(() => (document.querySelector('.ant-pagination-item-2') as HTMLElement).click());
    await waitFor(() => expect(remarks()).toEqual(['备注11', '备注12', '备注13']));
    otherUserSaves({ id: 'w98', remark: '末页新增的', hours: 1, orderNum: 14 }, 'add');
    await waitFor(() => expect(remarks()).toEqual(['备注11', '备注12', '备注13', '末页新增的']));
  });

  it('says data-live="joined" once the server has answered a heartbeat, not when the socket opens', async () => {
    setup();
    await waitFor(() => expect(remarks()[0]).toBe('备注1'));
    const grid = () => document.querySelector('.editable-grid');
    expect(grid()).toHaveAttribute('data-live', 'joining');
    const socket = FakeWebSocket.instances.at(-1) as FakeWebSocket;
    act(() => socket.serverOpens());
    expect(grid()).toHaveAttribute('data-live', 'joining');
    act(() => socket.serverSends({ type: 'heart_beat', data: true }));
    await waitFor(() => expect(grid()).toHaveAttribute('data-live', 'joined'));
  });
});
