/**
 * The lines of the editable grid around its rows: the header and the footer statistics, and what
 * every line (rows too) shares — the same cells through `lineCells`, so header, rows and footer stay
 * aligned however the columns are windowed.
 */
import type { CSSProperties, ReactNode, Ref } from 'react';
import { Checkbox } from 'antd';
import type { ColumnWindow, FooterRow, GridColumn } from '../../grid';
import type { GridLayout, SideCell } from './gridLayout';

export const ROW_STYLE: CSSProperties = { display: 'flex', alignItems: 'center', borderBottom: '1px solid #f0f0f0', background: '#fff' };

/**
 * Header, body and footer each scroll sideways (the body by the user, the others with it); the
 * stable gutter gives all three the same width whether the body shows a vertical scrollbar or not.
 */
export const BAND_STYLE: CSSProperties = { overflow: 'hidden', scrollbarGutter: 'stable' };
/** Header and footer colour their share of the gutter, as a table's scrollbar filler does. */
const EDGE_BAND_STYLE: CSSProperties = { ...BAND_STYLE, background: '#fafafa' };

/** A line's full width: the columns' px sum in a scrolling grid, never less than the grid. */
export const lineWidth = (layout: GridLayout): CSSProperties => ({ width: layout.totalWidth, minWidth: '100%' });

export const sideKey = (cell: SideCell) => (cell.kind === 'column' ? cell.column.key : `#${cell.kind}`);

/**
 * One line of the grid (header, row or footer): the leading cells, the windowed columns with gaps
 * for the ones left out, the trailing cells.
 */
export function lineCells(
  layout: GridLayout,
  shown: ColumnWindow,
  side: (cell: SideCell) => ReactNode,
  column: (column: GridColumn, style: CSSProperties) => ReactNode,
): ReactNode {
  return (
    <>
      {layout.leading.map(side)}
      {shown.items.map((item, at) => {
        if (item.kind === 'gap') return <div key={`gap-${at}`} className="grid-column-gap" style={{ flex: `0 0 ${item.width}px` }} />;
        const c = layout.columns[item.index];
        return column(c, layout.styles.get(c.key) ?? {});
      })}
      {layout.trailing.map(side)}
    </>
  );
}

/** A header or footer cell of a column. */
const textCell = (text: (column: GridColumn) => ReactNode) => (column: GridColumn, style: CSSProperties) => (
  <div key={column.key} data-column={column.key} style={{ ...style, padding: '0 6px' }}>
    {text(column)}
  </div>
);

const title = (column: GridColumn) => (
  <>
    {column.validateRules.some((r) => 'required' in r && r.required) && <span style={{ color: '#ff4d4f', marginRight: 4 }}>*</span>}
    {column.title}
  </>
);

export interface GridHeaderProps {
  layout: GridLayout;
  shown: ColumnWindow;
  bandRef: Ref<HTMLDivElement>;
  rowCount: number;
  selectedCount: number;
  onSelectAll: (checked: boolean) => void;
}

export function GridHeader({ layout, shown, bandRef, rowCount, selectedCount, onSelectAll }: GridHeaderProps) {
  const side = (cell: SideCell) => {
    if (cell.kind === 'column') return textCell(title)(cell.column, cell.style);
    let content: ReactNode = null;
    if (cell.kind === 'seq') content = '#';
    if (cell.kind === 'sel')
      content = (
        <Checkbox
          checked={rowCount > 0 && selectedCount === rowCount}
          indeterminate={selectedCount > 0 && selectedCount < rowCount}
          onChange={(e) => onSelectAll(e.target.checked)}
        />
      );
    return (
      <div key={sideKey(cell)} style={{ ...cell.style, textAlign: 'center' }}>
        {content}
      </div>
    );
  };
  return (
    <div ref={bandRef} style={EDGE_BAND_STYLE}>
      <div className="grid-header" style={{ ...lineWidth(layout), ...ROW_STYLE, background: '#fafafa', fontWeight: 500, minHeight: 40 }}>
        {lineCells(layout, shown, side, textCell(title))}
      </div>
    </div>
  );
}

export interface GridFooterProps {
  layout: GridLayout;
  shown: ColumnWindow;
  bandRef: Ref<HTMLDivElement>;
  rows: readonly FooterRow[];
}

/** The statistics lines (合计 / 平均值), their titles in the selection column. */
export function GridFooter({ layout, shown, bandRef, rows }: GridFooterProps) {
  if (rows.length === 0) return null;
  return (
    <div ref={bandRef} style={EDGE_BAND_STYLE}>
      <div style={lineWidth(layout)}>
        {rows.map((footerRow) => {
          const value = textCell((c) => footerRow.values[c.key] ?? '');
          const side = (cell: SideCell) =>
            cell.kind === 'column' ? (
              value(cell.column, cell.style)
            ) : (
              <div key={sideKey(cell)} style={cell.style}>
                {cell.kind === 'sel' ? footerRow.title : null}
              </div>
            );
          return (
            <div key={footerRow.kind} className={`grid-footer grid-footer-${footerRow.kind}`} style={{ ...ROW_STYLE, background: '#fafafa', minHeight: 40 }}>
              {lineCells(layout, shown, side, value)}
            </div>
          );
        })}
      </div>
    </div>
  );
}
