import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGrid, createRowIds } from '../../../runtime/grid';

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
