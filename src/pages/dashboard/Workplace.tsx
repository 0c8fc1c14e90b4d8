import { Card, Col, Empty, Row, Space } from 'antd';
import { useHasPermission } from '../../hooks/usePermission';
import FigureGrid from './FigureGrid';
import LoadState from './LoadState';
import { useDashboard } from './useDashboard';
import { GreetingCard, ShortcutsAndNotices } from './WelcomeCards';

/**
 * 工作台 (示例 → 工作台, view dashboard/Workplace): the signed-in user's own work — 我的案件, 待我审批 —
 * and the month's case figures, from the same live figures as 首页, with shortcuts and notices.
 */
export default function Workplace() {
  const canFigures = useHasPermission('receive:list');
  const { figures, retryFigures } = useDashboard(canFigures, false);
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="workplace">
      <GreetingCard />
      {canFigures ? (
        <LoadState loaded={figures} retry={retryFigures} what="工作台统计">
          {(answer) => (
            <Row gutter={[12, 12]}>
              <Col xs={24} xl={12}>
                <FigureGrid title="我的工作" figures={answer.cards.filter((f) => f.group === 'mine')} empty="暂无待办" span={6} />
              </Col>
              <Col xs={24} xl={12}>
                <FigureGrid title="案件收结" figures={answer.cards.filter((f) => f.group === 'cases')} empty="暂无可查看的案件" span={6} />
              </Col>
            </Row>
          )}
        </LoadState>
      ) : (
        <Card variant="borderless">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="您没有查看案件统计的权限" />
        </Card>
      )}
      <ShortcutsAndNotices />
    </Space>
  );
}
