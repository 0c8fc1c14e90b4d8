import { optionLabel, type GridColumn } from './columns';
import type { GridRowValues } from './rowTypes';

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

/**
 * The server names a value it refuses as stored, 「<key>」 — for a table dictionary an id the user
 * never saw. Where the column offers that key as an option, the reason names the option's text the
 * cell shows instead (「临时类型」不是可选的值, not 「ef7bbe67…」不是可选的值).
 */
export function readableReason(message: string, column: GridColumn, value: unknown): string {
  if (typeof value !== 'string' || value === '') return message;
  const keys = value.split(',');
  let readable = message;
  for (const key of keys) {
    const option = column.options.find((o) => o.value === key);
    const text = option ? optionLabel(option) : undefined;
    if (text && text !== key) readable = readable.split(`「${key}」`).join(`「${text}」`);
  }
  return readable;
}

/** A refused cell with its reason made readable, and the reason as the server said it. */
export interface ReadableRefusal extends RefusedCell {
  said: string;
}

/** Each refused cell's reason in the words of the row it refuses (see readableReason). */
export function readableCells(
  cells: readonly RefusedCell[],
  columns: readonly GridColumn[],
  valueOf: (rowId: string) => Readonly<GridRowValues> | undefined,
): ReadableRefusal[] {
  const byKey = new Map(columns.map((column) => [column.key, column]));
  return cells.map((cell) => {
    const column = byKey.get(cell.columnKey);
    const value = valueOf(cell.rowId)?.[cell.columnKey];
    return { ...cell, said: cell.message, message: column ? readableReason(cell.message, column, value) : cell.message };
  });
}

/** The server's whole refusal text with each cell's reason as readable as the cell's tooltip. */
export function readableSummary(serverMessage: string, cells: readonly ReadableRefusal[]): string {
  return cells.reduce((text, cell) => (cell.said === cell.message ? text : text.split(cell.said).join(cell.message)), serverMessage);
}
