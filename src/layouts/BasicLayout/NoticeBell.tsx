import { useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Button, Empty, List, Popover, Tabs, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type { Announcement } from '../../api/types';
import AnnouncementDetailModal, { priorityTag } from '../../components/AnnouncementDetailModal';
import { useAnnouncements } from '../../hooks/useAnnouncements';

export const NOTICE_TEXTS = {
  notices: '通知',
  system: '系统消息',
  more: '查看更多',
  empty: '暂无消息',
} as const;

export const USER_ANNOUNCEMENT_PATH = '/isps/userAnnouncement';

function NoticeList({ items, onOpen, onMore }: { items: Announcement[]; onOpen(a: Announcement): void; onMore(): void }) {
  return (
    <div className="notice-list">
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NOTICE_TEXTS.empty} />
      ) : (
        <List
          size="small"
          dataSource={items}
          renderItem={(annt) => (
            <List.Item className="notice-item" onClick={() => onOpen(annt)}>
              <List.Item.Meta
                title={
                  <Typography.Text ellipsis style={{ maxWidth: 260 }}>
                    {annt.titile}
                  </Typography.Text>
                }
                description={
                  <span>
                    {annt.sender ? `${annt.sender} 发布于 ` : ''}
                    {annt.sendTime ?? annt.createTime ?? ''}
                  </span>
                }
              />
              {priorityTag(annt.priority)}
            </List.Item>
          )}
        />
      )}
      <div className="notice-more">
        <Button type="link" size="small" onClick={onMore}>
          {NOTICE_TEXTS.more}
        </Button>
      </div>
    </div>
  );
}

/**
 * Notice bell of the header (spec §2): total on the badge, two tabs, 查看更多 to the user's list.
 * useNavigate renders this again on every navigation; the bell and its popover are memoised on what
 * they show, and the detail dialog mounts the first time an announcement is opened, so a
 * navigation (a menu click opening a page) renders neither.
 */
export default function NoticeBell() {
  const navigate = useNavigate();
  const { list, loading, current, open, closeDetail } = useAnnouncements();
  const [popoverOpen, setPopoverOpen] = useState(false);
  const [detailUsed, setDetailUsed] = useState(false);
  if (current && !detailUsed) setDetailUsed(true);
  // The latest navigate and open, for the memoised popover's handlers.
  const latest = useRef({ navigate, open });
  useEffect(() => {
    latest.current = { navigate, open };
  });

  const bell = useMemo(() => {
    const total = (list.anntMsgTotal ?? 0) + (list.sysMsgTotal ?? 0);
    const more = () => {
      setPopoverOpen(false);
      void latest.current.navigate(USER_ANNOUNCEMENT_PATH);
    };
    const show = (annt: Announcement) => {
      setPopoverOpen(false);
      latest.current.open(annt);
    };
    const content = (
      <Tabs
        className="notice-tabs"
        centered
        items={[
          {
            key: 'annt',
            label: `${NOTICE_TEXTS.notices}(${list.anntMsgTotal ?? 0})`,
            children: <NoticeList items={list.anntMsgList} onOpen={show} onMore={more} />,
          },
          {
            key: 'sys',
            label: `${NOTICE_TEXTS.system}(${list.sysMsgTotal ?? 0})`,
            children: <NoticeList items={list.sysMsgList} onOpen={show} onMore={more} />,
          },
        ]}
      />
    );
    return (
      <Popover
        content={content}
        trigger="click"
        placement="bottomRight"
        open={popoverOpen}
        onOpenChange={setPopoverOpen}
        styles={{ body: { width: 336, padding: '0 8px' } }}
        arrow={{ pointAtCenter: true }}
      >
        <span className="header-action" role="button" tabIndex={0} aria-label={`消息通知，共${total}条`} aria-busy={loading}>
          <Badge count={total} size="small" offset={[2, -2]}>
            <BellOutlined className="header-icon" />
          </Badge>
        </span>
      </Popover>
    );
  }, [list, loading, popoverOpen]);

  return (
    <>
      {bell}
      {detailUsed && <AnnouncementDetailModal announcement={current} onClose={closeDetail} />}
    </>
  );
}
