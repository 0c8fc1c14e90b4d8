/**
 * A report's columns (getRpColumns) as antd table columns: titles, widths, the sort arrow on the
 * sorted column, dictionary codes shown as their texts. The popup picker and the 在线报表 page show
 * the same report the same way.
 */
import type { ColumnsType } from 'antd/es/table/interface';
import type { ReportColumns, ReportRow } from './reportApi';
import { dictText } from './reportQuery';

export interface ReportSort {
  column: string;
  order: 'asc' | 'desc';
}

export function reportTableColumns(report: ReportColumns | undefined, sort: ReportSort | undefined): ColumnsType<ReportRow> {
  return (report?.columns ?? []).map((column) => {
    const dict = column.customRender;
    return {
      title: column.title,
      dataIndex: column.dataIndex,
      key: column.dataIndex,
      align: column.align ?? 'center',
      ...(column.width !== undefined ? { width: column.width } : {}),
      sorter: column.sorter === true,
      sortOrder: sort?.column === column.dataIndex ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
      ...(dict ? { render: (value: unknown) => dictText(report?.dictOptions[dict], value) } : {}),
    };
  });
}
