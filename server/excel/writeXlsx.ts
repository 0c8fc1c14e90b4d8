import type { Writable } from 'node:stream';
import { ExcelFileError } from './errors';
import { exportCellWriter } from './exportValue';
import { excelMessages } from './messages';
import { columnWidth, FIRST_DATA_ROW, HEAD_ROWS, TITLE_ROWS } from './sheetLayout';
import { SheetWriter } from './sheetWriter';
import { CELL_STYLE } from './xlsxParts';
import type { ExcelColumn } from './types';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Rows an .xlsx sheet can hold (1,048,576) minus the title and header rows. */
export const MAX_EXPORT_ROWS = 1_048_576 - TITLE_ROWS - HEAD_ROWS;

export interface WriteXlsxOptions {
  /** Entity title; the sheet's title row reads '<title>报表'. */
  title: string;
  /** Real name of the user exporting, shown as '导出人:<realname>'. */
  exportedBy: string;
  columns: ExcelColumn[];
  /** The records, one by one — or `batches` of them, which spares a turn of the async iteration per row. */
  rows?: AsyncIterable<Record<string, unknown>> | Iterable<Record<string, unknown>>;
  batches?: AsyncIterable<readonly Record<string, unknown>[]>;
}

async function* inBatches(opts: WriteXlsxOptions): AsyncGenerator<readonly Record<string, unknown>[]> {
  if (opts.batches) yield* opts.batches;
  if (!opts.rows) return;
  for await (const record of opts.rows) yield [record];
}

export interface WriteTemplateOptions {
  title: string;
  columns: ExcelColumn[];
  /** When given, the second row names the user like an export does; otherwise it explains the file. */
  exportedBy?: string;
}

function headersOf(columns: ExcelColumn[]) {
  return columns.map((c) => ({ title: c.title, width: columnWidth(c) }));
}

/**
 * Streams an export as .xlsx into `out` (ended when done): title row '<title>报表', '导出人:…',
 * the header row, then one row per record as it comes, so memory stays flat however many rows
 * come. Each record's cells go straight into sheet XML (./sheetWriter.ts): no cell objects.
 */
export async function writeXlsx(out: Writable, opts: WriteXlsxOptions): Promise<{ rowCount: number }> {
  const sheet = await SheetWriter.start(out, {
    sheetName: opts.title,
    title: `${opts.title}报表`,
    subtitle: `导出人:${opts.exportedBy}`,
    headers: headersOf(opts.columns),
  });
  const keys = opts.columns.map((c) => c.key);
  const writers = opts.columns.map(exportCellWriter);
  const numberStyles = opts.columns.map((c) => (c.kind === 'money' && !c.dict ? CELL_STYLE.money : CELL_STYLE.plain));
  const count = writers.length;

  let rowCount = 0;
  for await (const batch of inBatches(opts)) {
    for (const record of batch) {
      if (rowCount >= MAX_EXPORT_ROWS) throw new ExcelFileError(excelMessages.tooManyExportRows(MAX_EXPORT_ROWS));
      sheet.beginRow();
      for (let i = 0; i < count; i++) {
        const value = writers[i](record[keys[i]]);
        if (value === null) continue;
        if (typeof value === 'number') sheet.number(i, value, numberStyles[i]);
        else sheet.text(i, value);
      }
      rowCount++;
      const flushed = sheet.endRow();
      if (flushed) await flushed;
    }
  }
  await sheet.finish();
  return { rowCount };
}

/** The import template: the same title and header rows as an export, without data. */
export async function writeTemplate(out: Writable, opts: WriteTemplateOptions): Promise<void> {
  const required = opts.columns.filter((c) => c.required).map((c) => c.title);
  const subtitle =
    opts.exportedBy !== undefined
      ? `导出人:${opts.exportedBy}`
      : `请从第${FIRST_DATA_ROW}行开始填写数据，不要修改前${TITLE_ROWS + HEAD_ROWS}行` +
        (required.length ? `；必填列: ${required.join('、')}` : '');
  const sheet = await SheetWriter.start(out, {
    sheetName: opts.title,
    title: `${opts.title}报表`,
    subtitle,
    headers: headersOf(opts.columns),
  });
  await sheet.finish();
}
