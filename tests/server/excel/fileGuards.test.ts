import ExcelJS from 'exceljs';
import { describe, expect, test } from 'vitest';
import { ExcelFileError, mapRows, readWorkbook, type ExcelColumn } from '../../../server/excel';
import { refusal, xlsxBytes } from './fixtures';

const columns: ExcelColumn[] = [
  { key: 'typeName', title: '费用类型', kind: 'string', required: true },
  { key: 'typeCode', title: '编码', kind: 'string', required: true },
  { key: 'price', title: '单价', kind: 'money' },
];

async function sheetOf(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return xlsxBytes(workbook);
}

describe('files that cannot be imported', () => {
  test('other extensions are refused before reading', async () => {
    const file = await sheetOf([['费用类型', '编码']]);
    for (const name of ['费用.csv', '费用.xlsm', '费用.xlsx.exe', '费用']) {
      expect(await refusal(() => readWorkbook(file, name))).toBe('文件格式不支持，请上传 .xls 或 .xlsx 文件');
    }
  });

  test('garbage, empty and truncated files say they cannot be read', async () => {
    expect(await refusal(() => readWorkbook(Buffer.from('这不是表格,只是文本\n1,2,3'), 'a.xlsx'))).toBe(
      '文件无法读取: 文件内容不是有效的 Excel 工作簿',
    );
    expect(await refusal(() => readWorkbook(Buffer.alloc(0), 'a.xls'))).toBe('文件无法读取: 文件为空');
    const whole = await sheetOf([['费用类型', '编码'], ['交通费', 'JT']]);
    expect(await refusal(() => readWorkbook(whole.subarray(0, whole.length / 2), 'a.xlsx'))).toBe(
      '文件无法读取: 文件不完整，可能上传中断或已损坏',
    );
    // A zip that is whole but holds no workbook.
    const notBook = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(40), Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]);
    expect(await refusal(() => readWorkbook(notBook, 'a.xlsx'))).toMatch(/^文件无法读取: ./);
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600, 7)]);
    expect(await refusal(() => readWorkbook(ole, 'a.xls'))).toMatch(/^文件无法读取: ./);
  });

  test('files over the size limit get JeecgBoot’s message', async () => {
    expect(await refusal(() => readWorkbook(Buffer.alloc(10 * 1024 * 1024 + 1), '大文件.xlsx'))).toBe('文件大小超出10MB限制');
    const file = await sheetOf([['费用类型', '编码']]);
    expect(await refusal(() => readWorkbook(file, 'a.xlsx', { maxBytes: 1024 }))).toBe('文件大小超出1KB限制');
  });

  test('files with more data rows than allowed are refused', async () => {
    const rows = [['费用类型', '编码'], ...Array.from({ length: 60 }, (_, i) => [`类型${i}`, `C${i}`])];
    const file = await sheetOf(rows);
    expect(await refusal(() => readWorkbook(file, 'a.xlsx', { maxRows: 50 }))).toBe('文件数据行数超出50行限制');
    await expect(readWorkbook(file, 'a.xlsx', { maxRows: 60 })).resolves.toMatchObject({ sheetName: 'Sheet1' });
  });
});

describe('finding the header', () => {
  test('a file typed by hand without title rows, columns in another order, extra columns ignored', async () => {
    const file = await sheetOf([
      ['说明', '单价', '编码', '费用类型'],
      ['随便写', 12.5, 'JT', '交通费'],
      [null, null, 'ZS', '住宿费'],
    ]);
    const mapped = mapRows(await readWorkbook(file, '手填.xlsx'), columns, { titleRows: 2, headRows: 1 });
    expect(mapped.headerRowNumber).toBe(1);
    expect(mapped.columnsInFile.map((c) => c.key)).toEqual(['price', 'typeCode', 'typeName']);
    expect([...mapped].map((r) => [r.rowNumber, r.values])).toEqual([
      [2, { price: 12.5, typeCode: 'JT', typeName: '交通费' }],
      [3, { price: null, typeCode: 'ZS', typeName: '住宿费' }],
    ]);
  });

  test('titles match despite spaces, line breaks and required-stars', async () => {
    const file = await sheetOf([['*费用 类型', '编\n码*']]);
    expect(mapRows(await readWorkbook(file, 'a.xlsx'), columns).columnsInFile.map((c) => c.key)).toEqual([
      'typeName',
      'typeCode',
    ]);
  });

  test('a missing required column is a file error naming it', async () => {
    const file = await sheetOf([['标题'], ['导出人:张三'], ['费用类型', '单价'], ['交通费', 1]]);
    const sheet = await readWorkbook(file, 'a.xlsx');
    expect(() => mapRows(sheet, columns)).toThrowError(new ExcelFileError('文件缺少必填列: 编码'));
  });

  test('a sheet with none of the titles says so', async () => {
    const file = await sheetOf([['姓名', '年龄'], ['张三', 30]]);
    const sheet = await readWorkbook(file, 'a.xlsx');
    expect(() => mapRows(sheet, columns)).toThrowError('未找到表头：文件中没有与模板列标题相同的列，请使用导入模板');
  });
});
