// An always-edit grid (grid.alwaysEdit) shows every editable cell's editor from the start, yet only
// the cell the user clicks opens its options or date panel and takes the focus — as a click-to-edit
// grid's cell does on its first click. Leaving the cell still ends it, and its check runs; a message
// appearing leaves the input being typed in as it is.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { describe, expect, it } from 'vitest';
import { createGrid, type GridColumnSpec } from '../../../../../runtime/grid';
import { GridView } from '../../../../../runtime/views/grid/GridView';
import { pretendLayout } from '../../../../support/pretendLayout';

pretendLayout();

const KINDS = [
  { value: 'site', text: '现场查勘' },
  { value: 'report', text: '报告撰写' },
];

const COLUMNS: GridColumnSpec[] = [
  { key: 'kind', title: '类别', type: 'select', options: KINDS, validateRules: [{ required: true }] },
  { key: 'kinds', title: '服务项目', type: 'list_multi', options: KINDS },
  { key: 'workDate', title: '日期', type: 'date' },
  { key: 'name', title: '名称', validateRules: [{ required: true }] },
  { key: 'hours', title: '工时', type: 'inputNumber' },
  { key: 'remark', title: '备注', type: 'input_pop' },
];

const ROWS = Array.from({ length: 4 }, (_, i) => ({ id: `r${i}`, kind: 'site', kinds: 'site', workDate: '2026-11-02', name: `行${i}`, hours: i, remark: '' }));

function mount(alwaysEdit: boolean, rows: Record<string, unknown>[] = ROWS) {
  const grid = createGrid({ columns: COLUMNS, alwaysEdit });
  grid.load(rows);
  const { container } = render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <GridView grid={grid} />
    </ConfigProvider>,
  );
  const cell = (rowId: string, key: string) => container.querySelector(`.grid-row[data-row-id="${rowId}"] .grid-cell[data-column="${key}"]`) as HTMLElement;
  return { grid, container, cell };
}

/**
 * Select dropdowns and date panels ever opened: antd adds one to the page when it first opens and
 * only hides it when it closes (an editor that opens and loses the focus to the next one closes).
 */
const everOpened = () => document.querySelectorAll('.ant-select-dropdown, .ant-picker-dropdown');
/** Select dropdowns and date panels showing now. */
const openSelects = () => document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
const openPickers = () => document.querySelectorAll('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');

