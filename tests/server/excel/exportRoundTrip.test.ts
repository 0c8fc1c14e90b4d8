import { describe, expect, test } from 'vitest';
import { FIRST_DATA_ROW, mapRows, readWorkbook, writeXlsx } from '../../../server/excel';
import { asyncRows, collectingSink, expertColumns, expertRecord, openWorkbook } from './fixtures';

async function exportExperts(count: number): Promise<{ file: Buffer; rowCount: number }> {
  const { sink, buffer } = collectingSink();
  const { rowCount } = await writeXlsx(sink, {
    title: '专家',
    exportedBy: '管理员',
    columns: expertColumns,
    rows: asyncRows(count, expertRecord),
  });
  return { file: buffer(), rowCount };
}

describe('export → import round trip', () => {
  test('10,000 experts of every column kind come back exactly as exported', async () => {
    const { file, rowCount } = await exportExperts(10_000);
    expect(rowCount).toBe(10_000);

    const sheet = await readWorkbook(file, '专家.xlsx');
    const mapped = mapRows(sheet, expertColumns, { titleRows: 2, headRows: 1 });
    expect(mapped.headerRowNumber).toBe(3);
    const rows = [...mapped];

    expect(rows).toHaveLength(10_000);
    expect(rows.filter((r) => r.errors.length)).toEqual([]);
    expect(rows.map((r) => r.rowNumber)).toEqual(Array.from({ length: 10_000 }, (_, i) => FIRST_DATA_ROW + i));
    expect(rows.map((r) => r.values)).toEqual(Array.from({ length: 10_000 }, (_, i) => expertRecord(i + 1)));
  });

  test('the sheet reads like a JeecgBoot export: title, exporter, header, then text the user recognises', async () => {
    const { file } = await exportExperts(3);
    const workbook = await openWorkbook(file);
    const sheet = workbook.worksheets[0];

    expect(sheet.name).toBe('专家');
    expect(sheet.getCell('A1').value).toBe('专家报表');
    expect(sheet.getCell('M1').isMerged).toBe(true);
    expect(sheet.getCell('A2').value).toBe('导出人:管理员');
    expect(sheet.getCell('M2').isMerged).toBe(true);
    expect(sheet.getRow(3).values).toEqual([undefined, ...expertColumns.map((c) => c.title)]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 3 });

    // Row 4 is expert 1: dictionary texts, dates as text, money as a number shown with 2 decimals.
    const row = sheet.getRow(4);
    expect(row.getCell(3).value).toBe('男');
    expect(row.getCell(4).value).toBe('火灾,水灾');
    expect(row.getCell(5).value).toBe('正常');
    expect(row.getCell(8).value).toBe(1.23);
    expect(row.getCell(8).numFmt).toBe('#,##0.00');
    expect(row.getCell(9).value).toBe('1951-02-02');
    expect(row.getCell(10).value).toBe('2024-02-02 01:01:07');
    expect(row.getCell(12).value).toBe('否');
    // Text that looks like a formula stays text.
    expect(row.getCell(13).value).toContain('=SUM(A1)');
    expect(sheet.getRow(6).getCell(3).value).toBeNull();

    expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual(12);
    expect(sheet.getColumn(13).width).toBeGreaterThanOrEqual(30);
  });

  test('database shapes are exported as the user expects them', async () => {
    const { sink, buffer } = collectingSink();
    const columns = [
      { key: 'day', title: '日期', kind: 'date' as const },
      { key: 'at', title: '时间', kind: 'datetime' as const },
      { key: 'fee', title: '金额', kind: 'money' as const },
      { key: 'big', title: '编号', kind: 'integer' as const },
      { key: 'flag', title: '启用', kind: 'boolean' as const },
      { key: 'gone', title: '类型', kind: 'string' as const, dict: [{ value: 'a', text: '甲' }] },
    ];
    await writeXlsx(sink, {
      title: '样例',
      exportedBy: '张三',
      columns,
      rows: [
        {
          // pg hands `date`/`timestamp` over as local Dates and numeric/bigint as text.
          day: new Date(2024, 2, 5),
          at: new Date(2024, 2, 5, 8, 9, 10),
          fee: '1234.5',
          big: '9007199254740993',
          flag: '1',
          gone: 'retired',
        },
      ],
    });
    const workbook = await openWorkbook(buffer());
    const row = workbook.worksheets[0].getRow(4);
    expect(row.values).toEqual([undefined, '2024-03-05', '2024-03-05 08:09:10', 1234.5, '9007199254740993', '是', 'retired']);
  });
});
