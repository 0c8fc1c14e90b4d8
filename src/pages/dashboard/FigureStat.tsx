import { Card, Statistic, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { Figure } from '../../../runtime/dashboard/figures';
import { formatCount, formatMoney, useFigureHref } from './figureLink';

/**
 * One figure: its title and value; a money figure also says how many rows it sums. The whole card
 * links to the list it counts (the list's total is the figure), when the user's menu has that list.
 */
export default function FigureStat({ figure }: { figure: Figure }) {
  const href = useFigureHref()(figure.target);
  const body = (
    <Card size="small" variant="borderless" hoverable={href !== undefined} className="dashboard-figure" data-figure={figure.key}>
      <Statistic
        title={figure.title}
        value={figure.money ? formatMoney(figure.value) : formatCount(figure.value)}
        suffix={figure.money ? undefined : figure.unit}
        valueStyle={{ fontSize: 24 }}
      />
      {figure.money ? (
        <Typography.Text type="secondary" data-figure-count>
          共 {formatCount(figure.count)} {figure.unit}
        </Typography.Text>
      ) : null}
    </Card>
  );
  return href ? (
    <Link to={href} aria-label={`${figure.title}：查看列表`} data-figure-link={figure.key}>
      {body}
    </Link>
  ) : (
    body
  );
}
