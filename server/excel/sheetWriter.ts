/**
 * Writes a one-sheet .xlsx laid out as JeecgBoot exports it (merged title row, second title row,
 * header row, frozen below the header, column widths), then data rows as they come — XML built
 * as plain strings, no object per cell, deflated by ./zipWriter.ts as it goes.
 */
import type { Writable } from 'node:stream';
import type { SheetHead } from './sheetLayout';
import { HEAD_ROWS, sheetNameFor, TITLE_ROWS } from './sheetLayout';
import { CELL_STYLE, fixedParts, SHEET_OPEN, SHEET_PATH, xmlText, type CellStyleId } from './xlsxParts';
import { ZipWriter, type ZipEntryWriter } from './zipWriter';

/** Characters of sheet XML gathered before they go to zlib: big pieces keep the per-write cost low. */
const FLUSH_CHARS = 128 * 1024;

/** 'A', 'B', … 'Z', 'AA', … for a 0-based column index. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

const styleAttr = (style: CellStyleId): string => (style === CELL_STYLE.plain ? '' : ` s="${style}"`);

export class SheetWriter {
  private xml = '';
  private readonly cellOpen: string[];
  private rowNumber = 0;
  private rowRef = '';
  private merges: string[] = [];

  private constructor(
    private readonly zip: ZipWriter,
    private readonly entry: ZipEntryWriter,
    private readonly columnCount: number,
  ) {
    this.cellOpen = Array.from({ length: Math.max(1, columnCount) }, (_, i) => `<c r="${columnLetters(i)}`);
  }

  /** Writes the fixed parts and the sheet's head; data rows follow from row TITLE_ROWS + HEAD_ROWS + 1. */
  static async start(out: Writable, head: SheetHead): Promise<SheetWriter> {
    const zip = new ZipWriter(out);
    for (const [name, text] of fixedParts(sheetNameFor(head.sheetName))) await zip.add(name, text);
    const entry = await zip.open(SHEET_PATH);
    const writer = new SheetWriter(zip, entry, head.headers.length);
    writer.head(head);
    return writer;
  }

  private head(head: SheetHead): void {
    const frozen = TITLE_ROWS + HEAD_ROWS;
    const columns = Math.max(1, head.headers.length);
    const widths = head.headers.map((h, i) => `<col min="${i + 1}" max="${i + 1}" width="${h.width}" customWidth="1"/>`).join('');
    this.xml +=
      SHEET_OPEN +
      `<sheetViews><sheetView workbookViewId="0"><pane ySplit="${frozen}" topLeftCell="A${frozen + 1}" activePane="bottomLeft" state="frozen"/>` +
      '<selection pane="bottomLeft"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/>' +
      (widths ? `<cols>${widths}</cols>` : '') +
      '<sheetData>';
    // Title rows: the text in A, the other cells styled alike so the merged area looks as one.
    const titled = (row: number, height: number | undefined, text: string, style: CellStyleId) => {
      this.xml += `<row r="${row}"${height ? ` ht="${height}" customHeight="1"` : ''}>`;
      this.xml += `<c r="A${row}"${styleAttr(style)} t="str"><v>${xmlText(text)}</v></c>`;
      for (let i = 1; i < columns; i++) this.xml += `${this.cellOpen[i]}${row}"${styleAttr(style)}/>`;
      this.xml += '</row>';
    };
    titled(1, 30, head.title, CELL_STYLE.title);
    titled(2, undefined, head.subtitle, CELL_STYLE.subtitle);
    this.xml += `<row r="${frozen}" ht="20" customHeight="1">`;
    head.headers.forEach((h, i) => {
      this.xml += `${this.cellOpen[i]}${frozen}"${styleAttr(CELL_STYLE.header)} t="str"><v>${xmlText(h.title)}</v></c>`;
    });
    this.xml += '</row>';
    this.rowNumber = frozen;
    this.merges = columns > 1 ? [`A1:${columnLetters(columns - 1)}1`, `A2:${columnLetters(columns - 1)}2`] : [];
  }

  /** Starts the next row. */
  beginRow(): void {
    this.rowNumber++;
    this.rowRef = String(this.rowNumber);
    this.xml += `<row r="${this.rowRef}">`;
  }

  text(column: number, text: string, style: CellStyleId = CELL_STYLE.plain): void {
    this.xml += `${this.cellOpen[column]}${this.rowRef}"${styleAttr(style)} t="str"><v>${xmlText(text)}</v></c>`;
  }

  number(column: number, value: number, style: CellStyleId = CELL_STYLE.plain): void {
    this.xml += `${this.cellOpen[column]}${this.rowRef}"${styleAttr(style)}><v>${value}</v></c>`;
  }

  /** An empty cell that still shows its style (a shaded blank in the error file). */
  blank(column: number, style: CellStyleId): void {
    if (style !== CELL_STYLE.plain) this.xml += `${this.cellOpen[column]}${this.rowRef}"${styleAttr(style)}/>`;
  }

  /** Ends the row; resolves at once unless enough XML gathered to hand to zlib (and zlib or the client is behind). */
  endRow(): Promise<void> | undefined {
    this.xml += '</row>';
    if (this.xml.length < FLUSH_CHARS) return undefined;
    return this.flush();
  }

  private flush(): Promise<void> {
    const text = this.xml;
    this.xml = '';
    return this.entry.write(text);
  }

  /** Ends the sheet and the file; resolves once the output took the last byte. */
  async finish(): Promise<void> {
    this.xml += '</sheetData>';
    if (this.merges.length > 0) {
      this.xml += `<mergeCells count="${this.merges.length}">${this.merges.map((ref) => `<mergeCell ref="${ref}"/>`).join('')}</mergeCells>`;
    }
    this.xml += '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>';
    await this.flush();
    await this.entry.close();
    await this.zip.finish();
  }
}
