import type { CompiledField, CompiledPage } from '../../runtime/schema/compiledPageTypes';
import { pointer, type SchemaError } from '../../runtime/schema/schemaError';
import type { ReportDocument } from '../generated/report';
import type { CompiledReport, CompiledReportColumn, CompiledReportParam, CompiledReportQueryItem } from './compiledReportTypes';
import { validateReportDocument } from './reportMetaValidator';

export type CompileReportResult = { ok: true; report: CompiledReport } | { ok: false; errors: SchemaError[] };

/** '<module>/<entity>' of a page, as a report names it. */
export function pageRef(page: CompiledPage): string {
  return `${page.entity.module}/${page.entity.name}`;
}

/**
 * Validates a report document and resolves it against the pages the server serves: the page must
 * exist and every field it names must be a field of that page. Errors name file and pointer.
 */
export function compileReport(doc: unknown, source: string, pages: readonly CompiledPage[]): CompileReportResult {
  const metaErrors = validateReportDocument(doc, source);
  if (metaErrors.length > 0) return { ok: false, errors: metaErrors };
  const report = doc as ReportDocument;
  const errors: SchemaError[] = [];
  const page = pages.find((p) => pageRef(p) === report.page);
  if (!page) {
    return { ok: false, errors: [{ source, pointer: '/page', message: `报表引用的页面 ${report.page} 不存在（应为 schemas/pages/${report.page}.json）` }] };
  }
  const fieldAt = (name: string, at: string): CompiledField | undefined => {
    const field = page.fieldByName.get(name);
    if (!field) errors.push({ source, pointer: at, message: `页面 ${report.page} 没有字段 ${name}` });
    return field;
  };
  const unique = (names: readonly string[], at: (i: number) => string, what: string) => {
    names.forEach((name, i) => {
      if (names.indexOf(name) !== i) errors.push({ source, pointer: at(i), message: `${what}字段 ${name} 重复` });
    });
  };

  const columns: CompiledReportColumn[] = [];
  report.columns.forEach((column, i) => {
    const field = fieldAt(column.field, pointer('columns', i, 'field'));
    if (field) columns.push({ field, title: column.title ?? field.label, ...(column.width !== undefined ? { width: column.width } : {}) });
  });
  unique(report.columns.map((c) => c.field), (i) => pointer('columns', i, 'field'), '列');

  const query: CompiledReportQueryItem[] = [];
  (report.query ?? []).forEach((item, i) => {
    const field = fieldAt(item.field, pointer('query', i, 'field'));
    if (field) query.push({ field, mode: item.mode ?? 'single', label: item.label ?? field.label, hidden: item.hidden === true });
  });
  unique((report.query ?? []).map((q) => q.field), (i) => pointer('query', i, 'field'), '查询条件');

  const params: CompiledReportParam[] = [];
  for (const [name, fieldName] of Object.entries(report.params ?? {})) {
    const field = fieldName === undefined ? undefined : fieldAt(fieldName, pointer('params', name));
    if (field) params.push({ name, field });
  }

  let defaultSort: CompiledReport['defaultSort'] = { field: page.list.defaultSort.field, order: page.list.defaultSort.order };
  if (report.defaultSort) {
    const field = fieldAt(report.defaultSort.field, pointer('defaultSort', 'field'));
    if (field) defaultSort = { field, order: report.defaultSort.order };
  }

  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    report: { source, code: report.code, id: report.code, name: report.name, page, columns, query, params, defaultSort },
  };
}
