/**
 * A tree page's parent field (区域's 上级区域, a treeSelect over its own table) shows the parent's
 * name; the root value ('86' = no parent above a province) shows nothing in the list and in
 * 详细信息, never the raw id, even from a server that sends the id as its text.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createDictService } from '../../../../../runtime/dict/dictService';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import { DetailView } from '../../../../../runtime/views/form/DetailView';
import { SchemaList } from '../../../../../runtime/views/list/SchemaList';
import categoryDocument from '../../../../../schemas/pages/sys/category.json';
import areaDocument from '../../../../../schemas/pages/maintenance/area.json';
import { createFakeHost, ok, type RecordedCall } from '../../list/fakeHost';

function compiled(doc: unknown, source: string) {
  const loaded = loadPageSchema(doc, source);
  if (!loaded.ok) throw new Error(`${source} loads`);
  return loaded.page;
}
const area = compiled(areaDocument, 'schemas/pages/maintenance/area.json');
const category = compiled(categoryDocument, 'schemas/pages/sys/category.json');

const AREAS = [
  { id: '110000', code: '110000', areaName: '北京市', level: 1, pid: '86', pid_dictText: '86', sortNo: 1, hasChild: 'Y' },
  { id: '110101', code: '110101', areaName: '东城区', level: 3, pid: '110100', pid_dictText: '市辖区', sortNo: 1, hasChild: 'N' },
];
const CATEGORIES = [{ id: 'c1', name: '财产险条款', code: 'A01', pid: '0', pid_dictText: '0', hasChild: '0' }];

function host() {
  const fake = createFakeHost();
  fake.respond((call: RecordedCall) => {
    if (call.url === '/maintenance/area/list') return ok({ records: AREAS, total: AREAS.length });
    if (call.url === '/sys/category/list') return ok({ records: CATEGORIES, total: CATEGORIES.length });
    return ok([]);
  });
  return fake;
}

function cellOf(id: string, title: string): HTMLElement {
  const row = document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement;
  const heads = [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent);
  return row.children[heads.indexOf(title)] as HTMLElement;
}

describe('a tree parent in lists and 详细信息', () => {
  it('区域: the list shows 市辖区 for a district and nothing (not 86) for a province', async () => {
    render(<SchemaList page={area} host={host().host} />);
    await screen.findByText('东城区');
    expect(cellOf('110101', '上级区域')).toHaveTextContent('市辖区');
    expect(cellOf('110000', '上级区域').textContent).toBe('');
  });

  it('分类字典: a top category shows no 父级分类 (not 0)', async () => {
    render(<SchemaList page={category} host={host().host} />);
    await screen.findByText('财产险条款');
    await waitFor(() => expect(cellOf('c1', '父级分类').textContent).toBe(''));
  });

  it('详细信息 of a province shows no 上级区域, of a district its name', async () => {
    const fake = host();
    const dict = createDictService(fake.host);
    const { unmount } = render(<DetailView page={area} record={AREAS[1]} dict={dict} host={fake.host} />);
    expect(await screen.findByText('市辖区')).toBeInTheDocument();
    unmount();
    render(<DetailView page={area} record={AREAS[0]} dict={dict} host={fake.host} />);
    await screen.findByText('110000');
    expect(screen.queryByText('86')).toBeNull();
  });
});
