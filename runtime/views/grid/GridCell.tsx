/**
 * One cell of the editable grid: its text while viewing, its editor (per column type) while
 * editing. Text editors keep what is typed locally and hand each keystroke to the grid, so typing
 * re-renders this row only (rows are memoised on their values).
 */
import { memo, useState } from 'react';
import { Checkbox, DatePicker, Input, Select, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { checkboxValues, numericText, type GridColumn, type GridController } from '../../grid';

export interface GridCellProps {
  grid: GridController;
  rowId: string;
  column: GridColumn;
  value: unknown;
  editing: boolean;
  error: string | undefined;
}

function optionText(column: GridColumn, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const parts = column.type === 'list_multi' ? String(value).split(',') : [String(value)];
  return parts
    .map((part) => {
      const option = column.options.find((o) => o.value === part);
      return option ? (option.text ?? option.title ?? option.label ?? part) : part;
    })
    .join(',');
}

/** What a cell shows while it is not editing. */
export function cellText(column: GridColumn, value: unknown): string {
  switch (column.type) {
    case 'select':
    case 'radio':
    case 'list_multi':
    case 'sel_search':
    case 'sel_search_async':
      return optionText(column, value);
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

const selectOptions = (column: GridColumn) =>
  column.options.map((o) => ({ value: o.value, label: o.text ?? o.title ?? o.label ?? o.value }));

function NumberEditor({ grid, rowId, column, value }: GridCellProps) {
  const [text, setText] = useState(() => numericText(value));
  return (
    <Input
      autoFocus
      size="small"
      value={text}
      inputMode="decimal"
      onChange={(e) => setText(grid.numericInput(rowId, column.key, text, e.target.value))}
      onBlur={() => grid.numericBlur(rowId, column.key, text)}
      {...column.props}
    />
  );
}

function TextEditor({ grid, rowId, column, value }: GridCellProps) {
  const [text, setText] = useState(() => (value === null || value === undefined ? '' : String(value)));
  return (
    <Input
      autoFocus
      size="small"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        grid.input(rowId, column.key, e.target.value);
      }}
      onBlur={() => grid.blur(rowId, column.key)}
      {...column.props}
    />
  );
}

function Editor(props: GridCellProps) {
  const { grid, rowId, column, value } = props;
  const change = (next: unknown) => grid.change(rowId, column.key, next);
  switch (column.type) {
    case 'inputNumber':
      return <NumberEditor {...props} />;
    case 'select':
    case 'radio':
    case 'sel_search':
    case 'sel_search_async':
      return (
        <Select
          autoFocus
          defaultOpen
          size="small"
          style={{ width: '100%' }}
          allowClear
          showSearch={column.allowSearch || column.type.startsWith('sel_search')}
          optionFilterProp="label"
          value={value === '' || value === null || value === undefined ? undefined : String(value)}
          options={selectOptions(column)}
          onChange={(next) => change(next ?? '')}
        />
      );
    case 'list_multi':
      return (
        <Select
          autoFocus
          mode="multiple"
          size="small"
          style={{ width: '100%' }}
          value={value ? String(value).split(',').filter(Boolean) : []}
          options={selectOptions(column)}
          onChange={(next: string[]) => change(next.join(','))}
        />
      );
    case 'date':
    case 'datetime': {
      const format = column.format ?? 'YYYY-MM-DD';
      const parsed = typeof value === 'string' && value !== '' ? dayjs(value, format) : null;
      return (
        <DatePicker
          autoFocus
          defaultOpen
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
  const { grid, rowId, column, value, editing, error } = props;
  let content;
  if (column.type === 'checkbox') {
    const [on, off] = checkboxValues(column);
    content = <Checkbox checked={value === on} disabled={column.disabled} onChange={(e) => grid.change(rowId, column.key, e.target.checked ? on : off)} />;
  } else if (editing) {
    content = <Editor {...props} />;
  } else {
    const text = cellText(column, value);
    content = (
      <span className="grid-cell-text" title={text} style={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minHeight: 22 }}>
        {text}
      </span>
    );
  }
  const cell = (
    <div
      className={error ? 'grid-cell grid-cell-failed' : 'grid-cell'}
      data-column={column.key}
      data-editing={editing ? 'true' : undefined}
      style={{ padding: '4px 6px', borderRadius: 2, ...(error ? FAILED_STYLE : null) }}
      onClick={() => grid.clickCell(rowId, column.key)}
    >
      {content}
    </div>
  );
  if (!error) return cell;
  return (
    <Tooltip title={error} color="#ff4d4f" placement="top" open={editing ? true : undefined}>
      {cell}
    </Tooltip>
  );
}

export const GridCell = memo(GridCellView);
