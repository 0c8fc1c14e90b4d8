import * as XLSX from '@e965/xlsx';
import * as cptable from '@e965/xlsx/dist/cpexcel.full.mjs';
import { isDateFormat } from './numberFormat';
import type { ReadLimits } from './readXlsx';
import type { CellValue, SheetData, SheetRow } from './types';
import { excelSerialToDate } from './wallClock';

// Old BIFF5 files store text in the writer's code page (GBK for Chinese Excel).
XLSX.set_cptable(cptable);

const ERROR_TEXT: Record<number, string> = {
  0x00: '#NULL!',
  0x07: '#DIV/0!',
  0x0f: '#VALUE!',
  0x17: '#REF!',
  0x1d: '#NAME?',
  0x24: '#NUM!',
  0x2a: '#N/A',
};

function plainXlsValue(cell: XLSX.CellObject | undefined, date1904: boolean): CellValue {
  if (!cell) return null;
  switch (cell.t) {
    case 'n': {
      const n = cell.v as number;
      if (!Number.isFinite(n)) return null;
      return isDateFormat(typeof cell.z === 'string' ? cell.z : undefined) ? excelSerialToDate(n, date1904) : n;
    }
    case 's': {
      const s = String(cell.v ?? '');
      return s.trim() === '' ? null : s;
    }
    case 'b':
      return Boolean(cell.v);
    case 'e':
      return cell.w ?? ERROR_TEXT[cell.v as number] ?? '#ERROR';
    case 'd':
      return cell.v instanceof Date ? cell.v : null;
    default:
      return null;
  }
}

function parse(buffer: Buffer, sheetRows: number | undefined): XLSX.WorkBook {
  return XLSX.read(buffer, {
    type: 'buffer',
    dense: true,
    cellNF: true,
    cellDates: false,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
    ...(sheetRows === undefined ? {} : { sheetRows }),
  });
}

/**
 * Reads the first worksheet of a BIFF .xls with SheetJS; formulas count as their cached results.
 * SheetJS keeps no cell below `sheetRows`, so the first read keeps only as many rows as the limit
 * allows plus one: a sheet over the limit is refused without its other rows ever being held.
 * Blank rows do not count, so a sheet cut there with fewer filled rows than the limit (blank rows
 * between them) is read again in full.
 */
export function readXls(buffer: Buffer, limits: ReadLimits): SheetData | null {
  const budget = limits.maxRows + 1;
  const first = filledRows(parse(buffer, budget), limits);
  if (!first || !first.cut) return first?.sheet ?? null;
  return filledRows(parse(buffer, undefined), limits)?.sheet ?? null;
}

function filledRows(workbook: XLSX.WorkBook, limits: ReadLimits): { sheet: SheetData; cut: boolean } | null {
  const sheetName = workbook.SheetNames[0];
  if (sheetName === undefined) return null;
  const sheet = workbook.Sheets[sheetName];
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  const data = (sheet as XLSX.DenseWorkSheet)['!data'] ?? [];
  const rows: SheetRow[] = [];
  data.forEach((sheetRow, r) => {
    if (!sheetRow) return;
    const cells: CellValue[] = [];
    let filled = false;
    sheetRow.forEach((cell, c) => {
      const value = plainXlsValue(cell, date1904);
      if (value === null) return;
      cells[c] = value;
      filled = true;
    });
    if (!filled) return;
    for (let i = 0; i < cells.length; i++) if (cells[i] === undefined) cells[i] = null;
    rows.push({ rowNumber: r + 1, cells });
    if (rows.length > limits.maxRows) throw limits.tooManyRows();
  });
  return { sheet: { sheetName, rows }, cut: sheet['!fullref'] !== undefined };
}
