import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createExpiringStorage } from '../../../../runtime/host/expiringStorage';
import {
  ADD_SETTINGS_KEY,
  createGrid,
  createRowIds,
  loadAddSettings,
  normaliseAddSettings,
  resolveColumns,
  RowStore,
} from '../../../../runtime/grid';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    storage: createExpiringStorage({
      getItem: (k) => items.get(k) ?? null,
      setItem: (k, v) => void items.set(k, v),
      removeItem: (k) => void items.delete(k),
    }),
  };
}

const columns = resolveColumns([{ key: 'name' }, { key: 'amount', type: 'inputNumber', defaultValue: 0 }]);
const names = (store: RowStore) => store.getSnapshot().rows.map((row) => row.values.name);

describe('row store', () => {
  let store: RowStore;
  beforeEach(() => {
    store = new RowStore({ columns, ids: createRowIds('abc123') });
    store.load([
      { id: 'r1', name: '甲', amount: 1 },
      { id: 'r2', name: '乙', amount: 2 },
    ]);
  });

  it('gives new rows temporary ids with the case prefix and temp suffix, and created values', () => {
    const [id] = store.addRows();
    expect(id).toBe('_jet-abc123-1_tid-abc123');
    expect(store.isNew(id)).toBe(true);
    expect(store.getRow(id)?.values).toEqual({ name: '', amount: 0 });
  });

  it('adds at least one row, at the bottom by default or from the n-th row on', () => {
    store.addRows({ count: 0, values: [{ name: '丙' }] });
    expect(names(store)).toEqual(['甲', '乙', '丙']);
    store.addRows({ count: 2, position: 1, values: [{ name: '首1' }, { name: '首2' }] });
    expect(names(store)).toEqual(['首1', '首2', '甲', '乙', '丙']);
    store.addRows({ position: 99, values: [{ name: '尾' }] });
    expect(names(store).at(-1)).toBe('尾');
  });

  it('tells the view which rows were added and whether to scroll to the bottom', () => {
    const ids = store.addRows({ count: 2, scrollToBottom: true });
    const { lastAdd } = store.getSnapshot();
    expect(lastAdd).toEqual({ ids, scrollToBottom: true, seq: 1 });
    store.addRows();
    expect(store.getSnapshot().lastAdd?.seq).toBe(2);
    expect(store.getSnapshot().lastAdd?.scrollToBottom).toBe(false);
  });

  it('outputs new rows without an id and strips the case prefix from others', () => {
    store.addRows({ values: [{ name: '新' }] });
    store.load([...store.output().rows, { id: '_jet-abc123-r9', name: '带前缀' }]);
    const output = store.output();
    expect(output.rows).toEqual([
      { id: 'r1', name: '甲', amount: 1 },
      { id: 'r2', name: '乙', amount: 2 },
      { name: '新', amount: 0 },
      { id: 'r9', name: '带前缀' },
    ]);
  });

  it('tracks new, edited and removed rows', () => {
    const [fresh] = store.addRows({ values: [{ name: '新' }] });
    store.setValue('r1', 'name', '甲改');
    store.setValue(fresh, 'name', '新改');
    store.setValue('r2', 'name', '乙'); // same value: not an edit
    expect(store.isEdited('r1')).toBe(true);
    expect(store.isEdited('r2')).toBe(false);
    const output = store.output();
    expect(output.newRows).toEqual([{ name: '新改', amount: 0 }]);
    expect(output.updatedRows).toEqual([{ id: 'r1', name: '甲改', amount: 1 }]);
  });

  it('drops removed new rows and keeps removed loaded rows for the save', () => {
    const [fresh] = store.addRows();
    store.setSelected(['r1', fresh]);
    store.removeSelected();
    expect(names(store)).toEqual(['乙']);
    expect(store.getSnapshot().selectedIds.size).toBe(0);
    const output = store.output();
    expect(output.removedIds).toEqual(['r1']);
    expect(output.removedRows).toEqual([{ id: 'r1', name: '甲', amount: 1 }]);
    expect(output.newRows).toEqual([]);
  });

  it('never changes the id through a cell write', () => {
    store.setValue('r1', 'id', 'hijack');
    expect(store.getRow('r1')?.values.id).toBe('r1');
  });

  it('keeps unchanged rows as the same objects, so a view re-renders only what changed', () => {
    const before = store.getSnapshot().rows;
    store.setValue('r2', 'name', '乙改');
    const after = store.getSnapshot().rows;
    expect(after).not.toBe(before);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
  });

  it('notifies subscribers on every change', () => {
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    store.setValue('r1', 'name', 'x');
    store.addRows();
    stop();
    store.addRows();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('drag sort', () => {
  let store: RowStore;
  beforeEach(() => {
    store = new RowStore({ columns, dragSort: true, ids: createRowIds('abc123') });
    store.load([
      { id: 'a', name: 'A', orderNum: 1 },
      { id: 'b', name: 'B', orderNum: 2 },
      { id: 'c', name: 'C', orderNum: 3 },
    ]);
  });

  const orders = () => store.getSnapshot().rows.map((row) => `${row.values.name}${row.values.orderNum}`);

  it('moves rows up and down and renumbers orderNum from 1', () => {
    expect(store.move('c', -1)).toBe(true);
    expect(orders()).toEqual(['A1', 'C2', 'B3']);
    expect(store.move('a', -1)).toBe(false);
    expect(store.move('a', 1)).toBe(true);
    expect(orders()).toEqual(['C1', 'A2', 'B3']);
    expect(store.isEdited('a') && store.isEdited('c') && store.isEdited('b')).toBe(true);
  });

  it('renumbers after a drag, an add and a remove', () => {
    store.reorder(0, 2);
    expect(orders()).toEqual(['B1', 'C2', 'A3']);
    store.addRows({ position: 1, values: [{ name: 'N' }] });
    expect(orders()).toEqual(['N1', 'B2', 'C3', 'A4']);
    store.remove(['b']);
    expect(orders()).toEqual(['N1', 'C2', 'A3']);
  });

  it('on a later page numbers after the rows of the pages before it', () => {
    const paged = new RowStore({ columns, dragSort: true });
    paged.setOrderBase(20);
    paged.load([
      { id: 'p', name: 'P', orderNum: 21 },
      { id: 'q', name: 'Q', orderNum: 22 },
    ]);
    paged.move('q', -1);
    expect(paged.getSnapshot().rows.map((row) => `${row.values.name}${row.values.orderNum}`)).toEqual(['Q21', 'P22']);
  });

    it('uses the configured order column', () => {
    const custom = new RowStore({ columns, dragSort: true, dragSortKey: 'sortNo' });
    custom.load([{ id: 'x' }, { id: 'y' }]);
    custom.reorder(1, 0);
    expect(custom.output().rows).toEqual([
      { id: 'y', sortNo: 1 },
      { id: 'x', sortNo: 2 },
    ]);
  });
});

describe('reload highlight', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('lasts 1400 ms', () => {
    const store = new RowStore({ columns });
    store.load([{ id: 'r1' }]);
    store.highlight(['r1']);
    expect(store.getSnapshot().highlightedIds.has('r1')).toBe(true);
    vi.advanceTimersByTime(1_399);
    expect(store.getSnapshot().highlightedIds.has('r1')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot().highlightedIds.has('r1')).toBe(false);
  });
});

describe('add button settings and the insertion guard', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("are kept under 'jet-add-btn-settings' and normalised (at least 1 row, position ≥ 0)", () => {
    const { storage, items } = memoryStorage();
    const grid = createGrid({ columns: [{ key: 'name' }], storage });
    expect(grid.addSettings()).toEqual({ count: 1, position: 0, scrollToBottom: true });
    expect(grid.saveAddSettings({ count: 0, position: -3 })).toEqual({ count: 1, position: 0, scrollToBottom: true });
    grid.saveAddSettings({ count: 3, position: 2, scrollToBottom: false });
    expect([...items.keys()]).toEqual([`pro__${ADD_SETTINGS_KEY}`]);
    expect(loadAddSettings(storage)).toEqual({ count: 3, position: 2, scrollToBottom: false });
    expect(normaliseAddSettings({ count: '2.7', position: 'x' })).toEqual({ count: 2, position: 0, scrollToBottom: true });
  });

  it('adds with the stored settings and ignores a second add within 1500 ms', () => {
    const { storage } = memoryStorage();
    const grid = createGrid({ columns: [{ key: 'name' }], storage });
    grid.load([{ id: 'r1', name: '甲' }]);
    grid.saveAddSettings({ count: 2, position: 1, scrollToBottom: false });
    expect(grid.addFromToolbar()).toHaveLength(2);
    expect(grid.store.getSnapshot().rows.at(-1)?.id).toBe('r1');
    vi.advanceTimersByTime(1_499);
    expect(grid.addFromToolbar()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(grid.addFromToolbar()).toHaveLength(2);
    expect(grid.store.rowCount).toBe(5);
  });

  it('works without storage, with the defaults', () => {
    const grid = createGrid({ columns: [{ key: 'name' }] });
    expect(grid.addFromToolbar()).toHaveLength(1);
    expect(grid.store.getSnapshot().lastAdd?.scrollToBottom).toBe(true);
  });

  it('without storage, keeps the settings for the grid’s own adds', () => {
    const grid = createGrid({ columns: [{ key: 'name' }] });
    grid.load([{ id: 'r1', name: '甲' }]);
    expect(grid.saveAddSettings({ count: 2, position: 1 })).toEqual({ count: 2, position: 1, scrollToBottom: true });
    expect(grid.addFromToolbar()).toHaveLength(2);
    expect(grid.store.getSnapshot().rows.at(-1)?.id).toBe('r1');
  });
});
