import { describe, expect, test } from 'vitest';
import { contentDispositionFor, mapRows, readWorkbook, writeTemplate } from '../../../server/excel';
import { collectingSink, expertColumns, openWorkbook } from './fixtures';

async function template(exportedBy?: string): Promise<Buffer> {
  const { sink, buffer } = collectingSink();
  await writeTemplate(sink, { title: '专家', columns: expertColumns, exportedBy });
  return buffer();
}

describe('import template', () => {
  test('has the export title rows and header but no data', async () => {
    const workbook = await openWorkbook(await template());
    const sheet = workbook.worksheets[0];
    expect(sheet.getCell('A1').value).toBe('专家报表');
    expect(sheet.getCell('A2').value).toBe('请从第4行开始填写数据，不要修改前3行；必填列: 专家姓名');
    expect(sheet.getRow(3).values).toEqual([undefined, ...expertColumns.map((c) => c.title)]);
    expect(sheet.actualRowCount).toBe(3);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 3 });
  });

  test('names the user when asked, like an export of an empty list', async () => {
    const workbook = await openWorkbook(await template('李四'));
    expect(workbook.worksheets[0].getCell('A2').value).toBe('导出人:李四');
  });

  test('imports as a file without rows', async () => {
    const sheet = await readWorkbook(await template(), '专家导入模板.xlsx');
    const mapped = mapRows(sheet, expertColumns);
    expect(mapped.headerRowNumber).toBe(3);
    expect(mapped.columnsInFile.map((c) => c.key)).toEqual(expertColumns.map((c) => c.key));
    expect([...mapped]).toEqual([]);
  });
});

describe('download file names', () => {
  test('a Chinese name travels in filename* and an ASCII stand-in in filename', () => {
    expect(contentDispositionFor('专家信息.xlsx')).toBe(
      `attachment; filename="____.xlsx"; filename*=UTF-8''%E4%B8%93%E5%AE%B6%E4%BF%A1%E6%81%AF.xlsx`,
    );
  });

  test('quotes, line breaks and paths cannot break the header', () => {
    const header = contentDispositionFor('a"b\r\nSet-Cookie: x/../(1)*.xlsx');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toBe(
      `attachment; filename="a_bSet-Cookie: x_.._(1)*.xlsx"; filename*=UTF-8''a%22bSet-Cookie%3A%20x_.._%281%29%2A.xlsx`,
    );
  });
});
