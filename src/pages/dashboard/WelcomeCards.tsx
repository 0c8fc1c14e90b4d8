import { Button, Card, Col, Empty, List, Row, Space, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { hasPermission } from '../../../runtime/auth/hasPermission';
import Authorized from '../../components/Authorized';
import AnnouncementDetailModal, { priorityTag } from '../../components/AnnouncementDetailModal';
import { useAnnouncements } from '../../hooks/useAnnouncements';
import { MenuIcon } from '../../layouts/BasicLayout/menuIcons';
import { greetingAt } from '../../layouts/BasicLayout/greeting';
import { useSession } from '../../store/session';
import { SHORTCUTS, menuPathOf, shortcutTarget, type Shortcut } from './shortcuts';

export const ANALYSIS_TEXTS = {
  shortcuts: '快捷入口',
  noShortcut: '暂无可用的快捷入口',
  notices: '未读通知',
  noNotice: '暂无未读通知',
  department: '当前部门',
  noDepartment: '未设置',
  more: '查看全部',
} as const;

function ShortcutButton({ shortcut, path }: { shortcut: Shortcut; path: string }) {
  const navigate = useNavigate();
  return (
    <Authorized action={shortcut.action}>
      <Button size="large" icon={<MenuIcon name={shortcut.icon} />} onClick={() => navigate(shortcutTarget(shortcut, path))}>
        {shortcut.title}
      </Button>
    </Authorized>
  );
}

/** Whether at least one shortcut will show, so the card can say so when none does. */
function useAnyShortcut(paths: (string | undefined)[]): boolean {
  const auth = useSession((s) => s.auth);
  const allAuth = useSession((s) => s.allAuth);
  return SHORTCUTS.some((shortcut, i) => paths[i] !== undefined && hasPermission(shortcut.action, { auth, allAuth }));
}

/** The greeting with the user's department. */
export function GreetingCard() {
  const realname = useSession((s) => s.realname);
  const username = useSession((s) => s.username);
  const info = useSession((s) => s.info);
  const department = info?.orgCodeTxt || info?.orgCode || ANALYSIS_TEXTS.noDepartment;
  return (
    <Card variant="borderless">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {greetingAt(new Date())}，{realname || username}
      </Typography.Title>
      <Typography.Text type="secondary">
        {ANALYSIS_TEXTS.department}：<Tag color="green">{department}</Tag>
      </Typography.Text>
    </Card>
  );
}

/** Permission-guarded shortcuts and the unread notices. */
export function ShortcutsAndNotices() {
  const navigate = useNavigate();
  const menu = useSession((s) => s.permissionList);
  const notices = useAnnouncements();
  const paths = SHORTCUTS.map((s) => menuPathOf(menu, s.component));
  const anyShortcut = useAnyShortcut(paths);
  const unread = [...notices.list.anntMsgList, ...notices.list.sysMsgList];
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} lg={10}>
        <Card title={ANALYSIS_TEXTS.shortcuts} variant="borderless" style={{ height: '100%' }}>
          {anyShortcut ? (
            <Space wrap size={[12, 12]}>
              {SHORTCUTS.map((shortcut, i) => {
                const path = paths[i];
                return path ? <ShortcutButton key={shortcut.action} shortcut={shortcut} path={path} /> : null;
              })}
            </Space>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ANALYSIS_TEXTS.noShortcut} />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card
          title={`${ANALYSIS_TEXTS.notices}（${notices.list.anntMsgTotal + notices.list.sysMsgTotal}）`}
          variant="borderless"
          extra={
            <Button type="link" onClick={() => navigate('/isps/userAnnouncement')}>
              {ANALYSIS_TEXTS.more}
            </Button>
          }
        >
          <List
            loading={notices.loading}
            dataSource={unread}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ANALYSIS_TEXTS.noNotice} /> }}
            renderItem={(annt) => (
              <List.Item className="notice-item" onClick={() => notices.open(annt)} extra={priorityTag(annt.priority)}>
                <List.Item.Meta
                  title={<Typography.Link>{annt.titile}</Typography.Link>}
                  description={`${annt.sender ?? ''} ${annt.sendTime ?? annt.createTime ?? ''}`.trim()}
                />
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <AnnouncementDetailModal announcement={notices.current} onClose={notices.closeDetail} />
    </Row>
  );
}