/** Lets what an editor does as it mounts (focus, open its popup) happen before the test looks. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('an always-edit grid', { timeout: 30_000 }, () => {
  it('shows every editable cell of every row as its editor, with no dropdown or date panel open and nothing focused', async () => {
    const { container, cell } = mount(true);
    await settle();
    for (const row of ROWS) for (const column of COLUMNS) expect(cell(row.id, column.key)).toHaveAttribute('data-editing', 'true');
    // A select and a list_multi per row, a date input per row, three text inputs per row.
    expect(container.querySelectorAll('.grid-row .ant-select')).toHaveLength(2 * ROWS.length);
    expect(container.querySelectorAll('.grid-row .ant-picker')).toHaveLength(ROWS.length);
    expect(everOpened()).toHaveLength(0);
    expect(document.activeElement).toBe(document.body);
  });

  it("keeps the user's focus and opens nothing when another user's new row arrives", async () => {
    const { grid, cell } = mount(true);
    await settle();
    const input = within(cell('r1', 'name')).getByRole('textbox');
    await userEvent.click(input);
    await userEvent.type(input, '乙');
    act(() => void grid.applyLiveUpdate({ id: 'r9', kind: 'report', kinds: '', workDate: '2026-11-03', name: '新行', hours: 2, remark: '' }, 'another-user', 'add'));
    await settle();
    expect(cell('r9', 'kind')).toHaveAttribute('data-editing', 'true');
    expect(input).toHaveFocus();
    expect(everOpened()).toHaveLength(0);
  });

  it('opens only the select the user clicks', async () => {
    const { cell } = mount(true);
    await settle();
    expect(everOpened()).toHaveLength(0);
    await userEvent.click(within(cell('r2', 'kind')).getByRole('combobox'));
    await waitFor(() => expect(openSelects()).toHaveLength(1));
    expect([...openSelects()[0].querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toEqual(['现场查勘', '报告撰写']);
    expect(cell('r2', 'kind')).toContainElement(document.activeElement as HTMLElement);
    await userEvent.click(screen.getByTitle('报告撰写'));
    expect(cell('r2', 'kind')).toHaveTextContent('报告撰写');
    expect(openPickers()).toHaveLength(0);
  });

  it('opens only the date panel of the date cell the user clicks', async () => {
    const { cell } = mount(true);
    await settle();
    expect(everOpened()).toHaveLength(0);
    await userEvent.click(within(cell('r1', 'workDate')).getByRole('textbox'));
    await waitFor(() => expect(openPickers()).toHaveLength(1));
    expect(openSelects()).toHaveLength(0);
  });

  it('checks a clicked cell the user leaves empty once a mouse-up outside ends it', async () => {
    const { cell, container } = mount(true, [{ id: 'r0', kind: '', kinds: '', workDate: '', name: '甲', hours: 1, remark: '' }]);
    await settle();
    await userEvent.click(within(cell('r0', 'kind')).getByRole('combobox'));
    await waitFor(() => expect(openSelects()).toHaveLength(1));
    expect(cell('r0', 'kind')).not.toHaveClass('grid-cell-failed');
    fireEvent.mouseUp(container.querySelector('.grid-header') as HTMLElement);
    await waitFor(() => expect(cell('r0', 'kind')).toHaveClass('grid-cell-failed'));
    // The editor stays, as every editable cell of an always-edit grid does.
    expect(cell('r0', 'kind')).toHaveAttribute('data-editing', 'true');
  });

  it('makes a cell reached with Tab the current one: leaving it empty is checked, without its options opening', async () => {
    const { cell } = mount(true, [{ id: 'r0', kind: '', kinds: '', workDate: '', name: '甲', hours: 1, remark: '' }]);
    await settle();
    await userEvent.click(within(cell('r0', 'name')).getByRole('textbox'));
    await userEvent.tab({ shift: true });
    await userEvent.tab({ shift: true });
    await userEvent.tab({ shift: true });
    expect(within(cell('r0', 'kind')).getByRole('combobox')).toHaveFocus();
    expect(openSelects()).toHaveLength(0);
    await userEvent.click(within(cell('r0', 'hours')).getByRole('textbox'));
    await waitFor(() => expect(cell('r0', 'kind')).toHaveClass('grid-cell-failed'));
  });

  it('checks a text cell the user leaves without typing, when it loses the focus', async () => {
    const { cell } = mount(true, [{ id: 'r0', kind: 'site', kinds: '', workDate: '', name: '', hours: 1, remark: '' }]);
    await settle();
    await userEvent.click(within(cell('r0', 'name')).getByRole('textbox'));
    await userEvent.click(within(cell('r0', 'hours')).getByRole('textbox'));
    await waitFor(() => expect(cell('r0', 'name')).toHaveClass('grid-cell-failed'));
    expect(within(cell('r0', 'hours')).getByRole('textbox')).toHaveFocus();
  });

  it('keeps the focus in a text cell while its message appears', async () => {
    const { cell } = mount(true);
    await settle();
    const input = within(cell('r0', 'name')).getByRole('textbox');
    await userEvent.click(input);
    await userEvent.clear(input);
    await waitFor(() => expect(cell('r0', 'name')).toHaveClass('grid-cell-failed'));
    expect(input).toBeInTheDocument();
    expect(input).toHaveFocus();
    await userEvent.type(input, '乙');
    expect(input).toHaveValue('乙');
    await waitFor(() => expect(cell('r0', 'name')).not.toHaveClass('grid-cell-failed'));
    expect(input).toHaveFocus();
  });
});

describe('a click-to-edit grid', { timeout: 30_000 }, () => {
  it('shows values until a cell is clicked, then opens that cell on the first click', async () => {
    const { cell } = mount(false);
    await settle();
    expect(document.querySelectorAll('.grid-cell[data-editing]')).toHaveLength(0);

    await userEvent.click(cell('r1', 'kind'));
    await waitFor(() => expect(openSelects()).toHaveLength(1));
    expect(cell('r1', 'kind')).toContainElement(document.activeElement as HTMLElement);
    fireEvent.mouseUp(document.body);
    expect(cell('r1', 'kind')).not.toHaveAttribute('data-editing');

    await userEvent.click(cell('r1', 'kinds'));
    await waitFor(() => expect(openSelects()).toHaveLength(1));
    fireEvent.mouseUp(document.body);

    await userEvent.click(cell('r1', 'workDate'));
    await waitFor(() => expect(openPickers()).toHaveLength(1));
    fireEvent.mouseUp(document.body);

    await userEvent.click(cell('r1', 'name'));
    expect(within(cell('r1', 'name')).getByRole('textbox')).toHaveFocus();
  });

  it('keeps the very input being typed in, focused, while its message appears', async () => {
    const { cell } = mount(false);
    await userEvent.click(cell('r0', 'name'));
    const input = within(cell('r0', 'name')).getByRole('textbox');
    await userEvent.type(input, '{Backspace}{Backspace}');
    await waitFor(() => expect(cell('r0', 'name')).toHaveClass('grid-cell-failed'));
    expect(input).toBeInTheDocument();
    expect(input).toHaveFocus();
  });
});
