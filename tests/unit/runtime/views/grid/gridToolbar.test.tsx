// The editable grid's toolbar and editing in jsdom, as the user meets them: 清空选择, 上移/下移 with
// the order column renumbered from 1, the add settings' 插入位置 (0 = bottom), the scroll to the
// bottom after an add (once the new rows are measured, spec §9 scroll-end delay 100 ms), and the
// mouse-up that ends editing — except inside an open date picker or select dropdown.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGrid, type GridColumnSpec, type GridOptions, type GridSize } from '../../../../../runtime/grid';
import { GridView } from '../../../../../runtime/views/grid/GridView';
import { pretendLayout } from '../../../../support/pretendLayout';

pretendLayout();

const NAMES = ['甲', '乙', '丙'];

function mount(columns: GridColumnSpec[], rows: Record<string, unknown>[], options: Partial<GridOptions> = {}, size?: GridSize) {
  const grid = createGrid({ columns, ...options });
  grid.load(rows);
  const { container } = render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <GridView grid={grid} size={size} />
    </ConfigProvider>,
  );
  /** Row elements in the order they show (the grid positions them by index). */
  const rowEls = () =>
    [...container.querySelectorAll<HTMLElement>('.grid-row')].sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index));
  const texts = (key: string) => rowEls().map((row) => row.querySelector(`.grid-cell[data-column="${key}"]`)?.textContent ?? '');
  const cell = (index: number, key: string) => rowEls()[index].querySelector(`.grid-cell[data-column="${key}"]`) as HTMLElement;
  const tick = (index: number) => within(rowEls()[index]).getByRole('checkbox');
  return { grid, container, rowEls, texts, cell, tick };
}

const button = (name: RegExp) => screen.getByRole('button', { name });

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the grid size', { timeout: 30_000 }, () => {
  it('gives rows 61 px at medium (the default) and 32 px at tiny', () => {
    const rowHeight = (size?: GridSize) => {
      const { rowEls } = mount([{ key: 'name', title: '名称' }], [{ id: 'r1', name: '甲' }], {}, size);
      const height = (rowEls()[0].firstElementChild as HTMLElement).style.minHeight;
      document.body.innerHTML = '';
      return height;
    };
    expect(rowHeight()).toBe('61px');
    expect(rowHeight('small')).toBe('48px');
    expect(rowHeight('tiny')).toBe('32px');
  });
});

