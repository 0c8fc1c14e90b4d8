/**
 * 在线报表 (/online/cgreport/:code, JeecgBoot's OnlCgreportAutoList): an online report shown as a
 * page — its name, the parameter bar (getParamsInfo; sent as self_<name>), the query bar
 * (getQueryInfo), the table (getRpColumns + getData) with paging and sort, a 合计 row from getData's
 * totals, and 导出 (exportXls: the whole filtered result). The calls, the query bar and the request
 * parameters are the popup picker's (runtime/widgets/popup); only the page's frame is new here.
 */
import { ExportOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Input, Result, Row, Space, Table, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Host } from '../../host/types';
import { checkDownloadedFile } from '../../list/exportFile';
import { totalText as pagingText } from '../../list/paging';
import { defaultParamValues, exportFileName, exportParams, TOTAL_LABEL, totalsRow, type ReportParamInfo } from '../../onlineReport/reportPageModel';
import { PopupQueryBar } from '../../widgets/popup/PopupQueryBar';
import {
  exportReportXls,
  loadReportColumns,
  loadReportData,
  loadReportParamsInfo,
  loadReportQueryInfo,
  type ReportColumns,
  type ReportQueryItem,
  type ReportRow,
} from '../../widgets/popup/reportApi';
import { dataParams, type QueryValues } from '../../widgets/popup/reportQuery';
import { reportTableColumns } from '../../widgets/popup/reportTableColumns';
import { rowKeyOf } from '../../widgets/popup/PopupDialog';
import { REPORT_TEXTS } from './texts';

export interface OnlineReportViewProps {
  host: Host;
  /** The report's code or id, as the address names it. */
  code: string;
  /** Told the report's name once known (the page's tab title). */
  onTitle?(title: string): void;
}

interface Query {
  params: Record<string, string>;
  values: QueryValues;
  sort?: { column: string; order: 'asc' | 'desc' };
  pageNo: number;
  pageSize: number;
}

const PAGE_SIZE_OPTIONS = ['10', '20', '30', '50'];

