import { useSyncExternalStore } from 'react';
import type { EditingState } from './editing';
import type { GridController } from './grid';
import type { RowStore, RowsSnapshot } from './rowStore';
import type { CellErrors, GridValidator } from './validator';

// The optional React side of the core: a view reads the three snapshots through these hooks and
// re-renders when they change. Each snapshot is a new object per change, as useSyncExternalStore needs.

export function useGridRows(grid: GridController | { store: RowStore }): RowsSnapshot {
  return useSyncExternalStore(grid.store.subscribe, grid.store.getSnapshot);
}

/** Row id → key of the cell editing in that row. */
export function useGridEditing(grid: GridController | { editing: EditingState }): ReadonlyMap<string, string> {
  return useSyncExternalStore(grid.editing.subscribe, grid.editing.getSnapshot);
}

/** Row id → column key → message of the failed cells. */
export function useGridErrors(grid: GridController | { validator: GridValidator }): CellErrors {
  return useSyncExternalStore(grid.validator.subscribe, grid.validator.getSnapshot);
}
