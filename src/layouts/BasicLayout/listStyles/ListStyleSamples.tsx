/**
 * One sample of each antd component a list page shows, rendered where nobody sees it: antd 5 makes
 * a component's CSS the first time one renders (CSS in JS, about 180 kB for a list page's set),
 * and putting that into the document makes the browser restyle the whole page. Done here while the
 * browser is idle after the signed-in layout shows, a list page opened later finds its styles made
 * and in place — its first render no longer pays for them. The samples stay mounted (antd's style
 * cache drops a component's entry when the last user of it unmounts) in a detached element: never
 * in the document, so nothing lays them out and no page query finds them. Rendered through a portal
 * from inside the layout, they take the app's ConfigProvider (theme colour, hence the same style
 * hash) as the real pages do.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { SearchOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Descriptions,
  Divider,
  Empty,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Spin,
  Table,
  Tabs,
  Tag,
  TimePicker,
  Tooltip,
  Typography,
} from 'antd';
import { whenIdle } from './whenIdle';

interface SampleRow {
  id: string;
  name: string;
}

const rows: SampleRow[] = [{ id: '1', name: '' }];

/** In the order a list page needs them most; each is made in an idle moment of its own. */
const SAMPLES: readonly (() => ReactNode)[] = [
  () => (
    <Table<SampleRow>
      rowKey="id"
      size="middle"
      rowSelection={{ selectedRowKeys: [] }}
      columns={[{ title: '', dataIndex: 'name', sorter: true, ellipsis: true }]}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      pagination={{ total: 20, showSizeChanger: true, showQuickJumper: true }}
    />
  ),
  () => <Table<SampleRow> rowKey="id" columns={[{ title: '', dataIndex: 'name' }]} dataSource={[]} />,
  () => (
    <Form layout="inline">
      <Row gutter={24}>
        <Col span={6}>
          <Form.Item label=" ">
            <Input allowClear />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  ),
  () => (
    <>
      <DatePicker />
      <DatePicker.RangePicker />
      <TimePicker />
    </>
  ),
  () => (
    <>
      <Select options={[]} />
      <InputNumber />
      <Input.TextArea />
    </>
  ),
  () => (
    <>
      <Alert type="info" showIcon message=" " />
      <Checkbox />
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      <Divider type="vertical" />
      <Spin />
    </>
  ),
  () => (
    <Card variant="borderless">
      <Space>
        <Button type="primary" icon={<SearchOutlined />} />
        <Button type="link" size="small" />
        <Tag />
        <Tooltip title=" ">
          <Typography.Text />
        </Tooltip>
        <Typography.Link />
      </Space>
      <Tabs items={[{ key: '1', label: ' ' }]} />
      <Descriptions items={[{ key: '1', label: ' ', children: ' ' }]} />
    </Card>
  ),
];

export default function ListStyleSamples() {
  const [shown, setShown] = useState(1);
  const [box] = useState(() => document.createElement('div'));
  useEffect(() => {
    if (shown >= SAMPLES.length) return;
    return whenIdle(() => setShown((n) => n + 1));
  }, [shown]);
  return createPortal(
    SAMPLES.slice(0, shown).map((sample, i) => <div key={i}>{sample()}</div>),
    box,
  );
}
