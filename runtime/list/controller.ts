/**
 * The headless list controller: JeecgListMixin's behaviour as a small store (state + actions +
 * subscribe) with no UI dependency. Every side effect goes through the host; the antd view and
 * `useListController` sit on top.
 */
import { reportFailure } from '../host/failure';
import type { Envelope, Host, RequestParams } from '../host/types';
import { createClickThrottle } from '../validation/clickThrottle';
import { CLICK_THROTTLE_MS, DEFAULT_EXPORT_FILE_NAME, DEFAULT_ROW_KEY, MESSAGES } from './constants';
import { checkDownloadedFile } from './exportFile';
import { lastPage, recalculatePage } from './paging';
import { batchDeleteIds, buildExportParams, buildListParams, rowKeyOf } from './params';
import { takeArrivedList, takePrefetchedList } from './prefetch';
import { LIST_PARAMS } from '../contract/listQuery';
import type {
  ListConfig,
  ListQuery,
  PageResult,
  QueryValues,
  RowKey,
  SortState,
  SuperQueryCondition,
  SuperQueryMatchType,
} from './types';
import { defaultQuery, defaultSortOf, normalizeQuery } from './url';
import { normalizeValues } from './wrap';

export type ListHost = Pick<Host, 'request' | 'notify' | 'confirm' | 'saveFile'>;

export interface ListState<Row> {
  query: ListQuery;
  rows: readonly Row[];
  total: number;
  /** False when the server stopped counting (more than LIST_COUNT_LIMIT rows): the pager says 超过. */
  totalExact: boolean;
  /** A list request, delete or batch delete is under way. */
  loading: boolean;
  /** The first answer has arrived. */
  loaded: boolean;
  selectedRowKeys: readonly RowKey[];
  selectedRows: readonly Row[];
}

/** What antd's Table onChange hands over, reduced to what the list needs. */
export interface TablePagination {
  page: number;
  pageSize: number;
}

export interface TableSorter {
  field?: string | readonly (string | number)[];
  order?: 'ascend' | 'descend' | null;
}

export interface ListActions<Row> {
  /** Loads the rows of the current query. */
  load(): Promise<void>;
  /** 查询: new form values, back to page 1, selection cleared. */
  search(values: QueryValues): Promise<void>;
  /** 重置: form values cleared (the advanced query stays), page 1, selection cleared. */
  reset(): Promise<void>;
  /** Paging, page size or sort changed in the table. */
  changeTable(pagination: TablePagination, sorter?: TableSorter): Promise<void>;
  /** The advanced query builder's result; null or no usable condition switches it off. Page 1. */
  setSuperQuery(conditions: readonly SuperQueryCondition[] | null, matchType?: SuperQueryMatchType): Promise<void>;
  /** A whole query from outside (the URL); normalized, then loaded. */
  applyQuery(query: ListQuery): Promise<void>;
  select(keys: readonly RowKey[], rows?: readonly Row[]): void;
  clearSelection(): void;
  /** Asks, then DELETE url.delete {id}. Resolves true when the row was deleted. */
  deleteRow(id: RowKey): Promise<boolean>;
  /** Asks, then DELETE url.deleteBatch {ids: 'a,b,'}. Resolves true when rows were deleted. */
  batchDelete(): Promise<boolean>;
  /**
   * A row's own endpoint (a custom row action, e.g. 定时任务 停止): asks `call.confirm` when given,
   * sends the row's id, tells the answer's message and reloads the rows. Resolves true on success.
   */
  callRow(call: RowCall, id: RowKey): Promise<boolean>;
  /** Exports the filtered rows, or only the selection when rows are selected. Resolves true when saved. */
  exportXls(fileName?: string): Promise<boolean>;
}

/** An endpoint called for one row: GET url?id=…, or POST/PUT url {id}. */
export interface RowCall {
  url: string;
  method: 'get' | 'post' | 'put';
  /** Question asked first (确认提示); absent = none. */
  confirm?: string;
  /** Name of the id parameter (default 'id'; JeecgBoot's frozenBatch takes ids). */
  idParam?: string;
  /** Further parameters sent with the id (constants, row values, a small form's values). */
  extra?: Readonly<Record<string, string>>;
}

export interface ListController<Row> extends ListActions<Row> {
  getState(): ListState<Row>;
  subscribe(listener: () => void): () => void;
  getConfig(): ListConfig;
  /** New config or host (a re-rendered page); the state stays. */
  update(next: { config?: ListConfig; host?: ListHost }): void;
  /** Drops answers still on their way (unmount); the controller stays usable. */
  dispose(): void;
}

