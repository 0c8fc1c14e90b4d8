/**
 * Linked select columns (spec §3 linkageKey): the columns sharing a linkageKey form one cascade,
 * top level first in column order — province, city, district. Each level offers the children of
 * the level above in the same row; the top level the cascade's root. Choosing a level clears the
 * levels below it in that row, since their old choices belong to another parent.
 */
import type { GridColumn } from './columns';
import type { GridRowValues } from './rowTypes';

/** The column keys of every cascade, top level first. */
export function linkageLevels(columns: readonly GridColumn[]): ReadonlyMap<string, readonly string[]> {
  const levels = new Map<string, string[]>();
  for (const column of columns) {
    if (!column.linkageKey) continue;
    const keys = levels.get(column.linkageKey) ?? [];
    keys.push(column.key);
    levels.set(column.linkageKey, keys);
  }
  return levels;
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/**
 * Whose children a linked column offers in a row: null for the top level (the cascade's root),
 * the value of the level above, or undefined while that level is still empty (nothing to offer).
 */
export function linkageParent(levels: ReadonlyMap<string, readonly string[]>, column: GridColumn, row: Readonly<GridRowValues>): string | null | undefined {
  const keys = column.linkageKey ? levels.get(column.linkageKey) : undefined;
  const at = keys?.indexOf(column.key) ?? -1;
  if (!keys || at < 0) return undefined;
  if (at === 0) return null;
  const above = text(row[keys[at - 1]]);
  return above === '' ? undefined : above;
}

/** The columns a choice in `column` empties: the levels below it in its cascade. */
export function linkageLowerLevels(levels: ReadonlyMap<string, readonly string[]>, column: GridColumn): readonly string[] {
  const keys = column.linkageKey ? levels.get(column.linkageKey) : undefined;
  const at = keys?.indexOf(column.key) ?? -1;
  return keys && at >= 0 ? keys.slice(at + 1) : [];
}
