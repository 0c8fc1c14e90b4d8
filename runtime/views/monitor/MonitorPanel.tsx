/**
 * The page language's `monitor` section: figure cards, key/value groups and small tables filled from
 * the page's endpoint, above the list, refreshed with the list every `refreshSeconds` until paused.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Descriptions, Progress, Row, Space, Statistic, Switch, Table, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { PageMonitor, PageMonitorGroup } from '../../generated/page';
import type { Host } from '../../host/types';
import { AutoRefresh } from '../../monitor/autoRefresh';
import { formatDateTime, formatMonitorValue, gaugePercent, valueAt } from '../../monitor/format';
import { MONITOR_TEXTS } from '../../monitor/texts';

export const DEFAULT_REFRESH_SECONDS = 5;

export interface MonitorPanelProps {
  monitor: PageMonitor;
  /** The page's API path; the figures come from `<apiPath>/<monitor.endpoint>`. */
  apiPath: string;
  host: Host;
  /** Each refresh: reload what else the page shows (its list). */
  onRefresh(): void;
}

function Figures({ group, answer }: { group: PageMonitorGroup; answer: unknown }) {
  return (
    <Row gutter={[16, 16]}>
      {(group.items ?? []).map((item) => (
        <Col key={item.key} xs={12} sm={8} lg={6} xl={4}>
          <Statistic title={item.label} value={formatMonitorValue(valueAt(answer, item.key), item.format, item.suffix)} />
        </Col>
      ))}
    </Row>
  );
}

function Values({ group, answer }: { group: PageMonitorGroup; answer: unknown }) {
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2, lg: 3 }}
      items={(group.items ?? []).map((item) => ({ key: item.key, label: item.label, children: formatMonitorValue(valueAt(answer, item.key), item.format, item.suffix) }))}
    />
  );
}

function Rows({ group, answer }: { group: PageMonitorGroup; answer: unknown }) {
  const raw = valueAt(answer, group.rows ?? '');
  const rows = Array.isArray(raw) ? (raw as Record<string, unknown>[]) : [];
  return (
    <Table
      size="small"
      pagination={false}
      rowKey={(_row, index) => String(index)}
      dataSource={rows}
      locale={{ emptyText: group.emptyText ?? MONITOR_TEXTS.empty }}
      scroll={{ x: 'max-content' }}
      columns={(group.columns ?? []).map((column) => ({
        key: column.key,
        title: column.label,
        render: (_value: unknown, row: Record<string, unknown>) => formatMonitorValue(valueAt(row, column.key), column.format, column.suffix),
      }))}
    />
  );
}

function Gauges({ group, answer }: { group: PageMonitorGroup; answer: unknown }) {
  return (
    <Row gutter={[16, 16]}>
      {(group.items ?? []).map((item) => {
        const percent = gaugePercent(valueAt(answer, item.key));
        return (
          <Col key={item.key} xs={12} sm={8} lg={6} style={{ textAlign: 'center' }} data-gauge={item.key}>
            <Progress type="dashboard" percent={percent ?? 0} format={() => (percent === null ? formatMonitorValue(null) : `${percent}%`)} />
            <div>{item.label}</div>
          </Col>
        );
      })}
    </Row>
  );
}

const GROUP_VIEWS = { figures: Figures, values: Values, table: Rows, gauge: Gauges } as const;

export function MonitorPanel({ monitor, apiPath, host, onRefresh }: MonitorPanelProps) {
  const [answer, setAnswer] = useState<unknown>();
  const [error, setError] = useState<string>();
  const [updatedAt, setUpdatedAt] = useState<number>();
  const [paused, setPaused] = useState(false);
  const [loading, setLoading] = useState(false);
  const seconds = monitor.refreshSeconds ?? DEFAULT_REFRESH_SECONDS;
  // The latest callbacks, read by the clock's tick without restarting it.
  const latest = useRef({ host, onRefresh });
  useEffect(() => {
    latest.current = { host, onRefresh };
  });
  const clock = useRef<AutoRefresh | null>(null);
  const pausedNow = useRef(false);
  const endpoint = monitor.endpoint;

  useEffect(() => {
    let ticked = false;
    const refresh = new AutoRefresh(seconds * 1000, async () => {
      // The list loads itself when the page opens; later ticks reload it.
      if (ticked) latest.current.onRefresh();
      ticked = true;
      if (!endpoint) {
        setUpdatedAt(Date.now());
        return;
      }
      setLoading(true);
      try {
        const reply = await latest.current.host.request.get<unknown>(`${apiPath}/${endpoint}`);
        if (reply.success) {
          setAnswer(reply.result);
          setError(undefined);
          setUpdatedAt(Date.now());
        } else {
          setError(reply.message || MONITOR_TEXTS.failed);
        }
      } catch (err) {
        setError(err instanceof Error && err.message ? err.message : MONITOR_TEXTS.failed);
      } finally {
        setLoading(false);
      }
    });
    clock.current = refresh;
    refresh.start();
    refresh.setPaused(pausedNow.current);
    return () => refresh.stop();
  }, [apiPath, endpoint, seconds]);

  const notes = valueAt(answer, 'notes');
  return (
    <div className="monitor-panel" style={{ marginBottom: 16 }}>
      <Space wrap size="middle" style={{ marginBottom: 12 }}>
        <Space size="small">
          <Switch
            checked={!paused}
            aria-label={MONITOR_TEXTS.autoRefresh}
            onChange={(on) => {
              pausedNow.current = !on;
              setPaused(!on);
              clock.current?.setPaused(!on);
            }}
          />
          <span>{MONITOR_TEXTS.autoRefresh}</span>
          <Typography.Text type="secondary">{paused ? MONITOR_TEXTS.paused : MONITOR_TEXTS.every(seconds)}</Typography.Text>
        </Space>
        <Button icon={<ReloadOutlined />} loading={loading} onClick={() => void clock.current?.refreshNow()}>
          {MONITOR_TEXTS.refresh}
        </Button>
        {updatedAt !== undefined && <Typography.Text type="secondary">{MONITOR_TEXTS.updatedAt(formatDateTime(updatedAt))}</Typography.Text>}
      </Space>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      {Array.isArray(notes) &&
        notes.map((note) => <Alert key={String(note)} type="info" showIcon message={String(note)} style={{ marginBottom: 12 }} />)}
      {answer !== undefined &&
        (monitor.groups ?? []).map((group) => {
          const View = GROUP_VIEWS[group.kind];
          return (
            <Card key={group.title} size="small" title={group.title} style={{ marginBottom: 12 }}>
              <View group={group} answer={answer} />
            </Card>
          );
        })}
    </div>
  );
}

export default MonitorPanel;
