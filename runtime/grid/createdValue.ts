import type { GridColumn } from './columns';
import type { GridRowValues } from './rowTypes';

/** The checkbox's stored values: props.customValue [checked, unchecked], else true/false. */
export function checkboxValues(column: GridColumn): readonly [unknown, unknown] {
  const custom = column.props.customValue;
  if (Array.isArray(custom) && custom.length === 2) return [custom[0], custom[1]];
  return [true, false];
}

function defaultOptionValues(column: GridColumn): string[] {
  return column.options.filter((option) => option.isDefault === 'Y').map((option) => option.value);
}

/**
 * The value a cell of a new row starts with (spec §4 "New rows get a created value per column
 * type"): the column's defaultValue when it has one (copied, so rows never share an object);
 * otherwise unchecked for a checkbox, the options marked isDefault 'Y' for choice cells (joined by
 * ',' for list_multi), and empty ('') for the rest — inputNumber included, as a number cell is
 * "a number or empty".
 */
export function createdValue(column: GridColumn): unknown {
  if (column.defaultValue !== undefined) return structuredClone(column.defaultValue);
  switch (column.type) {
    case 'checkbox':
      return checkboxValues(column)[1];
    case 'select':
    case 'radio':
    case 'sel_search':
    case 'sel_search_async':
      return defaultOptionValues(column)[0] ?? '';
    case 'list_multi':
      return defaultOptionValues(column).join(',');
    default:
      return '';
  }
}

/** A new row's cells: a created value for every column, then the caller's values on top. */
export function createdRowValues(columns: readonly GridColumn[], given: Readonly<GridRowValues> = {}): GridRowValues {
  const values: GridRowValues = {};
  for (const column of columns) values[column.key] = createdValue(column);
  return { ...values, ...given };
}
