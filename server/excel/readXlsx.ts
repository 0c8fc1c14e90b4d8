import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import ExcelJS from 'exceljs';
import { ExcelFileError } from './errors';
import { excelMessages } from './messages';
import { ZipEntries, ZipFormatError } from './zipEntries';
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

/** The parts of exceljs' WorkbookReader that read one zip entry each, driven here in our own order. */
interface ReaderParts extends ReaderInternals {
  _parseRels: (entry: NodeJS.ReadableStream) => Promise<void>;
  _parseWorkbook: (entry: NodeJS.ReadableStream) => Promise<void>;
  _parseStyles: (entry: NodeJS.ReadableStream) => Promise<void>;
  workbookRels?: { Id?: string; Target?: string }[];
  model?: { sheets?: { name?: string; rId?: string }[] };
}

/** Zip path, sheet number and name of the workbook's first sheet (workbook order), from workbook.xml and its relations. */
function firstSheet(parts: ReaderParts): { path: string; sheetNo: string; name: string } | undefined {
  const sheet = parts.model?.sheets?.[0];
  const target = parts.workbookRels?.find((rel) => rel.Id === sheet?.rId)?.Target;
  if (!sheet || !target) return undefined;
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  const sheetNo = /sheet(\d+)\.xml$/.exec(path)?.[1] ?? '1';
  return { path, sheetNo, name: typeof sheet.name === 'string' ? sheet.name : `Sheet${sheetNo}` };
}

/** The first sheet's name and its filled rows as they are read. */
export interface SheetRowStream {
  sheetName: string;
  rows: AsyncGenerator<SheetRow>;
}

/**
 * Reads the first worksheet of an .xlsx with exceljs' streaming parsers, taking the zip's entries
 * in the order they are needed (./zipEntries.ts): relations, workbook, styles (how date cells are
 * told from numbers), shared strings, then the first sheet — row by row, no cell objects kept. At
 * the row limit it stops at once: the rest of the sheet is never inflated nor parsed, and the
 * other sheets are never touched.
 */
export async function readXlsx(buffer: Buffer, limits: ReadLimits): Promise<SheetData | null> {
  const stream = await streamXlsx(buffer, limits);
  if (!stream) return null;
  const rows: SheetRow[] = [];
  for await (const row of stream.rows) rows.push(row);
  return { sheetName: stream.sheetName, rows };
}

/** As readXlsx, but the rows come one at a time as the sheet is inflated and parsed: nothing piles up. */
export async function streamXlsx(buffer: Buffer, limits: ReadLimits): Promise<SheetRowStream | null> {
  try {
    return await openFirstSheet(new ZipEntries(buffer), limits);
  } catch (error) {
    throw zipRefusal(error);
  }
}

function zipRefusal(error: unknown): unknown {
  return error instanceof ZipFormatError ? new ExcelFileError(excelMessages.unreadable(excelMessages.truncated)) : error;
}

async function openFirstSheet(zip: ZipEntries, limits: ReadLimits): Promise<SheetRowStream | null> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  repairUtf8Decoding(reader);
  const parts = reader as unknown as ReaderParts;
  const relations = zip.open('xl/_rels/workbook.xml.rels');
  const book = zip.open('xl/workbook.xml');
  if (!relations || !book) return null;
  await parts._parseRels(relations);
  await parts._parseWorkbook(book);
  const styles = zip.open('xl/styles.xml');
  if (styles) await parts._parseStyles(styles);
  const strings = zip.open('xl/sharedStrings.xml');
  if (strings) {
    for await (const _ of parts._parseSharedStrings(strings)) {
      // cached by the reader, nothing to take
    }
  }
  const first = firstSheet(parts);
  const entry = first && zip.open(first.path);
  if (!first || !entry) return null;
  const emitted = parts._parseWorksheet(entry, first.sheetNo).next().value as { value?: SheetReaderLike } | undefined;
  const worksheet = emitted?.value;
  if (!worksheet) {
    entry.destroy();
    return null;
  }
  return { sheetName: first.name, rows: sheetRows(worksheet, entry, limits) };
}

async function* sheetRows(worksheet: SheetReaderLike, entry: Readable, limits: ReadLimits): AsyncGenerator<SheetRow> {
  let count = 0;
  try {
    for await (const row of worksheet) {
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
      if (++count > limits.maxRows) throw limits.tooManyRows();
      yield { rowNumber: row.number, cells };
    }
  } catch (error) {
    throw zipRefusal(error);
  } finally {
    entry.destroy();
  }
}