export interface ListControllerOptions {
  /** The query to start from (e.g. read from the URL); normalized. */
  initialQuery?: ListQuery;
  /** Clock seam for the click throttle. */
  now?: () => number;
  /**
   * Start with the rows of this list's first request when it was sent ahead (./prefetch.ts) and
   * its answer has arrived already: the first render shows them, no empty table and no spinner.
   * Default true; a list that does not load by itself says false.
   */
  startWithArrived?: boolean;
}

interface ReadPage<Row> {
  rows: Row[];
  total: number;
  totalExact: boolean;
  nextCursor?: string;
}

/** The rows and total of a list answer: `records` + `total`, or a bare array (non-paged endpoints). */
function readPage<Row>(result: PageResult<Row> | Row[] | null | undefined): ReadPage<Row> {
  if (Array.isArray(result)) return { rows: result, total: result.length, totalExact: true };
  const rows = Array.isArray(result?.records) ? result.records : [];
  const total = typeof result?.total === 'number' && result.total > 0 ? result.total : 0;
  const nextCursor = typeof result?.nextCursor === 'string' && result.nextCursor !== '' ? result.nextCursor : undefined;
  return { rows, total, totalExact: result?.totalExact !== false, ...(nextCursor ? { nextCursor } : {}) };
}

/** The request parameters of a list request, as one comparable text. */
const paramsKey = (url: string, params: RequestParams) => JSON.stringify([url, params]);

/** antd's sorter → the list's sort; a sort switched off falls back to the default. */
function sortFrom(sorter: TableSorter | undefined, current: SortState, fallback: SortState): SortState {
  if (!sorter || sorter.field === undefined || sorter.field === null) return current;
  const column = Array.isArray(sorter.field) ? sorter.field.join('.') : String(sorter.field);
  if (sorter.order === 'ascend') return { column, order: 'asc' };
  if (sorter.order === 'descend') return { column, order: 'desc' };
  return fallback;
}

/**
 * The rows of the list's first request when its answer arrived before the list was created (and
 * the dictionaries its cells need are in memory); nothing otherwise — the list then loads as always.
 * A page past the end is left to load(), which moves to the last page.
 */
function arrivedPage<Row>(host: ListHost, config: ListConfig, query: ListQuery): ArrivedPage<Row> | undefined {
  const url = config.url.list;
  if (!url) return undefined;
  if (config.prefetch && !config.prefetched?.()) return undefined;
  const params = buildListParams(query, config);
  const arrived = takeArrivedList<PageResult<Row> | Row[]>(host.request, url, params, (answer) => {
    const { rows, total } = readPage(answer.result);
    return !(rows.length === 0 && total > 0 && query.page > lastPage(total, query.pageSize));
  });
  if (!arrived) return undefined;
  const { rows, total, totalExact, nextCursor } = readPage(arrived.result);
  return { state: { rows, total, totalExact, loaded: true }, continuation: continuationOf(url, params, query, nextCursor) };
}

interface ArrivedPage<Row> {
  state: Partial<ListState<Row>>;
  continuation: Continuation | undefined;
}

/** A `nextCursor`, good for exactly the request of the page after the one it came with. */
interface Continuation {
  key: string;
  cursor: string;
}

function continuationOf(url: string, params: RequestParams, query: ListQuery, nextCursor: string | undefined): Continuation | undefined {
  if (!nextCursor) return undefined;
  const next: RequestParams = { ...params, [LIST_PARAMS.pageNo]: query.page + 1 };
  delete next[LIST_PARAMS.cursor];
  return { key: paramsKey(url, next), cursor: nextCursor };
}

