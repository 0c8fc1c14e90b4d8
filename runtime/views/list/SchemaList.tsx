/**
 * The antd list page of a compiled page, thin over the headless list controller: query bar,
 * toolbar, selection note, table with sort and paging. Everything that changes data or talks to
 * the server is the controller's (or the host's); this file only lays it out.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { InfoCircleOutlined } from '@ant-design/icons';
import { Alert, Empty, Table, Typography } from 'antd';
import type { TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useDictionaries } from '../../dict/useDictionaries';
import type { DictService } from '../../dict/dictService';
import type { RowAction, ToolbarAction } from '../../generated/page';
import type { Host, RequestParams } from '../../host/types';
import { useListController, type ListLocation } from '../../list/useListController';
import { NARROW_SCROLL_X, PAGE_SIZE_OPTIONS } from '../../list/constants';
import { totalText } from '../../list/paging';
import type { RowKey } from '../../list/types';
import type { CompiledCustomRowAction, CompiledPage, CompiledRowAction } from '../../schema/compiledPage';
import { useDictService } from '../../dict/dictContext';
import { listColumns, type Row } from './listColumns';
import { listConfigOf, listDictCodes, pageUrls } from './listConfig';
import { ListToolbar } from './ListToolbar';
import { RecycleBinModal } from './RecycleBinModal';
import { RowActionFormModal } from './RowActionFormModal';
import { customParams } from './rowActions';
import { QueryBar } from './QueryBar';
import { downloadTemplate } from './templateDownload';
import { useNarrowScreen } from './useNarrowScreen';
import { useTreeRows } from './treeRows';
import { SuperQuery } from './superQuery/SuperQuery';
import { superQueryFields } from '../../superQuery/fields';

export interface SchemaListProps {
  page: CompiledPage;
  host: Host;
  /** Default: the provided dictionary service (see ../dictContext). */
  dict?: DictService;
  /** The URL's search string and setter; without it the query lives in memory. */
  location?: ListLocation;
  /** 新增; without a handler the button is not offered. */
  onAdd?(): void;
  onEdit?(record: Row): void;
  onDetail?(record: Row): void;
  onImport?(): void;
  /** A change reloads the rows (after a save or an import). */
  reloadToken?: number;
  /** Code the saved advanced queries are kept under; default '<module>/<entity>'. */
  saveCode?: string;
  /**
   * Parameters every list request and export carries besides the list's own query (the page
   * header's search and tab); a change reloads from the first page.
   */
  baseParams?: RequestParams;
}

export const EMPTY_TEXT = '暂无数据';

/**
 * Horizontal scroll of the table. Under 500 px the spec's 800 px (app-shell §9). Otherwise the table
 * is as wide as its columns need ('max-content': every column keeps at least its width, cut texts
 * stop at the ellipsis length) and never narrower than the page: a wide list scrolls instead of
 * squeezing its columns to a character or two per line.
 */
export function tableScroll(narrow: boolean): { x: number | 'max-content' } {
  return { x: narrow ? NARROW_SCROLL_X : 'max-content' };
}

function firstSorter(sorter: SorterResult<Row> | SorterResult<Row>[]): SorterResult<Row> {
  return Array.isArray(sorter) ? (sorter[0] ?? {}) : sorter;
}

