/**
 * Where the editable grid's cells go (widgets spec §9 widths): the built-in cells (drag handle,
 * row number, selection, expand) and fixed:'left' columns on the left, fixed:'right' columns on
 * the right, the other columns between. When the grid scrolls sideways (many columns) every width
 * is in px, the fixed cells stick to their side, and the columns between are windowed
 * (runtime/grid/columnWindow.ts). No React here: GridView and its hooks read this.
 */
import type { CSSProperties } from 'react';
import { columnWidths, pixelWidth, SEQUENCE_WIDTH, selectionWidth, type GridColumn } from '../../grid';

export const DRAG_WIDTH = 40;
export const EXPAND_WIDTH = 40;
/** Beyond this many visible columns the shared 92 % becomes 120 px each and the grid scrolls sideways. */
export const SCROLL_X_COLUMNS = 8;

export type BuiltInCell = 'drag' | 'seq' | 'sel' | 'exp';

/** A cell at a side of every row: a built-in one or a fixed column. */
export type SideCell = { kind: BuiltInCell; style: CSSProperties } | { kind: 'column'; column: GridColumn; style: CSSProperties };

export interface GridLayout {
  scrollX: boolean;
  selection: number;
  /** Built-in cells, then fixed:'left' columns. */
  leading: SideCell[];
  /** fixed:'right' columns. */
  trailing: SideCell[];
  /** The windowed columns, in order. */
  columns: GridColumn[];
  /** Their px widths when scrolling (what columnWindow reads); empty otherwise. */
  pixelWidths: number[];
  /** Style of each windowed column's cell, by key. */
  styles: Map<string, CSSProperties>;
  /** px the fixed cells cover in a scrolling grid: the viewport of the windowed columns is the rest. */
  fixedWidth: number;
  /** px width of a whole row when scrolling; undefined when the grid fits its width. */
  totalWidth: number | undefined;
}

export function cellStyle(width: number | string, minWidth?: number): CSSProperties {
  return typeof width === 'number'
    ? { flex: `0 0 ${width}px`, width, minWidth }
    : { flex: `1 1 ${width}`, width, minWidth: minWidth ?? 60 };
}

/**
 * Fixed cells of a scrolling grid stay at their side, over the cells passing under them: the row's
 * colour ('inherit') over the line's whole height (a shorter cell would let a taller one show
 * above and below it), the content centred in that height.
 */
function sticky(side: 'left' | 'right', offset: number, builtIn: boolean): CSSProperties {
  return {
    position: 'sticky',
    [side]: offset,
    zIndex: 1,
    background: 'inherit',
    alignSelf: 'stretch',
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'center',
    // Built-in cells centre their checkbox or icon; a fixed column's cell takes the full width.
    alignItems: builtIn ? 'center' : 'stretch',
  };
}

export function gridLayout(allColumns: readonly GridColumn[], dragSort: boolean): GridLayout {
  const visible = allColumns.filter((c) => c.visible);
  const scrollX = visible.length > SCROLL_X_COLUMNS;
  const declared = new Map(columnWidths(allColumns, { scrollX }).map((w) => [w.key, w]));
  const selection = selectionWidth(allColumns);
  // Scrolling: one px number per cell, so sticky offsets, gaps and the total add up exactly.
  const widthOf = (column: GridColumn): number | string => {
    const w = declared.get(column.key);
    return scrollX ? pixelWidth(w?.width, w?.minWidth) : (w?.width ?? 120);
  };
  const styleOf = (column: GridColumn): CSSProperties => {
    const width = widthOf(column);
    return cellStyle(width, scrollX ? undefined : declared.get(column.key)?.minWidth);
  };

  const leading: SideCell[] = [];
  let left = 0;
  const addLeading = (cell: { kind: BuiltInCell } | { kind: 'column'; column: GridColumn }, width: number | string) => {
    const base = cell.kind === 'column' ? styleOf(cell.column) : cellStyle(width);
    leading.push({ ...cell, style: scrollX ? { ...base, ...sticky('left', left, cell.kind !== 'column') } : base } as SideCell);
    if (typeof width === 'number') left += width;
  };
  if (dragSort) addLeading({ kind: 'drag' }, DRAG_WIDTH);
  addLeading({ kind: 'seq' }, SEQUENCE_WIDTH);
  addLeading({ kind: 'sel' }, selection);
  addLeading({ kind: 'exp' }, EXPAND_WIDTH);
  for (const column of visible.filter((c) => c.fixed === 'left')) addLeading({ kind: 'column', column }, widthOf(column));

  const rightColumns = visible.filter((c) => c.fixed === 'right');
  const trailing: SideCell[] = [];
  let right = 0;
  for (const column of [...rightColumns].reverse()) {
    const width = widthOf(column);
    trailing.unshift({ kind: 'column', column, style: scrollX ? { ...styleOf(column), ...sticky('right', right, false) } : styleOf(column) });
    if (typeof width === 'number') right += width;
  }

  const columns = visible.filter((c) => c.fixed === undefined);
  const pixelWidths = scrollX ? columns.map((c) => widthOf(c) as number) : [];
  return {
    scrollX,
    selection,
    leading,
    trailing,
    columns,
    pixelWidths,
    styles: new Map(columns.map((c) => [c.key, styleOf(c)])),
    fixedWidth: left + right,
    totalWidth: scrollX ? left + right + pixelWidths.reduce((sum, w) => sum + w, 0) : undefined,
  };
}
