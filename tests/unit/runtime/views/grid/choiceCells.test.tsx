// The grid's choice and tags cells in jsdom: options as coloured tags (setTagColor), the tags cell
// (a ';' after every two characters), a typed value kept by allowInput, and linked selects
// (linkageKey) that offer the children of the row's parent and empty when the parent changes.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGrid, useGridEditing, useGridRows, type GridColumn, type GridColumnSpec, type GridController, type GridOption } from '../../../../../runtime/grid';
import { GridCellEnvProvider, type GridCellEnv } from '../../../../../runtime/views/grid/cellEnv';
import { GridCell } from '../../../../../runtime/views/grid/GridCell';
import { createFakeHost, ok } from '../../list/fakeHost';

function Rows({ grid, env }: { grid: GridController; env: GridCellEnv }) {
  const { rows } = useGridRows(grid);
  const editing = useGridEditing(grid);
  return (
    <ConfigProvider theme={{ token: { motion: false } }}>
      <GridCellEnvProvider env={env}>
        {rows.map((row) => (
          <div key={row.id} data-testid={`row-${row.id}`}>
            {grid.columns.map((column) => (
              <div key={column.key} data-testid={`${row.id}-${column.key}`}>
                <GridCell grid={grid} rowId={row.id} column={column} value={row.values[column.key]} editing={editing.get(row.id) === column.key} active={editing.get(row.id) === column.key} error={undefined} />
              </div>
            ))}
          </div>
        ))}
      </GridCellEnvProvider>
    </ConfigProvider>
  );
}

function setup(columns: GridColumnSpec[], rows: Record<string, unknown>[], env: Partial<GridCellEnv> = {}) {
  const grid = createGrid({ columns });
  grid.load(rows);
  render(<Rows grid={grid} env={{ host: createFakeHost().host, ...env }} />);
  const cell = (rowId: string, key: string) => screen.getByTestId(`${rowId}-${key}`);
  const value = (rowId: string, key: string) => grid.store.getRow(rowId)?.values[key];
  return { grid, cell, value, user: userEvent.setup() };
}

const open = (cell: HTMLElement) => act(() => (cell.querySelector('.grid-cell') as HTMLElement).click());
const dropdownOptions = () => [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map((o) => o.textContent);

afterEach(() => {
  document.body.innerHTML = '';
});

const KINDS: GridOption[] = [
  { value: 'site', text: '现场查勘' },
  { value: 'report', text: '报告撰写' },
];

describe('setTagColor', () => {
  it('shows a select option and each list_multi option as a coloured tag; without it, as text', () => {
    const { cell } = setup(
      [
        { key: 'kind', type: 'select', options: KINDS, setTagColor: true },
        { key: 'kinds', type: 'list_multi', options: KINDS, setTagColor: true },
        { key: 'plain', type: 'select', options: KINDS },
      ],
      [{ id: 'r1', kind: 'report', kinds: 'site,report', plain: 'site' }],
    );
    const tag = cell('r1', 'kind').querySelector('.ant-tag');
    expect(tag).toHaveTextContent('报告撰写');
    expect(tag?.className).toMatch(/ant-tag-green/);
    expect([...cell('r1', 'kinds').querySelectorAll('.ant-tag')].map((t) => t.textContent)).toEqual(['现场查勘', '报告撰写']);
    expect(cell('r1', 'plain').querySelector('.ant-tag')).toBeNull();
    expect(cell('r1', 'plain')).toHaveTextContent('现场查勘');
  });
});

describe('the tags cell', () => {
  it("puts a ';' after every two characters as the user types, stores that, and shows one tag a pair", async () => {
    const { cell, value, user, grid } = setup([{ key: 'tags', type: 'tags', setTagColor: true }], [{ id: 'r1', tags: '' }]);
    open(cell('r1', 'tags'));
    const input = within(cell('r1', 'tags')).getByRole('textbox');
    await user.type(input, '水渍火灾盗抢');
    expect(input).toHaveValue('水渍;火灾;盗抢');
    expect(value('r1', 'tags')).toBe('水渍;火灾;盗抢');
    act(() => grid.endEditing());
    expect([...cell('r1', 'tags').querySelectorAll('.ant-tag')].map((t) => t.textContent)).toEqual(['水渍', '火灾', '盗抢']);
  });
});

describe('allowInput', () => {
  it('keeps a typed text that is no option on Enter; without allowInput the text is dropped', async () => {
    const { cell, value, user, grid } = setup(
      [
        { key: 'kind', type: 'select', options: KINDS, allowInput: true },
        { key: 'strict', type: 'select', options: KINDS, allowSearch: true },
      ],
      [{ id: 'r1', kind: '', strict: '' }],
    );
    open(cell('r1', 'kind'));
    await user.type(within(cell('r1', 'kind')).getByRole('combobox'), '夜间值守{Enter}');
    expect(value('r1', 'kind')).toBe('夜间值守');
    act(() => grid.endEditing());
    expect(cell('r1', 'kind')).toHaveTextContent('夜间值守');

    open(cell('r1', 'strict'));
    await user.type(within(cell('r1', 'strict')).getByRole('combobox'), '夜间值守{Enter}');
    expect(value('r1', 'strict')).toBe('');
  });

  it('Enter on a typed text an option contains picks the option, not the text', async () => {
    const { cell, value, user } = setup([{ key: 'kind', type: 'select', options: KINDS, allowInput: true }], [{ id: 'r1', kind: '' }]);
    open(cell('r1', 'kind'));
    const input = within(cell('r1', 'kind')).getByRole('combobox');
    await user.type(input, '报告');
    // rc-select reads the key code, which user-event leaves 0 in jsdom.
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 13, which: 13 });
    expect(value('r1', 'kind')).toBe('report');
  });
});

