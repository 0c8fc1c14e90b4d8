/**
 * A row action's table (list.rowActions[].table, e.g. 系统通告's 阅读情况): GET the action's endpoint
 * with the row's id and show the rows it answers, read-only, in the declared columns.
 */
import { Button, Empty, Modal, Table, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import type { Host } from '../../host/types';
import type { CompiledCustomRowAction, CompiledRowActionTable } from '../../schema/compiledPageTypes';
import { totalText } from '../../list/paging';
import { answerRows } from './rowActionPage';

export interface RowActionTableModalProps {
  host: Host;
  action: CompiledCustomRowAction & { table: CompiledRowActionTable };
  /** The row's id (as the action's idParam) and the action's other parameters. */
  params: Readonly<Record<string, string>>;
  onClose(): void;
}

type Row = Record<string, unknown>;
type Loaded = { state: 'loading' } | { state: 'ready'; rows: Row[] } | { state: 'failed'; message: string };

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export function RowActionTableModal({ host, action, params, onClose }: RowActionTableModalProps) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    host.request
      .get<unknown>(action.url, params)
      .then((answer) => {
        if (!live) return;
        setLoaded(answer.success ? { state: 'ready', rows: answerRows(answer.result) } : { state: 'failed', message: answer.message || '加载失败' });
      })
      .catch(() => live && setLoaded({ state: 'failed', message: '加载失败' }));
    return () => {
      live = false;
    };
  }, [host, action.url, params]);

  const columns: TableColumnsType<Row> = [
    { title: '#', key: 'rowIndex', width: 60, align: 'center', render: (_v, _r, i) => i + 1 },
    ...action.table.columns.map((column) => ({
      title: column.title,
      dataIndex: column.key,
      key: column.key,
      align: 'center' as const,
      ...(column.width ? { width: column.width } : {}),
      render: (value: unknown) => cellText(value),
    })),
  ];
  const rows = loaded.state === 'ready' ? loaded.rows : [];
  return (
    <Modal open title={action.table.title} width={action.table.width} destroyOnHidden onCancel={onClose} footer={<Button onClick={onClose}>关闭</Button>}>
      <Table<Row>
        rowKey={(row) => String(row.id ?? row.userId ?? rows.indexOf(row))}
        size="small"
        bordered
        loading={loaded.state === 'loading'}
        columns={columns}
        dataSource={rows}
        pagination={{ pageSize: 10, showSizeChanger: false, showTotal: totalText, hideOnSinglePage: false }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={loaded.state === 'failed' ? loaded.message : '暂无数据'} /> }}
      />
    </Modal>
  );
}

export default RowActionTableModal;
