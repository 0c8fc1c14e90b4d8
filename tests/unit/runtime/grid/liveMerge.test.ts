import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGrid, createRowIds } from '../../../../runtime/grid';

describe('live merge of another client’s row change', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = () => {
    const grid = createGrid({ columns: [{ key: 'name' }, { key: 'memo' }], ids: createRowIds('mine00') });
    grid.load([
      { id: 'r1', name: '甲', memo: '旧' },
      { id: 'r2', name: '乙', memo: '' },
    ]);
    return grid;
  };

  it('merges into the matching row, highlights it for 1400 ms and does not mark it edited', () => {
    const grid = setup();
    expect(grid.applyLiveUpdate({ id: 'r1', name: '甲改', memo: '新' }, '_jet-other0-')).toBe('merged');
    expect(grid.store.getRow('r1')?.values).toEqual({ id: 'r1', name: '甲改', memo: '新' });
    expect(grid.store.isEdited('r1')).toBe(false);
    expect(grid.store.getSnapshot().highlightedIds.has('r1')).toBe(true);
    vi.advanceTimersByTime(1_400);
    expect(grid.store.getSnapshot().highlightedIds.size).toBe(0);
  });

  it('ignores its own echo, unknown rows and rows without id', () => {
    const grid = setup();
    expect(grid.applyLiveUpdate({ id: 'r1', name: 'x' }, grid.senderId)).toBe('own');
    expect(grid.applyLiveUpdate({ id: 'r9', name: 'x' }, 'other')).toBe('unknown-row');
    expect(grid.applyLiveUpdate({ name: 'x' }, 'other')).toBe('unknown-row');
    expect(grid.applyLiveUpdate({ id: 'r1', name: '甲' }, 'other')).toBe('unchanged');
    expect(grid.store.getRow('r1')?.values.name).toBe('甲');
  });

  it('keeps the value of the cell the user is editing and takes the rest', () => {
    const grid = setup();
    grid.clickCell('r1', 'name');
    grid.input('r1', 'name', '正在输入');
    grid.applyLiveUpdate({ id: 'r1', name: '别人的', memo: '别人的备注' }, 'other');
    expect(grid.store.getRow('r1')?.values).toEqual({ id: 'r1', name: '正在输入', memo: '别人的备注' });
    // After editing ends, a later change reaches that cell too.
    grid.endEditing();
    grid.applyLiveUpdate({ id: 'r1', name: '别人的' }, 'other');
    expect(grid.store.getRow('r1')?.values.name).toBe('别人的');
  });
});

