import { Card, Col, Row, Statistic } from 'antd';
import { Link } from 'react-router-dom';
import { Chart } from '../../../runtime/charts';
import { visitTargets } from '../../../runtime/dashboard/figures';
import type { ListTarget } from '../../../runtime/dashboard/target';
import { formatCount, useFigureHref } from './figureLink';
import LoadState from './LoadState';
import type { Loaded, Visits } from './useDashboard';

function Linked({ href, children, name }: { href: string | undefined; children: React.ReactNode; name: string }) {
  return href ? (
    <Link to={href} data-figure-link={name}>
      {children}
    </Link>
  ) : (
    <>{children}</>
  );
}

/** Sign-ins from the login log (/sys/loginfo, /sys/visitInfo): today, today's addresses, all time, the last 7 days. */
export default function VisitCard({ visits, retry, today }: { visits: Loaded<Visits>; retry: () => void; today: string }) {
  const hrefOf = useFigureHref();
  const targets = visitTargets(today);
  const link = (target: ListTarget) => hrefOf(target);
  return (
    <Card title="访问统计" variant="borderless" style={{ height: '100%' }} data-testid="dashboard-visits">
      <LoadState loaded={visits} retry={retry} what="访问统计">
        {(v) => (
          <>
            <Row gutter={12}>
              <Col span={8} data-figure="visits.today">
                <Linked href={link(targets.today)} name="visits.today">
                  <Statistic title="今日访问" value={formatCount(v.info.todayVisitCount)} suffix="次" />
                </Linked>
              </Col>
              <Col span={8} data-figure="visits.ip">
                <Statistic title="今日IP" value={formatCount(v.info.todayIp)} suffix="个" />
              </Col>
              <Col span={8} data-figure="visits.total">
                <Linked href={link(targets.total)} name="visits.total">
                  <Statistic title="累计访问" value={formatCount(v.info.totalVisitCount)} suffix="次" />
                </Linked>
              </Col>
            </Row>
            <Chart
              kind="line"
              rows={v.days.map((d) => ({ ...d }))}
              x="tian"
              series={[
                { field: 'visit', title: '访问次数' },
                { field: 'ip', title: 'IP数' },
              ]}
              height={200}
              ariaLabel="近7天访问次数与IP数"
            />
          </>
        )}
      </LoadState>
    </Card>
  );
}
