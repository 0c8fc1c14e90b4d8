/**
 * The picker dialog's selection, headless (widgets spec §4 Pickers): keys in the order picked with
 * the rows behind them. Single mode keeps only the latest pick; rows picked on another page of the
 * table stay picked (the table only knows the rows it shows). OK emits the keys comma-joined; the
 * dialog then starts from an empty selection again.
 */
export type PickerRow = Readonly<Record<string, unknown>>;

export interface PickerSelection {
  readonly keys: readonly string[];
  /** The row of each key, when it has been seen (a preselected key's row may still be loading). */
  readonly rows: ReadonlyMap<string, PickerRow>;
}

export const EMPTY_SELECTION: PickerSelection = { keys: [], rows: new Map() };

/** A stored value ('a,b' or a list) as its keys; blanks dropped. */
export function valueKeys(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter((key) => key.trim() !== '');
  if (value === null || value === undefined) return [];
  return String(value)
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '');
}

/** The key of a row: its value field as text, or undefined when it has none. */
export function rowKey(row: PickerRow, valueField: string): string | undefined {
  const key = row[valueField];
  return typeof key === 'string' || typeof key === 'number' ? String(key) : undefined;
}

function withRows(rows: ReadonlyMap<string, PickerRow>, added: readonly PickerRow[], valueField: string): Map<string, PickerRow> {
  const next = new Map(rows);
  for (const row of added) {
    const key = rowKey(row, valueField);
    if (key !== undefined) next.set(key, row);
  }
  return next;
}

/**
 * The selection after the table or tree reports its checked keys. `rows` are the rows it knows
 * (this page's); rows of keys picked elsewhere are kept. Single mode keeps the newest key only.
 */
export function selectKeys(
  current: PickerSelection,
  keys: readonly string[],
  rows: readonly PickerRow[],
  options: { multiple: boolean; valueField: string },
): PickerSelection {
  const known = withRows(current.rows, rows, options.valueField);
  let chosen = [...new Set(keys)];
  if (!options.multiple && chosen.length > 1) {
    const newest = chosen.filter((key) => !current.keys.includes(key));
    chosen = [newest.length > 0 ? newest[newest.length - 1] : chosen[chosen.length - 1]];
  }
  // Keep the order picked: earlier keys first, new ones appended.
  const ordered = [...current.keys.filter((key) => chosen.includes(key)), ...chosen.filter((key) => !current.keys.includes(key))];
  const kept = new Map([...known].filter(([key]) => ordered.includes(key)));
  return { keys: ordered, rows: kept };
}

/** The 删除 link of the selected card. */
export function removeKey(current: PickerSelection, key: string): PickerSelection {
  const rows = new Map(current.rows);
  rows.delete(key);
  return { keys: current.keys.filter((k) => k !== key), rows };
}

/** Starts a selection from the stored value and whatever rows of it are already known. */
export function selectionOf(value: unknown, rows: readonly PickerRow[], valueField: string): PickerSelection {
  const keys = valueKeys(value);
  const known = withRows(new Map(), rows, valueField);
  return { keys, rows: new Map([...known].filter(([key]) => keys.includes(key))) };
}

/** What OK stores: the keys comma-joined ('' when nothing is picked). */
export function selectionValue(selection: PickerSelection): string {
  return selection.keys.join(',');
}

/** The text of one row: its text field, else its key. */
export function rowText(row: PickerRow | undefined, key: string, textField: string): string {
  const text = row?.[textField];
  return text === null || text === undefined || text === '' ? key : String(text);
}

/** The input's text: each key's row text, comma-joined. */
export function selectionText(selection: PickerSelection, textField: string): string {
  return selection.keys.map((key) => rowText(selection.rows.get(key), key, textField)).join(',');
}

/**
 * The values options.picker.fill gives the form's other fields: for each `own ← picked` pair, the
 * picked rows' `picked` values in the order picked, comma-joined ('' for none or a missing value).
 */
export function filledValues(fill: Readonly<Record<string, string | undefined>>, selection: PickerSelection): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [own, picked] of Object.entries(fill)) {
    if (picked === undefined) continue;
    values[own] = selection.keys
      .map((key) => {
        const value = selection.rows.get(key)?.[picked];
        return value === null || value === undefined ? '' : String(value as string | number | boolean);
      })
      .join(',');
  }
  return values;
}
