import { Col, Row } from 'antd';
import type { DashboardAnswer } from '../../../runtime/dashboard/figures';
import FigureGrid from './FigureGrid';
import RankCard from './RankCard';
import TrendCard from './TrendCard';

/** The case figures of 首页: opened/closed, 在办 by state, money, my work, the trend and the rankings. */
export default function CaseFigures({ answer }: { answer: DashboardAnswer }) {
  const group = (g: string) => answer.cards.filter((f) => f.group === g);
  return (
    <>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={12}>
          <FigureGrid title="案件收结" figures={group('cases')} empty="暂无可查看的案件" span={6} />
        </Col>
        <Col xs={24} xl={12}>
          <FigureGrid title="在办案件（按状态）" figures={answer.states} empty="暂无在办案件" span={4} />
        </Col>
        <Col xs={24} xl={12}>
          <FigureGrid title="公估费与费用" figures={group('money')} empty="您没有查看发票或费用的权限" span={8} />
        </Col>
        <Col xs={24} xl={12}>
          <FigureGrid title="我的工作" figures={group('mine')} empty="暂无待办" span={6} />
        </Col>
      </Row>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={16}>
          <TrendCard trend={answer.trend} />
        </Col>
        <Col xs={24} xl={8}>
          <RankCard insurers={answer.insurers} areas={answer.areas} />
        </Col>
      </Row>
    </>
  );
}
