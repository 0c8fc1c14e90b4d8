import { ExcelFileError } from './errors';
import { excelMessages } from './messages';
import { readXls } from './readXls';
import { readXlsx, streamXlsx, type ReadLimits, type SheetRowStream } from './readXlsx';
import { HEAD_ROWS, TITLE_ROWS } from './sheetLayout';
import type { SheetData, SheetRow } from './types';

/** JeecgBoot refuses uploads over 10 MB with '文件大小超出10MB限制'. */
export const DEFAULT_MAX_IMPORT_BYTES = 10 * 1024 * 1024;
/** Rows one file may hold; an import reads them streamed, so the cap is about time, not memory. */
export const DEFAULT_MAX_IMPORT_ROWS = 1_000_000;

export interface ReadWorkbookOptions {
  /** Largest accepted file in bytes (default 10 MB). */
  maxBytes?: number;
  /** Most data rows accepted (default 1,000,000); title and header rows don't count. */
  maxRows?: number;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const ZIP_END_OF_DIRECTORY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** '10MB' as JeecgBoot writes it; limits under a megabyte in KB. */
function sizeText(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Math.round(mb * 10) / 10}MB`;
  return `${Math.max(1, Math.round(bytes / 1024))}KB`;
}

/**
 * A complete zip ends with its central directory (within the last 64 KB + 22 bytes). Checking it
 * first turns a cut-off upload away before exceljs starts parking sheets in temp files.
 */
function isCompleteZip(buffer: Buffer): boolean {
  const tail = buffer.subarray(Math.max(0, buffer.length - 65_557));
  return tail.lastIndexOf(ZIP_END_OF_DIRECTORY) !== -1;
}

function readableReason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  if (/password|encrypt/i.test(text)) return '文件已加密，请取消密码保护后再导入';
  const line = text.split('\n')[0].trim();
  return (line.length > 120 ? `${line.slice(0, 120)}…` : line) || '未知错误';
}

/**
 * Reads the first worksheet of an uploaded .xls or .xlsx. The extension must say Excel; the
 * content decides the reader, as POI's WorkbookFactory does, so an .xlsx saved under an .xls name
 * still imports.
 */
/**
 * exceljs' streaming reader now and then fails inside on a sound file when the machine is busy
 * ("Cannot read properties of undefined (reading 'sheets')": its workbook model is missing when the
 * parked sheet is read; seen in about one CI run in three). The very same bytes read fine the next
 * time, and the whole file is in memory, so such a failure is read again before it is reported. A
 * refusal of ours (ExcelFileError: too many rows, …) is final.
 */
async function readXlsxSteadily(buffer: Buffer, limits: ReadLimits): Promise<SheetData | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await readXlsx(buffer, limits);
    } catch (error) {
      if (error instanceof ExcelFileError || attempt >= XLSX_READ_ATTEMPTS) throw error;
    }
  }
}

const XLSX_READ_ATTEMPTS = 3;

type FileKind = 'xlsx' | 'xls';

/** The checks every upload passes before it is read: name, size, content. Returns the reader to use. */
function checkUpload(buffer: Buffer, fileName: string, options: ReadWorkbookOptions): { kind: FileKind; limits: ReadLimits } {
  if (!/\.xlsx?$/i.test(fileName.trim())) throw new ExcelFileError(excelMessages.unsupportedFormat);
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_IMPORT_BYTES;
  if (buffer.length > maxBytes) throw new ExcelFileError(excelMessages.tooLarge(sizeText(maxBytes)));
  if (buffer.length === 0) throw new ExcelFileError(excelMessages.unreadable('文件为空'));
  const maxRows = options.maxRows ?? DEFAULT_MAX_IMPORT_ROWS;
  const limits: ReadLimits = {
    maxRows: maxRows + TITLE_ROWS + HEAD_ROWS,
    tooManyRows: () => new ExcelFileError(excelMessages.tooManyRows(maxRows)),
  };
  if (buffer.subarray(0, 4).equals(ZIP_MAGIC)) {
    if (!isCompleteZip(buffer)) throw new ExcelFileError(excelMessages.unreadable(excelMessages.truncated));
    return { kind: 'xlsx', limits };
  }
  if (buffer.subarray(0, 8).equals(OLE_MAGIC)) return { kind: 'xls', limits };
  throw new ExcelFileError(excelMessages.unreadable(excelMessages.notExcel));
}

function asFileError(error: unknown): ExcelFileError {
  return error instanceof ExcelFileError ? error : new ExcelFileError(excelMessages.unreadable(readableReason(error)));
}

export async function readWorkbook(buffer: Buffer, fileName: string, options: ReadWorkbookOptions = {}): Promise<SheetData> {
  const { kind, limits } = checkUpload(buffer, fileName, options);
  let sheet: SheetData | null;
  try {
    sheet = kind === 'xlsx' ? await readXlsxSteadily(buffer, limits) : readXls(buffer, limits);
  } catch (error) {
    throw asFileError(error);
  }
  if (!sheet) throw new ExcelFileError(excelMessages.unreadable(excelMessages.emptyWorkbook));
  return sheet;
}

/**
 * Like readWorkbook, but the rows come as they are read, so an import holds one chunk of rows at a
 * time however long the file. An .xlsx is streamed from its zip; an .xls (BIFF, read by SheetJS)
 * is parsed whole in memory — bounded by the upload's byte limit — and handed out row by row.
 * Refusals come as ExcelFileError, at once or while the rows are read (row limit, damage).
 */
export async function readWorkbookRows(buffer: Buffer, fileName: string, options: ReadWorkbookOptions = {}): Promise<SheetRowStream> {
  const { kind, limits } = checkUpload(buffer, fileName, options);
  let stream: SheetRowStream | null;
  try {
    if (kind === 'xlsx') stream = await openXlsxSteadily(buffer, limits);
    else {
      const sheet = readXls(buffer, limits);
      stream = sheet && { sheetName: sheet.sheetName, rows: listed(sheet.rows) };
    }
  } catch (error) {
    throw asFileError(error);
  }
  if (!stream) throw new ExcelFileError(excelMessages.unreadable(excelMessages.emptyWorkbook));
  return { sheetName: stream.sheetName, rows: refusalsAsFileErrors(stream.rows) };
}

async function* listed(rows: readonly SheetRow[]): AsyncGenerator<SheetRow> {
  yield* rows;
}

async function* refusalsAsFileErrors(rows: AsyncGenerator<SheetRow>): AsyncGenerator<SheetRow> {
  try {
    yield* rows;
  } catch (error) {
    throw asFileError(error);
  }
}

/** See readXlsxSteadily: the opening (workbook, styles, shared strings) is read again when exceljs stumbles. */
async function openXlsxSteadily(buffer: Buffer, limits: ReadLimits): Promise<SheetRowStream | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await streamXlsx(buffer, limits);
    } catch (error) {
      if (error instanceof ExcelFileError || attempt >= XLSX_READ_ATTEMPTS) throw error;
    }
  }
}
