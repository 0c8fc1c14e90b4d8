import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { CompiledField, CompiledListColumn } from '../../../../../runtime/schema/compiledPageTypes';
import AreaWidget from '../../../../../runtime/widgets/picker/AreaWidget';
import { getCellRenderer } from '../../../../../runtime/widgets/registry';
import { dictServiceFor } from '../../../../../runtime/dict/hostDict';
import { createFakeHost, fail, ok, type FakeHost } from '../../list/fakeHost';
import { exampleField, shippedPage } from './pages';
import { fixturePage } from '../../../../support/fixturePages';

const AREAS = [
  { id: '330000', areaName: '浙江省', pid: '86', level: 1, hasChild: 'Y' },
  { id: '110000', areaName: '北京市', pid: '86', level: 1, hasChild: 'Y' },
  { id: '330100', areaName: '杭州市', pid: '330000', level: 2, hasChild: 'Y' },
  { id: '110100', areaName: '市辖区', pid: '110000', level: 2, hasChild: 'Y' },
  { id: '330106', areaName: '西湖区', pid: '330100', level: 3, hasChild: 'N' },
  { id: '330108', areaName: '滨江区', pid: '330100', level: 3, hasChild: 'N' },
  { id: '110101', areaName: '东城区', pid: '110100', level: 3, hasChild: 'N' },
];

/** A fake host that can load the area page (the widget finds its endpoints there). */
function hostWithAreaPage(): FakeHost {
  const fake = createFakeHost();
  fake.definePage('maintenance/area', shippedPage('maintenance/area'));
  return fake;
}

/** Our server: childList and city answer rows of one parent; list filters by ids. */
function areaHost(): FakeHost {
  const fake = hostWithAreaPage();
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

function Cells({ fake, codes, field = exampleField('areaCode') }: { fake: FakeHost; codes: string[]; field?: CompiledField }) {
  const render = getCellRenderer('area');
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
    const fake = hostWithAreaPage();
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
    const fake = hostWithAreaPage();
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

/** tests/fixtures/pages/region.json: two levels under root '0', its own endpoint and field names. */
const REGIONS = [
  { id: '10', regionName: '北区', parentCode: '0', depth: 1, hasKids: 'Y' },
  { id: '20', regionName: '南区', parentCode: '0', depth: 1, hasKids: 'Y' },
  { id: '11', regionName: '北一', parentCode: '10', depth: 2, hasKids: 'N' },
  { id: '21', regionName: '南一', parentCode: '20', depth: 2, hasKids: 'N' },
];

function regionHost(): FakeHost {
  const fake = createFakeHost();
  fake.definePage('test/region', fixturePage('region'));
  fake.respond((call) => {
    const params = call.params ?? {};
    if (call.url === '/test/region/regionMap' || call.url === '/test/region/prefecture') {
      const pid = String(params.pid ?? params.id);
      return ok(REGIONS.filter((region) => region.parentCode === pid));
    }
    if (call.url === '/test/region/list') {
      const ids = String(params.id).split(',');
      return ok({ records: REGIONS.filter((region) => ids.includes(region.id)), total: ids.length });
    }
    return fail(`不该请求 ${call.url}`);
  });
  return fake;
}

function regionField(page = 'test/region'): CompiledField {
  const field = exampleField('areaCode');
  return { ...field, options: { area: { page } } };
}

describe('the area page named by the field', { timeout: 20_000 }, () => {
  it('gives the picker its endpoints, root, name field and levels', async () => {
    const user = userEvent.setup();
    const fake = regionHost();
    render(<Harness field={regionField()} initial="11" fake={fake} />);
    expect(await screen.findByText('北区/北一')).toBeInTheDocument();
    expect(fake.callsTo('get', '/test/region/regionMap')[0].params).toEqual({ id: '0' });
    // The page has two levels: 南区's children come from its level-2 endpoint and are the last level.
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByText('南区'));
    await user.click(await screen.findByText('南一'));
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('"21"'));
    expect(fake.callsTo('get', '/test/region/prefecture').at(-1)?.params).toMatchObject({ pid: '20' });
    expect(fake.notices).toEqual([]);
  });

  it('list cells read the same page', async () => {
    const fake = regionHost();
    render(<Cells fake={fake} codes={['21', '11']} field={regionField()} />);
    await waitFor(() => expect(screen.getByTestId('cell-21')).toHaveTextContent('南区/南一'));
    expect(screen.getByTestId('cell-11')).toHaveTextContent('北区/北一');
    expect(fake.notices).toEqual([]);
  });

  it('names a page without a cascade in place of the picker; cells show the stored code', async () => {
    const fake = regionHost();
    fake.definePage('maintenance/expert', shippedPage('maintenance/expert'));
    render(<Harness field={regionField('maintenance/expert')} initial="11" fake={fake} />);
    expect(await screen.findByText('页面 maintenance/expert 没有 entity.tree.cascade 配置，不能用作区域级联')).toBeInTheDocument();
    render(<Cells fake={fake} codes={['11']} field={regionField('maintenance/nowhere')} />);
    await waitFor(() => expect(screen.getByTestId('cell-11')).toHaveTextContent('11'));
    expect(fake.calls).toEqual([]);
  });
});
