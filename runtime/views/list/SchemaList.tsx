/**
 * The antd list page of a compiled page, thin over the headless list controller: query bar,
 * toolbar, selection note, table with sort and paging. Everything that changes data or talks to
 * the server is the controller's (or the host's); this file only lays it out.
 */
import type { ListTotal, QueryValues } from '../../list/types';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { InfoCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Table, Typography, theme } from 'antd';
import type { CSSProperties } from 'react';
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
import type { CompiledAddRowAction, CompiledCustomRowAction, CompiledDrawerRowAction, CompiledPage, CompiledRowAction, CompiledViewRowAction } from '../../schema/compiledPageTypes';
import { opensDialog } from '../rowAction/rowActionPage';
import { rowActionParams } from './rowActions';
import { SELECT_FIRST, batchTransitionActions, selectionRow } from './workflowActions';
import { useDictService } from '../../dict/dictContext';
import { listColumns, type Row } from './listColumns';
import { listConfigOf, listDictCodes, pageUrls } from './listConfig';
import { ListToolbar } from './ListToolbar';
import { UploadButtons } from './UploadButtons';
import { CompareButton } from './CompareButton';
import { QueryBar } from './QueryBar';
import { downloadTemplate } from './templateDownload';
import { useNarrowScreen } from './useNarrowScreen';
import { useTreeRows } from './treeRows';
import { SuperQuery } from './superQuery/SuperQuery';
import { CardList } from './CardList';
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
  /** An upload button with `opens: add` succeeded: open the add form with these values. */
  onUploadAdd?(values: Record<string, string>): void;
  /** A row action opening a registered view (授权, 用户); without a handler such links are not offered. */
  onRowView?(action: CompiledViewRowAction, record: Row): void;
  onImport?(): void;
  /** A custom row action that opens a form or a table (see ../rowAction); without it such actions are not offered. */
  onRowDialog?(action: CompiledCustomRowAction, record: Row): void;
  /** 回收站 (toolbar recycleBin); without a handler the button is not offered. */
  onRecycleBin?(): void;
  /** A drawer row action (master–detail); without a handler such links are not offered. */
  onRowDrawer?(action: CompiledDrawerRowAction, record: Row): void;
  /** Opens the add form prefilled from the row (添加下级). */
  onRowAdd?(action: CompiledAddRowAction, record: Row): void;
  /** A custom row action with a test box (`input`); without a handler such links are not offered. */
  onRowInput?(action: CompiledCustomRowAction, record: Row): void;
  /** A change reloads the rows (after a save or an import). */
  reloadToken?: number;
  /** Code the saved advanced queries are kept under; default '<module>/<entity>'. */
  saveCode?: string;
  /**
   * Parameters every list request and export carries besides the list's own query (the page
   * header's search and tab); a change reloads from the first page.
   */
  baseParams?: RequestParams;
  /** Told the list's total after each answer (a view's count in the page header). */
  onTotal?(total: ListTotal): void;
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

/** The theme's link colours for the row links (rowActions.css), which are plain elements, not antd's. */
function useRowLinkColours(): CSSProperties {
  const { token } = theme.useToken();
  return useMemo(
    () =>
      ({
        '--schema-list-link': token.colorLink,
        '--schema-list-link-hover': token.colorLinkHover,
        '--schema-list-link-active': token.colorLinkActive,
        '--schema-list-focus': token.colorPrimaryBorder,
        '--schema-list-split': token.colorSplit,
      }) as CSSProperties,
    [token.colorLink, token.colorLinkHover, token.colorLinkActive, token.colorPrimaryBorder, token.colorSplit],
  );
}

function firstSorter(sorter: SorterResult<Row> | SorterResult<Row>[]): SorterResult<Row> {
  return Array.isArray(sorter) ? (sorter[0] ?? {}) : sorter;
}

