/**
 * The editable grid's antd view (widgets spec §2–§6, §9), thin over the headless core: it renders
 * the GridController's snapshots and forwards the user's events. Rows are virtualised
 * (@tanstack/react-virtual) and memoised, so a keystroke re-renders its own row, not the grid.
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Checkbox, Descriptions, InputNumber, Modal, Popover, Space } from 'antd';
import { DownOutlined, HolderOutlined, RightOutlined, SettingOutlined } from '@ant-design/icons';
import { closestCenter, DndContext, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  columnWidths,
  MAX_HEIGHT,
  ROW_HEIGHT,
  SEQUENCE_WIDTH,
  selectionWidth,
  TOOLBAR_TEXTS,
  useGridEditing,
  useGridErrors,
  useGridRows,
  visibleToolbarButtons,
  type GridColumn,
  type GridController,
  type GridRow,
  type ToolbarButton,
} from '../../grid';
import { cellText, GridCell } from './GridCell';
import { GRID_VIEW_TEXTS } from './texts';

const DRAG_WIDTH = 40;
const EXPAND_WIDTH = 40;
/** Beyond this many visible columns the shared 92 % becomes 120 px each and the grid scrolls sideways. */
const SCROLL_X_COLUMNS = 8;
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
}

interface Layout {
  columns: GridColumn[];
  widths: Map<string, number | string>;
  minWidths: Map<string, number | undefined>;
  selection: number;
  scrollX: boolean;
}

function cellStyle(width: number | string, minWidth?: number): CSSProperties {
  return typeof width === 'number'
    ? { flex: `0 0 ${width}px`, width, minWidth }
    : { flex: `1 1 ${width}`, width, minWidth: minWidth ?? 60 };
}

const ROW_STYLE: CSSProperties = { display: 'flex', alignItems: 'center', borderBottom: '1px solid #f0f0f0', background: '#fff' };

interface GridRowViewProps {
  grid: GridController;
  row: GridRow;
  index: number;
  layout: Layout;
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
  const { grid, row, index, layout, selected, highlighted, editingKey, errors, expanded, dragSort, start, measure } = props;
  const sortable = useSortable({ id: row.id, disabled: !dragSort });
  const drag = sortable.transform ? `translate3d(0, ${sortable.transform.y}px, 0)` : '';
  const setRef = (element: HTMLDivElement | null) => {
    sortable.setNodeRef(element);
    measure(element);
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
      <div style={{ ...ROW_STYLE, minHeight: ROW_HEIGHT, background: highlighted ? '#fffbe6' : selected ? '#e6f4ff' : '#fff' }}>
        {dragSort && (
          <div style={{ ...cellStyle(DRAG_WIDTH), cursor: 'move', textAlign: 'center' }} className="grid-drag-handle" {...sortable.attributes} {...sortable.listeners}>
            <HolderOutlined />
          </div>
        )}
        <div style={{ ...cellStyle(SEQUENCE_WIDTH), textAlign: 'center', cursor: 'pointer' }} className="grid-seq" onClick={() => props.onDetails(row.id)}>
          {index + 1}
        </div>
        <div style={{ ...cellStyle(layout.selection), textAlign: 'center' }}>
          <Checkbox checked={selected} onChange={(e) => grid.store.toggleSelected(row.id, e.target.checked)} />
        </div>
        <div style={{ ...cellStyle(EXPAND_WIDTH), textAlign: 'center', cursor: 'pointer' }} className="grid-expand" aria-label={GRID_VIEW_TEXTS.expandRow} onClick={() => props.onToggleExpand(row.id)}>
          {expanded ? <DownOutlined /> : <RightOutlined />}
        </div>
        {layout.columns.map((column) => (
          <div key={column.key} style={cellStyle(layout.widths.get(column.key) ?? 120, layout.minWidths.get(column.key))}>
            <GridCell
              grid={grid}
              rowId={row.id}
              column={column}
              value={row.values[column.key]}
              editing={grid.editing.alwaysEdit ? grid.editing.canEdit(column.key) : editingKey === column.key}
              error={errors?.[column.key]}
            />
          </div>
        ))}
      </div>
      {expanded && (
        <div className="grid-subform" style={{ padding: '8px 16px 8px 160px', background: '#fafafa', borderBottom: '1px solid #f0f0f0' }}>
          <Descriptions size="small" column={3} items={grid.columns.filter((c) => c.visible).map((c) => ({ key: c.key, label: c.title, children: cellText(c, row.values[c.key]) }))} />
        </div>
      )}
    </div>
  );
});

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

