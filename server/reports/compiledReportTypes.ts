import type { CompiledField, CompiledPage } from '../../runtime/schema/compiledPageTypes';

/**
 * A report document with every field reference resolved against its page: what the report routes
 * serve. Every column name it leads to comes from the page document, never from a request.
 */
export interface CompiledReportColumn {
  field: CompiledField;
  title: string;
  width?: number;
}

export interface CompiledReportQueryItem {
  field: CompiledField;
  mode: 'single' | 'group';
  label: string;
  /** Shown only when the popup's query bar is expanded. */
  hidden: boolean;
}

export interface CompiledReportParam {
  /** Sent by the popup as `self_<name>`. */
  name: string;
  field: CompiledField;
}

export interface CompiledReport {
  /** The file it came from, e.g. schemas/reports/expert_report.json. */
  source: string;
  code: string;
  /** cgRpConfigId of the contract: the code itself (there is no report table to give another id). */
  id: string;
  name: string;
  page: CompiledPage;
  columns: readonly CompiledReportColumn[];
  query: readonly CompiledReportQueryItem[];
  params: readonly CompiledReportParam[];
  defaultSort: { field: CompiledField; order: 'asc' | 'desc' };
}
