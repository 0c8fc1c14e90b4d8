/**
 * The Excel engine: streaming export, template, import (read, map, validate) and the error file.
 * Entity-agnostic — callers describe their columns with ExcelColumn.
 */
export type {
  CellValue,
  ColumnKind,
  DictItem,
  ExcelColumn,
  ImportRow,
  ImportValue,
  RowError,
  SheetData,
  SheetRow,
} from './types';
export { excelMessages } from './messages';
export { ExcelFileError } from './errors';
export { writeXlsx, writeTemplate, XLSX_CONTENT_TYPE, MAX_EXPORT_ROWS } from './writeXlsx';
export type { WriteXlsxOptions, WriteTemplateOptions } from './writeXlsx';
export { contentDispositionFor } from './contentDisposition';
export { readWorkbook, readWorkbookRows, DEFAULT_MAX_IMPORT_BYTES, DEFAULT_MAX_IMPORT_ROWS } from './readWorkbook';
export type { SheetRowStream } from './readXlsx';
export type { ReadWorkbookOptions } from './readWorkbook';
export { mapRows, mapRowStream } from './mapRows';
export type { MapRowsOptions, MappedRows } from './mapRows';
export { markDuplicates, duplicateNote } from './duplicates';
export type { RowPlace } from './duplicates';
export { writeErrorWorkbook, describeRowErrors, ROW_NUMBER_TITLE, ERROR_REASON_TITLE, FILE_TITLE } from './errorWorkbook';
export type { ErrorWorkbookOptions, BadRowStream } from './errorWorkbook';
export { TITLE_ROWS, HEAD_ROWS, FIRST_DATA_ROW } from './sheetLayout';
export { DOWNLOAD_CLOSED_MESSAGE } from './backpressure';