export function OnlineReportView({ host, code, onTitle }: OnlineReportViewProps) {
  const [report, setReport] = useState<ReportColumns>();
  const [failed, setFailed] = useState<string>();
  const [items, setItems] = useState<ReportQueryItem[]>([]);
  const [params, setParams] = useState<ReportParamInfo[]>([]);
  const [query, setQuery] = useState<Query>({ params: {}, values: {}, pageNo: 1, pageSize: 10 });
  // What the boxes hold: applied by 查询 (query.params / query.values are what the table shows).
  const [typedParams, setTypedParams] = useState<Record<string, string>>({});
  const [typedValues, setTypedValues] = useState<QueryValues>({});
  const [data, setData] = useState<{ rows: ReportRow[]; total: number; exact: boolean; totals?: Record<string, unknown> }>({ rows: [], total: 0, exact: true });
  const [loading, setLoading] = useState(true);
  const [exporting, setExporting] = useState(false);
  const latest = useRef(0);
  const live = useRef(true);

  const requestOf = useCallback(
    (next: Query) => dataParams({ param: next.params, items, values: next.values, sort: next.sort, pageNo: next.pageNo, pageSize: next.pageSize }),
    [items],
  );

  const load = useCallback(
    async (configId: string, next: Query, queryItems: readonly ReportQueryItem[]) => {
      const ticket = ++latest.current;
      const answer = await loadReportData(
        host,
        configId,
        dataParams({ param: next.params, items: queryItems, values: next.values, sort: next.sort, pageNo: next.pageNo, pageSize: next.pageSize }),
      ).catch(() => undefined);
      if (!live.current || ticket !== latest.current) return;
      setLoading(false);
      if (answer?.success && answer.result) {
        const { records, total, totalExact, totals } = answer.result;
        setData({ rows: records ?? [], total: Number(total) || 0, exact: totalExact !== false, ...(totals ? { totals } : {}) });
        return;
      }
      setData({ rows: [], total: 0, exact: true });
      if (answer) host.notify.warning(answer.message || REPORT_TEXTS.loadFailed);
    },
    [host],
  );

  // Columns → query info and parameters → the first page, each after the one it needs.
  useEffect(() => {
    live.current = true;
    void (async () => {
      const columns = await loadReportColumns(host, code).catch(() => undefined);
      if (!live.current) return;
      if (!columns?.success || !columns.result) {
        setFailed(columns?.message || REPORT_TEXTS.loadFailed);
        return;
      }
      const configId = columns.result.cgRpConfigId;
      setReport(columns.result);
      onTitle?.(columns.result.cgRpConfigName);
      const [info, paramsInfo] = await Promise.all([
        loadReportQueryInfo(host, configId).catch(() => undefined),
        loadReportParamsInfo(host, configId).catch(() => undefined),
      ]);
      if (!live.current) return;
      const queryItems = info?.success ? (info.result ?? []) : [];
      const reportParams = paramsInfo?.success ? (paramsInfo.result ?? []) : [];
      const start: Query = { params: defaultParamValues(reportParams), values: {}, pageNo: 1, pageSize: 10 };
      setItems(queryItems);
      setParams(reportParams);
      setTypedParams(start.params);
      setQuery(start);
      await load(configId, start, queryItems);
    })();
    return () => {
      live.current = false;
    };
  }, [host, code, load, onTitle]);

  const configId = report?.cgRpConfigId;
  const apply = (next: Query) => {
    if (!configId) return;
    setQuery(next);
    setLoading(true);
    void load(configId, next, items);
  };
  const search = () => apply({ ...query, params: typedParams, values: typedValues, pageNo: 1 });
  const reset = () => {
    const cleared = Object.fromEntries(Object.keys(typedValues).map((k) => [k, '']));
    const defaults = defaultParamValues(params);
    setTypedValues(cleared);
    setTypedParams(defaults);
    apply({ ...query, params: defaults, values: cleared, pageNo: 1 });
  };

  const exportXls = async () => {
    if (!configId || !report) return;
    setExporting(true);
    try {
      const file = await exportReportXls(host, configId, exportParams(requestOf(query)));
      const checked = await checkDownloadedFile(file);
      if (checked.ok) host.saveFile(file, exportFileName(report.cgRpConfigName));
      else host.notify.warning(checked.message);
    } catch {
      // The request layer has told the user already.
    } finally {
      setExporting(false);
    }
  };

  if (failed) return <Result status="warning" title={failed} />;

  const columns = reportTableColumns(report, query.sort);
  const totals = totalsRow(report?.columns ?? [], data.totals, data.rows);

  return (
    <Card variant="borderless" className="online-report-page" title={report?.cgRpConfigName ?? ''}>
      {params.length > 0 && (
        // Laid out as the query bar below it: labels right-aligned (90 px, longer ones on one line), three to a row.
        <Row gutter={[24, 12]} className="online-report-params-bar" style={{ marginBottom: 16 }}>
          {params.map((param) => (
            <Col key={param.paramName} md={8} sm={24}>
              <Space.Compact block style={{ alignItems: 'center' }}>
                <Typography.Text style={{ flex: 'none', minWidth: 90, whiteSpace: 'nowrap', textAlign: 'right', paddingRight: 8 }}>{`${param.paramTxt || param.paramName}：`}</Typography.Text>
                <Input
                  aria-label={param.paramTxt || param.paramName}
                  style={{ flex: 1 }}
                  placeholder={`请输入${param.paramTxt || param.paramName}`}
                  value={typedParams[param.paramName] ?? ''}
                  onChange={(event) => setTypedParams({ ...typedParams, [param.paramName]: event.target.value })}
                  onPressEnter={search}
                />
              </Space.Compact>
            </Col>
          ))}
          {items.length === 0 && (
            <Col md={8} sm={24}>
              <Button type="primary" icon={<SearchOutlined />} onClick={search}>
                {REPORT_TEXTS.search}
              </Button>
            </Col>
          )}
        </Row>
      )}
      <PopupQueryBar items={items} dictOptions={report?.dictOptions ?? {}} values={typedValues} onChange={setTypedValues} onSearch={search} onReset={reset} />
      <Space style={{ marginBottom: 12 }}>
        <Button icon={<ExportOutlined />} loading={exporting} disabled={!configId} onClick={() => void exportXls()}>
          {REPORT_TEXTS.export}
        </Button>
      </Space>
      <Table<ReportRow>
        size="middle"
        bordered
        rowKey={rowKeyOf}
        columns={columns}
        dataSource={data.rows}
        loading={loading}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={REPORT_TEXTS.noData} /> }}
        summary={
          totals
            ? () => (
                <Table.Summary fixed>
                  <Table.Summary.Row className="online-report-totals">
                    {totals.map((text, index) => (
                      <Table.Summary.Cell key={report?.columns[index]?.dataIndex ?? index} index={index} align="center">
                        {index === totals.indexOf(TOTAL_LABEL) ? <Typography.Text strong>{text}</Typography.Text> : text}
                      </Table.Summary.Cell>
                    ))}
                  </Table.Summary.Row>
                </Table.Summary>
              )
            : undefined
        }
        pagination={{
          current: query.pageNo,
          pageSize: query.pageSize,
          total: data.total,
          showQuickJumper: true,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS,
          showTotal: (all: number, range: [number, number]) => pagingText(all, range, data.exact),
        }}
        onChange={(pager, _filters, sorter) => {
          const one = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<ReportRow> | undefined;
          const field = one?.field;
          const sort = one?.order && typeof field === 'string' ? { column: field, order: one.order === 'ascend' ? ('asc' as const) : ('desc' as const) } : undefined;
          apply({ ...query, sort, pageNo: pager.current ?? 1, pageSize: pager.pageSize ?? query.pageSize });
        }}
      />
    </Card>
  );
}
