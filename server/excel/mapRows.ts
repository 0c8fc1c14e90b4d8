import { findHeader, HEADER_SCAN_ROWS, type HeaderMatch } from './header';
import { cellConverter, cellText, isBlankCell } from './importValue';
import { excelMessages } from './messages';
import { HEAD_ROWS, TITLE_ROWS } from './sheetLayout';
import type { ExcelColumn, ImportRow, SheetData, SheetRow } from './types';

export interface MapRowsOptions {
  /** Title rows above the header in files this system writes (JeecgBoot: 2). */
  titleRows?: number;
  /** Header rows (JeecgBoot: 1); the last one holds the column titles. */
  headRows?: number;
}

export interface MappedRows extends Iterable<ImportRow> {
  /** 1-based Excel row number of the header row that was recognised. */
  headerRowNumber: number;
  /** The columns the file has, in the file's order. */
  columnsInFile: ExcelColumn[];
}

/** Turns one sheet row below the header into an import row, or undefined when it holds nothing known. */
function rowMapper(header: HeaderMatch): (sheetRow: SheetRow) => ImportRow | undefined {
  const placed = header.placed.map((p) => ({ ...p, convert: cellConverter(p.column) }));
  return (sheetRow) => {
    if (sheetRow.rowNumber <= header.rowNumber) return undefined;
    const cells = sheetRow.cells;
    if (placed.every((p) => isBlankCell(cells[p.index]))) return undefined;
    const row: ImportRow = { rowNumber: sheetRow.rowNumber, values: {}, raw: {}, errors: [] };
    for (const { column, index, convert } of placed) {
      const cell = cells[index] ?? null;
      row.raw[column.key] = cellText(cell);
      if (isBlankCell(cell)) {
        row.values[column.key] = null;
        if (column.required) row.errors.push({ column: column.title, message: excelMessages.required });
        continue;
      }
      const converted = convert(cell);
      if (converted.ok) {
        row.values[column.key] = converted.value;
      } else {
        row.values[column.key] = null;
        row.errors.push({ column: column.title, message: converted.message });
      }
    }
    return row;
  };
}

/**
 * Maps sheet rows to records by header title. File-level problems (no header, a required column
 * missing) throw an ExcelFileError at once; each row then carries its own cell errors, so one pass
 * reports every bad row of the file. Rows with nothing in any known column are skipped.
 */
export function mapRows(sheet: SheetData, columns: ExcelColumn[], options: MapRowsOptions = {}): MappedRows {
  const titleRows = options.titleRows ?? TITLE_ROWS;
  const headRows = options.headRows ?? HEAD_ROWS;
  const header: HeaderMatch = findHeader(sheet, columns, titleRows + headRows);
  const map = rowMapper(header);

  function* rows(): Generator<ImportRow> {
    for (const sheetRow of sheet.rows) {
      const row = map(sheetRow);
      if (row) yield row;
    }
  }

  return {
    headerRowNumber: header.rowNumber,
    columnsInFile: header.placed.map((p) => p.column),
    [Symbol.iterator]: rows,
  };
}

/**
 * mapRows over rows as they are read: the header is looked for in the first rows (held until it
 * is found), then every row is mapped and handed on as it comes, so nothing piles up.
 */
export async function mapRowStream(
  sheetName: string,
  source: AsyncIterator<SheetRow>,
  columns: ExcelColumn[],
  options: MapRowsOptions = {},
): Promise<{ headerRowNumber: number; rows: AsyncGenerator<ImportRow> }> {
  const titleRows = options.titleRows ?? TITLE_ROWS;
  const headRows = options.headRows ?? HEAD_ROWS;
  const head: SheetRow[] = [];
  while (head.length < HEADER_SCAN_ROWS) {
    const next = await source.next();
    if (next.done) break;
    head.push(next.value);
  }
  const header = findHeader({ sheetName, rows: head }, columns, titleRows + headRows);
  const map = rowMapper(header);
  async function* rows(): AsyncGenerator<ImportRow> {
    for (const sheetRow of head) {
      const row = map(sheetRow);
      if (row) yield row;
    }
    head.length = 0;
    for (;;) {
      const next = await source.next();
      if (next.done) return;
      const row = map(next.value);
      if (row) yield row;
    }
  }
  return { headerRowNumber: header.rowNumber, rows: rows() };
}
