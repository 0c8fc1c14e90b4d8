/** The detail-list layout: label/value pairs in rows of `columns` (default 3, at most 4), optional title. */
import { Descriptions } from 'antd';
import type { ReactNode } from 'react';
import { detailColumns } from './detailColumns';

export interface DetailListItem {
  key: string;
  label: ReactNode;
  value: ReactNode;
}

export interface DetailListProps {
  items: readonly DetailListItem[];
  columns?: number;
  title?: ReactNode;
}

export function DetailList({ items, columns, title }: DetailListProps) {
  return (
    <Descriptions
      bordered
      size="small"
      title={title}
      column={detailColumns(columns)}
      items={items.map((item) => ({ key: item.key, label: item.label, children: item.value }))}
    />
  );
}
