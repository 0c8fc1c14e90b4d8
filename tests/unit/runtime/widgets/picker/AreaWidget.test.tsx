import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { CompiledField, CompiledListColumn } from '../../../../../runtime/schema/compiledPageTypes';
import AreaWidget from '../../../../../runtime/widgets/picker/AreaWidget';
import { getCellRenderer } from '../../../../../runtime/widgets/registry';
import { dictServiceFor } from '../../../../../runtime/dict/hostDict';
import { createFakeHost, fail, ok, type FakeHost } from '../../list/fakeHost';
import { exampleField } from './pages';

const AREAS = [
  { id: '330000', areaName: '浙江省', pid: '86', level: 1, hasChild: 'Y' },
  { id: '110000', areaName: '北京市', pid: '86', level: 1, hasChild: 'Y' },
  { id: '330100', areaName: '杭州市', pid: '330000', level: 2, hasChild: 'Y' },
  { id: '110100', areaName: '市辖区', pid: '110000', level: 2, hasChild: 'Y' },
  { id: '330106', areaName: '西湖区', pid: '330100', level: 3, hasChild: 'N' },
  { id: '330108', areaName: '滨江区', pid: '330100', level: 3, hasChild: 'N' },
  { id: '110101', areaName: '东城区', pid: '110100', level: 3, hasChild: 'N' },
];

/** Our server: childList and city answer rows of one parent; list filters by ids. */
function areaHost(): FakeHost {
  const fake = createFakeHost();
  fake.respond((call) => {
    const params = call.params ?? {};
    if (call.url === '/maintenance/area/childList' || call.url === '/maintenance/area/city') {
      const pid = String(params.pid ?? params.id ?? '86');
      return ok(AREAS.filter((area) => area.pid === pid));
    }
    if (call.url === '/maintenance/area/list') {
      const ids = String(params.id).split(',');
      return ok({ records: AREAS.filter((area) => ids.includes(area.id)), total: ids.length });
    }
    return ok([]);
  });
  return fake;
}

function Harness({ field, initial, fake }: { field: CompiledField; initial: string; fake: FakeHost }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <>
      <AreaWidget field={field} value={value} onChange={setValue} host={fake.host} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

function Cells({ fake, codes }: { fake: FakeHost; codes: string[] }) {
  const render = getCellRenderer('area');
  const field = exampleField('areaCode');
  const column: CompiledListColumn = { field, dataIndex: 'areaCode', title: field.label, ellipsis: 25, align: 'center', sortable: false };
  const dict = dictServiceFor(fake.host);
  return (
    <ul>
      {codes.map((code, index) => (
        <li key={code} data-testid={`cell-${code}`}>
          {render?.(code, { column, record: { areaCode: code }, index, host: fake.host, dict })}
        </li>
      ))}
    </ul>
  );
}

describe('area picker', { timeout: 20_000 }, () => {
  it('shows a stored district as its full path and stores the deepest code chosen', async () => {
    const user = userEvent.setup();
    const fake = areaHost();
    render(<Harness field={exampleField('areaCode')} initial="330106" fake={fake} />);
    expect(await screen.findByText('浙江省/杭州市/西湖区')).toBeInTheDocument();
    expect(fake.callsTo('get', '/maintenance/area/childList')[0].params).toEqual({ id: '86' });

    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByText('北京市'));
    await user.click(await screen.findByText('市辖区'));
    await user.click(await screen.findByText('东城区'));
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('"110101"'));
    expect(fake.callsTo('get', '/maintenance/area/city').at(-1)?.params).toMatchObject({ pid: '110000' });
  });

  it('a province-only field (level 1) stops at the province', async () => {
    const user = userEvent.setup();
    const fake = areaHost();
    render(<Harness field={exampleField('provinceCode')} initial="" fake={fake} />);
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByText('浙江省'));
    expect(screen.getByTestId('value').textContent).toBe('"330000"');
    expect(fake.callsTo('get', '/maintenance/area/city')).toHaveLength(0);
  });

  it('refuses an unsupported level with 类型值错误', () => {
    const field = exampleField('areaCode');
    render(<Harness field={{ ...field, options: { area: { level: 5 as 3 } } }} initial="" fake={areaHost()} />);
    expect(screen.getByText('类型值错误')).toBeInTheDocument();
  });

  it('shows the server message as a warning when the areas cannot be loaded', async () => {
    const fake = createFakeHost();
    fake.respond(() => fail('区域数据加载失败'));
    render(<Harness field={exampleField('areaCode')} initial="" fake={fake} />);
    await waitFor(() => expect(fake.notices).toContainEqual({ kind: 'warning', text: '区域数据加载失败' }));
  });
});

describe('area list cells', () => {
  it('show the path text, resolving a whole page of cells in a few requests', async () => {
    const fake = areaHost();
    render(<Cells fake={fake} codes={['330106', '330108', '110101', '999999']} />);
    await waitFor(() => expect(screen.getByTestId('cell-330106')).toHaveTextContent('浙江省/杭州市/西湖区'));
    expect(screen.getByTestId('cell-330108')).toHaveTextContent('浙江省/杭州市/滨江区');
    expect(screen.getByTestId('cell-110101')).toHaveTextContent('北京市/市辖区/东城区');
    // An unknown code is shown as stored.
    await waitFor(() => expect(screen.getByTestId('cell-999999')).toHaveTextContent('999999'));
    expect(fake.calls.length).toBeLessThanOrEqual(3);
  });

  it('read the JeecgBoot map answer of childList?id=86 in one request', async () => {
    const fake = createFakeHost();
    fake.respond(() =>
      ok({
        records: {
          '86': { '330000': '浙江省' },
          '330000': { '330100': '杭州市' },
          '330100': { '330106': '西湖区' },
        },
      }),
    );
    render(<Cells fake={fake} codes={['330106']} />);
    await waitFor(() => expect(screen.getByTestId('cell-330106')).toHaveTextContent('浙江省/杭州市/西湖区'));
    expect(fake.calls).toHaveLength(1);
  });
});
