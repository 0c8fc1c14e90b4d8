/**
 * exceljs' streaming reader sometimes fails inside on a sound file when the machine is busy; the
 * same bytes read fine again. An import reads such a file again before it reports a failure; our
 * own refusals are reported at once.
 */
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ExcelFileError } from '../../../server/excel/errors';

const failures = vi.hoisted(() => ({ left: 0, error: new Error('unset') as Error, calls: 0 }));

vi.mock('../../../server/excel/readXlsx', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../server/excel/readXlsx')>();
  return {
    ...actual,
    readXlsx: async (...args: Parameters<typeof actual.readXlsx>) => {
      failures.calls += 1;
      if (failures.left > 0) {
        failures.left -= 1;
        throw failures.error;
      }
      return actual.readXlsx(...args);
    },
  };
});

const { readWorkbook } = await import('../../../server/excel/readWorkbook');

async function book(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('专家').addRow(['专家姓名', '性别']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

beforeEach(() => {
  failures.calls = 0;
});

describe('reading an .xlsx when the streaming reader stumbles', () => {
  it('reads the file again after an internal failure and returns its rows', async () => {
    failures.left = 2;
    failures.error = new TypeError("Cannot read properties of undefined (reading 'sheets')");
    const sheet = await readWorkbook(await book(), '专家.xlsx');
    expect(sheet.rows[0].cells).toEqual(['专家姓名', '性别']);
    expect(failures.calls).toBe(3);
  });

  it('reports a failure that lasts, in the import’s words', async () => {
    failures.left = 5;
    failures.error = new TypeError('boom');
    await expect(readWorkbook(await book(), '专家.xlsx')).rejects.toThrow('文件无法读取');
    expect(failures.calls).toBe(3);
  });

  it('reports its own refusals at once', async () => {
    failures.left = 1;
    failures.error = new ExcelFileError('数据行数超过上限');
    await expect(readWorkbook(await book(), '专家.xlsx')).rejects.toThrow('数据行数超过上限');
    expect(failures.calls).toBe(1);
  });
});