describe('linked selects (linkageKey)', () => {
  const AREAS: Record<string, GridOption[]> = {
    '': [
      { value: '33', text: '浙江省' },
      { value: '32', text: '江苏省' },
    ],
    '33': [
      { value: '3301', text: '杭州市' },
      { value: '3302', text: '宁波市' },
    ],
    '32': [{ value: '3201', text: '南京市' }],
  };
  const columns: GridColumnSpec[] = [
    { key: 'province', type: 'select', linkageKey: 'area' },
    { key: 'city', type: 'select', linkageKey: 'area' },
  ];

  it("offers the top level's options, then the children of the row's province; a new province empties the city", async () => {
    const load = vi.fn(async (_column: GridColumn, parent: string | null) => AREAS[parent ?? ''] ?? []);
    const { cell, value, user, grid } = setup(columns, [{ id: 'r1', province: '33', city: '3301' }, { id: 'r2', province: '33', city: '' }], { linkageOptions: load });

    // Names, not codes, while viewing; one request per parent for both rows.
    await waitFor(() => expect(cell('r1', 'city')).toHaveTextContent('杭州市'));
    expect(cell('r1', 'province')).toHaveTextContent('浙江省');
    expect(load.mock.calls.map(([, parent]) => parent)).toEqual([null, '33']);

    open(cell('r2', 'city'));
    await waitFor(() => expect(dropdownOptions()).toEqual(['杭州市', '宁波市']));
    await user.click(screen.getByTitle('宁波市'));
    expect(value('r2', 'city')).toBe('3302');
    act(() => grid.endEditing());

    act(() => grid.change('r1', 'province', '32'));
    expect(value('r1', 'city')).toBe('');
    expect(value('r2', 'city')).toBe('3302');
    open(cell('r1', 'city'));
    await waitFor(() => expect(dropdownOptions()).toEqual(['南京市']));
  });

  it('offers nothing below an empty level', async () => {
    const load = vi.fn(async (_column: GridColumn, parent: string | null) => AREAS[parent ?? ''] ?? []);
    const { cell } = setup(columns, [{ id: 'r1', province: '', city: '' }], { linkageOptions: load });
    open(cell('r1', 'city'));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(dropdownOptions()).toEqual([]);
    expect(load.mock.calls.every(([, parent]) => parent === null)).toBe(true);
  });
});

