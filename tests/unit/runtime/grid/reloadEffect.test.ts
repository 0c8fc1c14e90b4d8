// The reload effect (JeecgBoot's reloadEffect, spec §9 reload highlight 1400 ms): a reload
// highlights the rows it brings that are new or changed, for 1400 ms, on the system clock under
// fake timers as the other core tests.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGrid } from '../../../../runtime/grid';

const highlighted = (grid: ReturnType<typeof createGrid>) => [...grid.store.getSnapshot().highlightedIds].sort();

describe('reload effect', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const rows = [
    { id: 'r1', name: '甲', updateTime: '2026-11-01 09:00:00' },
    { id: 'r2', name: '乙', updateTime: '2026-11-01 09:00:00' },
    { id: 'r3', name: '丙', updateTime: '2026-11-01 09:00:00' },
  ];

  it('highlights nothing on the first load', () => {
    const grid = createGrid({ columns: [{ key: 'name' }], reloadEffect: true });
    grid.load(rows);
    expect(highlighted(grid)).toEqual([]);
  });

  it('highlights the new rows and the changed ones for 1400 ms; unchanged rows stay plain', () => {
    const grid = createGrid({ columns: [{ key: 'name' }], reloadEffect: true });
    grid.load(rows);
    grid.load([
      rows[0],
      // Stamped by the server (a field the grid shows no column for still counts).
      { ...rows[1], updateTime: '2026-11-02 10:00:00' },
      { ...rows[2], name: '丙改' },
      { id: 'r4', name: '丁', updateTime: '2026-11-02 10:00:00' },
    ]);
    expect(highlighted(grid)).toEqual(['r2', 'r3', 'r4']);
    vi.advanceTimersByTime(1_399);
    expect(highlighted(grid)).toEqual(['r2', 'r3', 'r4']);
    vi.advanceTimersByTime(1);
    expect(highlighted(grid)).toEqual([]);
  });

  it('after a save, highlights the rows that were new (they come back with ids), not the untouched ones', () => {
    const grid = createGrid({ columns: [{ key: 'name' }], reloadEffect: true });
    grid.load(rows.slice(0, 2));
    grid.addRows({ values: [{ name: '新行' }] });
    grid.load([...rows.slice(0, 2), { id: 'r9', name: '新行' }]);
    expect(highlighted(grid)).toEqual(['r9']);
  });

  it('reads equal lists and objects as unchanged', () => {
    const grid = createGrid({ columns: [{ key: 'files' }], reloadEffect: true });
    grid.load([{ id: 'r1', files: [{ name: 'a.pdf' }] }]);
    grid.load([{ id: 'r1', files: [{ name: 'a.pdf' }] }]);
    expect(highlighted(grid)).toEqual([]);
  });

  it('is off by default; a load may turn it on or off for itself', () => {
    const plain = createGrid({ columns: [{ key: 'name' }] });
    plain.load(rows);
    plain.load([{ id: 'r4', name: '丁' }]);
    expect(highlighted(plain)).toEqual([]);
    plain.load([{ id: 'r5', name: '戊' }], { reloadEffect: true });
    expect(highlighted(plain)).toEqual(['r5']);

    const effect = createGrid({ columns: [{ key: 'name' }], reloadEffect: true });
    effect.load(rows);
    effect.load([{ id: 'r4', name: '丁' }], { reloadEffect: false });
    expect(highlighted(effect)).toEqual([]);
  });
});
