/**
 * The editable grid's antd view (widgets spec §2–§6, §9), thin over the headless core: it renders
 * the GridController's snapshots and forwards the user's events. Rows are virtualised
 * (@tanstack/react-virtual) and memoised, so a keystroke re-renders its own row, not the grid; a
 * wide grid also windows its columns (gridLayout.ts, useColumnWindow.ts).
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Checkbox, Descriptions, InputNumber, Popover, Space } from 'antd';
import { DownOutlined, HolderOutlined, RightOutlined, SettingOutlined } from '@ant-design/icons';
import { closestCenter, DndContext, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  MAX_HEIGHT,
  ROW_HEIGHTS,
  cellValue,
  SCROLL_END_DELAY_MS,
  TOOLBAR_TEXTS,
  useGridEditing,
  useGridErrors,
  useGridRows,
  visibleToolbarButtons,
  type ColumnWindow,
  type GridColumn,
  type GridController,
  type GridRow,
  type GridSize,
  type ToolbarButton,
} from '../../grid';
import { GridCell } from './GridCell';
import { GridDetailsModal } from './GridDetailsModal';
import { gridValueItems } from './GridValueText';
import { gridLayout, type GridLayout, type SideCell } from './gridLayout';
import { BAND_STYLE, GridFooter, GridHeader, lineCells, lineWidth, ROW_STYLE } from './gridLines';
import { GRID_VIEW_TEXTS } from './texts';
import { revealedScrollLeft, scrollIntoViewVertically } from './revealCell';
import { useColumnWindow } from './useColumnWindow';
import { useScrollBands } from './useScrollBands';
/** Elements whose mouse-up does not end editing: the editing cells and the popups they open. */
const EDITING_ZONES = '[data-editing], .ant-select-dropdown, .ant-picker-dropdown, .ant-popover, .ant-modal, .ant-tooltip';

export interface GridViewProps {
  grid: GridController;
  /** Codes excluded for the user ('add', 'batch_delete'): their buttons hide. */
  excluded?: readonly string[];
  onSave?: () => void;
  saving?: boolean;
  /** Pagination (or anything) under the grid. */
  footer?: ReactNode;
  /** Grid body height cap in px (default 400). */
  maxHeight?: number;
  /** Row density (spec §9; default medium, 61 px rows). */
  size?: GridSize;
  /**
   * The live link of a grid page: 'joined' once the saves of other users reach this grid, 'joining'
   * before (shown as data-live, for whoever must know before they save elsewhere).
   */
  live?: 'joining' | 'joined';
}

interface GridRowViewProps {
  grid: GridController;
  row: GridRow;
  index: number;
  layout: GridLayout;
  shown: ColumnWindow;
  rowHeight: number;
  selected: boolean;
  highlighted: boolean;
  editingKey: string | undefined;
  errors: Readonly<Record<string, string>> | undefined;
  expanded: boolean;
  dragSort: boolean;
  start: number;
  measure: (element: Element | null) => void;
  onToggleExpand: (rowId: string) => void;
  onDetails: (rowId: string) => void;
}

const GridRowView = memo(function GridRowView(props: GridRowViewProps) {
  const { grid, row, index, layout, shown, rowHeight, selected, highlighted, editingKey, errors, expanded, dragSort, start, measure } = props;
  const sortable = useSortable({ id: row.id, disabled: !dragSort });
  const drag = sortable.transform ? `translate3d(0, ${sortable.transform.y}px, 0)` : '';
  const setRef = (element: HTMLDivElement | null) => {
    sortable.setNodeRef(element);
    measure(element);
  };
  const cell = (column: GridColumn, style: CSSProperties) => (
    <div key={column.key} style={style}>
      <GridCell
        grid={grid}
        rowId={row.id}
        column={column}
        value={cellValue(column, row.values)}
        editing={grid.editing.alwaysEdit ? grid.canEditCell(row.id, column.key) : editingKey === column.key}
        active={editingKey === column.key}
        error={errors?.[column.key]}
        onDetails={props.onDetails}
      />
    </div>
  );
  const side = (c: SideCell) => {
    switch (c.kind) {
      case 'column':
        return cell(c.column, c.style);
      case 'drag':
        return (
          <div key="#drag" style={{ ...c.style, cursor: 'move', textAlign: 'center' }} className="grid-drag-handle" {...sortable.attributes} {...sortable.listeners}>
            <HolderOutlined />
          </div>
        );
      case 'seq':
        return (
          <div key="#seq" style={{ ...c.style, textAlign: 'center', cursor: 'pointer' }} className="grid-seq" onClick={() => props.onDetails(row.id)}>
            <SubFormPopover grid={grid} row={row} rowNumber={index + 1} />
          </div>
        );
      case 'sel':
        return (
          <div key="#sel" style={{ ...c.style, textAlign: 'center' }}>
            <Checkbox checked={selected} onChange={(e) => grid.store.toggleSelected(row.id, e.target.checked)} />
          </div>
        );
      case 'exp':
        return (
          <div key="#exp" style={{ ...c.style, textAlign: 'center', cursor: 'pointer' }} className="grid-expand" aria-label={GRID_VIEW_TEXTS.expandRow} onClick={() => props.onToggleExpand(row.id)}>
            {expanded ? <DownOutlined /> : <RightOutlined />}
          </div>
        );
    }
  };
  return (
    <div
      ref={setRef}
      data-index={index}
      data-row-id={row.id}
      className="grid-row"
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        width: '100%',
        transform: `translateY(${start}px) ${drag}`,
        transition: sortable.transition,
        zIndex: sortable.isDragging ? 2 : undefined,
      }}
    >
      <div style={{ ...ROW_STYLE, minHeight: rowHeight, background: highlighted ? '#fffbe6' : selected ? '#e6f4ff' : '#fff' }}>
        {lineCells(layout, shown, side, cell)}
      </div>
      {expanded && (
        <div className="grid-subform" style={{ padding: '8px 16px 8px 160px', background: '#fafafa', borderBottom: '1px solid #f0f0f0' }}>
          <Descriptions size="small" column={3} items={gridValueItems(grid, row)} />
        </div>
      )}
    </div>
  );
});

