/** Columns of the detail-list layout (widgets spec §2): default 3, capped at 4, at least 1. */
export const DETAIL_LIST_DEFAULT_COLUMNS = 3;
export const DETAIL_LIST_MAX_COLUMNS = 4;

export function detailColumns(columns: number | undefined): number {
  if (columns === undefined || !Number.isFinite(columns)) return DETAIL_LIST_DEFAULT_COLUMNS;
  return Math.min(Math.max(Math.trunc(columns), 1), DETAIL_LIST_MAX_COLUMNS);
}
