import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { exportGate } from './backpressure';
import { addReportSheet, columnWidth, FIRST_DATA_ROW, PLAIN_CELL_STYLE } from './sheetLayout';
import type { ExcelColumn, ImportRow } from './types';

export const ROW_NUMBER_TITLE = '行号';
export const ERROR_REASON_TITLE = '错误原因';

const ERROR_FONT: Partial<ExcelJS.Font> = { color: { argb: 'FF9C0006' } };
const BAD_CELL_STYLE: Partial<ExcelJS.Style> = {
  fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } },
  font: ERROR_FONT,
};
const REASON_STYLE: Partial<ExcelJS.Style> = { font: ERROR_FONT, alignment: { wrapText: true, vertical: 'top' } };

/** '第7行 联系电话: 请输入正确的手机号码; 专家姓名: 必填' */
export function describeRowErrors(row: Pick<ImportRow, 'rowNumber' | 'errors'>): string {
  return `第${row.rowNumber}行 ${row.errors.map((e) => `${e.column}: ${e.message}`).join('; ')}`;
}

export interface ErrorWorkbookOptions {
  columns: ExcelColumn[];
  /** The mapped rows; only those with errors are written. */
  rows: readonly ImportRow[];
  /** Entity title for the sheet's title row (default '导入'). */
  title?: string;
}

/**
 * Writes the file a failed import offers for download: every bad row with what the user typed,
 * its Excel row number and the reasons, bad cells shaded. It keeps the import layout (two title
 * rows, then the titles), so the user can correct it and import it again; '行号' and '错误原因'
 * are ignored on import.
 */
export async function writeErrorWorkbook(out: Writable, opts: ErrorWorkbookOptions): Promise<{ rowCount: number }> {
  const bad = opts.rows.filter((r) => r.errors.length > 0);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = addReportSheet(workbook, {
    sheetName: '错误数据',
    title: `${opts.title ?? '导入'}错误数据`,
    subtitle: `共${bad.length}行数据有误，请按“错误原因”修改后重新导入`,
    headers: [
      { title: ROW_NUMBER_TITLE, width: 8 },
      ...opts.columns.map((c) => ({ title: c.title, width: columnWidth(c) })),
      { title: ERROR_REASON_TITLE, width: 60 },
    ],
  });
  const gate = exportGate(sheet, out);
  const reasonColumn = opts.columns.length + 2;
  let rowCount = 0;
  for (const source of bad) {
    const row = sheet.getRow(FIRST_DATA_ROW + rowCount);
    const rowNumberCell = row.getCell(1);
    rowNumberCell.value = source.rowNumber;
    rowNumberCell.style = PLAIN_CELL_STYLE;
    const badTitles = new Set(source.errors.map((e) => e.column));
    opts.columns.forEach((column, i) => {
      const cell = row.getCell(i + 2);
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