/**
 * The sub-form popover (spec §2): resting on a row's number shows that row as a small read-only
 * form; a click opens 详细信息 with the whole row.
 */
function SubFormPopover({ grid, row, rowNumber }: { grid: GridController; row: GridRow; rowNumber: number }) {
  return (
    <Popover
      trigger="hover"
      mouseEnterDelay={0.5}
      placement="rightTop"
      title={GRID_VIEW_TEXTS.subFormTitle(rowNumber)}
      content={
        <div className="grid-subform-popover" style={{ width: 480 }}>
          <Descriptions size="small" column={2} items={gridValueItems(grid, row)} />
        </div>
      }
    >
      <span>{rowNumber}</span>
    </Popover>
  );
}

function AddSettingsPopover({ grid }: { grid: GridController }) {
  const [settings, setSettings] = useState(() => grid.addSettings());
  const update = (next: Partial<typeof settings>) => setSettings(grid.saveAddSettings(next));
  const content = (
    <Space direction="vertical" size={8} className="grid-add-settings">
      <Space>
        <span>{GRID_VIEW_TEXTS.addCount}</span>
        <InputNumber min={1} precision={0} value={settings.count} onChange={(v) => update({ count: v ?? 1 })} />
      </Space>
      <Space>
        <span>{GRID_VIEW_TEXTS.addPosition}</span>
        <InputNumber min={0} precision={0} value={settings.position} onChange={(v) => update({ position: v ?? 0 })} />
      </Space>
      <Checkbox checked={settings.scrollToBottom} onChange={(e) => update({ scrollToBottom: e.target.checked })}>
        {GRID_VIEW_TEXTS.scrollToBottom}
      </Checkbox>
    </Space>
  );
  return (
    <Popover title={GRID_VIEW_TEXTS.addSettingsTitle} content={content} trigger="click" placement="bottomLeft">
      <Button icon={<SettingOutlined />} aria-label={GRID_VIEW_TEXTS.addSettingsTitle} />
    </Popover>
  );
}

