/**
 * 附表 of a 主表 in the designer: each 附表 (another online form, offered from 表单开发's list), the
 * 附表's column holding the 主表 row's id (外键字段) and its tab's title; a problem shows under its cell.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Input, Table } from 'antd';
import { useEffect, useState } from 'react';
import type { HostRequest } from '../../host/types';
import type { SubTableCell } from '../../designer/subTables';
import type { DesignerSubTableRow } from '../../designer/types';
import { Cell } from './cells';

export interface SubTableTableProps {
  request: HostRequest;
  /** The 主表's own table: not offered. */
  tableName: string;
  rows: readonly DesignerSubTableRow[];
  problem(key: string, property: SubTableCell): string | undefined;
  onAdd(): void;
  onChange(key: string, patch: Partial<DesignerSubTableRow>): void;
  onRemove(key: string): void;
}

interface HeadOption {
  value: string;
  label: string;
}

/** The online forms that may be 附表: 单表 and 附表 (a 主表 or tree cannot). */
function useCandidates(request: HostRequest, tableName: string): HeadOption[] {
  const [options, setOptions] = useState<HeadOption[]>([]);
  useEffect(() => {
    let live = true;
    void request
      .get<{ records: { tableName: string; tableTxt: string; tableType: string }[] }>('/online/cgformHead/list', { pageNo: 1, pageSize: 200 })
      .then((answer) => {
        if (!live || !answer.success) return;
        setOptions(
          answer.result.records
            .filter((head) => (head.tableType === '1' || head.tableType === '3') && head.tableName !== tableName)
            .map((head) => ({ value: head.tableName, label: `${head.tableName}（${head.tableTxt}）` })),
        );
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [request, tableName]);
  return options;
}

export function SubTableTable({ request, tableName, rows, problem, onAdd, onChange, onRemove }: SubTableTableProps) {
  const candidates = useCandidates(request, tableName);
  return (
    <>
      <Table<DesignerSubTableRow>
        className="designer-subtables"
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={[...rows]}
        locale={{ emptyText: '还没有附表；主表至少需要一个附表' }}
        columns={[
          { title: '序号', key: 'no', width: 60, render: (_, _row, i) => i + 1 },
          {
            title: '附表表名',
            key: 'tableName',
            width: 280,
            render: (_, row) => (
              <Cell problem={problem(row.key, 'tableName')}>
                <AutoComplete
                  aria-label="附表表名"
                  style={{ width: '100%' }}
                  value={row.tableName}
                  options={candidates}
                  placeholder="选择或输入附表的表名"
                  filterOption={(input, option) => String(option?.value ?? '').includes(input)}
                  onChange={(value: string) => onChange(row.key, { tableName: value })}
                />
              </Cell>
            ),
          },
          {
            title: '外键字段',
            key: 'foreignKey',
            width: 220,
            render: (_, row) => (
              <Cell problem={problem(row.key, 'foreignKey')}>
                <Input aria-label="外键字段" value={row.foreignKey} placeholder="附表中存主表 id 的字段，如 policy_id" onChange={(e) => onChange(row.key, { foreignKey: e.target.value })} />
              </Cell>
            ),
          },
          {
            title: '页签标题',
            key: 'title',
            render: (_, row) => (
              <Cell problem={problem(row.key, 'title')}>
                <Input aria-label="页签标题" value={row.title} placeholder="默认为附表的表描述" onChange={(e) => onChange(row.key, { title: e.target.value })} />
              </Cell>
            ),
          },
          {
            title: '操作',
            key: 'actions',
            width: 80,
            render: (_, row) => <Button type="text" danger size="small" aria-label="删除附表" icon={<DeleteOutlined />} onClick={() => onRemove(row.key)} />,
          },
        ]}
      />
      <Button style={{ marginTop: 12 }} icon={<PlusOutlined />} onClick={onAdd}>
        新增附表
      </Button>
    </>
  );
}
