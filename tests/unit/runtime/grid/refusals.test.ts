import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGrid, createRowIds, readableSummary, refusalsOf } from '../../../../runtime/grid';

describe('cells the server refused on save', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = () => {
    const grid = createGrid({
      columns: [{ key: 'name', title: '名称' }, { key: 'hours', title: '工时', type: 'inputNumber' }, { key: 'orderNum', type: 'hidden' }],
      ids: createRowIds('mine00'),
    });
    grid.load([
      { id: 'r1', name: '甲', hours: 1 },
      { id: 'r2', name: '乙', hours: 30 },
    ]);
    return grid;
  };

  it('reads result.errors of a saveBatch answer and nothing else', () => {
    expect(refusalsOf({ errors: [{ row: 2, field: 'hours', label: '工时', message: '工时在0到24小时之间' }, { row: 'x' }, null] })).toEqual([
      { row: 2, field: 'hours', label: '工时', message: '工时在0到24小时之间' },
    ]);
    expect(refusalsOf(null)).toEqual([]);
    expect(refusalsOf({ errors: 'no' })).toEqual([]);
  });

  it('marks each refused cell by the row number the save used, and reveals the first one', () => {
    const grid = setup();
    const [added] = grid.addRows({ values: [{ name: '' }] });
    const rowIds = grid.store.getSnapshot().rows.map((row) => row.id);
    const revealed: unknown[] = [];
    grid.onReveal((cell) => revealed.push(cell));
    const marked = grid.showRefusals(
      [
        { row: 3, field: 'name', message: '名称已存在' },
        { row: 2, field: 'hours', message: '工时在0到24小时之间' },
        // No visible cell: the record id of a row deleted meanwhile, a hidden column, a row number past the end.
        { row: 1, field: 'id', message: '未找到对应数据' },
        { row: 1, field: 'orderNum', message: 'x' },
        { row: 9, field: 'name', message: 'x' },
      ],
      rowIds,
    );
    expect(marked).toHaveLength(2);
    expect(grid.validator.getSnapshot()).toEqual({ r2: { hours: '工时在0到24小时之间' }, [added]: { name: '名称已存在' } });
    expect(revealed).toEqual([{ rowId: 'r2', columnKey: 'hours' }]);
  });

  it('names the option the cell shows, not the stored key the server names, in the tooltip and the summary', () => {
    const grid = createGrid({
      columns: [
        { key: 'hourType', title: '工时类型', type: 'select', options: [{ value: 'ef7bbe67', text: '临时类型' }] },
        { key: 'staff', title: '员工' },
      ],
      ids: createRowIds('mine00'),
    });
    grid.load([{ id: 'r1', hourType: 'ef7bbe67', staff: 'nobody' }]);
    const marked = grid.showRefusals(
      [
        { row: 1, field: 'hourType', message: '「ef7bbe67」不是可选的值' },
        // No option to name it by: the key stays.
        { row: 1, field: 'staff', message: '「nobody」不是可选的值' },
      ],
      ['r1'],
    );
    expect(grid.validator.getSnapshot()).toEqual({ r1: { hourType: '「临时类型」不是可选的值', staff: '「nobody」不是可选的值' } });
    expect(readableSummary('第1行：工时类型：「ef7bbe67」不是可选的值；第1行：员工：「nobody」不是可选的值', marked)).toBe(
      '第1行：工时类型：「临时类型」不是可选的值；第1行：员工：「nobody」不是可选的值',
    );
  });

  it("a pending blur check does not wipe the mark; the cell's next own check replaces it", async () => {
    const grid = setup();
    grid.clickCell('r1', 'name');
    grid.endEditing(); // schedules the blur check of r1.name in 100 ms
    grid.showRefusals([{ row: 1, field: 'name', message: '名称已存在' }], ['r1', 'r2']);
    await vi.advanceTimersByTimeAsync(200);
    expect(grid.validator.errorOf('r1', 'name')).toBe('名称已存在');
    grid.change('r1', 'name', '甲二');
    await vi.advanceTimersByTimeAsync(0);
    expect(grid.validator.errorOf('r1', 'name')).toBeUndefined();
  });
});

describe('editing held while a cell shows a dialog', () => {
  it('a mouse-up outside does not end a held cell; after the release it does', () => {
    const grid = createGrid({ columns: [{ key: 'user', type: 'sel_user' }, { key: 'memo' }], ids: createRowIds('mine00') });
    grid.load([
      { id: 'r1', user: '' },
      { id: 'r2', user: '' },
    ]);
    grid.clickCell('r1', 'user');
    grid.clickCell('r2', 'memo');
    const release = grid.holdEditing('r1', 'user');
    grid.endEditing();
    expect(grid.editing.activeCell('r1')).toBe('user');
    expect(grid.editing.activeCell('r2')).toBeUndefined();
    release();
    release(); // twice is once
    grid.endEditing();
    expect(grid.editing.activeCell('r1')).toBeUndefined();
  });
});
