import type { GridRow } from './rowTypes';

function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  // Loaded records may hold lists or objects (a file list): equal content is no change.
  return typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && JSON.stringify(a) === JSON.stringify(b);
}

function sameRow(before: GridRow, after: GridRow): boolean {
  const keys = new Set([...Object.keys(before.values), ...Object.keys(after.values)]);
  for (const key of keys) if (!sameValue(before.values[key], after.values[key])) return false;
  return true;
}

/**
 * The rows a reload brings that the user has not seen (JeecgBoot's reloadEffect): rows whose id
 * the grid did not show, and rows with any value changed — every field of the record, not only the
 * columns, so a row the server stamped (updateTime after a save) counts as changed.
 */
export function reloadedRowIds(before: readonly GridRow[], after: readonly GridRow[]): string[] {
  const shown = new Map(before.map((row) => [row.id, row]));
  return after.filter((row) => {
    const old = shown.get(row.id);
    return old === undefined || !sameRow(old, row);
  }).map((row) => row.id);
}
