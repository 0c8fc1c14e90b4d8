import type { GridColumnSpec } from '../../../../runtime/grid';

/** Columns of the wide-grid tests: 29 text columns (c3 a summed number) and a fixed 编号 on the left. */
export const WIDE_COLUMN_COUNT = 30;

export function wideColumns(): GridColumnSpec[] {
  const columns: GridColumnSpec[] = Array.from({ length: WIDE_COLUMN_COUNT - 1 }, (_, i) => ({
    key: `c${i}`,
    title: `列${i}`,
    ...(i === 3 ? { type: 'inputNumber' as const, statistics: ['sum' as const] } : {}),
  }));
  columns.push({ key: 'code', title: '编号', fixed: 'left', width: 100 });
  return columns;
}