export function SchemaList(props: SchemaListProps) {
  const { page, host, location, onAdd, onEdit, onDetail, onImport, reloadToken } = props;
  const provided = useDictService(host);
  const dict = props.dict ?? provided;
  const codes = useMemo(() => listDictCodes(page), [page]);
  useDictionaries(dict, codes);
  const baseKey = JSON.stringify(props.baseParams ?? {});
  const config = useMemo(
    () => listConfigOf(page, () => dict.prefetch(codes), JSON.parse(baseKey) as RequestParams),
    [page, dict, codes, baseKey],
  );
  const list = useListController<Row>({ host, config, location });
  const narrow = useNarrowScreen();
  const urls = useMemo(() => pageUrls(page), [page]);
  const superFields = useMemo(() => superQueryFields(page), [page]);
  // Spec §9 keys saved queries by the list's code, else its path: every schema page has a code.
  const saveCode = props.saveCode ?? `${page.entity.module}/${page.entity.name}`;

  // New header filters: other rows, so back to the first page (the controller already has the new config).
  const firstBase = useRef(baseKey);
  useEffect(() => {
    if (baseKey === firstBase.current) return;
    firstBase.current = baseKey;
    void list.controller.applyQuery({ ...list.controller.getState().query, page: 1 });
  }, [baseKey, list.controller]);

  const firstToken = useRef(reloadToken);
  useEffect(() => {
    if (reloadToken === firstToken.current) return;
    firstToken.current = reloadToken;
    void list.controller.load();
  }, [reloadToken, list.controller]);

  const [binOpen, setBinOpen] = useState(false);
  const [asking, setAsking] = useState<{ action: CompiledCustomRowAction; record: Row } | undefined>();

  const handlers: Partial<Record<ToolbarAction, () => void>> = {
    add: onAdd,
    ...(page.entity.recycleBin ? { recycleBin: () => setBinOpen(true) } : {}),
    batchDelete: () => void list.batchDelete(),
    export: () => void list.exportXls(page.entity.title),
    import: onImport,
    templateDownload: () => void downloadTemplate(host, urls.template, page.entity.title),
  };
  const toolbar = page.list.toolbar.filter((action) => handlers[action.action] !== undefined);

  const rowHandlers: Partial<Record<RowAction, (record: Row) => void>> = {
    edit: onEdit,
    detail: onDetail,
    delete: (record) => {
      const id = record.id;
      if (typeof id === 'string' || typeof id === 'number') void list.deleteRow(id);
    },
  };
  // Custom actions call their endpoint through the controller; built-in ones need the page's handler.
  const rowActions = page.list.rowActions.filter((action) => action.action === 'custom' || rowHandlers[action.action] !== undefined);
  const callCustom = (action: CompiledCustomRowAction, record: Row, values: Readonly<Record<string, string>> = {}): Promise<boolean> => {
    const id = record.id;
    if (typeof id !== 'string' && typeof id !== 'number') return Promise.resolve(false);
    return list.callRow({ ...action, extra: { ...customParams(action, record), ...values } }, id);
  };
  const onRowAction = (action: CompiledRowAction, record: Row) => {
    if (action.action !== 'custom') return rowHandlers[action.action]?.(record);
    // An action with a small form asks it first; its 确定 makes the call.
    if (action.form.length > 0) setAsking({ action, record });
    else void callCustom(action, record);
  };

  const { query, total, rows, loading, selectedRowKeys } = list;
  const tree = useTreeRows(page, host, rows as Row[]);
  const columns = listColumns({
    page: { ...page, list: { ...page.list, rowActions } },
    host,
    dict,
    sort: query.sort,
    offset: (query.page - 1) * query.pageSize,
    rows: rows as Row[],
    onRowAction,
  });

  const pagination: TablePaginationConfig = {
    current: query.page,
    pageSize: query.pageSize,
    total,
    showQuickJumper: true,
    showSizeChanger: true,
    pageSizeOptions: (page.list.pageSizeOptions ?? PAGE_SIZE_OPTIONS).map(String),
    showTotal: totalText,
  };

  return (
    <div className="schema-list">
      <QueryBar items={page.list.query} values={query.values} dict={dict} onSearch={(v) => void list.search(v)} onReset={() => void list.reset()} />
      <ListToolbar
        actions={toolbar}
        host={host}
        onAction={(action) => handlers[action]?.()}
        extra={
          superFields.length > 0 && (
            <SuperQuery
              code={saveCode}
              fields={superFields}
              active={query.superQuery}
              host={host}
              dict={dict}
              onChange={(conditions, matchType) => void list.setSuperQuery(conditions, matchType)}
            />
          )
        }
      />
      {page.list.rowSelection && (
        <Alert
          type="info"
          showIcon
          icon={<InfoCircleOutlined />}
          style={{ marginBottom: 12 }}
          message={
            <span>
              已选择 <Typography.Link strong>{selectedRowKeys.length}</Typography.Link> 项
              <Typography.Link style={{ marginLeft: 24 }} onClick={() => list.clearSelection()}>
                清空
              </Typography.Link>
            </span>
          }
        />
      )}
      <Table<Row>
        rowKey={(record) => String(record.id ?? '')}
        size="middle"
        bordered
        columns={columns}
        dataSource={tree.dataSource}
        expandable={tree.onExpand ? { onExpand: tree.onExpand, indentSize: 20 } : undefined}
        loading={loading}
        pagination={pagination}
        scroll={tableScroll(narrow)}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} /> }}
        rowSelection={
          page.list.rowSelection
            ? {
                selectedRowKeys: selectedRowKeys as RowKey[],
                onChange: (keys, selected) => list.select(keys as RowKey[], selected),
              }
            : undefined
        }
        onChange={(pager, _filters, sorter, extra) => {
          const chosen = firstSorter(sorter);
          void list.changeTable(
            { page: pager.current ?? 1, pageSize: pager.pageSize ?? query.pageSize },
            extra.action === 'sort'
              ? { field: typeof chosen.columnKey === 'string' ? chosen.columnKey : undefined, order: chosen.order ?? null }
              : undefined,
          );
        }}
      />
      {binOpen && <RecycleBinModal page={page} host={host} dict={dict} onClose={() => setBinOpen(false)} onChanged={() => void list.controller.load()} />}
      {asking && (
        <RowActionFormModal
          page={page}
          host={host}
          action={asking.action}
          onSubmit={(values) => callCustom(asking.action, asking.record, values)}
          onClose={() => setAsking(undefined)}
        />
      )}
    </div>
  );
}
