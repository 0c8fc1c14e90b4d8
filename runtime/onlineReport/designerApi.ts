/**
 * The 报表配置 designer's calls to the server (issue 17's contract, server/online/report): load a
 * report whole, parse an SQL text, preview an unsaved configuration, save it all or nothing.
 */
import type { Envelope, Host } from '../host/types';
import { previewBody, saveBody, type ParsedSql, type ReportConfig } from './designerModel';

export const DESIGNER_API = '/online/cgreportHead';

/** The codes the server checks for 解析SQL and 预览 (the buttons show to their holders only). */
export const DESIGNER_CODES = { parse: 'onlCgreport:parse', preview: 'onlCgreport:preview' } as const;

export interface QueryAllAnswer {
  head?: Record<string, unknown>;
  items?: Array<Record<string, unknown>>;
  params?: Array<Record<string, unknown>>;
}

export interface PreviewColumn {
  title?: string;
  dataIndex?: string;
  fieldName?: string;
  fieldTxt?: string;
}

export interface PreviewAnswer {
  columns?: PreviewColumn[];
  records?: Array<Record<string, unknown>>;
  total?: number | string;
}

export function loadReportConfig(host: Host, id: string): Promise<Envelope<QueryAllAnswer>> {
  return host.request.get<QueryAllAnswer>(`${DESIGNER_API}/queryAll`, { id });
}

export function parseSql(host: Host, cgrSql: string, dbSource: string): Promise<Envelope<ParsedSql>> {
  return host.request.post<ParsedSql>(`${DESIGNER_API}/parseSql`, { cgrSql, ...(dbSource ? { dbSource } : {}) });
}

export function previewReport(host: Host, config: ReportConfig, values?: Readonly<Record<string, string>>): Promise<Envelope<PreviewAnswer>> {
  return host.request.post<PreviewAnswer>(`${DESIGNER_API}/preview`, previewBody(config, values));
}

/** POST to add (no id yet), PUT to edit. */
export function saveReportConfig(host: Host, config: ReportConfig): Promise<Envelope<unknown>> {
  const url = `${DESIGNER_API}/saveAll`;
  return config.head.id ? host.request.put(url, saveBody(config)) : host.request.post(url, saveBody(config));
}
