import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { exportGate } from './backpressure';
import { ExcelFileError } from './errors';
import { exportCellWriter } from './exportValue';
import { excelMessages } from './messages';
import { addReportSheet, columnWidth, FIRST_DATA_ROW, HEAD_ROWS, PLAIN_CELL_STYLE, TITLE_ROWS } from './sheetLayout';
import type { ExcelColumn } from './types';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Rows an .xlsx sheet can hold (1,048,576) minus the title and header rows. */
export const MAX_EXPORT_ROWS = 1_048_576 - TITLE_ROWS - HEAD_ROWS;

/** Money stays a number (it sums in Excel) shown with 2 decimals. */
const MONEY_STYLE: Partial<ExcelJS.Style> = { numFmt: '#,##0.00' };

export interface WriteXlsxOptions {
  /** Entity title; the sheet's title row reads '<title>报表'. */
  title: string;
  /** Real name of the user exporting, shown as '导出人:<realname>'. */
  exportedBy: string;
  columns: ExcelColumn[];
  rows: AsyncIterable<Record<string, unknown>> | Iterable<Record<string, unknown>>;
}

export interface WriteTemplateOptions {
  title: string;
  columns: ExcelColumn[];
  /** When given, the second row names the user like an export does; otherwise it explains the file. */
  exportedBy?: string;
}

function openWorkbook(out: Writable): ExcelJS.stream.xlsx.WorkbookWriter {
  // Shared strings would keep every distinct text of the export in memory; inline strings don't.
  return new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
}

function headersOf(columns: ExcelColumn[]) {
  return columns.map((c) => ({ title: c.title, width: columnWidth(c) }));
}

/**
 * Streams an export as .xlsx into `out` (ended when done): title row '<title>报表', '导出人:…',
 * the header row, then one committed row per record, so memory stays flat however many rows come.
 */
export async function writeXlsx(out: Writable, opts: WriteXlsxOptions): Promise<{ rowCount: number }> {
  const workbook = openWorkbook(out);
  const sheet = addReportSheet(workbook, {
    sheetName: opts.title,
    title: `${opts.title}报表`,
    subtitle: `导出人:${opts.exportedBy}`,
    headers: headersOf(opts.columns),
  });
  const writers = opts.columns.map(exportCellWriter);
  const moneyColumns = new Set(opts.columns.flatMap((c, i) => (c.kind === 'money' && !c.dict ? [i] : [])));
  const gate = exportGate(sheet, out);

  let rowCount = 0;
  for await (const record of opts.rows) {
    if (rowCount >= MAX_EXPORT_ROWS) throw new ExcelFileError(excelMessages.tooManyExportRows(MAX_EXPORT_ROWS));
    const row = sheet.getRow(FIRST_DATA_ROW + rowCount);
    for (let i = 0; i < writers.length; i++) {
      const value = writers[i](record[opts.columns[i].key]);
      if (value === null) continue;
      const cell = row.getCell(i + 1);
      cell.value = value;
      cell.style = moneyColumns.has(i) && typeof value === 'number' ? MONEY_STYLE : PLAIN_CELL_STYLE;
    }
    row.commit();
    rowCount++;
    await gate();
  }
  sheet.commit();
  await workbook.commit();
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
  const workbook = openWorkbook(out);
  const sheet = addReportSheet(workbook, {
    sheetName: opts.title,
    title: `${opts.title}报表`,
    subtitle,
    headers: headersOf(opts.columns),
  });
  sheet.commit();
  await workbook.commit();
}
