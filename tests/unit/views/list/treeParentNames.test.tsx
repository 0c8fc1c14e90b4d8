/**
 * A tree page's parent field (区域's 上级区域, a treeSelect over its own table) shows the parent's
 * name in the list and in 详细信息, never the raw id; the root value ('86' = no parent) shows
 * nothing. The names of a page of rows come in one request.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadPageSchema } from '../../../../runtime/schema/loadPageSchema';
import { DetailView } from '../../../../runtime/views/form/DetailView';
import { SchemaList } from '../../../../runtime/views/list/SchemaList';
import { createDictService } from '../../../../runtime/dict/dictService';
import areaDocument from '../../../../schemas/pages/maintenance/area.json';
import { createFakeHost, ok, type RecordedCall } from '../../list/fakeHost';

const loaded = loadPageSchema(areaDocument, 'schemas/pages/maintenance/area.json');
if (!loaded.ok) throw new Error('区域 loads');
const page = loaded.page;
const NAMES_URL = '/sys/dict/loadDictItem/mnt_area%2Carea_name%2Cid';
const NAMES: Record<string, string> = { '110000': '北京市', '310000': '上海市' };

const ROWS = [
  { id: '110000', code: '110000', areaName: '北京市', level: 1, pid: '86', sortNo: 1, hasChild: '0' },
  { id: '110101', code: '110101', areaName: '东城区', level: 3, pid: '110000', sortNo: 1, hasChild: '0' },
  { id: '310101', code: '310101', areaName: '黄浦区', level: 3, pid: '310000', sortNo: 2, hasChild: '0' },
];

function host() {
  const fake = createFakeHost();
  fake.respond((call: RecordedCall) => {
    if (call.url === '/maintenance/area/list') return ok({ records: ROWS, total: ROWS.length });
    // As the server answers: names in the order asked, unknown ids left out.
    if (call.url === NAMES_URL) return ok(String(call.params?.key ?? '').split(',').flatMap((key) => (NAMES[key] ? [NAMES[key]] : [])));
    return ok([]);
  });
  return fake;
}

function parentCell(id: string): HTMLElement {
  const row = document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement;
  const heads = [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent);
  return row.children[heads.indexOf('上级区域')] as HTMLElement;
}

describe('上级区域 by name', () => {
  it('the list shows the parent names, nothing for the root, asking once for the page', async () => {
    const fake = host();
    render(<SchemaList page={page} host={fake.host} />);
    await screen.findByText('东城区');
    await waitFor(() => expect(parentCell('110101')).toHaveTextContent('北京市'));
    expect(parentCell('310101')).toHaveTextContent('上海市');
    expect(parentCell('110000').textContent).toBe('');
    expect(fake.callsTo('get', NAMES_URL)).toHaveLength(1);
    expect(fake.callsTo('get', NAMES_URL)[0].params).toEqual({ key: '110000,310000' });
    expect(within(document.querySelector('.ant-table-tbody') as HTMLElement).queryByText('86')).toBeNull();
  });

  it('详细信息 shows the parent by name too, and nothing for a province', async () => {
    const fake = host();
    const dict = createDictService(fake.host);
    const { unmount } = render(<DetailView page={page} record={ROWS[1]} dict={dict} host={fake.host} />);
    expect(await screen.findByText('北京市')).toBeInTheDocument();
    unmount();
    render(<DetailView page={page} record={ROWS[0]} dict={dict} host={fake.host} />);
    await screen.findByText('110000');
    expect(screen.queryByText('86')).toBeNull();
  });
});
