import { Card, Empty, List, Progress, Tabs, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { Figure } from '../../../runtime/dashboard/figures';
import { formatCount, useFigureHref } from './figureLink';

function RankList({ figures, empty }: { figures: readonly Figure[]; empty: string }) {
  const hrefOf = useFigureHref();
  if (figures.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  const most = Math.max(...figures.map((f) => f.count), 1);
  return (
    <List
      size="small"
      dataSource={[...figures]}
      renderItem={(f, i) => {
        const href = hrefOf(f.target);
        const count = `${formatCount(f.count)} 件`;
        return (
          <List.Item data-figure={f.key}>
            <div style={{ width: '100%' }}>
              <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                <Typography.Text ellipsis>
                  {i + 1}. {f.title}
                </Typography.Text>
                {href ? (
                  <Link to={href} data-figure-link={f.key}>
                    {count}
                  </Link>
                ) : (
                  <span>{count}</span>
                )}
              </div>
              <Progress percent={Math.round((f.count / most) * 100)} showInfo={false} size="small" />
            </div>
          </List.Item>
        );
      }}
    />
  );
}

/** This year's cases by 委托方 and by province of 出险地区, most first. */
export default function RankCard({ insurers, areas }: { insurers: readonly Figure[]; areas: readonly Figure[] }) {
  return (
    <Card title="本年案件排行" variant="borderless" style={{ height: '100%' }}>
      <Tabs
        size="small"
        items={[
          { key: 'insurers', label: '委托方', children: <RankList figures={insurers} empty="本年暂无案件" /> },
          { key: 'areas', label: '出险地区', children: <RankList figures={areas} empty="本年暂无填写出险地区的案件" /> },
        ]}
      />
    </Card>
  );
}
