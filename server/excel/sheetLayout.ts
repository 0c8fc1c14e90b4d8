import type ExcelJS from 'exceljs';
import type { ExcelColumn } from './types';

/** JeecgBoot's import reads two title rows and one header row before the data (titleRows 2, headRows 1). */
export const TITLE_ROWS = 2;
export const HEAD_ROWS = 1;
export const FIRST_DATA_ROW = TITLE_ROWS + HEAD_ROWS + 1;

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9E1F2' } };
const THIN: ExcelJS.Border = { style: 'thin', color: { argb: 'FFBFBFBF' } };
const HEADER_BORDER: Partial<ExcelJS.Borders> = { top: THIN, left: THIN, bottom: THIN, right: THIN };

/**
 * Styles shared by many data cells. exceljs recognises a style object it has seen by identity and
 * skips re-rendering it, which is most of the per-cell cost of a styled export; so data cells get
 * one of these objects (never mutated) instead of a fresh style each.
 */
export const PLAIN_CELL_STYLE: Partial<ExcelJS.Style> = {};

/** Width of a text in Excel character units: CJK and full-width characters take two. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch) ? 2 : 1;
  return width;
}

const KIND_WIDTH: Record<ExcelColumn['kind'], number> = {
  string: 16,
  text: 30,
  integer: 10,
  number: 12,
  money: 14,
  date: 12,
  datetime: 20,
  time: 10,
  boolean: 8,
};

export function columnWidth(column: Pick<ExcelColumn, 'title' | 'kind' | 'width'>): number {
  if (column.width && column.width > 0) return column.width;
  return Math.min(60, Math.max(KIND_WIDTH[column.kind], displayWidth(column.title) + 4));
}

/** Excel sheet names: at most 31 characters, none of []:*?/\ . */
export function sheetNameFor(title: string): string {
  const cleaned = title.replace(/[[\]:*?/\\]/g, '').trim().slice(0, 31);
  return cleaned || 'Sheet1';
}

export interface SheetHead {
  /** Name of the sheet tab (JeecgBoot: the entity title). */
  sheetName: string;
  /** Text of the merged first row. */
  title: string;
  subtitle: string;
  headers: { title: string; width: number }[];
}

/**
 * Adds a sheet laid out as JeecgBoot exports it: a merged title row, a merged second title and the
 * header row, with the header frozen. The three rows are committed; the caller streams the data.
 */
export function addReportSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, head: SheetHead): ExcelJS.Worksheet {
  const columnCount = Math.max(1, head.headers.length);
  const sheet = workbook.addWorksheet(sheetNameFor(head.sheetName), {
    views: [{ state: 'frozen', xSplit: 0, ySplit: TITLE_ROWS + HEAD_ROWS }],
  });
  sheet.columns = head.headers.map((h) => ({ width: h.width }));

  const titleRow = sheet.getRow(1);
  titleRow.height = 30;
  const titleCell = titleRow.getCell(1);
  titleCell.value = head.title;
  titleCell.font = { bold: true, size: 16 };
  titleCell.alignment = { horizontal: 'center', vertical: 'middle' };

  const subtitleRow = sheet.getRow(2);
  const subtitleCell = subtitleRow.getCell(1);
  subtitleCell.value = head.subtitle;
  subtitleCell.alignment = { horizontal: 'right', vertical: 'middle' };

  if (columnCount > 1) {
    // Merges must be declared while the rows are still open.
    sheet.mergeCells(1, 1, 1, columnCount);
    sheet.mergeCells(2, 1, 2, columnCount);
  }
  titleRow.commit();
  subtitleRow.commit();

  const headerRow = sheet.getRow(TITLE_ROWS + HEAD_ROWS);
  headerRow.height = 20;
  head.headers.forEach((h, i) => {
    const cell = headerRow.getCell(i + 1);
    cell.value = h.title;
    cell.font = { bold: true };
    cell.fill = HEADER_FILL;
    cell.border = HEADER_BORDER;
    cell.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
  });
  headerRow.commit();
  return sheet;
}