export function GridView({ grid, excluded = [], onSave, saving, footer, maxHeight = MAX_HEIGHT }: GridViewProps) {
  const snapshot = useGridRows(grid);
  const editing = useGridEditing(grid);
  const errors = useGridErrors(grid);
  const { rows, selectedIds, highlightedIds, lastAdd } = snapshot;
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [details, setDetails] = useState<string | null>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const scrollRef = useRef<HTMLDivElement>(null);
  const dragSort = grid.store.dragSort;

  const layout = useMemo<Layout>(() => {
    const columns = grid.columns.filter((c) => c.visible);
    const scrollX = columns.length > SCROLL_X_COLUMNS;
    const widths = columnWidths(grid.columns, { scrollX });
    return {
      columns,
      widths: new Map(widths.map((w) => [w.key, w.width])),
      minWidths: new Map(widths.map((w) => [w.key, w.minWidth])),
      selection: selectionWidth(grid.columns),
      scrollX,
    };
  }, [grid]);

  // The virtualizer's functions change with its state; rows re-render through their own props (memo), not through it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    getItemKey: (index) => rows[index].id,
  });

  // After an add that asks for it, show the bottom.
  useEffect(() => {
    if (lastAdd?.scrollToBottom && rows.length > 0) virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
  }, [lastAdd, rows.length, virtualizer]);

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

  const allExpanded = rows.length > 0 && expanded.size >= rows.length;
  const buttons = visibleToolbarButtons(['add', 'save', 'remove', 'clearSelection', 'expand'] satisfies ToolbarButton[], excluded);
  const move = (delta: -1 | 1) => {
    const [id] = selectedIds;
    if (selectedIds.size === 1 && id) grid.store.move(id, delta);
  };
  const footerRows = grid.footer();
  const totalWidth = layout.scrollX
    ? (dragSort ? DRAG_WIDTH : 0) + SEQUENCE_WIDTH + layout.selection + EXPAND_WIDTH + layout.columns.reduce((sum, c) => sum + Number(layout.widths.get(c.key) ?? 120), 0)
    : undefined;
  const leading = (content: (kind: 'drag' | 'seq' | 'sel' | 'exp') => ReactNode) => (
    <>
      {dragSort && <div style={cellStyle(DRAG_WIDTH)}>{content('drag')}</div>}
      <div style={{ ...cellStyle(SEQUENCE_WIDTH), textAlign: 'center' }}>{content('seq')}</div>
      <div style={{ ...cellStyle(layout.selection), textAlign: 'center' }}>{content('sel')}</div>
      <div style={cellStyle(EXPAND_WIDTH)}>{content('exp')}</div>
    </>
  );
  const detailRow = details ? grid.store.getRow(details) : undefined;

  return (
    <div className="editable-grid">
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
      <div style={{ border: '1px solid #f0f0f0', overflowX: layout.scrollX ? 'auto' : 'hidden' }}>
        <div style={{ width: totalWidth, minWidth: '100%' }}>
          <div className="grid-header" style={{ ...ROW_STYLE, background: '#fafafa', fontWeight: 500, minHeight: 40 }}>
            {leading((kind) =>
              kind === 'sel' ? (
                <Checkbox
                  checked={rows.length > 0 && selectedIds.size === rows.length}
                  indeterminate={selectedIds.size > 0 && selectedIds.size < rows.length}
                  onChange={(e) => grid.store.selectAll(e.target.checked)}
                />
              ) : kind === 'seq' ? (
                '#'
              ) : null,
            )}
            {layout.columns.map((column) => (
              <div key={column.key} style={{ ...cellStyle(layout.widths.get(column.key) ?? 120, layout.minWidths.get(column.key)), padding: '0 6px' }}>
                {column.validateRules.some((r) => 'required' in r && r.required) && <span style={{ color: '#ff4d4f', marginRight: 4 }}>*</span>}
                {column.title}
              </div>
            ))}
          </div>
          <div ref={scrollRef} className="grid-body" style={{ maxHeight, overflowY: 'auto', position: 'relative' }}>
            {rows.length === 0 && <div style={{ padding: 24, textAlign: 'center', color: 'rgba(0,0,0,0.25)' }}>{GRID_VIEW_TEXTS.empty}</div>}
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
              <SortableContext items={rows.map((r) => r.id)} strategy={verticalListSortingStrategy}>
                <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
                  {virtualizer.getVirtualItems().map((item) => {
                    const row = rows[item.index];
                    return (
                      <GridRowView
                        key={row.id}
                        grid={grid}
                        row={row}
                        index={item.index}
                        layout={layout}
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
          {footerRows.map((footerRow) => (
            <div key={footerRow.kind} className={`grid-footer grid-footer-${footerRow.kind}`} style={{ ...ROW_STYLE, background: '#fafafa', minHeight: 40 }}>
              {leading((kind) => (kind === 'sel' ? footerRow.title : null))}
              {layout.columns.map((column) => (
                <div key={column.key} data-column={column.key} style={{ ...cellStyle(layout.widths.get(column.key) ?? 120, layout.minWidths.get(column.key)), padding: '0 6px' }}>
                  {footerRow.values[column.key] ?? ''}
                </div>
              ))}
            </div>
          ))}
        </div>
      </div>
      {footer}
      <Modal
        title={
          <Space>
            {GRID_VIEW_TEXTS.details}
            <Button type="link" size="small" onClick={() => setFullscreen((f) => !f)}>
              {fullscreen ? GRID_VIEW_TEXTS.exitFullscreen : GRID_VIEW_TEXTS.fullscreen}
            </Button>
          </Space>
        }
        open={detailRow !== undefined}
        width={fullscreen ? '100%' : 1200}
        style={fullscreen ? { top: 0, maxWidth: '100vw', paddingBottom: 0 } : undefined}
        footer={null}
        onCancel={() => setDetails(null)}
      >
        {detailRow && (
          <Descriptions bordered size="small" column={2} items={grid.columns.filter((c) => c.visible).map((c) => ({ key: c.key, label: c.title, children: cellText(c, detailRow.values[c.key]) }))} />
        )}
      </Modal>
    </div>
  );
}
