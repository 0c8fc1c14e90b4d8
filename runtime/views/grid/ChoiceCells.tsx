/**
 * The choice cells of the editable grid (select, radio, list_multi, sel_search, sel_search_async)
 * and the tags cell's view: their text, or coloured tags with setTagColor, while viewing; their
 * editors while editing — a select that may keep a typed text (allowInput), and the options of a
 * linked column under the row's parent (linkageKey).
 */
import { useState } from 'react';
import { Radio, Select, Tag } from 'antd';
import { optionLabel, tagsOf, type GridColumn, type GridController, type GridOption } from '../../grid';
import { useCellOptions } from './linkageOptions';
import { CellLine } from './CellLine';
import { optionTagColor, textTagColor } from './tagColors';

const textOf = optionLabel;

function choiceValues(column: GridColumn, value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  return column.type === 'list_multi' ? String(value).split(',').filter(Boolean) : [String(value)];
}

/** A choice cell's text: its options' texts, a value that is no option as itself. */
export function optionText(column: GridColumn, value: unknown, options: readonly GridOption[] = column.options): string {
  return choiceValues(column, value)
    .map((part) => {
      const option = options.find((o) => o.value === part);
      return option ? textOf(option) : part;
    })
    .join(',');
}

export const selectOptions = (options: readonly GridOption[]) => options.map((o) => ({ value: o.value, label: textOf(o) }));


export interface ChoiceCellProps {
  grid: GridController;
  rowId: string;
  column: GridColumn;
  value: unknown;
}

/** A choice cell while viewing: the option texts, or coloured tags with setTagColor. */
export function ChoiceText({ grid, rowId, column, value }: ChoiceCellProps) {
  const options = useCellOptions(grid, rowId, column);
  const text = optionText(column, value, options);
  if (!column.setTagColor) return <CellLine title={text}>{text}</CellLine>;
  return (
    <CellLine title={text}>
      {choiceValues(column, value).map((part) => {
        const index = options.findIndex((o) => o.value === part);
        return (
          <Tag key={part} color={index >= 0 ? optionTagColor(index) : textTagColor(part)}>
            {index >= 0 ? textOf(options[index]) : part}
          </Tag>
        );
      })}
    </CellLine>
  );
}

/** The tags cell while viewing: one tag per pair, coloured with setTagColor. */
export function TagsText({ column, value }: { column: GridColumn; value: unknown }) {
  const text = value === null || value === undefined ? '' : String(value);
  return (
    <CellLine title={text}>
      {tagsOf(text).map((tag, i) => (
        <Tag key={`${i}-${tag}`} color={column.setTagColor ? textTagColor(tag) : undefined}>
          {tag}
        </Tag>
      ))}
    </CellLine>
  );
}

export interface ChoiceEditorProps extends ChoiceCellProps {
  /** The cell the user clicked: it opens its options and takes the focus as it mounts (see GridCellProps). */
  active: boolean;
}

/**
 * select, sel_search and sel_search_async while editing. With allowInput a typed text that
 * no option contains becomes the value on Enter or when the cell is left, and stays offered.
 */
export function ChoiceEditor({ grid, rowId, column, value, active }: ChoiceEditorProps) {
  const options = useCellOptions(grid, rowId, column);
  const [typed, setTyped] = useState('');
  const searchable = column.allowInput || column.allowSearch || column.type.startsWith('sel_search');
  const current = value === '' || value === null || value === undefined ? undefined : String(value);
  const shown = current !== undefined && !options.some((o) => o.value === current) ? [...options, { value: current }] : options;
  const change = (next: unknown) => grid.change(rowId, column.key, next ?? '');
  const keepTyped = () => {
    const text = typed.trim();
    // While an option still matches, Enter picks it (antd's own handling); only a text no option
    // contains is kept as typed.
    if (column.allowInput && text !== '' && !options.some((o) => textOf(o).includes(text) || o.value === text)) change(text);
  };
  return (
    <Select
      autoFocus={active}
      defaultOpen={active}
      size="small"
      style={{ width: '100%' }}
      allowClear
      showSearch={searchable}
      optionFilterProp="label"
      value={current}
      options={selectOptions(shown)}
      // antd warns of onSearch on a select that cannot be typed in.
      onSearch={searchable ? setTyped : undefined}
      onInputKeyDown={(e) => {
        if (e.key === 'Enter') keepTyped();
      }}
      onBlur={keepTyped}
      onChange={(next) => {
        setTyped('');
        change(next);
      }}
      {...column.props}
    />
  );
}

/** radio while editing: one button per option, a click chooses. */
export function RadioEditor({ grid, rowId, column, value }: ChoiceCellProps) {
  const options = useCellOptions(grid, rowId, column);
  return (
    <Radio.Group
      size="small"
      value={value === null || value === undefined ? '' : String(value)}
      options={selectOptions(options)}
      onChange={(e) => grid.change(rowId, column.key, e.target.value)}
      {...column.props}
    />
  );
}

/**
 * list_multi while editing: opens with its options as the single select does, so one click starts
 * choosing; the chosen values fold into '+N' rather than grow the row.
 */
export function MultiChoiceEditor({ grid, rowId, column, value, active }: ChoiceEditorProps) {
  const options = useCellOptions(grid, rowId, column);
  return (
    <Select
      autoFocus={active}
      defaultOpen={active}
      mode="multiple"
      maxTagCount="responsive"
      size="small"
      style={{ width: '100%' }}
      value={choiceValues(column, value)}
      options={selectOptions(options)}
      onChange={(next: string[]) => grid.change(rowId, column.key, next.join(','))}
      {...column.props}
    />
  );
}