describe('live merge of rows another client saved as new or deleted', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = (dragSort = false) => {
    const grid = createGrid({
      columns: [{ key: 'name' }, { key: 'memo' }, { key: 'orderNum', type: 'hidden' }],
      ids: createRowIds('mine00'),
      dragSort,
    });
    grid.load([
      { id: 'r1', name: '甲', memo: '', orderNum: 1 },
      { id: 'r2', name: '乙', memo: '', orderNum: 2 },
      { id: 'r3', name: '丙', memo: '', orderNum: 3 },
    ]);
    return grid;
  };
  const names = (grid: ReturnType<typeof setup>) => grid.store.getSnapshot().rows.map((row) => row.values.name);

  it('shows a saved new row at the bottom, highlighted, neither new nor edited here', () => {
    const grid = setup();
    expect(grid.applyLiveUpdate({ id: 'r9', name: '丁', memo: '别人新增的' }, 'other', 'add')).toBe('added');
    expect(names(grid)).toEqual(['甲', '乙', '丙', '丁']);
    expect(grid.store.isNew('r9')).toBe(false);
    expect(grid.store.isEdited('r9')).toBe(false);
    expect(grid.store.getSnapshot().highlightedIds.has('r9')).toBe(true);
    expect(grid.output().newRows).toEqual([]);
    expect(grid.output().updatedRows).toEqual([]);
    vi.advanceTimersByTime(1_400);
    expect(grid.store.getSnapshot().highlightedIds.size).toBe(0);
  });

  it('puts it by its order number in a drag-sort grid, without renumbering the others', () => {
    const grid = setup(true);
    // The sender inserted at place 2: its renumbered rows come first, then the new row.
    grid.applyLiveUpdate({ id: 'r2', orderNum: 3 }, 'other');
    grid.applyLiveUpdate({ id: 'r3', orderNum: 4 }, 'other');
    grid.applyLiveUpdate({ id: 'r9', name: '丁', orderNum: 2 }, 'other', 'add');
    expect(names(grid)).toEqual(['甲', '丁', '乙', '丙']);
    expect(grid.output().updatedRows).toEqual([]);
  });

  it("keeps the user's own new rows and unsaved edits of other rows", () => {
    const grid = setup();
    const [mine] = grid.addRows({ values: [{ name: '我的新行' }] });
    grid.change('r2', 'memo', '我改的');
    grid.applyLiveUpdate({ id: 'r9', name: '丁' }, 'other', 'add');
    grid.applyLiveUpdate({ id: 'r1' }, 'other', 'remove');
    expect(names(grid)).toEqual(['乙', '丙', '我的新行', '丁']);
    expect(grid.store.getRow('r2')?.values.memo).toBe('我改的');
    expect(grid.store.isEdited('r2')).toBe(true);
    expect(grid.store.isNew(mine)).toBe(true);
    expect(grid.output().updatedRows.map((row) => row.id)).toEqual(['r2']);
  });

  it('a row shown already merges as an edit; its own echo and a row without id do nothing', () => {
    const grid = setup();
    expect(grid.applyLiveUpdate({ id: 'r2', name: '乙改' }, 'other', 'add')).toBe('merged');
    expect(grid.applyLiveUpdate({ id: 'r8', name: 'x' }, grid.senderId, 'add')).toBe('own');
    expect(grid.applyLiveUpdate({ name: 'x' }, 'other', 'add')).toBe('unknown-row');
    expect(grid.applyLiveUpdate({ id: 'r1' }, grid.senderId, 'remove')).toBe('own');
    expect(names(grid)).toEqual(['甲', '乙改', '丙']);
  });

  it('takes away a deleted row with its editing cell, its errors and its selection, not into the removed list', async () => {
    const grid = createGrid({ columns: [{ key: 'name', validateRules: [{ required: true }] }], ids: createRowIds('mine00') });
    grid.load([
      { id: 'r1', name: '' },
      { id: 'r2', name: '乙' },
    ]);
    await grid.validateAll();
    grid.clickCell('r1', 'name');
    grid.store.toggleSelected('r1', true);
    expect(grid.validator.errorOf('r1', 'name')).toBeDefined();
    expect(grid.applyLiveUpdate({ id: 'r1' }, 'other', 'remove')).toBe('removed');
    expect(grid.store.getRow('r1')).toBeUndefined();
    expect(grid.editing.activeCell('r1')).toBeUndefined();
    expect(grid.validator.getSnapshot()).toEqual({});
    expect(grid.store.getSnapshot().selectedIds.size).toBe(0);
    expect(grid.output().removedIds).toEqual([]);
  });

  it('counts rows of pages not shown: a new row that belongs on another page stays off this one, a deletion there is told', () => {
    const grid = setup();
    const onLastPage = false;
    expect(grid.applyLiveUpdate({ id: 'r9', name: '丁' }, 'other', 'add', () => onLastPage)).toBe('added-elsewhere');
    expect(names(grid)).toEqual(['甲', '乙', '丙']);
    expect(grid.applyLiveUpdate({ id: 'r7' }, 'other', 'remove')).toBe('removed-elsewhere');
    expect(names(grid)).toEqual(['甲', '乙', '丙']);
    // A row shown merges whatever the page.
    expect(grid.applyLiveUpdate({ id: 'r2', name: '乙改' }, 'other', 'add', () => onLastPage)).toBe('merged');
  });

  it('a row the user removed (unsaved) and another client deleted leaves the removed list, so the save does not delete it twice', () => {
    const grid = setup();
    grid.remove(['r3']);
    expect(grid.output().removedIds).toEqual(['r3']);
    expect(grid.applyLiveUpdate({ id: 'r3' }, 'other', 'remove')).toBe('removed');
    expect(grid.output().removedIds).toEqual([]);
  });
});
