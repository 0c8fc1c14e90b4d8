import { ADD_CODE, BATCH_DELETE_CODE, type GridController, type GridRowValues } from '../../grid';
import type { Host } from '../../host/types';
import type { CompiledPage } from '../../schema/compiledPageTypes';

/** The body of `{apiPath}/saveBatch`: new and changed rows with their row numbers, removed ids. */
export interface GridBatch {
  added: { row: number; values: GridRowValues }[];
  updated: { row: number; values: GridRowValues }[];
  removedIds: string[];
  senderId: string;
}

/** What a grid's save sends: only new and edited rows (numbered as the user sees them) and the removed ids. */
export function batchOf(grid: GridController): GridBatch {
  const { rows } = grid.store.getSnapshot();
  const output = grid.output();
  const batch: GridBatch = { added: [], updated: [], removedIds: output.removedIds, senderId: grid.senderId };
  rows.forEach((row, index) => {
    if (grid.store.isNew(row.id)) batch.added.push({ row: index + 1, values: output.rows[index] });
    else if (grid.store.isEdited(row.id)) batch.updated.push({ row: index + 1, values: output.rows[index] });
  });
  return batch;
}

/** Whether the grid holds anything a save would send: new, edited or removed rows. */
export function hasUnsavedChanges(grid: GridController): boolean {
  return grid.store.hasChanges();
}

/** The toolbar's exclusions (spec §6) from the page's codes: add ← <prefix>:add, batch_delete ← <prefix>:delete. */
export function excludedGridCodes(page: CompiledPage, host: Pick<Host, 'hasPermission'>): string[] {
  return [
    ...(host.hasPermission(page.permissions.add) ? [] : [ADD_CODE]),
    ...(host.hasPermission(page.permissions.delete) ? [] : [BATCH_DELETE_CODE]),
  ];
}
