/**
 * The column language of the Excel engine. It knows nothing about entities or tables: the generic
 * CRUD layer derives these columns from an entity schema and hands them over with the rows.
 */
export type ColumnKind =
  | 'string'
  | 'text'
  | 'integer'
  | 'number'
  | 'money'
  | 'date'
  | 'datetime'
  | 'time'
  | 'boolean';

export interface DictItem {
  value: string;
  text: string;
}

export interface ExcelColumn {
  /** camelCase field name of the record. */
  key: string;
  /** Chinese header text; import matches columns by this title, not by position. */
  title: string;
  kind: ColumnKind;
  /** Export writes the item's text; import maps the text (or the raw value) back to the value. */
  dict?: DictItem[];
  /** The field holds several dictionary values joined by commas (JeecgBoot's multi-select). */
  multiple?: boolean;
  required?: boolean;
  /** Longest accepted text, in characters (import only). */
  maxLength?: number;
  /** Column width in Excel character units. */
  width?: number;
}

/**
 * A cell as read from a workbook. Dates carry the wall-clock time the sheet shows in their UTC
 * fields (Excel has no time zones), so they never shift with the server's zone.
 */
export type CellValue = string | number | boolean | Date | null;

export interface SheetRow {
  /** 1-based Excel row number. */
  rowNumber: number;
  /** cells[0] is column A; trailing empty cells may be missing. */
  cells: CellValue[];
}

export interface SheetData {
  sheetName: string;
  /** Rows that hold at least one value, in sheet order. */
  rows: SheetRow[];
}

/** A converted import value: dates as 'yyyy-MM-dd' / 'yyyy-MM-dd HH:mm:ss' / 'HH:mm:ss' text. */
export type ImportValue = string | number | boolean | null;

export interface RowError {
  /** The column's title as the user sees it in the sheet. */
  column: string;
  message: string;
}

export interface ImportRow {
  /** 1-based Excel row number, as the user sees it in the file. */
  rowNumber: number;
  /**
   * The uploaded file the row came from, set when one import reads several files: every message
   * and the error file then say which file a row number belongs to.
   */
  fileName?: string;
  /** Converted values keyed by column key; a column absent from the file has no key at all. */
  values: Record<string, ImportValue>;
  /** What the cells showed, keyed by column key — written back into the error file. */
  raw: Record<string, string>;
  errors: RowError[];
}