describe('the grid toolbar', { timeout: 30_000 }, () => {
  it('清空选择 unticks every selected row and is disabled with nothing selected', async () => {
    const { tick } = mount([{ key: 'name', title: '名称' }], NAMES.map((name, i) => ({ id: `r${i}`, name })));
    expect(button(/清空选择/)).toBeDisabled();
    await userEvent.click(tick(0));
    await userEvent.click(tick(2));
    expect(tick(0)).toBeChecked();
    expect(button(/清空选择/)).toBeEnabled();
    await userEvent.click(button(/清空选择/));
    expect([0, 1, 2].map((i) => (tick(i) as HTMLInputElement).checked)).toEqual([false, false, false]);
    expect(button(/清空选择/)).toBeDisabled();
  });

  it('上移 and 下移 move the one selected row and renumber the order column from 1', async () => {
    const { texts, tick } = mount(
      [
        { key: 'name', title: '名称' },
        { key: 'orderNum', title: '排序', type: 'inputNumber' },
      ],
      NAMES.map((name, i) => ({ id: `r${i}`, name, orderNum: i + 5 })),
      { dragSort: true },
    );
    expect(button(/上\s*移/)).toBeDisabled();
    await userEvent.click(tick(2));
    await userEvent.click(button(/上\s*移/));
    expect(texts('name')).toEqual(['甲', '丙', '乙']);
    expect(texts('orderNum')).toEqual(['1', '2', '3']);
    await userEvent.click(button(/上\s*移/));
    expect(texts('name')).toEqual(['丙', '甲', '乙']);
    await userEvent.click(button(/下\s*移/));
    await userEvent.click(button(/下\s*移/));
    expect(texts('name')).toEqual(['甲', '乙', '丙']);
    expect(texts('orderNum')).toEqual(['1', '2', '3']);
    // Two rows selected: neither button knows which to move.
    await userEvent.click(tick(0));
    expect(button(/上\s*移/)).toBeDisabled();
    expect(button(/下\s*移/)).toBeDisabled();
  });

  async function setInsertPosition(count: string, position: string) {
    await userEvent.click(screen.getByRole('button', { name: '新增设置' }));
    const settings = await waitFor(() => document.querySelector('.grid-add-settings') as HTMLElement);
    const [countInput, positionInput] = within(settings).getAllByRole('spinbutton');
    await userEvent.clear(countInput);
    await userEvent.type(countInput, count);
    await userEvent.clear(positionInput);
    await userEvent.type(positionInput, position);
  }

  it('插入位置 2 puts the new rows from the second row on', async () => {
    const { texts } = mount([{ key: 'name', title: '名称', defaultValue: '新' }], NAMES.map((name, i) => ({ id: `r${i}`, name })));
    await setInsertPosition('2', '2');
    await userEvent.click(button(/^新\s*增$/));
    expect(texts('name')).toEqual(['甲', '新', '新', '乙', '丙']);
  });

  it('插入位置 0 adds at the bottom', async () => {
    const { texts } = mount([{ key: 'name', title: '名称', defaultValue: '新' }], NAMES.map((name, i) => ({ id: `r${i}`, name })));
    await setInsertPosition('1', '0');
    await userEvent.click(button(/^新\s*增$/));
    expect(texts('name')).toEqual(['甲', '乙', '丙', '新']);
  });

  it('scrolls to the new bottom row 100 ms after the add, not before', async () => {
    const { container } = mount([{ key: 'name', title: '名称' }], Array.from({ length: 20 }, (_, i) => ({ id: `r${i}`, name: `行${i}` })));
    const body = container.querySelector('.grid-body') as HTMLElement;
    const scrolledAt: number[] = [];
    body.scrollTo = vi.fn(() => void scrolledAt.push(performance.now())) as typeof body.scrollTo;
    const addedAt = performance.now();
    act(() => button(/^新\s*增$/).click());
    expect(scrolledAt).toEqual([]);
    await waitFor(() => expect(scrolledAt.length).toBeGreaterThan(0));
    expect(scrolledAt[0] - addedAt).toBeGreaterThanOrEqual(100);
  });
});

describe('a mouse-up ends editing', { timeout: 30_000 }, () => {
  const KINDS = [
    { value: 'site', text: '现场查勘' },
    { value: 'report', text: '报告撰写' },
  ];
  const columns: GridColumnSpec[] = [
    { key: 'name', title: '名称' },
    { key: 'workDate', title: '日期', type: 'date' },
    { key: 'kind', title: '类别', type: 'select', options: KINDS },
  ];
  const rows = [{ id: 'r1', name: '甲', workDate: '2026-11-02', kind: 'site' }];

  it('outside the editing cell', async () => {
    const { cell } = mount(columns, rows);
    await userEvent.click(cell(0, 'name'));
    expect(cell(0, 'name')).toHaveAttribute('data-editing', 'true');
    fireEvent.mouseUp(document.querySelector('.grid-header') as HTMLElement);
    expect(cell(0, 'name')).not.toHaveAttribute('data-editing');
    expect(cell(0, 'name')).toHaveTextContent('甲');
  });

  it('but not inside the open date picker', async () => {
    const { cell } = mount(columns, rows);
    await userEvent.click(cell(0, 'workDate'));
    const panel = await waitFor(() => document.querySelector('.ant-picker-dropdown .ant-picker-cell-in-view') as HTMLElement);
    fireEvent.mouseUp(panel);
    expect(cell(0, 'workDate')).toHaveAttribute('data-editing', 'true');
    fireEvent.mouseUp(document.body);
    expect(cell(0, 'workDate')).not.toHaveAttribute('data-editing');
  });

  it('but not inside the open select dropdown', async () => {
    const { cell } = mount(columns, rows);
    await userEvent.click(cell(0, 'kind'));
    const option = await screen.findByTitle('报告撰写');
    expect(option.closest('.ant-select-dropdown')).not.toBeNull();
    fireEvent.mouseUp(option);
    expect(cell(0, 'kind')).toHaveAttribute('data-editing', 'true');
    fireEvent.mouseUp(document.body);
    expect(cell(0, 'kind')).not.toHaveAttribute('data-editing');
  });
});
