import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompiledPage } from '../../runtime/schema/compiledPageTypes';
import { formatSchemaError, type SchemaError } from '../../runtime/schema/schemaError';
import type { CompiledReport } from './compiledReportTypes';
import { compileReport } from './compileReport';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const REPORTS_DIR = path.join(root, 'schemas/reports');

/** Every broken report document, one line each (`file#pointer message`); the server does not start. */
export class ReportLoadError extends Error {
  constructor(readonly errors: readonly SchemaError[]) {
    super(`报表定义有误，服务无法启动：\n${errors.map((e) => `  ${formatSchemaError(e)}`).join('\n')}`);
    this.name = 'ReportLoadError';
  }
}

function reportFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return reportFiles(full);
      return entry.name.endsWith('.json') ? [full] : [];
    })
    .sort();
}

/** Loads one report file against the pages; its source is the path relative to the repository. */
export function loadReportFile(file: string, pages: readonly CompiledPage[]): { report?: CompiledReport; errors: SchemaError[] } {
  const source = path.relative(root, file).split(path.sep).join('/');
  let doc: unknown;
  try {
    doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    return { errors: [{ source, pointer: '', message: `不是合法的 JSON：${err instanceof Error ? err.message : String(err)}` }] };
  }
  const result = compileReport(doc, source, pages);
  if (!result.ok) return { errors: result.errors };
  // A popup names the report by code; the file carries the same name, so it is found by looking.
  if (path.basename(file, '.json') !== result.report.code) {
    return { errors: [{ source, pointer: '/code', message: `报表文件应命名为 ${result.report.code}.json（与 code 一致）` }] };
  }
  return { report: result.report, errors: [] };
}

/**
 * Loads every report under `dir` (default schemas/reports) against the pages the server serves.
 * Any error in any file fails the whole load with all errors listed; two reports may not share a code.
 */
export function loadReports(pages: readonly CompiledPage[], dir: string = REPORTS_DIR): CompiledReport[] {
  const reports: CompiledReport[] = [];
  const errors: SchemaError[] = [];
  const byCode = new Map<string, CompiledReport>();
  for (const file of reportFiles(dir)) {
    const loaded = loadReportFile(file, pages);
    errors.push(...loaded.errors);
    if (!loaded.report) continue;
    const same = byCode.get(loaded.report.code);
    if (same) errors.push({ source: loaded.report.source, pointer: '/code', message: `报表编码 ${loaded.report.code} 与 ${same.source} 重复` });
    byCode.set(loaded.report.code, loaded.report);
    reports.push(loaded.report);
  }
  if (errors.length > 0) throw new ReportLoadError(errors);
  return reports;
}
