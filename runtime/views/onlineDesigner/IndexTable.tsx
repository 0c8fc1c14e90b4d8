/** 索引: each index's fields (in order) and whether it is unique. */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Select, Table } from 'antd';
import type { DesignerIndexRow, DesignerModel } from '../../designer/types';
import { Cell } from './cells';

export interface IndexTableProps {
  model: DesignerModel;
  problem(key: string): string | undefined;
  onAdd(): void;
  onChange(key: string, patch: Partial<DesignerIndexRow>): void;
  onRemove(key: string): void;
}

export function IndexTable({ model, problem, onAdd, onChange, onRemove }: IndexTableProps) {
  const fieldOptions = model.fields.map((row) => ({ value: row.key, label: row.label ? `${row.column}（${row.label}）` : row.column || '（未命名）' }));
  return (
    <>
      <Table<DesignerIndexRow>
        className="designer-indexes"
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={model.indexes}
        locale={{ emptyText: '没有索引；唯一字段自带唯一索引' }}
        columns={[
          { title: '序号', key: 'no', width: 60, render: (_, _row, i) => i + 1 },
          {
            title: '索引字段',
            key: 'fields',
            render: (_, index) => (
              <Cell problem={problem(index.key)}>
                <Select aria-label="索引字段" mode="multiple" style={{ width: '100%' }} value={index.fields} options={fieldOptions} placeholder="选择字段，按顺序组成索引" onChange={(fields: string[]) => onChange(index.key, { fields })} />
              </Cell>
            ),
          },
          {
            title: '唯一',
            key: 'unique',
            width: 70,
            align: 'center',
            render: (_, index) => <Checkbox aria-label="唯一索引" checked={index.unique} onChange={(e) => onChange(index.key, { unique: e.target.checked })} />,
          },
          {
            title: '操作',
            key: 'actions',
            width: 80,
            render: (_, index) => <Button type="text" danger size="small" aria-label="删除索引" icon={<DeleteOutlined />} onClick={() => onRemove(index.key)} />,
          },
        ]}
      />
      <Button style={{ marginTop: 12 }} icon={<PlusOutlined />} onClick={onAdd}>
        新增索引
      </Button>
    </>
  );
}
