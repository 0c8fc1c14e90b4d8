import fs from 'node:fs';
import path from 'node:path';
import type { CompiledPage } from '../../runtime/schema/compiledPageTypes';
import { loadPageSchema } from '../../runtime/schema/loadPageSchema';
import type { SchemaError } from '../../runtime/schema/schemaError';
import { loadEntityPages, PageLoadError, PAGES_DIR } from '../crud/pages';
import type { CompiledReport } from './compiledReportTypes';
import { loadReports, ReportLoadError, REPORTS_DIR } from './loadReports';

function jsonFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return jsonFiles(full);
      return entry.name.endsWith('.json') ? [full] : [];
    })
    .sort();
}

/** Every page document that loads, examples included (a broken one is reported by the page check). */
function everyPage(pagesDir: string): CompiledPage[] {
  const root = path.resolve(pagesDir, '../..');
  return jsonFiles(pagesDir).flatMap((file) => {
    try {
      const result = loadPageSchema(JSON.parse(fs.readFileSync(file, 'utf8')), path.relative(root, file).split(path.sep).join('/'));
      return result.ok ? [result.page] : [];
    } catch {
      return [];
    }
  });
}

/**
 * Popup fields naming a report that does not exist, a report column it does not have, a parameter
 * the report does not declare (the server would ignore it), or a sort column that is no report column.
 */
export function popupReferenceErrors(pages: readonly CompiledPage[], reports: readonly CompiledReport[]): SchemaError[] {
  const byCode = new Map(reports.map((r) => [r.code, r]));
  const errors: SchemaError[] = [];
  for (const page of pages) {
    for (const field of page.fields) {
      const popup = field.options.popup;
      if (!popup) continue;
      const at = `${field.pointer}/options/popup`;
      const report = byCode.get(popup.code);
      if (!report) {
        errors.push({ source: page.source, pointer: `${at}/code`, message: `popup 引用的报表 ${popup.code} 不存在（应为 schemas/reports/${popup.code}.json）` });
        continue;
      }
      const columns = new Set(['id', ...report.columns.map((c) => c.field.name)]);
      popup.orgFields.forEach((name, i) => {
        if (!columns.has(name)) {
          errors.push({ source: page.source, pointer: `${at}/orgFields/${i}`, message: `报表 ${popup.code} 没有列 ${name}`, expected: [...columns].join('、') });
        }
      });
      const params = report.params.map((p) => p.name);
      for (const name of Object.keys(popup.param ?? {})) {
        if (!params.includes(name)) {
          errors.push({ source: page.source, pointer: `${at}/param/${name}`, message: `报表 ${popup.code} 没有参数 ${name}`, expected: params.join('、') });
        }
      }
      const sortable = report.columns.map((c) => c.field.name);
      const sortColumn = popup.sorter?.split('=')[0];
      if (sortColumn !== undefined && !sortable.includes(sortColumn)) {
        errors.push({ source: page.source, pointer: `${at}/sorter`, message: `报表 ${popup.code} 不能按 ${sortColumn} 排序：它不是报表的列`, expected: sortable.join('、') });
      }
    }
  }
  return errors;
}

/**
 * `npm run schemas:check`'s report part: every report document against the served pages, and every
 * popup field of every page (examples too) against the reports. Page errors themselves are the page
 * check's; a broken page set skips the reports (they could only repeat it).
 */
export function checkReports(pagesDir: string = PAGES_DIR, reportsDir: string = REPORTS_DIR): SchemaError[] {
  let served: CompiledPage[];
  try {
    served = loadEntityPages(pagesDir);
  } catch (err) {
    if (err instanceof PageLoadError) return [];
    throw err;
  }
  let reports: CompiledReport[];
  try {
    reports = loadReports(served, reportsDir);
  } catch (err) {
    if (err instanceof ReportLoadError) return [...err.errors];
    throw err;
  }
  return popupReferenceErrors(everyPage(pagesDir), reports);
}
