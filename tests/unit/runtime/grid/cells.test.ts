import { describe, expect, it, vi } from 'vitest';
import {
  acceptNumericInput,
  cellValue,
  columnAverage,
  columnSum,
  createGrid,
  EditingState,
  footerRows,
  formatTags,
  numericText,
  numericValueOnBlur,
  resolveColumns,
  tagsOf,
  type GridRow,
} from '../../../../runtime/grid';

describe('editing cells', () => {
  const columns = resolveColumns([
    { key: 'name' },
    { key: 'memo' },
    { key: 'locked', disabled: true },
    { key: 'secret', type: 'hidden' },
    { key: 'custom', type: 'slot' },
  ]);

  it('shows values until a cell is clicked; one cell per row edits', () => {
    const editing = new EditingState(columns);
    expect(editing.isEditing('r1', 'name')).toBe(false);
    expect(editing.start('r1', 'name')).toBe(true);
    expect(editing.isEditing('r1', 'name')).toBe(true);
    editing.start('r1', 'memo');
    expect(editing.isEditing('r1', 'name')).toBe(false);
    expect(editing.isEditing('r1', 'memo')).toBe(true);
    editing.start('r2', 'name');
    expect(editing.getSnapshot()).toEqual(new Map([['r1', 'memo'], ['r2', 'name']]));
  });

  it('never edits disabled, hidden or slot cells', () => {
    const editing = new EditingState(columns);
    for (const key of ['locked', 'secret', 'custom', 'unknown']) expect(editing.start('r1', key)).toBe(false);
    expect(editing.getSnapshot().size).toBe(0);
  });

  it("reports 'end editing' when the row moves to another cell or the user clicks outside", () => {
    const editing = new EditingState(columns);
    const ended = vi.fn();
    editing.onEnd(ended);
    editing.start('r1', 'name');
    editing.start('r1', 'memo');
    expect(ended).toHaveBeenLastCalledWith({ rowId: 'r1', columnKey: 'name' });
    editing.start('r2', 'name');
    editing.endAll();
    expect(ended).toHaveBeenCalledTimes(3);
    expect(ended.mock.calls.slice(1).map(([cell]) => cell)).toEqual([
      { rowId: 'r1', columnKey: 'memo' },
      { rowId: 'r2', columnKey: 'name' },
    ]);
    expect(editing.getSnapshot().size).toBe(0);
  });

  it('shows every editable cell as editing in an always-edit grid', () => {
    const editing = new EditingState(columns, true);
    expect(editing.isEditing('r1', 'name')).toBe(true);
    expect(editing.isEditing('r1', 'memo')).toBe(true);
    expect(editing.isEditing('r1', 'locked')).toBe(false);
  });

  it('validates a cell as on blur 100 ms after its editing ends', async () => {
    vi.useFakeTimers();
    try {
      const grid = createGrid({ columns: [{ key: 'name', title: '名称', validateRules: [{ required: true }] }] });
      grid.load([{ id: 'r1', name: '' }]);
      grid.clickCell('r1', 'name');
      grid.endEditing();
      await vi.advanceTimersByTimeAsync(99);
      expect(grid.validator.errorOf('r1', 'name')).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(grid.validator.errorOf('r1', 'name')).toBe('请输入名称');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('number cells', () => {
  it('accept an optional minus, digits and a decimal part while typing', () => {
    for (const text of ['', '-', '1', '-12', '12.', '12.5', '-0.25', '.5']) expect(acceptNumericInput('7', text)).toBe(text);
  });

  it('revert any other keystroke to the previous text', () => {
    for (const text of ['1a', '1-', '--1', '1.2.3', '+1', '1e5', ' 1', '１']) expect(acceptNumericInput('1', text)).toBe('1');
  });

  it('become a number or empty on blur', () => {
    expect(numericValueOnBlur('12.50')).toBe(12.5);
    expect(numericValueOnBlur('-3')).toBe(-3);
    expect(numericValueOnBlur('12.')).toBe(12);
    for (const text of ['', '-', '.', '-.', 'abc']) expect(numericValueOnBlur(text)).toBe('');
    expect(numericText(5)).toBe('5');
    expect(numericText('x')).toBe('');
  });

  it('keep the previous text in the grid when a keystroke is refused, and store a number on blur', () => {
    const grid = createGrid({ columns: [{ key: 'amount', type: 'inputNumber' }] });
    grid.load([{ id: 'r1', amount: 5 }]);
    expect(grid.numericInput('r1', 'amount', '5', '5x')).toBe('5');
    expect(grid.store.getRow('r1')?.values.amount).toBe(5);
    expect(grid.numericInput('r1', 'amount', '5', '5.')).toBe('5.');
    grid.numericBlur('r1', 'amount', '5.');
    expect(grid.store.getRow('r1')?.values.amount).toBe(5);
    grid.numericBlur('r1', 'amount', '-');
    expect(grid.store.getRow('r1')?.values.amount).toBe('');
  });
});

describe('tags cell', () => {
  it('puts a semicolon after each two characters', () => {
    expect(formatTags('abcdef')).toBe('ab;cd;ef');
    expect(formatTags('abcde')).toBe('ab;cd;e');
    expect(formatTags('ab;c d;ef')).toBe('ab;cd;ef');
    expect(formatTags('公估业务管理')).toBe('公估;业务;管理');
    expect(formatTags('')).toBe('');
    expect(tagsOf('公估业务')).toEqual(['公估', '业务']);
  });
});

describe('footer statistics', () => {
  const rows = (...values: unknown[]): GridRow[] => values.map((v, i) => ({ id: String(i), values: { n: v } }));

  it('sums and averages a column, empty cells counting 0', () => {
    expect(columnSum(rows(1, '2', 3, ''), 'n')).toBe(6);
    expect(columnAverage(rows(1, 2, 3, 4), 'n')).toBe(2.5);
    expect(columnSum(rows(0.1, 0.2), 'n')).toBe(0.3);
    expect(columnAverage(rows(10, 0, 0), 'n')).toBe(3.33);
    expect(columnSum([], 'n')).toBe(0);
    expect(columnAverage([], 'n')).toBe(0);
  });

  it("shows '-' when a cell is not a number", () => {
    expect(columnSum(rows(1, 'abc'), 'n')).toBe('-');
    expect(columnAverage(rows(1, { x: 1 }), 'n')).toBe('-');
  });

  it('builds a 合计 row and a 平均值 row for the columns that ask', () => {
    const columns = resolveColumns([
      { key: 'n', statistics: ['sum', 'average'] },
      { key: 'm', statistics: ['sum'] },
      { key: 'text' },
    ]);
    const data: GridRow[] = [
      { id: '1', values: { n: 2, m: 'x' } },
      { id: '2', values: { n: 4, m: 1 } },
    ];
    expect(footerRows(columns, data)).toEqual([
      { kind: 'sum', title: '合计', values: { n: 6, m: '-' } },
      { kind: 'average', title: '平均值', values: { n: 3 } },
    ]);
    expect(footerRows(resolveColumns([{ key: 'text' }]), data)).toEqual([]);
  });

  it('sums what a slot column shows, made from its row, not a stored value', () => {
    const columns = resolveColumns([
      { key: 'fee' },
      { key: 'total', type: 'slot', statistics: ['sum'], slot: (values) => Number(values.fee) * 2 },
    ]);
    const data: GridRow[] = [
      { id: '1', values: { fee: 2, total: 100 } },
      { id: '2', values: { fee: 3 } },
    ];
    expect(footerRows(columns, data)).toEqual([{ kind: 'sum', title: '合计', values: { total: 10 } }]);
  });
});

describe('slot cells', () => {
  it('show their row made into content, or the stored value without a slot; only slot columns take one', () => {
    const [made, plain, input] = resolveColumns([
      { key: 'total', type: 'slot', slot: (values) => `${String(values.a)}+${String(values.b)}` },
      { key: 'stored', type: 'slot' },
      { key: 'name', slot: () => 'ignored' },
    ]);
    const values = { a: 1, b: 2, stored: '原值', name: '张三' };
    expect(cellValue(made, values)).toBe('1+2');
    expect(cellValue(plain, values)).toBe('原值');
    expect(cellValue(input, values)).toBe('张三');
  });
});

describe('a grid whose saved rows are read-only (no edit permission)', () => {
  it('edits no cell of a loaded row, every editable cell of a row added here', () => {
    const grid = createGrid({ columns: [{ key: 'name' }, { key: 'locked', disabled: true }], savedRowsReadOnly: true });
    grid.load([{ id: 'r1', name: '甲' }]);
    expect(grid.canEditCell('r1', 'name')).toBe(false);
    expect(grid.clickCell('r1', 'name')).toBe(false);
    expect(grid.editing.getSnapshot().size).toBe(0);
    const [added] = grid.addRows();
    expect(grid.clickCell(added, 'name')).toBe(true);
    expect(grid.clickCell(added, 'locked')).toBe(false);
  });
});
