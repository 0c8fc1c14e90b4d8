import { ExcelFileError } from './errors';
import { cellText } from './importValue';
import { excelMessages } from './messages';
import type { ExcelColumn, SheetData, SheetRow } from './types';

/** Titles compare without spaces, line breaks or the '*' people add to mark required columns. */
export function normalizeTitle(title: string): string {
  return title.replace(/[\s\u3000]+/g, '').replace(/^[*＊]+|[*＊]+$/g, '');
}

export interface HeaderMatch {
  /** 1-based Excel row number of the header row. */
  rowNumber: number;
  /** Where each column found in the file sits (0-based cell index), in sheet order. */
  placed: { column: ExcelColumn; index: number }[];
}

/** How many leading non-empty rows are searched for the header. */
export const HEADER_SCAN_ROWS = 20;

function matchRow(row: SheetRow, byTitle: Map<string, ExcelColumn>): HeaderMatch {
  const placed: HeaderMatch['placed'] = [];
  const seen = new Set<string>();
  row.cells.forEach((cell, index) => {
    if (cell === null) return;
    const column = byTitle.get(normalizeTitle(cellText(cell)));
    // A title repeated in the header: the first one counts.
    if (!column || seen.has(column.key)) return;
    seen.add(column.key);
    placed.push({ column, index });
  });
  return { rowNumber: row.rowNumber, placed };
}

/**
 * Finds the header row by its titles: normally right after JeecgBoot's title rows, but a file
 * typed by hand may start with the header, and columns may come in any order.
 */
export function findHeader(sheet: SheetData, columns: ExcelColumn[], expectedRowNumber: number): HeaderMatch {
  const byTitle = new Map<string, ExcelColumn>();
  for (const column of columns) {
    const title = normalizeTitle(column.title);
    if (!byTitle.has(title)) byTitle.set(title, column);
  }
  let best: HeaderMatch | undefined;
  for (const row of sheet.rows.slice(0, HEADER_SCAN_ROWS)) {
    const match = matchRow(row, byTitle);
    if (match.placed.length === 0) continue;
    const better =
      !best ||
      match.placed.length > best.placed.length ||
      (match.placed.length === best.placed.length && match.rowNumber === expectedRowNumber);
    if (better) best = match;
  }
  if (!best) throw new ExcelFileError(excelMessages.headerNotFound);
  const found = new Set(best.placed.map((p) => p.column.key));
  const missing = columns.filter((c) => c.required && !found.has(c.key)).map((c) => c.title);
  if (missing.length) throw new ExcelFileError(excelMessages.missingRequiredColumns(missing));
  return best;
}
