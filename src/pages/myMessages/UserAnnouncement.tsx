import { useCallback, useEffect, useState } from 'react';
import { Badge, Button, Card, Segmented, Space, Table, Tag, type TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { markAnnouncementRead, myAnnouncements } from '../../api/announcement';
import type { MyNotice } from '../../api/types';
import AnnouncementDetailModal, { priorityTag } from '../../components/AnnouncementDetailModal';
import { requestNoticeReload, useNoticeReloads } from '../../realtime/noticeReloads';

type ReadFilter = '' | '0' | '1';

export const USER_ANNOUNCEMENT_TEXTS = {
  title: '我的消息',
  reload: '刷新',
  view: '查看',
  empty: '暂无消息',
  all: '全部',
  unread: '未读',
  read: '已读',
} as const;

const FILTERS: { label: string; value: ReadFilter }[] = [
  { label: USER_ANNOUNCEMENT_TEXTS.all, value: '' },
  { label: USER_ANNOUNCEMENT_TEXTS.unread, value: '0' },
  { label: USER_ANNOUNCEMENT_TEXTS.read, value: '1' },
];

/**
 * The signed-in user's announcements (view isps/UserAnnouncement, the bell's 查看更多): read ones
 * too, so a notice is not lost once opened; 全部 / 未读 / 已读. Reloads when the notice socket
 * reports a change or a notice is read anywhere on the page.
 */
export default function UserAnnouncement() {
  const [filter, setFilter] = useState<ReadFilter>('');
  const [pager, setPager] = useState({ pageNo: 1, pageSize: 10 });
  const [rows, setRows] = useState<MyNotice[]>([]);
  const [total, setTotal] = useState(0);
  /** The request whose answer is shown; loading while it is not the one asked for now. */
  const [shown, setShown] = useState('');
  const [current, setCurrent] = useState<MyNotice | null>(null);
  const [generation, setGeneration] = useState(0);
  const changes = useNoticeReloads();

  const wanted = JSON.stringify([filter, pager, generation, changes]);
  const loading = shown !== wanted;
  useEffect(() => {
    let alive = true;
    myAnnouncements({ ...pager, readFlag: filter })
      .then((res) => {
        if (alive && res.success && res.result) {
          setRows(res.result.records);
          setTotal(res.result.total);
        }
      })
      .catch(() => undefined)
      .finally(() => alive && setShown(wanted));
    return () => {
      alive = false;
    };
  }, [filter, pager, wanted]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const open = useCallback((notice: MyNotice) => {
    setCurrent(notice);
    if (notice.readFlag === '1') return;
    markAnnouncementRead(notice.anntId)
      .catch(() => undefined)
      .finally(requestNoticeReload);
  }, []);

  const columns: TableColumnsType<MyNotice> = [
    {
      title: '标题',
      dataIndex: 'titile',
      ellipsis: true,
      render: (text: string, row) => <a onClick={() => open(row)}>{text}</a>,
    },
    {
      title: '消息类型',
      dataIndex: 'msgCategory',
      width: 110,
      render: (category: string | null) => (category === '1' ? <Tag color="green">通知</Tag> : <Tag color="blue">系统消息</Tag>),
    },
    { title: '发布人', dataIndex: 'sender', width: 120 },
    { title: '发布时间', dataIndex: 'sendTime', width: 180, render: (v: string | null, row) => v ?? row.createTime ?? '' },
    { title: '优先级', dataIndex: 'priority', width: 90, render: (p: string | null) => priorityTag(p) },
    {
      title: '阅读状态',
      dataIndex: 'readFlag',
      width: 100,
      render: (flag: string) =>
        flag === '1' ? <Badge status="default" text={USER_ANNOUNCEMENT_TEXTS.read} /> : <Badge status="processing" text={USER_ANNOUNCEMENT_TEXTS.unread} />,
    },
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
        <Space>
          <Segmented<ReadFilter>
            options={FILTERS}
            value={filter}
            onChange={(value) => {
              setFilter(value);
              setPager((p) => ({ ...p, pageNo: 1 }));
            }}
          />
          <Button icon={<ReloadOutlined />} onClick={reload}>
            {USER_ANNOUNCEMENT_TEXTS.reload}
          </Button>
        </Space>
      }
    >
      <Table<MyNotice>
        rowKey="anntId"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={rows}
        locale={{ emptyText: USER_ANNOUNCEMENT_TEXTS.empty }}
        scroll={{ x: 900 }}
        onChange={(p) => setPager({ pageNo: p.current ?? 1, pageSize: p.pageSize ?? 10 })}
        pagination={{
          current: pager.pageNo,
          pageSize: pager.pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: ['10', '20', '30'],
          showQuickJumper: true,
          showTotal: (count, range) => `${range[0]}-${range[1]} 共${count}条`,
        }}
      />
      <AnnouncementDetailModal announcement={current} onClose={() => setCurrent(null)} />
    </Card>
  );
}
