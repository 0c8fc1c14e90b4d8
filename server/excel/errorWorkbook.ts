import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { exportGate } from './backpressure';
import { addReportSheet, columnWidth, FIRST_DATA_ROW, PLAIN_CELL_STYLE } from './sheetLayout';
import type { ExcelColumn, ImportRow } from './types';

export const ROW_NUMBER_TITLE = '行号';
/** First column of an error file when the import read several files: the file each row came from. */
export const FILE_TITLE = '文件';
export const ERROR_REASON_TITLE = '错误原因';

const ERROR_FONT: Partial<ExcelJS.Font> = { color: { argb: 'FF9C0006' } };
const BAD_CELL_STYLE: Partial<ExcelJS.Style> = {
  fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } },
  font: ERROR_FONT,
};
const REASON_STYLE: Partial<ExcelJS.Style> = { font: ERROR_FONT, alignment: { wrapText: true, vertical: 'top' } };

/** '第7行 联系电话: 请输入正确的手机号码; 专家姓名: 必填', or '「专家2.xlsx」第7行 …' for a row of one of several files. */
export function describeRowErrors(row: Pick<ImportRow, 'rowNumber' | 'errors' | 'fileName'>): string {
  const file = row.fileName ? `「${row.fileName}」` : '';
  return `${file}第${row.rowNumber}行 ${row.errors.map((e) => `${e.column}: ${e.message}`).join('; ')}`;
}

/** Bad rows handed over as they are found again (a streamed import re-reads its files for them). */
export interface BadRowStream {
  /** How many rows `rows` will yield. */
  count: number;
  /** Whether the rows come from several files (then a first column names each row's file). */
  severalFiles: boolean;
  rows: AsyncIterable<ImportRow>;
}

export interface ErrorWorkbookOptions {
  columns: ExcelColumn[];
  /** The mapped rows (only those with errors are written), or the bad rows as a stream. */
  rows: readonly ImportRow[] | BadRowStream;
  /** Entity title for the sheet's title row (default '导入'). */
  title?: string;
}

function badRowsOf(rows: ErrorWorkbookOptions['rows']): BadRowStream | { count: number; severalFiles: boolean; rows: readonly ImportRow[] } {
  if (!Array.isArray(rows)) return rows as BadRowStream;
  const bad = (rows as readonly ImportRow[]).filter((r) => r.errors.length > 0);
  return { count: bad.length, severalFiles: bad.some((r) => r.fileName !== undefined), rows: bad };
}

/**
 * Writes the file a failed import offers for download: every bad row with what the user typed,
 * its Excel row number and the reasons, bad cells shaded. It keeps the import layout (two title
 * rows, then the titles), so the user can correct it and import it again; '行号' and '错误原因'
 * are ignored on import. When the rows came from several files (ImportRow.fileName), a first
 * column '文件' names each row's file — also ignored on import.
 */
export async function writeErrorWorkbook(out: Writable, opts: ErrorWorkbookOptions): Promise<{ rowCount: number }> {
  const bad = badRowsOf(opts.rows);
  const fileColumn = bad.severalFiles;
  const lead = fileColumn ? 2 : 1;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = addReportSheet(workbook, {
    sheetName: '错误数据',
    title: `${opts.title ?? '导入'}错误数据`,
    subtitle: `共${bad.count}行数据有误，请按“错误原因”修改后重新导入`,
    headers: [
      ...(fileColumn ? [{ title: FILE_TITLE, width: 24 }] : []),
      { title: ROW_NUMBER_TITLE, width: 8 },
      ...opts.columns.map((c) => ({ title: c.title, width: columnWidth(c) })),
      { title: ERROR_REASON_TITLE, width: 60 },
    ],
  });
  const gate = exportGate(sheet, out);
  const reasonColumn = opts.columns.length + lead + 1;
  let rowCount = 0;
  for await (const source of bad.rows) {
    if (source.errors.length === 0) continue;
    const row = sheet.getRow(FIRST_DATA_ROW + rowCount);
    if (fileColumn) {
      const fileCell = row.getCell(1);
      fileCell.value = source.fileName ?? '';
      fileCell.style = PLAIN_CELL_STYLE;
    }
    const rowNumberCell = row.getCell(lead);
    rowNumberCell.value = source.rowNumber;
    rowNumberCell.style = PLAIN_CELL_STYLE;
    const badTitles = new Set(source.errors.map((e) => e.column));
    opts.columns.forEach((column, i) => {
      const cell = row.getCell(i + lead + 1);
      const raw = source.raw[column.key];
      if (raw !== undefined && raw !== '') cell.value = raw;
      cell.style = badTitles.has(column.title) ? BAD_CELL_STYLE : PLAIN_CELL_STYLE;
    });
    const reason = row.getCell(reasonColumn);
    reason.value = describeRowErrors(source);
    reason.style = REASON_STYLE;
    row.commit();
    rowCount++;
    await gate();
  }
  sheet.commit();
  await workbook.commit();
  return { rowCount };
}
