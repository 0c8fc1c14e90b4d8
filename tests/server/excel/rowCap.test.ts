/**
 * A workbook over the row limit is refused where the limit is reached: the reader never goes on to
 * the rest of the sheet. Shown with a sheet whose rows past the limit are damaged — reading them
 * would fail with 文件无法读取, stopping at the limit answers the row-limit message.
 */
import * as XLSX from '@e965/xlsx';
import { describe, expect, test } from 'vitest';
import { DEFAULT_MAX_IMPORT_ROWS, excelMessages, readWorkbook, readWorkbookRows, type SheetRow } from '../../../server/excel';
import { refusal } from './fixtures';
import { handMadeXlsx, rowsXml } from './handMadeXlsx';

const header = ['费用类型', '编码'];
const dataRows = (n: number, from = 0) => Array.from({ length: n }, (_, i) => [`类型${from + i}`, `C${from + i}`]);
/** Not XML: a parser that got here would fail. */
const DAMAGE = '<row r="999"><c r="A999" t="inlineStr"><is><t>坏</t></is></c></row><<<这里不是XML';

describe('the row limit stops reading', () => {
  test('a sound hand-made workbook reads in full', async () => {
    const sheet = await readWorkbook(handMadeXlsx(rowsXml([header, ...dataRows(60)])), 'a.xlsx');
    expect(sheet.sheetName).toBe('工作表');
    expect(sheet.rows).toHaveLength(61);
    expect(sheet.rows[60]).toEqual({ rowNumber: 61, cells: ['类型59', 'C59'] });
  });

  test('an .xlsx over the limit is refused at the limit, its damaged rest never read', async () => {
    // 2,000 data rows (some 200 KB of XML), then damage: with room for all, the reader meets it…
    const file = handMadeXlsx(rowsXml([header, ...dataRows(2000)]), DAMAGE);
    expect(await refusal(() => readWorkbook(file, 'a.xlsx', { maxRows: 5000 }))).toMatch(/^文件无法读取: /);
    // …with a limit of 50 it stops after the 50th and says why, never reaching the damage.
    expect(await refusal(() => readWorkbook(file, 'a.xlsx', { maxRows: 50 }))).toBe('文件数据行数超出50行限制');
  });

  test('an .xls over the limit is refused; blank rows between data rows do not count', async () => {
    const book = (rows: (string[] | null)[]) => {
      const sheet = XLSX.utils.aoa_to_sheet(rows.map((r) => r ?? []));
      const workbook = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(workbook, sheet, '费用');
      return Buffer.from(XLSX.write(workbook, { type: 'buffer', bookType: 'biff8' }) as Uint8Array);
    };
    expect(await refusal(() => readWorkbook(book([header, ...dataRows(60)]), 'a.xls', { maxRows: 50 }))).toBe('文件数据行数超出50行限制');
    // 9 filled rows with blank rows between them, spanning 17: the limit counts filled rows only
    // (plus the room the reader leaves for two title rows and the header).
    const gappy = [header, ...dataRows(8).flatMap((row) => [null, row])];
    const sheet = await readWorkbook(book(gappy), 'a.xls', { maxRows: 6 });
    expect(sheet.rows.map((r) => r.cells[1])).toEqual(['编码', ...dataRows(8).map((r) => r[1])]);
    expect(await refusal(() => readWorkbook(book(gappy), 'a.xls', { maxRows: 5 }))).toBe('文件数据行数超出5行限制');
  });

  test('an import takes up to 1,000,000 rows a file; streamed rows stop at the limit with its message', async () => {
    expect(DEFAULT_MAX_IMPORT_ROWS).toBe(1_000_000);
    expect(excelMessages.tooManyRows(DEFAULT_MAX_IMPORT_ROWS)).toBe('文件数据行数超出1000000行限制');
    // The same damaged sheet, read as an import reads it: row by row, refused at the limit (50
    // data rows plus room for the two title rows and the header), never reaching the damage.
    const stream = await readWorkbookRows(handMadeXlsx(rowsXml([header, ...dataRows(2000)]), DAMAGE), 'a.xlsx', { maxRows: 50 });
    const read: SheetRow[] = [];
    const reading = (async () => {
      for await (const row of stream.rows) read.push(row);
    })();
    await expect(reading).rejects.toThrow('文件数据行数超出50行限制');
    expect(read).toHaveLength(53);
    expect(read[52]).toEqual({ rowNumber: 53, cells: ['类型51', 'C51'] });
  });
});
