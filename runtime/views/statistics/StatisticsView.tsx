/**
 * The one view of every 统计报表 (the page language's `statistics`, opened by the menu component
 * `schema/<module>/<entity>/<key>`): the query bar, the chart of the outer group level, the table with
 * its 小计 and 合计 rows, figures linking to the list of the rows behind them, 导出 (.xlsx, the same
 * figures from the server) and 打印 (the report area alone, statistics.css).
 */
import { useEffect, useMemo, useState } from 'react';
import { DownloadOutlined, PrinterOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Chart, preloadChart } from '../../charts';
import type { Host } from '../../host/types';
import { checkDownloadedFile } from '../../list/exportFile';
import type { CompiledField, CompiledPage } from '../../schema/compiledPageTypes';
import type { CompiledStatistics } from '../../schema/statistics';
import { formatFigure, groupCells, type StatisticsAnswer, type StatisticsRow } from '../../statistics/answer';
import { drillDownTarget } from '../../statistics/drillDown';
import { filterParams, initialFilterValues, type FilterValues } from '../../statistics/filterValues';
import { StatisticsFilters, type FilterControl } from './StatisticsFilters';
import './statistics.css';

export const STATISTICS_TEXTS = {
  search: '查询',
  reset: '重置',
  export: '导出',
  print: '打印',
  exportFailed: '导出失败',
  empty: '所选范围内没有数据',
  chart: '图表',
} as const;

/** Prints the report area alone (statistics.css) — only while this print lasts, so other pages print whole. */
export function printReport(): void {
  const { body } = document;
  body.classList.add('statistics-printing');
  window.addEventListener('afterprint', () => body.classList.remove('statistics-printing'), { once: true });
  window.print();
}

export interface StatisticsViewProps {
  page: CompiledPage;
  report: CompiledStatistics;
  host: Host;
}

type Outcome = { kind: 'failed'; message: string } | { kind: 'loaded'; answer: StatisticsAnswer };
type Loaded = { kind: 'loading' } | Outcome;

