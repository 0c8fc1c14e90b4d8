/**
 * The editable grid's widget cells (widgets spec §3, §9): sel_user and sel_depart edit with the
 * registered `user` and `depart` form widgets (根据部门选择用户 / 选择部门) and show real names and
 * department names; popup edits with the popup report picker and fills the row's other
 * destination columns; upload is the file cell (upload button, name cut to 5 characters, 下载 / 删除 /
 * 更多). The widgets keep their own behaviour; this file only adapts value, onChange and the field.
 */
import { Spin } from 'antd';
import { createElement, lazy, Suspense, useCallback, type ReactNode } from 'react';
import type { GridColumn, GridColumnType, GridController } from '../../grid';
import { departNameStore, userNameStore } from '../../widgets/labels/cells';
import { useKeyNames, type KeyLabelStore } from '../../widgets/labels/keyLabelStore';
import { DEFAULT_SPLITER, shownText } from '../../widgets/popup/popupConfig';
import { getWidget } from '../../widgets/registry';
import { UploadCell } from '../../widgets/upload/UploadCell';
import { cellField, useGridCellEnv, type GridCellEnv } from './cellEnv';
import { CellLine } from './CellLine';

const PopupInput = lazy(() => import('../../widgets/popup/PopupWidget').then((module) => ({ default: module.PopupInput })));

const WIDGET_TYPES: ReadonlySet<GridColumnType> = new Set(['sel_user', 'sel_depart', 'popup', 'upload']);

/** Column types whose cell is one of the widgets here. */
export function isWidgetCell(type: GridColumnType): boolean {
  return WIDGET_TYPES.has(type);
}

export interface WidgetCellProps {
  grid: GridController;
  rowId: string;
  column: GridColumn;
  value: unknown;
}

function NamesText({ store, value }: { store: KeyLabelStore; value: unknown }) {
  return <CellLine title={useKeyNames(store, value)} />;
}

function plain(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/** A page's popup joins several values by its spliter; the cell shows them as its input does. */
function popupSpliter(column: GridColumn, env: GridCellEnv | null): { spliter: string } {
  return { spliter: env?.fieldOf?.(column.key)?.options.popup?.spliter ?? DEFAULT_SPLITER };
}

/** What a sel_user / sel_depart / popup cell shows while not editing: names, not keys. */
export function WidgetCellText({ column, value }: { column: GridColumn; value: unknown }) {
  const env = useGridCellEnv();
  if (env && column.type === 'sel_user') return <NamesText store={userNameStore(env.host)} value={value} />;
  if (env && column.type === 'sel_depart') return <NamesText store={departNameStore(env.host)} value={value} />;
  if (column.type === 'popup') return <CellLine title={shownText(popupSpliter(column, env), value)} />;
  return <CellLine title={plain(value)} />;
}

/**
 * Keeps the cell editing while the user works in what its widget opened: a press that starts in
 * the editor — or in its dialog, dropdown or menu, which React bubbles here through their portals
 * (a dialog's mask too) — ends without ending the editing, wherever the mouse is released.
 */
function HeldWhilePressed({ grid, rowId, columnKey, children }: { grid: GridController; rowId: string; columnKey: string; children: ReactNode }) {
  const onMouseDown = useCallback(() => {
    const release = grid.holdEditing(rowId, columnKey);
    const up = () => {
      document.removeEventListener('mouseup', up, true);
      // After the grid's own mouse-up handler has looked at this release.
      setTimeout(release, 0);
    };
    document.addEventListener('mouseup', up, true);
  }, [grid, rowId, columnKey]);
  return (
    <div onMouseDown={onMouseDown} style={{ width: '100%' }}>
      {children}
    </div>
  );
}

function Loading() {
  return <Spin size="small" />;
}

/** A cell edited by a registered form widget (user, depart, searchSelect) over the column's field. */
function RegistryEditor({ env, widget, grid, rowId, column, value }: WidgetCellProps & { env: GridCellEnv; widget: string }) {
  // The registry hands out one lazy component per type, created once: stable across renders.
  const Widget = getWidget(widget);
  if (!Widget) return <WidgetCellText column={column} value={value} />;
  return (
    <Suspense fallback={<Loading />}>
      {createElement(Widget, {
        field: cellField(column, env),
        value,
        host: env.host,
        disabled: column.disabled,
        onChange: (next: unknown) => grid.change(rowId, column.key, next ?? ''),
      })}
    </Suspense>
  );
}

function PopupEditor({ env, grid, rowId, column, value }: WidgetCellProps & { env: GridCellEnv }) {
  const keys = new Set(grid.columns.map((c) => c.key));
  return (
    <Suspense fallback={<Loading />}>
      <PopupInput
        field={cellField(column, env)}
        value={value}
        host={env.host}
        disabled={column.disabled}
        onValues={(values) => {
          // Destination fields are cells of the same row; a field the grid has no column for is dropped.
          for (const [name, next] of Object.entries(values)) if (keys.has(name)) grid.change(rowId, name, next);
        }}
      />
    </Suspense>
  );
}

/**
 * sel_search_async while editing: the registered searchSelect widget over the column's dictionary —
 * a table dictionary is searched on the server as the user types (loadDict, 10 a page, 800 ms
 * after the last keystroke), a code dictionary filtered locally.
 */
export function AsyncSearchEditor(props: WidgetCellProps) {
  const env = useGridCellEnv();
  if (!env) return null;
  return (
    <HeldWhilePressed grid={props.grid} rowId={props.rowId} columnKey={props.column.key}>
      <RegistryEditor env={env} widget="searchSelect" {...props} />
    </HeldWhilePressed>
  );
}

/** The editor of a sel_user, sel_depart or popup cell, or null for a grid without a Host. */
export function WidgetCellEditor(props: WidgetCellProps) {
  const env = useGridCellEnv();
  if (!env) return null;
  const { grid, rowId, column } = props;
  return (
    <HeldWhilePressed grid={grid} rowId={rowId} columnKey={column.key}>
      {column.type === 'popup' ? <PopupEditor env={env} {...props} /> : <RegistryEditor env={env} widget={column.type === 'sel_user' ? 'user' : 'depart'} {...props} />}
    </HeldWhilePressed>
  );
}

/**
 * The upload cell: interactive whether or not the cell is editing, as JeecgBoot's file cell;
 * `disabled` (a read-only column or row) leaves download only.
 */
export function UploadGridCell({ grid, rowId, column, value, disabled = column.disabled }: WidgetCellProps & { disabled?: boolean }) {
  const env = useGridCellEnv();
  if (!env) return <CellLine title={plain(value)} />;
  return (
    <HeldWhilePressed grid={grid} rowId={rowId} columnKey={column.key}>
      <UploadCell
        host={env.host}
        value={value}
        onChange={(next) => grid.change(rowId, column.key, next)}
        maxCount={column.number}
        action={column.action}
        withToken={column.token}
        responseName={column.responseName}
        btnText={column.btnText}
        allowDownload={column.allowDownload}
        allowRemove={column.allowRemove}
        disabled={disabled}
      />
    </HeldWhilePressed>
  );
}
