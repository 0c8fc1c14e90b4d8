import type { GridColumn } from './columns';

/**
 * A cell the server refused on save (saveBatch's `result.errors`): the row number the user saw when
 * saving (1-based, as the save numbered its rows), the field and the reason.
 */
export interface RowRefusal {
  row: number;
  field: string;
  message: string;
}

/** A refused cell located in the grid. */
export interface RefusedCell {
  rowId: string;
  columnKey: string;
  message: string;
}

function isRefusal(value: unknown): value is RowRefusal {
  if (typeof value !== 'object' || value === null) return false;
  const { row, field, message } = value as Partial<RowRefusal>;
  return Number.isInteger(row) && typeof field === 'string' && typeof message === 'string';
}

/** The refusals of a saveBatch answer's result (`{errors: [...]}`); [] for any other shape. */
export function refusalsOf(result: unknown): RowRefusal[] {
  const errors = typeof result === 'object' && result !== null ? (result as { errors?: unknown }).errors : undefined;
  return Array.isArray(errors) ? errors.filter(isRefusal) : [];
}

/**
 * Where each refusal is: `rowIds` are the grid's row ids in the order the save numbered them
 * (row n = rowIds[n - 1]). A refusal of a field the grid has no visible column for (the record id
 * of a row deleted meanwhile, a hidden order number) has no cell: the message says it.
 */
export function refusedCells(refusals: readonly RowRefusal[], rowIds: readonly string[], columns: readonly GridColumn[]): RefusedCell[] {
  const shown = new Set(columns.filter((column) => column.visible).map((column) => column.key));
  return refusals.flatMap(({ row, field, message }) => {
    const rowId = rowIds[row - 1];
    return rowId !== undefined && shown.has(field) ? [{ rowId, columnKey: field, message }] : [];
  });
}
