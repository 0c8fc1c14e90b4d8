/** 数据库属性: column, label, type, length, decimals, key, nullable, unique, default; rows move and go. */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, InputNumber, Select, Space, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { FieldType } from '../../generated/page';
import { FIELD_TYPE_TEXT } from '../../designer/texts';
import type { DesignerFieldRow } from '../../designer/types';
import { Cell, isIdRow, type RowEditing } from './cells';

const TYPE_OPTIONS = (Object.keys(FIELD_TYPE_TEXT) as FieldType[]).map((type) => ({ value: type, label: FIELD_TYPE_TEXT[type] }));

/** Default sizes when the type changes (JeecgBoot's: varchar 32, decimal 10,2). */
function sizeFor(type: FieldType): Pick<DesignerFieldRow, 'length' | 'scale'> {
  if (type === 'string') return { length: 32, scale: undefined };
  if (type === 'number' || type === 'money') return { length: 10, scale: 2 };
  return { length: undefined, scale: undefined };
}

export interface RowMoves {
  move(key: string, step: -1 | 1): void;
  remove(key: string): void;
}

export function databaseColumns(edit: RowEditing, moves: RowMoves): ColumnsType<DesignerFieldRow> {
  return [
    {
      title: '字段名称',
      key: 'column',
      width: 170,
      render: (_, row) => (
        <Cell problem={edit.problem(row.key, 'column') ?? edit.rowProblem(row.key)}>
          <Input aria-label="字段名称" value={row.column} disabled={isIdRow(row)} placeholder="如 plate_no" status={edit.problem(row.key, 'column') ?? edit.rowProblem(row.key) ? 'error' : undefined} onChange={(e) => edit.update(row.key, { column: e.target.value.trim() })} />
        </Cell>
      ),
    },
    {
      title: '字段备注',
      key: 'label',
      width: 160,
      render: (_, row) => (
        <Cell problem={edit.problem(row.key, 'label')}>
          <Input aria-label="字段备注" value={row.label} disabled={isIdRow(row)} placeholder="如 车牌号" status={edit.problem(row.key, 'label') ? 'error' : undefined} onChange={(e) => edit.update(row.key, { label: e.target.value })} />
        </Cell>
      ),
    },
    {
      title: '字段类型',
      key: 'type',
      width: 120,
      render: (_, row) => (
        <Cell problem={edit.problem(row.key, 'type')}>
          <Select aria-label="字段类型" style={{ width: '100%' }} value={row.type} disabled={isIdRow(row)} options={TYPE_OPTIONS} onChange={(type: FieldType) => edit.update(row.key, { type, ...sizeFor(type) })} />
        </Cell>
      ),
    },
    {
      title: '长度',
      key: 'length',
      width: 90,
      render: (_, row) => (
        <Cell problem={edit.problem(row.key, 'length')}>
          <InputNumber
            aria-label="长度"
            min={1}
            max={row.type === 'string' ? 10000 : 38}
            precision={0}
            value={row.length ?? null}
            disabled={isIdRow(row) || !(row.type === 'string' || row.type === 'number' || row.type === 'money')}
            onChange={(value) => edit.update(row.key, { length: value ?? undefined })}
          />
        </Cell>
      ),
    },
    {
      title: '小数位',
      key: 'scale',
      width: 80,
      render: (_, row) => (
        <Cell problem={edit.problem(row.key, 'scale')}>
          <InputNumber aria-label="小数位" min={0} max={10} precision={0} value={row.scale ?? null} disabled={isIdRow(row) || !(row.type === 'number' || row.type === 'money')} onChange={(value) => edit.update(row.key, { scale: value ?? undefined })} />
        </Cell>
      ),
    },
    {
      title: '主键',
      key: 'primaryKey',
      width: 56,
      align: 'center',
      render: (_, row) => <Checkbox aria-label="主键" checked={isIdRow(row)} disabled />,
    },
    {
      title: '允许空',
      key: 'nullable',
      width: 64,
      align: 'center',
      render: (_, row) => <Checkbox aria-label="允许空" checked={row.nullable} disabled={isIdRow(row)} onChange={(e) => edit.update(row.key, { nullable: e.target.checked })} />,
    },
    {
      title: '唯一',
      key: 'unique',
      width: 56,
      align: 'center',
      render: (_, row) => (
        <Cell problem={edit.problem(row.key, 'unique')}>
          <Checkbox aria-label="唯一" checked={row.unique} disabled={isIdRow(row)} onChange={(e) => edit.update(row.key, { unique: e.target.checked })} />
        </Cell>
      ),
    },
    {
      title: '默认值',
      key: 'defaultValue',
      width: 120,
      render: (_, row) => (
        <Cell problem={edit.problem(row.key, 'defaultValue')}>
          <Input aria-label="默认值" value={row.defaultValue} disabled={isIdRow(row)} onChange={(e) => edit.update(row.key, { defaultValue: e.target.value })} />
        </Cell>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      render: (_, row) =>
        isIdRow(row) ? null : (
          <Space size={0}>
            <Tooltip title="上移">
              <Button type="text" size="small" aria-label="上移" icon={<ArrowUpOutlined />} onClick={() => moves.move(row.key, -1)} />
            </Tooltip>
            <Tooltip title="下移">
              <Button type="text" size="small" aria-label="下移" icon={<ArrowDownOutlined />} onClick={() => moves.move(row.key, 1)} />
            </Tooltip>
            <Tooltip title="删除字段">
              <Button type="text" size="small" danger aria-label="删除字段" icon={<DeleteOutlined />} onClick={() => moves.remove(row.key)} />
            </Tooltip>
          </Space>
        ),
    },
  ];
}
