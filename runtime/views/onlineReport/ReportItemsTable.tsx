/**
 * The designer's 报表字段 table: one row per column of the SQL, in the order the report shows them
 * (上移 / 下移); per column 字段文本 (the title), 类型, 宽度, 字典, 显示, 排序, 查询 with 查询方式, 合计.
 * Each control is labelled by its column name for keyboard and screen-reader use.
 */
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Checkbox, Empty, Input, InputNumber, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { FIELD_TYPES, type ReportItem } from '../../onlineReport/designerModel';
import { DESIGNER_TEXTS } from './texts';

interface ReportItemsTableProps {
  items: readonly ReportItem[];
  onChange(index: number, patch: Partial<ReportItem>): void;
  onMove(index: number, step: -1 | 1): void;
}

const SEARCH_MODES = [
  { value: 'single', label: DESIGNER_TEXTS.searchSingle },
  { value: 'group', label: DESIGNER_TEXTS.searchGroup },
];

export function ReportItemsTable({ items, onChange, onMove }: ReportItemsTableProps) {
  const flag = (key: 'isShow' | 'isOrder' | 'isSearch' | 'isTotal', title: string): ColumnsType<ReportItem>[number] => ({
    title,
    key,
    width: 60,
    align: 'center',
    render: (_, item, index) => (
      <Checkbox aria-label={`${item.fieldName} ${title}`} checked={item[key]} onChange={(event) => onChange(index, { [key]: event.target.checked })} />
    ),
  });
  const columns: ColumnsType<ReportItem> = [
    {
      title: DESIGNER_TEXTS.order,
      key: 'order',
      width: 80,
      align: 'center',
      render: (_, item, index) => (
        <Space size={0}>
          <Button type="text" size="small" icon={<ArrowUpOutlined />} aria-label={`${item.fieldName} ${DESIGNER_TEXTS.moveUp}`} disabled={index === 0} onClick={() => onMove(index, -1)} />
          <Button
            type="text"
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={`${item.fieldName} ${DESIGNER_TEXTS.moveDown}`}
            disabled={index === items.length - 1}
            onClick={() => onMove(index, 1)}
          />
        </Space>
      ),
    },
    { title: DESIGNER_TEXTS.fieldName, dataIndex: 'fieldName', key: 'fieldName', width: 140 },
    {
      title: DESIGNER_TEXTS.fieldTxt,
      key: 'fieldTxt',
      width: 150,
      render: (_, item, index) => (
        <Input aria-label={`${item.fieldName} ${DESIGNER_TEXTS.fieldTxt}`} value={item.fieldTxt} maxLength={100} onChange={(event) => onChange(index, { fieldTxt: event.target.value })} />
      ),
    },
    {
      title: DESIGNER_TEXTS.fieldType,
      key: 'fieldType',
      width: 125,
      render: (_, item, index) => (
        <Select
          aria-label={`${item.fieldName} ${DESIGNER_TEXTS.fieldType}`}
          style={{ width: '100%' }}
          value={item.fieldType}
          options={FIELD_TYPES.map((type) => ({ value: type, label: type }))}
          onChange={(fieldType) => onChange(index, { fieldType })}
        />
      ),
    },
    {
      title: DESIGNER_TEXTS.fieldWidth,
      key: 'fieldWidth',
      width: 90,
      render: (_, item, index) => (
        <InputNumber
          aria-label={`${item.fieldName} ${DESIGNER_TEXTS.fieldWidth}`}
          min={40}
          max={800}
          precision={0}
          style={{ width: '100%' }}
          value={item.fieldWidth ?? null}
          onChange={(value) => onChange(index, { fieldWidth: typeof value === 'number' ? value : undefined })}
        />
      ),
    },
    {
      title: DESIGNER_TEXTS.dictCode,
      key: 'dictCode',
      width: 140,
      render: (_, item, index) => (
        <Input
          aria-label={`${item.fieldName} ${DESIGNER_TEXTS.dictCode}`}
          placeholder={DESIGNER_TEXTS.dictPlaceholder}
          value={item.dictCode}
          maxLength={200}
          onChange={(event) => onChange(index, { dictCode: event.target.value })}
        />
      ),
    },
    flag('isShow', DESIGNER_TEXTS.isShow),
    flag('isOrder', DESIGNER_TEXTS.isOrder),
    flag('isSearch', DESIGNER_TEXTS.isSearch),
    {
      title: DESIGNER_TEXTS.searchMode,
      key: 'searchMode',
      width: 120,
      render: (_, item, index) => (
        <Select
          aria-label={`${item.fieldName} ${DESIGNER_TEXTS.searchMode}`}
          style={{ width: '100%' }}
          disabled={!item.isSearch}
          value={item.searchMode}
          options={SEARCH_MODES}
          onChange={(searchMode) => onChange(index, { searchMode })}
        />
      ),
    },
    flag('isTotal', DESIGNER_TEXTS.isTotal),
  ];
  return (
    <Table<ReportItem>
      className="online-report-items"
      size="small"
      bordered
      rowKey="fieldName"
      columns={columns}
      dataSource={[...items]}
      pagination={false}
      scroll={{ x: 'max-content', y: 320 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={DESIGNER_TEXTS.noItems} /> }}
    />
  );
}
