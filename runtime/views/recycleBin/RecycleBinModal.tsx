/**
 * 回收站 of a list page (toolbar action recycleBin): the deleted rows with the list's columns,
 * 还原 / 彻底删除 per row and for the chosen rows (彻底删除 asks first). Closing it reloads the
 * list, which shows restored rows again.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Empty, Modal, Space, Table, Typography } from 'antd';
import type { DictService } from '../../dict/dictService';
import type { Host } from '../../host/types';
import { recycleBinOf, RECYCLE_MESSAGES, type RecycledRow } from '../../list/recycleBin';
import type { CompiledPage } from '../../schema/compiledPageTypes';
import { listColumns } from '../list/listColumns';
import { tableScroll } from '../list/SchemaList';

export interface RecycleBinModalProps {
  page: CompiledPage;
  host: Host;
  dict: DictService;
  onClose(): void;
}

const idOf = (row: RecycledRow): string => (typeof row.id === 'string' || typeof row.id === 'number' ? String(row.id) : '');

export function RecycleBinModal({ page, host, dict, onClose }: RecycleBinModalProps) {
  const bin = useMemo(() => recycleBinOf(host, page.entity), [host, page]);
  const [rows, setRows] = useState<RecycledRow[] | undefined>(undefined);
  const [chosen, setChosen] = useState<string[]>([]);
  const [loadToken, setLoadToken] = useState(0);
  useEffect(() => {
    let live = true;
    void bin.list().then((found) => {
      if (!live) return;
      setRows(found ?? []);
      setChosen([]);
    });
    return () => {
      live = false;
    };
  }, [bin, loadToken]);
  const reload = (changed: boolean) => {
    if (changed) setLoadToken((token) => token + 1);
  };
  const columns = [
    ...listColumns({
      page: { ...page, list: { ...page.list, rowActions: [] } },
      host,
      dict,
      sort: { column: '', order: 'desc' },
      offset: 0,
      onRowAction: () => undefined,
    }),
    {
      key: 'recycleAction',
      title: '操作',
      width: 150,
      align: 'center' as const,
      fixed: 'right' as const,
      render: (_: unknown, row: RecycledRow) => (
        <Space split="|" size={4}>
          <Typography.Link data-action="restore" onClick={() => void bin.restore([idOf(row)]).then(reload)}>
            {RECYCLE_MESSAGES.restore}
          </Typography.Link>
          <Typography.Link data-action="purge" type="danger" onClick={() => void bin.purge([idOf(row)]).then(reload)}>
            {RECYCLE_MESSAGES.purge}
          </Typography.Link>
        </Space>
      ),
    },
  ];
  return (
    <Modal open title={`${page.entity.title}${RECYCLE_MESSAGES.title}`} width={1100} footer={null} onCancel={onClose} destroyOnHidden>
      <Space style={{ marginBottom: 12 }}>
        <Button data-action="restoreChosen" disabled={chosen.length === 0} onClick={() => void bin.restore(chosen).then(reload)}>
          {RECYCLE_MESSAGES.restoreChosen}
        </Button>
        <Button data-action="purgeChosen" danger disabled={chosen.length === 0} onClick={() => void bin.purge(chosen).then(reload)}>
          {RECYCLE_MESSAGES.purgeChosen}
        </Button>
      </Space>
      <Table<RecycledRow>
        className="schema-recycle-bin"
        rowKey={idOf}
        size="middle"
        bordered
        loading={rows === undefined}
        columns={columns}
        dataSource={rows ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={tableScroll(false)}
        rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys.map(String)) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={RECYCLE_MESSAGES.empty} /> }}
      />
    </Modal>
  );
}

export default RecycleBinModal;