/** The filters' fields: the page's own, or those of a joined page (loaded through the host). */
function useFilterControls(page: CompiledPage, report: CompiledStatistics, host: Host): FilterControl[] {
  const [joined, setJoined] = useState<ReadonlyMap<string, CompiledPage>>(new Map());
  useEffect(() => {
    const refs = [...new Set(report.filters.flatMap((f) => (f.join ? [report.joins.get(f.join)?.page ?? ''] : [])))].filter((r) => r !== '');
    if (refs.length === 0) return;
    let live = true;
    void Promise.all(refs.map((ref) => host.pages.load(ref).then((p) => [ref, p] as const))).then(
      (pages) => live && setJoined(new Map(pages)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [report, host]);
  return report.filters.map((filter) => {
    const owner = filter.join ? joined.get(report.joins.get(filter.join)?.page ?? '') : page;
    const field: CompiledField | undefined = owner?.fieldByName.get(filter.field);
    return field ? { filter, field } : { filter };
  });
}

export function StatisticsView({ page, report, host }: StatisticsViewProps) {
  const controls = useFilterControls(page, report, host);
  const [draft, setDraft] = useState<FilterValues>(() => initialFilterValues(report));
  const [applied, setApplied] = useState<FilterValues>(draft);
  // The outcome of the filters it answers; other filters applied since: loading.
  const [outcome, setOutcome] = useState<{ filters: FilterValues; outcome: Outcome } | undefined>();
  const loaded: Loaded = outcome && outcome.filters === applied ? outcome.outcome : { kind: 'loading' };
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    if (report.chart) preloadChart();
  }, [report.chart]);

  useEffect(() => {
    let live = true;
    const settle = (next: Outcome) => live && setOutcome({ filters: applied, outcome: next });
    host.request.get<StatisticsAnswer>(report.url, filterParams(report, applied)).then(
      (envelope) => settle(envelope.success ? { kind: 'loaded', answer: envelope.result } : { kind: 'failed', message: envelope.message }),
      // The request layer has told the user already; the report says it has no figures.
      (error: unknown) => settle({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [host, report, applied]);

  const answer = loaded.kind === 'loaded' ? loaded.answer : undefined;
  const shownFilters = outcome?.filters ?? applied;
  const drill = (row: StatisticsRow, measureKey: string) => drillDownTarget({ report, page, filters: shownFilters, row, measureKey });

  const columns = useMemo<ColumnsType<StatisticsRow>>(() => {
    if (!answer) return [];
    const groupKeys = answer.columns.filter((c) => c.kind === 'group').map((c) => c.key);
    return answer.columns.map((column) => {
      if (column.kind === 'group') {
        const index = groupKeys.indexOf(column.key);
        return { key: column.key, title: column.title, render: (_: unknown, row: StatisticsRow) => groupCells(row, groupKeys)[index] };
      }
      return {
        key: column.key,
        title: column.title,
        align: 'right' as const,
        render: (_: unknown, row: StatisticsRow) => {
          const text = formatFigure(row[column.key], column.format);
          const target = text === '' ? undefined : drill(row, column.key);
          return target ? (
            <a href={target} onClick={(e) => (e.preventDefault(), host.navigate(target))} title={`查看${column.title}对应的记录`}>
              {text}
            </a>
          ) : (
            text
          );
        },
      };
    });
    // drill reads the filters of the answer shown; both change with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  const chartRows = useMemo(() => {
    if (!answer || !report.chart) return [];
    const outer = report.groups.length > 1 ? 'subtotal' : 'row';
    return answer.rows.filter((r) => r.type === outer && r.level === 1);
  }, [answer, report]);

  const exportReport = async () => {
    setExporting(true);
    try {
      const file = await host.request.getBlob(report.exportUrl, filterParams(report, applied));
      const check = await checkDownloadedFile(file);
      if (!check.ok) host.notify.error(check.message);
      else host.saveFile(file, `${report.title}${check.extension}`);
    } catch {
      // The request layer has told the user.
    } finally {
      setExporting(false);
    }
  };

  const firstGroup = report.groups[0];
  return (
    <Card variant="borderless" className="schema-page statistics-page">
      <div className="statistics-print-area">
        <Typography.Title level={4} className="statistics-title">
          {report.title}
        </Typography.Title>
        {report.description && <Typography.Paragraph type="secondary">{report.description}</Typography.Paragraph>}
        <div className="statistics-no-print">
          <StatisticsFilters controls={controls} values={draft} host={host} onChange={setDraft} />
          <Space className="statistics-actions" wrap>
            {/* A copy even when nothing changed: 查询 asks again, so figures changed since show up. */}
            <Button type="primary" icon={<SearchOutlined />} onClick={() => setApplied({ ...draft })}>
              {STATISTICS_TEXTS.search}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                const initial = initialFilterValues(report);
                setDraft(initial);
                setApplied(initial);
              }}
            >
              {STATISTICS_TEXTS.reset}
            </Button>
            {host.hasPermission(report.permissions.exportXls) && (
              <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportReport()}>
                {STATISTICS_TEXTS.export}
              </Button>
            )}
            <Button icon={<PrinterOutlined />} onClick={printReport}>
              {STATISTICS_TEXTS.print}
            </Button>
          </Space>
        </div>
        {loaded.kind === 'failed' && <Alert type="error" showIcon message={loaded.message} className="statistics-no-print" />}
        {report.chart && chartRows.length > 0 && firstGroup && (
          <div className="statistics-chart">
            <Chart
              kind={report.chart.kind}
              rows={chartRows}
              x={`${firstGroup.key}_text`}
              series={report.chart.measures.map((key) => ({ field: key, title: report.measures.find((m) => m.key === key)?.title ?? key }))}
              height={report.chart.height ?? 320}
              ariaLabel={`${report.title}图表`}
              onPick={(row, field) => {
                const target = drill(row as StatisticsRow, field);
                if (target) host.navigate(target);
              }}
            />
          </div>
        )}
        <Table<StatisticsRow>
          className="statistics-table"
          size="small"
          bordered
          pagination={false}
          loading={loaded.kind === 'loading'}
          columns={columns}
          dataSource={answer?.rows ?? []}
          rowKey={(_, i) => String(i)}
          rowClassName={(row) => `statistics-${row.type}`}
          locale={{ emptyText: STATISTICS_TEXTS.empty }}
          scroll={{ x: 'max-content' }}
        />
      </div>
    </Card>
  );
}
