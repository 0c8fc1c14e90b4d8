/**
 * The online report calls of the popup (widgets spec §7, contract §4.2): columns by code, then query
 * info and data by cgRpConfigId. With a group id, successful answers are kept 30 s in the host storage
 * (JeecgBoot's httpGroupRequest), so popups of one group — the rows of a grid — ask once.
 */
import type { Envelope, Host, RequestParams } from '../../host/types';
import type { ReportParamInfo } from '../../onlineReport/reportPageModel';

export const REPORT_API = '/online/cgreport/api';
export const GROUP_CACHE_MS = 30_000;

export interface ReportColumn {
  title: string;
  dataIndex: string;
  align?: 'left' | 'center' | 'right';
  width?: number;
  sorter?: boolean;
  /** A key into dictOptions: the cell shows dictionary text. */
  customRender?: string;
}

export interface DictOption {
  value: string;
  text: string;
}

export interface ReportColumns {
  columns: ReportColumn[];
  dictOptions: Record<string, DictOption[] | null | undefined>;
  cgRpConfigId: string;
  cgRpConfigName: string;
}

export interface ReportQueryItem {
  field: string;
  label: string;
  mode: 'single' | 'group';
  view?: string;
  dictCode?: string;
  /** '1': only shown when the query bar is expanded. */
  hidden?: string;
}

export type ReportRow = Record<string, unknown>;

export interface ReportData {
  total: number | string;
  records: ReportRow[];
  /** False when the server stopped counting (more than LIST_COUNT_LIMIT rows): `total` is a lower bound. */
  totalExact?: boolean;
  /** Online reports: field → sum over the whole filtered result, for the columns with 合计. */
  totals?: Record<string, number | string | null>;
}


function cacheKey(groupId: string, url: string, params?: RequestParams): string {
  return `popup:${groupId}:${url}${params ? `:${JSON.stringify(params)}` : ''}`;
}

async function cachedGet<T>(host: Host, groupId: string | undefined, url: string, params?: RequestParams): Promise<Envelope<T>> {
  if (!groupId) return host.request.get<T>(url, params);
  const key = cacheKey(groupId, url, params);
  const kept = host.storage.get<Envelope<T>>(key);
  if (kept) return kept;
  const answer = await host.request.get<T>(url, params);
  if (answer.success) host.storage.set(key, answer, GROUP_CACHE_MS);
  return answer;
}

export function loadReportColumns(host: Host, code: string, groupId?: string): Promise<Envelope<ReportColumns>> {
  return cachedGet<ReportColumns>(host, groupId, `${REPORT_API}/getRpColumns/${encodeURIComponent(code)}`);
}

export function loadReportQueryInfo(host: Host, configId: string, groupId?: string): Promise<Envelope<ReportQueryItem[]>> {
  return cachedGet<ReportQueryItem[]>(host, groupId, `${REPORT_API}/getQueryInfo/${encodeURIComponent(configId)}`);
}

export function loadReportData(host: Host, configId: string, params: RequestParams, groupId?: string): Promise<Envelope<ReportData>> {
  return cachedGet<ReportData>(host, groupId, `${REPORT_API}/getData/${encodeURIComponent(configId)}`, params);
}

export function loadReportParamsInfo(host: Host, configId: string): Promise<Envelope<ReportParamInfo[]>> {
  return host.request.get<ReportParamInfo[]>(`${REPORT_API}/getParamsInfo/${encodeURIComponent(configId)}`);
}

/** The whole filtered result as .xlsx (the same parameters as getData, without the page). */
export function exportReportXls(host: Host, configId: string, params: RequestParams): Promise<Blob> {
  return host.request.getBlob(`${REPORT_API}/exportXls/${encodeURIComponent(configId)}`, params);
}