export function GridView({ grid, excluded = [], onSave, saving, footer, maxHeight = MAX_HEIGHT, size = 'medium', live }: GridViewProps) {
  const rowHeight = ROW_HEIGHTS[size];
  const snapshot = useGridRows(grid);
  const editing = useGridEditing(grid);
  const errors = useGridErrors(grid);
  const { rows, selectedIds, highlightedIds, lastAdd } = snapshot;
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [details, setDetails] = useState<string | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const dragSort = grid.store.dragSort;

  const bands = useScrollBands(scrollRef);
  const layout = useMemo(() => gridLayout(grid.columns, dragSort), [grid, dragSort]);
  const shown = useColumnWindow(layout, scrollRef, bands.follow, editing.values());

  // The virtualizer's functions change with its state; rows re-render through their own props (memo), not through it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 6,
    getItemKey: (index) => rows[index].id,
  });

  // After an add that asks for it, show the bottom — once the virtualiser has measured the new rows
  // (spec §9 scroll-end delay), or it stops short by the height it had only estimated.
  useEffect(() => {
    if (!lastAdd?.scrollToBottom) return;
    const timer = setTimeout(() => {
      const last = grid.store.rowCount - 1;
      if (last >= 0) virtualizer.scrollToIndex(last, { align: 'end' });
    }, SCROLL_END_DELAY_MS);
    return () => clearTimeout(timer);
  }, [lastAdd, grid, virtualizer]);

  // A failed cell (a blocked or refused save) scrolls into sight: its row, its column, the grid on the page.
  const { follow } = bands;
  useEffect(
    () =>
      grid.onReveal(({ rowId, columnKey }) => {
        const index = grid.store.indexOf(rowId);
        const body = scrollRef.current;
        if (index < 0 || !body) return;
        virtualizer.scrollToIndex(index, { align: 'center' });
        // Sideways only the body moves; its scroll event renders the column's cells.
        body.scrollLeft = revealedScrollLeft(layout, columnKey, body);
        // Header and footer in line now, not a scroll event later.
        follow(body.scrollLeft);
        scrollIntoViewVertically(body);
      }),
    [grid, virtualizer, layout, follow],
  );

  // A mouse-up outside the editing cells and their popups ends editing (spec §4).
  useEffect(() => {
    const onMouseUp = (event: MouseEvent) => {
      const target = event.target as Element | null;
      if (target?.closest?.(EDITING_ZONES)) return;
      if (target?.closest?.('.grid-cell')) return;
      grid.endEditing();
    };
    document.addEventListener('mouseup', onMouseUp);
    return () => document.removeEventListener('mouseup', onMouseUp);
  }, [grid]);

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const onDragEnd = useCallback(
    (event: DragEndEvent) => {
      if (!event.over || event.active.id === event.over.id) return;
      grid.store.reorder(grid.store.indexOf(String(event.active.id)), grid.store.indexOf(String(event.over.id)));
    },
    [grid],
  );
  const toggleExpand = useCallback((id: string) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);
  const openDetails = useCallback((id: string) => setDetails(id), []);

  // By the rows shown: the ids of rows gone (another page, a reload) stay in the set.
  const allExpanded = rows.length > 0 && rows.every((row) => expanded.has(row.id));
  const buttons = visibleToolbarButtons(['add', 'save', 'remove', 'clearSelection', 'expand'] satisfies ToolbarButton[], excluded);
  const move = (delta: -1 | 1) => {
    const [id] = selectedIds;
    if (selectedIds.size === 1 && id) grid.store.move(id, delta);
  };
  const detailRow = details ? grid.store.getRow(details) : undefined;

  return (
    <div className="editable-grid" data-live={live}>
      <Space wrap style={{ marginBottom: 8 }} className="grid-toolbar">
        {buttons.includes('add') && (
          <Space.Compact>
            <Button type="primary" onClick={() => grid.addFromToolbar()}>
              {TOOLBAR_TEXTS.add}
            </Button>
            <AddSettingsPopover grid={grid} />
          </Space.Compact>
        )}
        {buttons.includes('save') && onSave && (
          <Button onClick={onSave} loading={saving}>
            {TOOLBAR_TEXTS.save}
          </Button>
        )}
        {buttons.includes('remove') && (
          <Button danger disabled={selectedIds.size === 0} onClick={() => grid.removeSelected()}>
            {TOOLBAR_TEXTS.remove}
          </Button>
        )}
        {buttons.includes('clearSelection') && (
          <Button disabled={selectedIds.size === 0} onClick={() => grid.store.clearSelection()}>
            {TOOLBAR_TEXTS.clearSelection}
          </Button>
        )}
        {buttons.includes('expand') && (
          <Button onClick={() => setExpanded(allExpanded ? new Set() : new Set(rows.map((r) => r.id)))}>
            {allExpanded ? TOOLBAR_TEXTS.collapse : TOOLBAR_TEXTS.expand}
          </Button>
        )}
        {dragSort && (
          <>
            <Button disabled={selectedIds.size !== 1} onClick={() => move(-1)}>
              {GRID_VIEW_TEXTS.moveUp}
            </Button>
            <Button disabled={selectedIds.size !== 1} onClick={() => move(1)}>
              {GRID_VIEW_TEXTS.moveDown}
            </Button>
          </>
        )}
      </Space>
      <div style={{ border: '1px solid #f0f0f0' }}>
        <GridHeader
          layout={layout}
          shown={shown}
          bandRef={bands.bandRef}
          rowCount={rows.length}
          selectedCount={selectedIds.size}
          onSelectAll={(checked) => grid.store.selectAll(checked)}
        />
        <div ref={scrollRef} className="grid-body" style={{ ...BAND_STYLE, maxHeight, overflow: 'auto', position: 'relative' }}>
          {rows.length === 0 && <div style={{ padding: 24, textAlign: 'center', color: 'rgba(0,0,0,0.25)' }}>{GRID_VIEW_TEXTS.empty}</div>}
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
            <SortableContext items={rows.map((r) => r.id)} strategy={verticalListSortingStrategy}>
              <div style={{ ...lineWidth(layout), height: virtualizer.getTotalSize(), position: 'relative' }}>
                {virtualizer.getVirtualItems().map((item) => {
                  const row = rows[item.index];
                  return (
                    <GridRowView
                      key={row.id}
                      grid={grid}
                      row={row}
                      index={item.index}
                      layout={layout}
                      shown={shown}
                      rowHeight={rowHeight}
                      selected={selectedIds.has(row.id)}
                      highlighted={highlightedIds.has(row.id)}
                      editingKey={editing.get(row.id)}
                      errors={errors[row.id]}
                      expanded={expanded.has(row.id)}
                      dragSort={dragSort}
                      start={item.start}
                      measure={virtualizer.measureElement}
                      onToggleExpand={toggleExpand}
                      onDetails={openDetails}
                    />
                  );
                })}
              </div>
            </SortableContext>
          </DndContext>
        </div>
        <GridFooter layout={layout} shown={shown} bandRef={bands.bandRef} rows={grid.footer()} />
      </div>
      {footer}
      <GridDetailsModal grid={grid} row={detailRow} onClose={() => setDetails(null)} />
    </div>
  );
}
