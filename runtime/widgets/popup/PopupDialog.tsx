/**
 * The popup report picker's dialog (widgets spec §2, §4, §7): on opening it loads the report's
 * columns, then its query info, then page 1 — in that order, each from the one before. A query bar,
 * a paged table with radio or check boxes, and 确定 / 关闭. OK with no row, or with several when the
 * popup is single, warns '仅可选择一条记录'; otherwise it hands the picked rows over. Mounted while
 * open, so closing clears the selection.
 */
import { Alert, Empty, Modal, Table, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Host } from '../../host/types';
import { totalText } from '../../list/paging';
import type { PopupConfig } from './popupConfig';
import { PopupQueryBar } from './PopupQueryBar';
import {
  loadReportColumns,
  loadReportData,
  loadReportQueryInfo,
  type ReportColumns,
  type ReportQueryItem,
  type ReportRow,
} from './reportApi';
import { dataParams, initialValues, type QueryValues } from './reportQuery';
import { reportTableColumns } from './reportTableColumns';
import { POPUP_TEXTS, selectedCount } from './texts';

export interface PopupDialogProps {
  host: Host;
  config: PopupConfig;
  onOk(rows: ReportRow[]): void;
  onClose(): void;
}

const PAGE_SIZE_OPTIONS = ['10', '20', '30'];

/** A report row's key: its id (every report answers one), else the whole row. */
export function rowKeyOf(row: ReportRow): string {
  return row.id !== undefined && row.id !== null ? String(row.id) : JSON.stringify(row);
}

interface Paging {
  pageNo: number;
  pageSize: number;
}

