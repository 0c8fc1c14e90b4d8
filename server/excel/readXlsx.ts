import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import ExcelJS from 'exceljs';
import { isDateFormat } from './numberFormat';
import type { CellValue, SheetData, SheetRow } from './types';
import { excelSerialToDate } from './wallClock';

/** Rows read past this count mean the file is over the limit; the reader stops there. */
export interface ReadLimits {
  maxRows: number;
  tooManyRows: () => Error;
}

type RichTextRun = { text?: unknown };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Flattens exceljs' cell value shapes (rich text, formula, hyperlink, error) to a plain value. */
export function plainCellValue(value: unknown, numFmt: string | undefined): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (!isObject(value)) return null;
  if (Array.isArray(value.richText)) {
    return (value.richText as RichTextRun[]).map((run) => (typeof run.text === 'string' ? run.text : '')).join('');
  }
  if ('formula' in value || 'sharedFormula' in value) {
    // Formulas count as the result Excel last calculated; a date formula's result is a serial.
    const result = value.result;
    if (typeof result === 'number' && isDateFormat(numFmt)) return excelSerialToDate(result);
    return plainCellValue(result, undefined);
  }
  if ('error' in value) return typeof value.error === 'string' ? value.error : null;
  if ('text' in value) return plainCellValue(value.text, numFmt);
  return null;
}

function isBlank(value: CellValue): boolean {
  return value === null || (typeof value === 'string' && value.trim() === '');
}

interface SheetReaderLike {
  name?: unknown;
  [Symbol.asyncIterator](): AsyncIterator<ExcelJS.Row>;
}

/** The parts of exceljs' WorkbookReader that the UTF-8 repair below wraps. */
interface ReaderInternals {
  _parseSharedStrings: (entry: NodeJS.ReadableStream) => AsyncGenerator<unknown>;
  _parseWorksheet: (iterator: AsyncIterable<unknown>, sheetNo: string) => Generator<unknown>;
}

async function* utf8Chunks(chunks: AsyncIterable<unknown>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer);
    if (text) yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

/**
 * exceljs 4.4's streaming reader decodes every inflated chunk on its own, so a Chinese character
 * split across two chunks turns into '��' (one in a few thousand cells). Its XML parser passes
 * strings through untouched, so the shared strings and the sheets are handed over already decoded.
 */
function repairUtf8Decoding(reader: ExcelJS.stream.xlsx.WorkbookReader): void {
  const internals = reader as unknown as ReaderInternals;
  const parseSharedStrings = internals._parseSharedStrings;
  const parseWorksheet = internals._parseWorksheet;
  if (typeof parseSharedStrings !== 'function' || typeof parseWorksheet !== 'function') {
    throw new Error('exceljs WorkbookReader internals changed; the UTF-8 repair no longer applies');
  }
  internals._parseSharedStrings = function (entry) {
    entry.setEncoding('utf8');
    return parseSharedStrings.call(this, entry);
  };
  internals._parseWorksheet = function (iterator, sheetNo) {
    return parseWorksheet.call(this, utf8Chunks(iterator), sheetNo);
  };
}

/** Reads the first worksheet of an .xlsx with exceljs' streaming reader (no cell objects kept). */
export async function readXlsx(buffer: Buffer, limits: ReadLimits): Promise<SheetData | null> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buffer]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles are how date cells are told from numbers.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  repairUtf8Decoding(reader);
  // Every sheet is read to its end, even past the first or past the row limit: exceljs parks
  // sheets that precede the shared strings in temp files and deletes them only once they are read.
  let first: SheetData | null = null;
  let overLimit = false;
  for await (const worksheet of reader as AsyncIterable<SheetReaderLike>) {
    if (first || overLimit) {
      for await (const _row of worksheet) {
        // drained, not kept
      }
      continue;
    }
    const rows: SheetRow[] = [];
    for await (const row of worksheet) {
      if (overLimit) continue;
      const cells: CellValue[] = [];
      let filled = false;
      row.eachCell({ includeEmpty: false }, (cell, colNumber) => {
        const value = plainCellValue(cell.value, cell.numFmt);
        if (isBlank(value)) return;
        cells[colNumber - 1] = value;
        filled = true;
      });
      if (!filled) continue;
      for (let i = 0; i < cells.length; i++) if (cells[i] === undefined) cells[i] = null;
      rows.push({ rowNumber: row.number, cells });
      if (rows.length > limits.maxRows) {
        overLimit = true;
        rows.length = 0;
      }
    }
    if (!overLimit) first = { sheetName: typeof worksheet.name === 'string' ? worksheet.name : 'Sheet1', rows };
  }
  if (overLimit) throw limits.tooManyRows();
  return first;
}
