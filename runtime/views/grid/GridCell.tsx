/**
 * One cell of the editable grid: its text while viewing, its editor (per column type) while
 * editing. Text editors keep what is typed locally and hand each keystroke to the grid, so typing
 * re-renders this row only (rows are memoised on their values).
 */
import { memo, useState } from 'react';
import { Checkbox, DatePicker, Input, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { checkboxValues, formatTags, numericText, type GridColumn, type GridColumnType, type GridController } from '../../grid';
import { ChoiceEditor, ChoiceText, MultiChoiceEditor, optionText, RadioEditor, TagsText } from './ChoiceCells';
import { InputPopEditor } from './InputPopEditor';
import { CellLine } from './CellLine';
import { useGridCellEnv } from './cellEnv';
import { AsyncSearchEditor, isWidgetCell, UploadGridCell, WidgetCellEditor, WidgetCellText } from './WidgetCells';

export interface GridCellProps {
  grid: GridController;
  rowId: string;
  column: GridColumn;
  value: unknown;
  editing: boolean;
  /**
   * The row's current cell, the one the user clicked: only its editor opens (a dropdown, a date
   * panel) and takes the focus as it mounts. An always-edit grid shows every editable cell's editor
   * from the start, where each opening would open every dropdown at once and fight for the focus;
   * there the user's click opens the editor it lands on.
   */
  active: boolean;
  error: string | undefined;
  /** A click in a cell that cannot edit shows the row (详细信息); editable cells start editing instead. */
  onDetails?: (rowId: string) => void;
}

/** Controls inside a read-only cell (a file's download menu) keep their own click. */
const OWN_CLICK = 'button, a, [role="button"], .ant-dropdown-trigger';

export const CHOICE_TYPES: ReadonlySet<GridColumnType> = new Set(['select', 'radio', 'list_multi', 'sel_search', 'sel_search_async']);

/** What a cell shows while it is not editing (a linked column's texts need its options, see ChoiceText). */
export function cellText(column: GridColumn, value: unknown): string {
  if (CHOICE_TYPES.has(column.type)) return optionText(column, value);
  return value === null || value === undefined ? '' : String(value);
}

function NumberEditor({ grid, rowId, column, value, active }: GridCellProps) {
  const [text, setText] = useState(() => numericText(value));
  return (
    <Input
      autoFocus={active}
      size="small"
      value={text}
      inputMode="decimal"
      onChange={(e) => setText(grid.numericInput(rowId, column.key, text, e.target.value))}
      onBlur={() => grid.numericBlur(rowId, column.key, text)}
      {...column.props}
    />
  );
}

/** A text cell; `shape` rewrites what is typed (the tags cell puts a ';' after every two characters). */
function TextEditor({ grid, rowId, column, value, active, shape = (typed) => typed }: GridCellProps & { shape?: (typed: string) => string }) {
  const [text, setText] = useState(() => shape(value === null || value === undefined ? '' : String(value)));
  return (
    <Input
      autoFocus={active}
      size="small"
      value={text}
      onChange={(e) => {
        const next = shape(e.target.value);
        setText(next);
        grid.input(rowId, column.key, next);
      }}
      onBlur={() => grid.blur(rowId, column.key)}
      {...column.props}
    />
  );
}

/** The picker cells' editor; a grid given no Host (no page around it) can only take their keys as text. */
function PickerEditor(props: GridCellProps) {
  return useGridCellEnv() ? <WidgetCellEditor {...props} /> : <TextEditor {...props} />;
}

/** A grid nobody gave a Host cannot search a server: its sel_search_async cells filter their options. */
function AsyncSearchOrChoice(props: GridCellProps) {
  return useGridCellEnv() ? <AsyncSearchEditor {...props} /> : <ChoiceEditor {...props} />;
}

function Editor(props: GridCellProps) {
  const { grid, rowId, column, value, active } = props;
  const change = (next: unknown) => grid.change(rowId, column.key, next);
  switch (column.type) {
    case 'sel_user':
    case 'sel_depart':
    case 'popup':
      return <PickerEditor {...props} />;
    case 'input_pop':
      return <InputPopEditor {...props} />;
    case 'inputNumber':
      return <NumberEditor {...props} />;
    case 'radio':
      return <RadioEditor {...props} />;
    case 'sel_search_async':
      return <AsyncSearchOrChoice {...props} />;
    case 'select':
    case 'sel_search':
      return <ChoiceEditor {...props} />;
    case 'list_multi':
      return <MultiChoiceEditor {...props} />;
    case 'tags':
      return <TextEditor {...props} shape={formatTags} />;
    case 'date':
    case 'datetime': {
      const format = column.format ?? 'YYYY-MM-DD';
      const parsed = typeof value === 'string' && value !== '' ? dayjs(value, format) : null;
      return (
        <DatePicker
          autoFocus={active}
          defaultOpen={active}
          size="small"
          style={{ width: '100%' }}
          showTime={column.type === 'datetime'}
          format={format}
          value={parsed?.isValid() ? parsed : null}
          onChange={(next) => change(next ? next.format(format) : '')}
        />
      );
    }
    default:
      return <TextEditor {...props} />;
  }
}

const FAILED_STYLE = { outline: '1px solid #ff4d4f', outlineOffset: -1, background: '#fff2f0' } as const;

function GridCellView(props: GridCellProps) {
  const { grid, rowId, column, value, editing, active, error, onDetails } = props;
  const editable = grid.canEditCell(rowId, column.key);
  let content;
  if (column.type === 'checkbox') {
    const [on, off] = checkboxValues(column);
    content = <Checkbox checked={value === on} disabled={!editable} onChange={(e) => grid.change(rowId, column.key, e.target.checked ? on : off)} />;
  } else if (column.type === 'upload') {
    content = <UploadGridCell grid={grid} rowId={rowId} column={column} value={value} disabled={!editable} />;
  } else if (editing) {
    content = <Editor {...props} />;
  } else if (isWidgetCell(column.type)) {
    content = <WidgetCellText column={column} value={value} />;
  } else if (CHOICE_TYPES.has(column.type)) {
    content = <ChoiceText grid={grid} rowId={rowId} column={column} value={value} />;
  } else if (column.type === 'tags') {
    content = <TagsText column={column} value={value} />;
  } else {
    content = <CellLine title={cellText(column, value)} />;
  }
  const cell = (
    <div
      className={error ? 'grid-cell grid-cell-failed' : 'grid-cell'}
      data-column={column.key}
      data-editing={editing ? 'true' : undefined}
      style={{ padding: '4px 6px', borderRadius: 2, ...(error ? FAILED_STYLE : null) }}
      onFocus={() => {
        // An always-edit cell reached with Tab becomes the row's current cell, as a click makes it:
        // leaving it then ends it and checks it.
        if (grid.editing.alwaysEdit && editable && !active) grid.clickCell(rowId, column.key);
      }}
      onClick={(event) => {
        if (grid.clickCell(rowId, column.key)) return;
        if (!(event.target as Element).closest(OWN_CLICK)) onDetails?.(rowId);
      }}
    >
      {content}
    </div>
  );
  // An editing cell keeps its tooltip wrapper whether or not it has failed: adding one as a message
  // appears, or as a click starts the editing, would remount what it holds — the editor being typed
  // in loses the focus and the caret; an upload cell, interactive at rest, its open menu. Other
  // cells at rest go without one until they fail: a tooltip for each of thousands of cells makes a
  // grid mount half as slow again (bench/README.md).
  if (!error && !editing && !(editable && column.type === 'upload')) return cell;
  return (
    <Tooltip title={error} color="#ff4d4f" placement="top" open={active && error ? true : undefined}>
      {cell}
    </Tooltip>
  );
}

export const GridCell = memo(GridCellView);
