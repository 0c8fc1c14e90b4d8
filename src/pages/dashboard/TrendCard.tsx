import { Card } from 'antd';
import { useNavigate } from 'react-router-dom';
import { Chart, type ChartRow } from '../../../runtime/charts';
import type { Figure, TrendMonth } from '../../../runtime/dashboard/figures';
import { useFigureHref } from './figureLink';

const SERIES = [
  { field: 'opened', title: '新收案件' },
  { field: 'closed', title: '结案' },
] as const;

/** 近12个月: cases opened and closed per month; a click on a bar opens that month's list. */
export default function TrendCard({ trend }: { trend: readonly TrendMonth[] }) {
  const navigate = useNavigate();
  const hrefOf = useFigureHref();
  const withClosed = trend.some((m) => m.closed !== undefined);
  const series = SERIES.filter((s) => s.field === 'opened' || withClosed).map((s) => ({ ...s }));
  const rows: ChartRow[] = trend.map((m) => ({ label: m.label, opened: m.opened.count, closed: m.closed?.count ?? 0, month: m.month }));
  const pick = (row: ChartRow, field: string) => {
    const month = trend.find((m) => m.month === row.month);
    const figure: Figure | undefined = field === 'closed' ? month?.closed : month?.opened;
    const href = figure ? hrefOf(figure.target) : undefined;
    if (href) navigate(href);
  };
  return (
    <Card title="近12个月案件趋势" variant="borderless" data-testid="dashboard-trend">
      <Chart kind="bar" rows={rows} x="label" series={series} height={300} onPick={pick} ariaLabel="近12个月新收与结案案件数" />
    </Card>
  );
}
