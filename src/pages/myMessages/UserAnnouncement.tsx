import { Button, Card, Table, Tag, type TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { Announcement } from '../../api/types';
import AnnouncementDetailModal, { priorityTag } from '../../components/AnnouncementDetailModal';
import { useAnnouncements } from '../../hooks/useAnnouncements';

type Category = '通知' | '系统消息';
type Row = Announcement & { category: Category };

export const USER_ANNOUNCEMENT_TEXTS = {
  title: '我的消息',
  reload: '刷新',
  view: '查看',
  empty: '暂无消息',
} as const;

/** The signed-in user's announcements (view isps/UserAnnouncement), both categories in one table. */
export default function UserAnnouncement() {
  const { list, loading, current, reload, open, closeDetail } = useAnnouncements();
  const rows: Row[] = [
    ...list.anntMsgList.map((a) => ({ ...a, category: '通知' as const })),
    ...list.sysMsgList.map((a) => ({ ...a, category: '系统消息' as const })),
  ];

  const columns: TableColumnsType<Row> = [
    {
      title: '标题',
      dataIndex: 'titile',
      ellipsis: true,
      render: (text: string, row) => <a onClick={() => open(row)}>{text}</a>,
    },
    {
      title: '消息类型',
      dataIndex: 'category',
      width: 110,
      render: (category: Category) => <Tag color={category === '通知' ? 'green' : 'blue'}>{category}</Tag>,
    },
    { title: '发布人', dataIndex: 'sender', width: 120 },
    { title: '发布时间', dataIndex: 'sendTime', width: 180, render: (v: string | null, row) => v ?? row.createTime ?? '' },
    { title: '优先级', dataIndex: 'priority', width: 90, render: (p: string | null) => priorityTag(p) },
    {
      title: '操作',
      key: 'action',
      width: 90,
      render: (_: unknown, row) => (
        <Button type="link" size="small" onClick={() => open(row)}>
          {USER_ANNOUNCEMENT_TEXTS.view}
        </Button>
      ),
    },
  ];

  return (
    <Card
      title={USER_ANNOUNCEMENT_TEXTS.title}
      variant="borderless"
      extra={
        <Button icon={<ReloadOutlined />} onClick={reload}>
          {USER_ANNOUNCEMENT_TEXTS.reload}
        </Button>
      }
    >
      <Table<Row>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={rows}
        locale={{ emptyText: USER_ANNOUNCEMENT_TEXTS.empty }}
        scroll={{ x: 800 }}
        pagination={{
          pageSize: 10,
          showSizeChanger: true,
          pageSizeOptions: ['10', '20', '30'],
          showQuickJumper: true,
          showTotal: (total, range) => `${range[0]}-${range[1]} 共${total}条`,
        }}
      />
      <AnnouncementDetailModal announcement={current} onClose={closeDetail} />
    </Card>
  );
}