export function createListController<Row>(
  initialHost: ListHost,
  initialConfig: ListConfig,
  options: ListControllerOptions = {},
): ListController<Row> {
  let host = initialHost;
  let config = initialConfig;
  const throttle = createClickThrottle(CLICK_THROTTLE_MS, options.now);
  const listeners = new Set<() => void>();
  /** Only the answer to the latest list request is shown (a slow earlier one is dropped). */
  let requestSeq = 0;
  let listLoading = false;
  let busy = 0;

  const initialQuery = normalizeQuery(options.initialQuery ?? defaultQuery(config), config);
  const arrived = options.startWithArrived === false ? undefined : arrivedPage<Row>(host, config, initialQuery);
  let state: ListState<Row> = {
    query: initialQuery,
    rows: [],
    total: 0,
    totalExact: true,
    loading: false,
    loaded: false,
    selectedRowKeys: [],
    selectedRows: [],
    ...arrived?.state,
  };

  function setState(patch: Partial<ListState<Row>>): void {
    state = { ...state, ...patch, loading: listLoading || busy > 0 };
    listeners.forEach((listener) => listener());
  }

  function refreshLoading(): void {
    if (state.loading !== (listLoading || busy > 0)) setState({});
  }

  function rowKey(): string {
    return config.rowKey ?? DEFAULT_ROW_KEY;
  }

  function tooFast(action: string): boolean {
    const verdict = throttle(action);
    if (verdict.allowed) return false;
    host.notify.warning(verdict.message);
    return true;
  }

  function serverMessage(res: Envelope<unknown>): string {
    return res.message || '操作失败';
  }

  /** The list request on its way: a second call asking the very same waits for its answer. */
  let pending: { key: string; done: Promise<void> } | undefined;
  /**
   * The last answer's `nextCursor`, good for exactly the request of the page after it (same filter,
   * sort and size): going from page N to N+1 sends it, so the server reads N+1 without OFFSET.
   */
  let continuation: Continuation | undefined = arrived?.continuation;

  function load(): Promise<void> {
    const url = config.url.list;
    if (!url) {
      host.notify.error(MESSAGES.missingListUrl);
      return Promise.resolve();
    }
    const params = buildListParams(state.query, config);
    const key = paramsKey(url, params);
    if (continuation?.key === key) params[LIST_PARAMS.cursor] = continuation.cursor;
    // Two reactions to one change (a header tab written to the URL, then its new filter) ask the
    // same twice: one request serves both.
    if (listLoading && pending?.key === key) return pending.done;
    const done = fetchPage(url, params);
    pending = { key, done };
    return done;
  }

  async function fetchPage(url: string, params: RequestParams): Promise<void> {
    const seq = ++requestSeq;
    const query = state.query;
    listLoading = true;
    refreshLoading();
    const prefetch = config.prefetch ? config.prefetch().catch(() => undefined) : Promise.resolve();
    try {
      // The page's route may have sent this very request already (./prefetch.ts): take its answer.
      const answer = takePrefetchedList<PageResult<Row> | Row[]>(host.request, url, params) ?? host.request.get<PageResult<Row> | Row[]>(url, params);
      const [res] = await Promise.all([answer, prefetch]);
      if (seq !== requestSeq) return;
      if (!res.success) {
        host.notify.warning(serverMessage(res));
        return;
      }
      const { rows, total, totalExact, nextCursor } = readPage(res.result);
      continuation = continuationOf(url, params, query, nextCursor);
      const last = lastPage(total, query.pageSize);
      if (rows.length === 0 && total > 0 && query.page > last) {
        // A bookmarked page past the end (rows deleted since): show the last page instead.
        state = { ...state, query: { ...query, page: last } };
        await load();
        return;
      }
      setState({ rows, total, totalExact, loaded: true });
    } catch (error) {
      if (seq === requestSeq) reportFailure(host.notify, error);
    } finally {
      if (seq === requestSeq) {
        listLoading = false;
        refreshLoading();
      }
    }
  }

  function setQuery(query: ListQuery, patch: Partial<ListState<Row>> = {}): void {
    setState({ ...patch, query: normalizeQuery(query, config) });
  }

  const cleared = { selectedRowKeys: [] as readonly RowKey[], selectedRows: [] as readonly Row[] };

  async function search(values: QueryValues): Promise<void> {
    if (tooFast('search')) return;
    setQuery({ ...state.query, values: normalizeValues(values, config.queryFields), page: 1 }, cleared);
    await load();
  }

  async function reset(): Promise<void> {
    if (tooFast('reset')) return;
    setQuery({ ...state.query, values: {}, page: 1 }, cleared);
    await load();
  }

  async function changeTable(pagination: TablePagination, sorter?: TableSorter): Promise<void> {
    const sort = sortFrom(sorter, state.query.sort, defaultSortOf(config));
    setQuery({ ...state.query, page: pagination.page, pageSize: pagination.pageSize, sort });
    await load();
  }

  async function setSuperQuery(
    conditions: readonly SuperQueryCondition[] | null,
    matchType: SuperQueryMatchType = 'and',
  ): Promise<void> {
    setQuery({ ...state.query, superQuery: conditions ? { conditions, matchType } : null, page: 1 });
    await load();
  }

  async function applyQuery(query: ListQuery): Promise<void> {
    setQuery(query);
    await load();
  }

  function select(keys: readonly RowKey[], rows?: readonly Row[]): void {
    const chosen = rows ?? state.rows.filter((row) => {
      const key = rowKeyOf(row, rowKey());
      return key !== undefined && keys.includes(key);
    });
    setState({ selectedRowKeys: [...keys], selectedRows: [...chosen] });
  }

  function clearSelection(): void {
    setState(cleared);
  }

  /**
   * Runs a call that changes rows: a refusal shows the server's message; success shows it, lets
   * `applied` adjust the state and reloads the page. The list spins meanwhile.
   */
  async function runChange(send: () => Promise<Envelope<unknown>>, applied: () => void = () => undefined): Promise<boolean> {
    busy += 1;
    refreshLoading();
    try {
      const res = await send();
      if (!res.success) {
        host.notify.warning(serverMessage(res));
        return false;
      }
      applied();
      host.notify.success(res.message);
      await load();
      return true;
    } catch (error) {
      reportFailure(host.notify, error);
      return false;
    } finally {
      busy -= 1;
      refreshLoading();
    }
  }

  /** Runs a delete; on success moves off a page that no longer exists, tells the user and reloads. */
  function runDelete(url: string, params: Record<string, string>, removed: readonly RowKey[]): Promise<boolean> {
    return runChange(() => host.request.delete<unknown>(url, params), () => {
      const { page, pageSize } = state.query;
      const keep = (key: RowKey) => !removed.includes(key);
      setState({
        query: { ...state.query, page: recalculatePage(page, pageSize, state.total, removed.length) },
        selectedRowKeys: state.selectedRowKeys.filter(keep),
        selectedRows: state.selectedRows.filter((row) => {
          const key = rowKeyOf(row, rowKey());
          return key === undefined || keep(key);
        }),
      });
    });
  }

  async function deleteRow(id: RowKey): Promise<boolean> {
    if (!config.url.delete) {
      host.notify.error(MESSAGES.missingDeleteUrl);
      return false;
    }
    if (tooFast(`delete:${id}`)) return false;
    const confirmed = await host.confirm({
      title: MESSAGES.confirmDeleteTitle,
      content: MESSAGES.confirmDeleteContent,
      danger: true,
    });
    if (!confirmed) return false;
    return runDelete(config.url.delete, { id: String(id) }, [id]);
  }

  async function batchDelete(): Promise<boolean> {
    if (!config.url.deleteBatch) {
      host.notify.error(MESSAGES.missingDeleteBatchUrl);
      return false;
    }
    if (tooFast('batchDelete')) return false;
    const keys = [...state.selectedRowKeys];
    if (keys.length === 0) {
      host.notify.warning(MESSAGES.selectOne);
      return false;
    }
    const confirmed = await host.confirm({
      title: MESSAGES.confirmDeleteTitle,
      content: MESSAGES.confirmBatchDeleteContent,
      danger: true,
    });
    if (!confirmed) return false;
    const deleted = await runDelete(config.url.deleteBatch, { ids: batchDeleteIds(keys) }, keys);
    if (deleted) clearSelection();
    return deleted;
  }

  async function callRow(call: RowCall, id: RowKey): Promise<boolean> {
    if (tooFast(`call:${call.url}:${id}`)) return false;
    if (call.confirm !== undefined) {
      const confirmed = await host.confirm({ title: MESSAGES.confirmTitle, content: call.confirm });
      if (!confirmed) return false;
    }
    const params = { ...call.extra, [call.idParam ?? 'id']: String(id) };
    return runChange(() =>
      call.method === 'get' ? host.request.get<unknown>(call.url, params) : host.request[call.method]<unknown>(call.url, params),
    );
  }

  async function exportXls(fileName?: string): Promise<boolean> {
    if (!config.url.exportXls) {
      host.notify.error(MESSAGES.missingExportUrl);
      return false;
    }
    if (tooFast('export')) return false;
    const name = fileName || config.exportFileName || DEFAULT_EXPORT_FILE_NAME;
    try {
      const file = await host.request.getBlob(
        config.url.exportXls,
        buildExportParams(state.query, config, state.selectedRowKeys),
      );
      const check = await checkDownloadedFile(file);
      if (!check.ok) {
        host.notify.warning(check.message);
        return false;
      }
      host.saveFile(file, name + check.extension);
      return true;
    } catch (error) {
      reportFailure(host.notify, error);
      return false;
    }
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getConfig: () => config,
    update(next) {
      if (next.config) config = next.config;
      if (next.host) host = next.host;
    },
    dispose() {
      requestSeq += 1;
      listLoading = false;
      refreshLoading();
    },
    load,
    search,
    reset,
    changeTable,
    setSuperQuery,
    applyQuery,
    select,
    clearSelection,
    deleteRow,
    batchDelete,
    callRow,
    exportXls,
  };
}
