import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { describe, expect, test } from 'vitest';
import { mapRows, readWorkbook, type ExcelColumn } from '../../../server/excel';
import { xlsxBytes } from './fixtures';

const columns: ExcelColumn[] = [
  { key: 'companyName', title: '保险公司', kind: 'string', required: true },
  { key: 'level', title: '等级', kind: 'string', dict: [{ value: 'A', text: '一级' }, { value: 'B', text: '二级' }] },
  { key: 'signDate', title: '签约日期', kind: 'date' },
  { key: 'premium', title: '保费', kind: 'money' },
  { key: 'total', title: '合计', kind: 'money' },
  { key: 'active', title: '是否有效', kind: 'boolean' },
];

/** An .xls as Excel 97-2003 saves it, built with SheetJS: JeecgBoot's two title rows, header, data. */
function legacyXls(): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([
    ['保险公司报表'],
    ['导出人:管理员'],
    ['保险公司', '等级', '签约日期', '保费', '合计', '是否有效'],
    ['中国人民财产保险股份有限公司', '一级', new Date(Date.UTC(2023, 10, 7)), 1200.5, 2401, true],
    ['太平洋财产保险', 'B', '2024/1/9', '3,000', null, '否'],
  ]);
  // A real date cell: a serial number shown with a date format.
  sheet['C4'] = { t: 'n', v: 45237, z: 'yyyy-mm-dd' };
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, '保险公司');
  return Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Uint8Array);
}

describe('.xls import (Excel 97-2003)', () => {
  test('reads title rows, dates, numbers, flags and dictionary texts', async () => {
    const sheet = await readWorkbook(legacyXls(), '保险公司.XLS');
    expect(sheet.sheetName).toBe('保险公司');
    const rows = [...mapRows(sheet, columns)];
    expect(rows).toEqual([
      {
        rowNumber: 4,
        values: {
          companyName: '中国人民财产保险股份有限公司',
          level: 'A',
          signDate: '2023-11-07',
          premium: 1200.5,
          total: 2401,
          active: true,
        },
        raw: {
          companyName: '中国人民财产保险股份有限公司',
          level: '一级',
          signDate: '2023-11-07',
          premium: '1200.5',
          total: '2401',
          active: 'TRUE',
        },
        errors: [],
      },
      {
        rowNumber: 5,
        values: { companyName: '太平洋财产保险', level: 'B', signDate: '2024-01-09', premium: 3000, total: null, active: false },
        raw: { companyName: '太平洋财产保险', level: 'B', signDate: '2024/1/9', premium: '3,000', total: '', active: '否' },
        errors: [],
      },
    ]);
  });

  test('an .xlsx saved under an .xls name still imports, as with POI', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('保险公司');
    sheet.addRow(['保险公司', '保费']);
    sheet.addRow(['平安产险', 99.9]);
    const rows = [...mapRows(await readWorkbook(await xlsxBytes(workbook), '改名.xls'), columns)];
    expect(rows.map((r) => r.values)).toEqual([{ companyName: '平安产险', premium: 99.9 }]);
  });
});

describe('cells as Excel keeps them', () => {
  test('formulas count as their last calculated result and rich text as its plain text', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sheet1');
    sheet.addRow(['保险公司', '签约日期', '保费', '合计']);
    const row = sheet.addRow([
      { richText: [{ text: '中国', font: { bold: true } }, { text: '人寿', font: { italic: true } }] },
      { formula: 'DATE(2024,3,5)', result: 45356 },
      100.25,
      { formula: 'C2*2', result: 200.5 },
    ]);
    row.getCell(2).numFmt = 'yyyy"年"m"月"d"日"';
    const rows = [...mapRows(await readWorkbook(await xlsxBytes(workbook), '公式.xlsx'), columns)];
    expect(rows.map((r) => r.values)).toEqual([
      { companyName: '中国人寿', signDate: '2024-03-05', premium: 100.25, total: 200.5 },
    ]);
  });

  test('date cells keep their wall-clock value whatever the server time zone', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sheet1');
    sheet.addRow(['接案时间', '值班时间']);
    const row = sheet.addRow([new Date(Date.UTC(2024, 0, 31, 23, 30, 5)), 0.75]);
    row.getCell(1).numFmt = 'yyyy-mm-dd hh:mm:ss';
    row.getCell(2).numFmt = 'hh:mm';
    const timeColumns: ExcelColumn[] = [
      { key: 'receiveTime', title: '接案时间', kind: 'datetime' },
      { key: 'dutyTime', title: '值班时间', kind: 'time' },
    ];
    const rows = [...mapRows(await readWorkbook(await xlsxBytes(workbook), 't.xlsx'), timeColumns)];
    expect(rows[0].values).toEqual({ receiveTime: '2024-01-31 23:30:05', dutyTime: '18:00:00' });
  });
});