export function SchemaList(props: SchemaListProps) {
  const { page, host, location, onAdd, onEdit, onDetail, onImport, onRowDialog, onRecycleBin, onRowDrawer, onRowInput, reloadToken } = props;
  const provided = useDictService(host);
  const dict = props.dict ?? provided;
  const codes = useMemo(() => listDictCodes(page), [page]);
  useDictionaries(dict, codes);
  const baseKey = JSON.stringify(props.baseParams ?? {});
  const config = useMemo(
    () => ({
      ...listConfigOf(page, () => dict.prefetch(codes), JSON.parse(baseKey) as RequestParams),
      prefetched: () => codes.every((code) => dict.cachedItems(code) !== undefined),
    }),
    [page, dict, codes, baseKey],
  );
  const list = useListController<Row>({ host, config, location });
  const narrow = useNarrowScreen();
  const linkColours = useRowLinkColours();
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

  const handlers: Partial<Record<ToolbarAction, () => void>> = {
    add: onAdd,
    batchDelete: () => void list.batchDelete(),
    export: () => void list.exportXls(page.entity.title),
    import: onImport,
    templateDownload: () => void downloadTemplate(host, urls.template, page.entity.title),
    // The server and this browser reload every dictionary, then the rows show the new texts.
    refreshCache: () =>
      void dict.refresh().then((refreshed) => {
        if (refreshed) void list.controller.load();
      }),
    recycleBin: onRecycleBin,
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
  // Custom actions call their endpoint through the controller (or open their form, table or test
  // box); views, drawers and built-in ones need the page's handler.
  const offered = (action: CompiledRowAction): boolean => {
    if (action.action === 'drawer') return onRowDrawer !== undefined;
    if (action.action === 'add') return props.onRowAdd !== undefined;
    if (action.action === 'view') return props.onRowView !== undefined;
    if (action.action === 'custom') {
      if (action.input !== undefined) return onRowInput !== undefined;
      return !opensDialog(action) || onRowDialog !== undefined;
    }
    return rowHandlers[action.action] !== undefined;
  };
  const rowActions = page.list.rowActions.filter(offered);
  const onRowAction = (action: CompiledRowAction, record: Row) => {
    if (action.action === 'view') return props.onRowView?.(action, record);
    if (action.action === 'drawer') return onRowDrawer?.(action, record);
    if (action.action === 'add') return props.onRowAdd?.(action, record);
    if (action.action !== 'custom') return rowHandlers[action.action]?.(record);
    if (action.input) return onRowInput?.(action, record);
    if (opensDialog(action)) return onRowDialog?.(action, record);
    const id = record.id;
    if (typeof id === 'string' || typeof id === 'number') void list.callRow({ ...action, extra: rowActionParams(action, record) }, id);
  };

  const { query, total, rows, loading, selectedRowKeys, search, reset } = list;
  // Stable (the controller's methods), so the memoised query bar skips the render the answer causes.
  const onSearch = useCallback((values: QueryValues) => void search(values), [search]);
  const onReset = useCallback(() => void reset(), [reset]);
  // The workflow's batch transitions on the selected rows (a reason or form opens the same dialog as the row link).
  const batchActions = page.list.rowSelection && onRowDialog ? batchTransitionActions(page, (code) => host.hasPermission(code)) : [];
  const onBatch = (action: CompiledCustomRowAction) => {
    const row = selectionRow(selectedRowKeys as RowKey[]);
    if (!row) return host.notify.warning(SELECT_FIRST);
    if (opensDialog(action)) return onRowDialog?.(action, row);
    void list.callRow({ ...action, extra: rowActionParams(action, row) }, String(row.id)).then((done) => done && list.clearSelection());
  };
  // Only a total that answered a request counts: before the first answer the list holds 0.
  // (A list that started with its arrived answer has one from the start.)
  const [asked, setAsked] = useState(list.loaded);
  if (loading && !asked) setAsked(true);
  const onTotal = props.onTotal;
  useEffect(() => {
    if (asked && !loading) onTotal?.({ total, exact: list.totalExact });
  }, [asked, loading, total, list.totalExact, onTotal]);
  const tree = useTreeRows(page, host, rows as Row[]);
  const columns = listColumns({
    page: { ...page, list: { ...page.list, rowActions } },
    host,
    dict,
    sort: query.sort,
    offset: (query.page - 1) * query.pageSize,
    rows: rows as Row[],
    onRowAction,
    // A page with a record page: its first column opens it, as 详情 does.
    ...(page.document.recordPage && onDetail ? { onOpenRecord: onDetail } : {}),
  });

  const pagination: TablePaginationConfig = {
    current: query.page,
    pageSize: query.pageSize,
    total,
    showQuickJumper: true,
    showSizeChanger: true,
    pageSizeOptions: (page.list.pageSizeOptions ?? PAGE_SIZE_OPTIONS).map(String),
    showTotal: (all: number, range: [number, number]) => totalText(all, range, list.totalExact),
  };

  return (
    <div className="schema-list" style={linkColours}>
      <QueryBar items={page.list.query} values={query.values} dict={dict} onSearch={onSearch} onReset={onReset} />
      <ListToolbar
        actions={toolbar}
        host={host}
        onAction={(action) => handlers[action]?.()}
        extra={
          <>
            {batchActions.map((action) => (
              <Button key={action.key} data-testid={action.key} onClick={() => onBatch(action)}>
                {action.title}
              </Button>
            ))}
            <UploadButtons page={page} host={host} onOpenAdd={props.onUploadAdd} onDone={() => void list.controller.load()} />
            {page.list.compare && <CompareButton compare={page.list.compare} host={host} selectedRowKeys={selectedRowKeys} />}
            {/* The advanced query is the generic list's: a page served by a named module answers its own parameters only. */}
            {superFields.length > 0 && page.document.entity.servedBy === undefined && page.document.entity.server === undefined && (
              <SuperQuery
                code={saveCode}
                fields={superFields}
                active={query.superQuery}
                host={host}
                dict={dict}
                onChange={(conditions, matchType) => void list.setSuperQuery(conditions, matchType)}
              />
            )}
          </>
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
      {page.list.display === 'cards' && page.list.card ? (
        // The same controller's rows and paging, as cards (卡片列表).
        <CardList
          page={{ ...page, list: { ...page.list, rowActions } }}
          card={page.list.card}
          host={host}
          dict={dict}
          rows={rows as Row[]}
          loading={loading}
          pagination={{ ...pagination, onChange: (current, pageSize) => void list.changeTable({ page: current, pageSize }) }}
          onRowAction={onRowAction}
        />
      ) : (
        <Table<Row>
          rowKey={(record) => String(record.id ?? '')}
          size="middle"
          bordered
          columns={columns}
          dataSource={tree.dataSource}
          expandable={tree.onExpand ? { onExpand: tree.onExpand, indentSize: 20 } : undefined}
          loading={loading}
          pagination={page.list.wholeTree ? false : pagination}
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
      )}
    </div>
  );
}
