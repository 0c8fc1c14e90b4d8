import type { GridColumn } from './columns';
import {
  DATE_MIN_WIDTH,
  DATETIME_WIDTH,
  DEPART_PICKER_WIDTH,
  PICKER_MIN_WIDTH,
  SCROLLING_COLUMN_WIDTH,
  SELECTION_WIDTH,
  SELECTION_WIDTH_WITH_TOTALS,
  SEQUENCE_WIDTH,
  SHARED_WIDTH_PERCENT,
  USER_PICKER_WIDTH,
} from './constants';

export interface ColumnWidth {
  key: string;
  /** px number or CSS percentage. */
  width: number | string;
  /** px, when the type has one. */
  minWidth: number | undefined;
}

export interface WidthOptions {
  /**
   * Columns scroll horizontally (many columns, virtualised): a percentage of the grid means
   * nothing then, so the shared default becomes 120 px.
   */
  scrollX?: boolean;
}

export function minWidthOf(column: GridColumn): number | undefined {
  if (column.type === 'datetime' || column.type === 'sel_user' || column.type === 'sel_depart') return PICKER_MIN_WIDTH;
  if (column.type === 'date') return DATE_MIN_WIDTH;
  return undefined;
}

/**
 * Widths of the visible columns (spec §9): the column's own width, else datetime 200, user picker
 * 220, department picker 160, else 92 % divided among the visible columns (120 px when columns
 * scroll). Hidden columns take no width and are left out.
 */
export function columnWidths(columns: readonly GridColumn[], options: WidthOptions = {}): ColumnWidth[] {
  const visible = columns.filter((column) => column.visible);
  const shared: number | string = options.scrollX
    ? SCROLLING_COLUMN_WIDTH
    : `${Number((SHARED_WIDTH_PERCENT / Math.max(visible.length, 1)).toFixed(4))}%`;
  return visible.map((column) => {
    let width: number | string;
    if (column.width !== undefined && column.width !== '') width = column.width;
    else if (column.type === 'datetime') width = DATETIME_WIDTH;
    else if (column.type === 'sel_user') width = USER_PICKER_WIDTH;
    else if (column.type === 'sel_depart') width = DEPART_PICKER_WIDTH;
    else width = shared;
    return { key: column.key, width, minWidth: minWidthOf(column) };
  });
}

/** The sequence column's width. */
export function sequenceWidth(): number {
  return SEQUENCE_WIDTH;
}

/** The selection column: 40, or 60 when a footer shows its titles (合计/平均值) in that column. */
export function selectionWidth(columns: readonly GridColumn[]): number {
  return hasStatistics(columns) ? SELECTION_WIDTH_WITH_TOTALS : SELECTION_WIDTH;
}

export function hasStatistics(columns: readonly GridColumn[]): boolean {
  return columns.some((column) => column.visible && column.statistics.length > 0);
}