export function PopupDialog({ host, config, onOk, onClose }: PopupDialogProps) {
  const { groupId, param } = config;
  const [report, setReport] = useState<ReportColumns>();
  const [items, setItems] = useState<ReportQueryItem[]>([]);
  const [values, setValues] = useState<QueryValues>({});
  const [sort, setSort] = useState(config.sorter);
  const [paging, setPaging] = useState<Paging>({ pageNo: 1, pageSize: 10 });
  const [rows, setRows] = useState<ReportRow[]>([]);
  const [total, setTotal] = useState(0);
  const [totalExact, setTotalExact] = useState(true);
  const [loading, setLoading] = useState(true);
  const [selected, setSelected] = useState<{ keys: string[]; rows: Map<string, ReportRow> }>({ keys: [], rows: new Map() });
  const live = useRef(true);
  const latest = useRef(0);

  const load = useCallback(
    async (configId: string, request: { items: readonly ReportQueryItem[]; values: QueryValues; sort: PopupConfig['sorter']; paging: Paging }) => {
      const ticket = ++latest.current;
      setLoading(true);
      setPaging(request.paging);
      const answer = await loadReportData(
        host,
        configId,
        dataParams({ param, items: request.items, values: request.values, sort: request.sort, ...request.paging }),
        groupId,
      ).catch(() => undefined);
      // A later search or page answers instead; a closed dialog takes nothing.
      if (!live.current || ticket !== latest.current) return;
      setLoading(false);
      if (answer?.success && answer.result) {
        setRows(answer.result.records ?? []);
        setTotal(Number(answer.result.total) || 0);
        setTotalExact(answer.result.totalExact !== false);
        return;
      }
      setRows([]);
      setTotal(0);
      setTotalExact(true);
      if (answer) host.notify.warning(answer.message || POPUP_TEXTS.loadFailed);
    },
    [host, param, groupId],
  );

  // Columns → query info → page 1, each call after the one before answered.
  useEffect(() => {
    live.current = true;
    void (async () => {
      const columns = await loadReportColumns(host, config.code, groupId).catch(() => undefined);
      if (!live.current) return;
      if (!columns?.success) {
        if (columns) host.notify.warning(columns.message || POPUP_TEXTS.loadFailed);
        onClose();
        return;
      }
      setReport(columns.result);
      const info = await loadReportQueryInfo(host, columns.result.cgRpConfigId, groupId).catch(() => undefined);
      if (!live.current) return;
      if (!info?.success) {
        setLoading(false);
        if (info) host.notify.warning(info.message || POPUP_TEXTS.loadFailed);
        return;
      }
      const queryItems = info.result ?? [];
      const start = initialValues(queryItems, param);
      setItems(queryItems);
      setValues(start);
      await load(columns.result.cgRpConfigId, { items: queryItems, values: start, sort: config.sorter, paging: { pageNo: 1, pageSize: 10 } });
    })();
    return () => {
      live.current = false;
    };
    // Runs once per opening: the dialog is mounted while open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const configId = report?.cgRpConfigId;
  const reload = (next: { values?: QueryValues; sort?: PopupConfig['sorter']; paging?: Paging }) => {
    if (!configId) return;
    void load(configId, { items, values: next.values ?? values, sort: 'sort' in next ? next.sort : sort, paging: next.paging ?? paging });
  };

  const select = (keys: string[], picked: readonly (ReportRow | undefined)[]) => {
    setSelected((current) => {
      const known = new Map(current.rows);
      for (const row of picked) if (row) known.set(rowKeyOf(row), row);
      // Single mode keeps only the latest pick.
      const kept = config.multi ? keys : keys.slice(-1);
      return { keys: kept, rows: new Map(kept.map((k) => [k, known.get(k) as ReportRow])) };
    });
  };
  const toggle = (row: ReportRow) => {
    const key = rowKeyOf(row);
    if (selected.keys.includes(key)) select(selected.keys.filter((k) => k !== key), []);
    else select(config.multi ? [...selected.keys, key] : [key], [row]);
  };

  const confirm = () => {
    const picked = selected.keys.map((k) => selected.rows.get(k)).filter((row): row is ReportRow => row !== undefined);
    if (picked.length === 0 || (!config.multi && picked.length > 1)) {
      host.notify.warning(POPUP_TEXTS.pickOne);
      return;
    }
    onOk(picked);
  };

  const columns = reportTableColumns(report, sort);

  return (
    <Modal
      open
      title={report?.cgRpConfigName ?? ''}
      width={config.width}
      okText={POPUP_TEXTS.ok}
      cancelText={POPUP_TEXTS.close}
      onOk={confirm}
      onCancel={onClose}
      destroyOnHidden
    >
      <PopupQueryBar
        items={items}
        dictOptions={report?.dictOptions ?? {}}
        values={values}
        onChange={setValues}
        onSearch={() => reload({ paging: { ...paging, pageNo: 1 } })}
        onReset={() => {
          const cleared = Object.fromEntries(Object.keys(values).map((k) => [k, '']));
          setValues(cleared);
          reload({ values: cleared, paging: { ...paging, pageNo: 1 } });
        }}
      />
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={
          <span>
            {selectedCount(selected.keys.length)}
            <Typography.Link style={{ marginLeft: 24 }} onClick={() => setSelected({ keys: [], rows: new Map() })}>
              {POPUP_TEXTS.clear}
            </Typography.Link>
          </span>
        }
      />
      <Table<ReportRow>
        size="middle"
        bordered
        rowKey={rowKeyOf}
        columns={columns}
        dataSource={rows}
        loading={loading}
        scroll={{ x: true }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={POPUP_TEXTS.noData} /> }}
        rowSelection={{
          type: config.multi ? 'checkbox' : 'radio',
          fixed: true,
          preserveSelectedRowKeys: true,
          selectedRowKeys: selected.keys,
          onChange: (keys, picked) => select(keys.map(String), picked),
        }}
        onRow={(row) => ({
          onClick: (event) => {
            // The check box itself already toggled the row.
            if ((event.target as HTMLElement).closest('.ant-table-selection-column')) return;
            toggle(row);
          },
        })}
        pagination={{
          current: paging.pageNo,
          pageSize: paging.pageSize,
          total,
          showQuickJumper: true,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS,
          showTotal: (all: number, range: [number, number]) => totalText(all, range, totalExact),
        }}
        onChange={(pager, _filters, sorter) => {
          const one = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<ReportRow> | undefined;
          const field = one?.field;
          const nextSort = one?.order && typeof field === 'string' ? { column: field, order: one.order === 'ascend' ? ('asc' as const) : ('desc' as const) } : undefined;
          setSort(nextSort);
          reload({ sort: nextSort, paging: { pageNo: pager.current ?? 1, pageSize: pager.pageSize ?? paging.pageSize } });
        }}
      />
    </Modal>
  );
}
