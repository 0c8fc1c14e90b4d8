/**
 * The designer's 报表参数 table: the SQL's ${name} placeholders (filled by 解析SQL), each with its
 * 参数文本 (shown on the report's parameter bar) and 默认值; 新增参数 / 删除 for hand-written ones.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReportParam } from '../../onlineReport/designerModel';
import { DESIGNER_TEXTS } from './texts';

interface ReportParamsTableProps {
  params: readonly ReportParam[];
  onChange(index: number, patch: Partial<ReportParam>): void;
  onAdd(): void;
  onRemove(index: number): void;
}

export function ReportParamsTable({ params, onChange, onAdd, onRemove }: ReportParamsTableProps) {
  const label = (param: ReportParam, index: number) => param.paramName || `${DESIGNER_TEXTS.paramRow}${index + 1}`;
  const input = (key: 'paramName' | 'paramTxt' | 'paramValue', title: string, max: number): ColumnsType<ReportParam>[number] => ({
    title,
    key,
    render: (_, param, index) => (
      <Input aria-label={`${label(param, index)} ${title}`} value={param[key]} maxLength={max} onChange={(event) => onChange(index, { [key]: event.target.value })} />
    ),
  });
  const columns: ColumnsType<ReportParam> = [
    input('paramName', DESIGNER_TEXTS.paramName, 64),
    input('paramTxt', DESIGNER_TEXTS.paramTxt, 100),
    input('paramValue', DESIGNER_TEXTS.paramValue, 200),
    {
      title: DESIGNER_TEXTS.actions,
      key: 'actions',
      width: 80,
      align: 'center',
      render: (_, param, index) => (
        <Button type="link" danger icon={<DeleteOutlined />} aria-label={`${label(param, index)} ${DESIGNER_TEXTS.remove}`} onClick={() => onRemove(index)} />
      ),
    },
  ];
  return (
    <>
      <Button icon={<PlusOutlined />} style={{ marginBottom: 8 }} onClick={onAdd}>
        {DESIGNER_TEXTS.addParam}
      </Button>
      <Table<ReportParam>
        className="online-report-params"
        size="small"
        bordered
        rowKey={(param) => String(param.orderNum)}
        columns={columns}
        dataSource={[...params]}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={DESIGNER_TEXTS.noParams} /> }}
      />
    </>
  );
}