describe('radio cells', () => {
  it('edit with one button per option; a click chooses', async () => {
    const { cell, value, user } = setup([{ key: 'kind', type: 'radio', options: KINDS }], [{ id: 'r1', kind: 'site' }]);
    expect(cell('r1', 'kind')).toHaveTextContent('现场查勘');
    open(cell('r1', 'kind'));
    const radios = within(cell('r1', 'kind')).getAllByRole('radio');
    expect(radios).toHaveLength(2);
    expect(radios[0]).toBeChecked();
    await user.click(within(cell('r1', 'kind')).getByText('报告撰写'));
    expect(value('r1', 'kind')).toBe('report');
  });
});

describe('list_multi cells', () => {
  it('open with their options on the first click; each pick adds a value, stored comma-joined', async () => {
    const { cell, value, user } = setup([{ key: 'kinds', type: 'list_multi', options: KINDS }], [{ id: 'r1', kinds: 'site' }]);
    expect(cell('r1', 'kinds')).toHaveTextContent('现场查勘');
    open(cell('r1', 'kinds'));
    await waitFor(() => expect(dropdownOptions()).toEqual(['现场查勘', '报告撰写']));
    const report = [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === '报告撰写') as HTMLElement;
    await user.click(report);
    expect(value('r1', 'kinds')).toBe('site,report');
  });
});

describe('the popup text input (input_pop)', () => {
  it('types in the cell or, after its icon, in a 150 × 200 text area; both edit the same value', async () => {
    const { cell, value, user } = setup([{ key: 'remark', title: '备注', type: 'input_pop' }], [{ id: 'r1', remark: '现场' }]);
    open(cell('r1', 'remark'));
    const input = within(cell('r1', 'remark')).getByRole('textbox');
    expect(input).toHaveValue('现场');
    expect(screen.queryByRole('textbox', { name: '备注' })).toBeNull();
    await user.type(input, '查勘');
    expect(value('r1', 'remark')).toBe('现场查勘');
    await user.click(within(cell('r1', 'remark')).getByRole('button', { name: '展开输入' }));
    const area = await screen.findByRole('textbox', { name: '备注' });
    expect(area).toHaveValue('现场查勘');
    expect(area).toHaveStyle({ width: '150px', height: '200px' });
    await user.type(area, '，第二次到场复核');
    expect(value('r1', 'remark')).toBe('现场查勘，第二次到场复核');
    expect(input).toHaveValue('现场查勘，第二次到场复核');
  });
});

describe('sel_search_async', () => {
  it('searches the table dictionary on the server as the user types and stores the picked code', async () => {
    const fake = createFakeHost();
    fake.respond((call) => {
      if (call.url.startsWith('/sys/dict/loadDict/')) {
        const keyword = String(call.params?.keyword ?? '');
        const all = [
          { value: 'PICC', text: '中国人民财产保险' },
          { value: 'PAIC', text: '平安财产保险' },
        ];
        return ok(all.filter((item) => item.text.includes(keyword)));
      }
      return ok([]);
    });
    const { cell, value, user } = setup(
      [{ key: 'insurer', title: '保险公司', type: 'sel_search_async', dictCode: 'mnt_insurance_company,company_name,company_code' }],
      [{ id: 'r1', insurer: '' }],
      { host: fake.host },
    );
    open(cell('r1', 'insurer'));
    const input = await within(cell('r1', 'insurer')).findByRole('combobox');
    await user.type(input, '平安');
    await waitFor(() => expect(dropdownOptions()).toEqual(['平安财产保险']), { timeout: 5_000 });
    const search = fake.callsTo('get').find((call) => call.url.startsWith('/sys/dict/loadDict/'));
    expect(search?.params).toMatchObject({ keyword: '平安', pageSize: 10 });
    await user.click(screen.getByTitle('平安财产保险'));
    expect(value('r1', 'insurer')).toBe('PAIC');
  });
});
