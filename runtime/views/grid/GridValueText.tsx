/**
 * A grid value read only, the way its cell would show it, for the 详细信息 modal and the expanded
 * sub-form: users and departments by name (not the stored username or id), files by their names,
 * a checkbox as a ticked or empty box, options by their text (as tags with setTagColor).
 */
import { Checkbox } from 'antd';
import type { DescriptionsProps } from 'antd';
import { cellValue, checkboxValues, type GridColumn, type GridController, type GridRow } from '../../grid';
import { ChoiceText, TagsText } from './ChoiceCells';
import { departNameStore, KeyNames, userNameStore } from '../../widgets/labels/cells';
import { fileNameOfPath, splitPaths } from '../../files/paths';
import { useGridCellEnv } from './cellEnv';
import { CHOICE_TYPES, cellText } from './GridCell';

export function GridValueText({ grid, rowId, column, value }: { grid: GridController; rowId: string; column: GridColumn; value: unknown }) {
  const env = useGridCellEnv();
  if (CHOICE_TYPES.has(column.type)) return <ChoiceText grid={grid} rowId={rowId} column={column} value={value} />;
  switch (column.type) {
    case 'tags':
      return <TagsText column={column} value={value} />;
    case 'sel_user':
      return env ? <KeyNames store={userNameStore(env.host)} value={value} /> : <>{cellText(column, value)}</>;
    case 'sel_depart':
      return env ? <KeyNames store={departNameStore(env.host)} value={value} /> : <>{cellText(column, value)}</>;
    case 'upload':
      return <>{splitPaths(typeof value === 'string' ? value : null).map(fileNameOfPath).join('，')}</>;
    case 'checkbox':
      return <Checkbox checked={value === checkboxValues(column)[0]} disabled />;
    default:
      return <>{cellText(column, value)}</>;
  }
}

/** The 详细信息 / sub-form items of a row: every visible column, its title and its value. */
export function gridValueItems(grid: GridController, row: GridRow): DescriptionsProps['items'] {
  return grid.columns
    .filter((column) => column.visible)
    .map((column) => ({ key: column.key, label: column.title, children: <GridValueText grid={grid} rowId={row.id} column={column} value={cellValue(column, row.values)} /> }));
}
