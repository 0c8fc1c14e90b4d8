import { Card, Col, Empty, Row, Space } from 'antd';
import { beijingToday } from '../../../runtime/dashboard/periods';
import { useHasPermission } from '../../hooks/usePermission';
import CaseFigures from './CaseFigures';
import LoadState from './LoadState';
import { useDashboard } from './useDashboard';
import VisitCard from './VisitCard';
import { GreetingCard, ShortcutsAndNotices } from './WelcomeCards';

export { ANALYSIS_TEXTS } from './WelcomeCards';

/** The permission codes the two live parts need (server: GET /dashboard/analysis, /sys/loginfo). */
const CASE_FIGURES = 'receive:list';
const VISITS = 'log:list';

/**
 * 首页 (view dashboard/Analysis): greeting, the live case figures (each a link to the list it counts),
 * visits, shortcuts and unread notices. Figures and visits load on their own; either may fail and
 * offers 重试 without holding the rest of the page.
 */
export default function Analysis() {
  const canFigures = useHasPermission(CASE_FIGURES);
  const canVisits = useHasPermission(VISITS);
  const { figures, retryFigures, visits, retryVisits } = useDashboard(canFigures, canVisits);
  const today = figures.state === 'ready' ? figures.data.today : beijingToday();
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="dashboard">
      <GreetingCard />
      {canFigures ? (
        <LoadState loaded={figures} retry={retryFigures} what="首页统计">
          {(answer) => <CaseFigures answer={answer} />}
        </LoadState>
      ) : (
        <Card variant="borderless">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="您没有查看案件统计的权限" />
        </Card>
      )}
      <Row gutter={[12, 12]}>
        {canVisits ? (
          <Col xs={24} xl={10}>
            <VisitCard visits={visits} retry={retryVisits} today={today} />
          </Col>
        ) : null}
        <Col xs={24} xl={canVisits ? 14 : 24}>
          <ShortcutsAndNotices />
        </Col>
      </Row>
    </Space>
  );
}
