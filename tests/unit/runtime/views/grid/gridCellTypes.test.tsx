// Column types in the rendered grid (GridView in jsdom), as the user meets them: datetime, a
// synchronous sel_search, input and checkbox — what the cell shows, how it edits, what it stores.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { createGrid, type GridColumnSpec } from '../../../../../runtime/grid';
import { GridView } from '../../../../../runtime/views/grid/GridView';
import { pretendLayout } from '../../../../support/pretendLayout';

pretendLayout();

function mount(column: GridColumnSpec, value: unknown) {
  const grid = createGrid({ columns: [column] });
  grid.load([{ id: 'r1', [column.key]: value }]);
  const { container } = render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <GridView grid={grid} />
    </ConfigProvider>,
  );
  const cell = () => container.querySelector(`.grid-row .grid-cell[data-column="${column.key}"]`) as HTMLElement;
  const stored = () => grid.store.getRow('r1')?.values[column.key];
  /** What a save would send as changed. */
  const updated = () => grid.output().updatedRows;
  return { grid, cell, stored, updated };
}

/** A mouse-up outside the grid: the cell ends editing. */
const leave = () => fireEvent.mouseUp(document.body);

afterEach(() => {
  document.body.innerHTML = '';
});

describe('grid column types, rendered', { timeout: 30_000 }, () => {
  it('datetime: shows YYYY-MM-DD HH:mm:ss, edits with a date and time picker, stores the same format', async () => {
    const { cell, stored } = mount({ key: 'visitAt', title: '到场时间', type: 'datetime' }, '2026-11-02 08:30:00');
    expect(cell()).toHaveTextContent('2026-11-02 08:30:00');
    await userEvent.click(cell());
    const input = within(cell()).getByRole('textbox');
    expect(input).toHaveValue('2026-11-02 08:30:00');
    await waitFor(() => expect(document.querySelector('.ant-picker-dropdown .ant-picker-time-panel')).not.toBeNull());
    await userEvent.clear(input);
    await userEvent.type(input, '2026-11-03 09:15:00{Enter}');
    await waitFor(() => expect(stored()).toBe('2026-11-03 09:15:00'));
    leave();
    expect(cell()).toHaveTextContent('2026-11-03 09:15:00');
  });

  it('sel_search: typing filters the options; the pick stores its value and shows its text', async () => {
    const options = [
      { value: 'site', text: '现场查勘' },
      { value: 'report', text: '报告撰写' },
      { value: 'review', text: '报告复核' },
    ];
    const { cell, stored } = mount({ key: 'kind', title: '类别', type: 'sel_search', options }, 'site');
    expect(cell()).toHaveTextContent('现场查勘');
    await userEvent.click(cell());
    await userEvent.type(within(cell()).getByRole('combobox'), '报告');
    const shown = () => [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map((o) => o.textContent);
    await waitFor(() => expect(shown()).toEqual(['报告撰写', '报告复核']));
    await userEvent.click(screen.getByTitle('报告复核'));
    expect(stored()).toBe('review');
    leave();
    expect(cell()).toHaveTextContent('报告复核');
  });

  it('input: edits in place, each keystroke reaches the row, and the row counts as changed', async () => {
    const { cell, stored, updated } = mount({ key: 'name', title: '名称' }, '现场');
    expect(cell()).toHaveTextContent('现场');
    expect(within(cell()).queryByRole('textbox')).toBeNull();
    await userEvent.click(cell());
    const input = within(cell()).getByRole('textbox');
    expect(input).toHaveValue('现场');
    await userEvent.type(input, '查勘');
    expect(stored()).toBe('现场查勘');
    leave();
    expect(within(cell()).queryByRole('textbox')).toBeNull();
    expect(cell()).toHaveTextContent('现场查勘');
    expect(updated()).toEqual([{ id: 'r1', name: '现场查勘' }]);
  });

  it('checkbox: always a checkbox; a click toggles it and stores its custom values', async () => {
    const { cell, stored, updated } = mount({ key: 'done', title: '完成', type: 'checkbox', props: { customValue: ['Y', 'N'] } }, 'Y');
    const box = within(cell()).getByRole('checkbox');
    expect(box).toBeChecked();
    await userEvent.click(box);
    expect(within(cell()).getByRole('checkbox')).not.toBeChecked();
    expect(stored()).toBe('N');
    expect(updated()).toEqual([{ id: 'r1', done: 'N' }]);
    await userEvent.click(within(cell()).getByRole('checkbox'));
    expect(within(cell()).getByRole('checkbox')).toBeChecked();
    expect(stored()).toBe('Y');
  });
});
