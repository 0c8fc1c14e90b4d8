/**
 * The two things the grid bench mounts with the same data: the runtime's editable grid (the real
 * GridView over the real grid core, as a grid page mounts it) and the baseline, a plain antd
 * Table with a hand-made editable cell (state in the table, an antd Input in the clicked cell) —
 * what a page would do without the grid.
 */
import { useMemo, useState } from 'react';
import { Input, Table, type TableColumnsType } from 'antd';
import { SCROLLING_COLUMN_WIDTH, MAX_HEIGHT, type GridController, type GridColumnSpec } from '../../runtime/grid';
import { GridView } from '../../runtime/views/grid/GridView';
import type { BenchSize, MountOptions } from './api';

export type BenchRecord = Record<string, string>;

export const columnKey = (index: number) => `c${index}`;

/** Text columns c0…c(n-1) titled 列1…列n. */
export function benchColumns(size: BenchSize, options: MountOptions = {}): GridColumnSpec[] {
  return Array.from({ length: size.columns }, (_, i) => ({
    key: columnKey(i),
    title: `列${i + 1}`,
    type: 'input',
    ...(options.sums && i % 3 === 2 ? { statistics: ['sum' as const] } : {}),
    ...(options.fixedFirst && i === 0 ? { fixed: 'left' as const, width: 100 } : {}),
  }));
}

/** Rows r0…r(n-1), each cell a short Chinese text, the same for both subjects. */
export function benchRecords(size: BenchSize): BenchRecord[] {
  return Array.from({ length: size.rows }, (_, r) => {
    const record: BenchRecord = { id: `r${r}` };
    // Every third column holds a number (what the screenshot's footer sums).
    for (let c = 0; c < size.columns; c++) record[columnKey(c)] = c % 3 === 2 ? String((r % 7) + 1) : `第${r + 1}行${c + 1}列`;
    return record;
  });
}

export function GridSubject({ grid }: { grid: GridController }) {
  return <GridView grid={grid} />;
}

interface EditingCell {
  rowId: string;
  key: string;
}

export function TableSubject({ columns, records }: { columns: readonly GridColumnSpec[]; records: readonly BenchRecord[] }) {
  const [data, setData] = useState(records);
  const [editing, setEditing] = useState<EditingCell | null>(null);
  const tableColumns = useMemo<TableColumnsType<BenchRecord>>(
    () =>
      columns.map((column) => ({
        key: column.key,
        dataIndex: column.key,
        title: column.title,
        width: SCROLLING_COLUMN_WIDTH,
        render: (value: string, record: BenchRecord) =>
          editing?.rowId === record.id && editing.key === column.key ? (
            <Input
              autoFocus
              size="small"
              value={value}
              onChange={(e) => {
                const next = e.target.value;
                setData((rows) => rows.map((row) => (row.id === record.id ? { ...row, [column.key]: next } : row)));
              }}
            />
          ) : (
            <div className="bench-cell" data-row-id={record.id} data-column={column.key} onClick={() => setEditing({ rowId: record.id, key: column.key })}>
              {value}
            </div>
          ),
      })),
    [columns, editing],
  );
  return <Table<BenchRecord> rowKey="id" columns={tableColumns} dataSource={data} pagination={false} scroll={{ x: 'max-content', y: MAX_HEIGHT }} />;
}
