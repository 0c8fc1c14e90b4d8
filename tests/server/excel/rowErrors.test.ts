import ExcelJS from 'exceljs';
import { describe, expect, test } from 'vitest';
import {
  describeRowErrors,
  mapRows,
  markDuplicates,
  readWorkbook,
  writeErrorWorkbook,
  type ExcelColumn,
  type ImportRow,
} from '../../../server/excel';
import { collectingSink, openWorkbook, xlsxBytes } from './fixtures';

const columns: ExcelColumn[] = [
  { key: 'expertName', title: '专家姓名', kind: 'string', required: true, maxLength: 10 },
  { key: 'mobile', title: '联系电话', kind: 'string' },
  { key: 'sex', title: '性别', kind: 'string', dict: [{ value: '1', text: '男' }, { value: '2', text: '女' }] },
  { key: 'caseCount', title: '案件数', kind: 'integer' },
  { key: 'hourCost', title: '小时费用', kind: 'money' },
  { key: 'birthday', title: '出生日期', kind: 'date' },
  { key: 'isExternal', title: '是否外聘', kind: 'boolean' },
];

/** An upload as a user fills the template: rows 4–9, row 7 with several mistakes. */
async function upload(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('专家');
  sheet.addRow(['专家报表']);
  sheet.addRow(['导出人:管理员']);
  sheet.addRow(columns.map((c) => c.title));
  sheet.addRow(['王建国', '13800138000', '男', 12, 300, '1975-06-01', '是']); // 4
  sheet.addRow(['李秀英', '13900139000', '女', '3', '¥1,250.50', '1980/2/29', '否']); // 5
  sheet.addRow(['王建国', '13700137000', '2', 0, 0, '19790101', 'true']); // 6: same name as row 4
  sheet.addRow([null, '12345', '未知', '十二', '12.345', '1980-02-30', '也许']); // 7
  sheet.addRow([]); // 8: empty, skipped
  sheet.addRow(['一个名字长得超过十个字的专家先生', null, null, 1.5, 'abc', null, null]); // 9
  return xlsxBytes(workbook);
}

/** The caller's own rules (the generic layer adds e.g. the mobile pattern); here a stand-in. */
function checkMobiles(rows: ImportRow[]): void {
  for (const row of rows) {
    const mobile = row.values.mobile;
    if (typeof mobile === 'string' && !/^1[3-9]\d{9}$/.test(mobile)) {
      row.errors.unshift({ column: '联系电话', message: '请输入正确的手机号码' });
    }
  }
}

async function mappedUpload(): Promise<ImportRow[]> {
  const rows = [...mapRows(await readWorkbook(await upload(), '专家.xlsx'), columns)];
  checkMobiles(rows);
  return rows;
}

describe('rows with errors', () => {
  test('every bad cell is reported on its row with the reason', async () => {
    const rows = await mappedUpload();
    expect(rows.map((r) => r.rowNumber)).toEqual([4, 5, 6, 7, 9]);
    expect(rows[1].values).toEqual({
      expertName: '李秀英',
      mobile: '13900139000',
      sex: '2',
      caseCount: 3,
      hourCost: 1250.5,
      birthday: '1980-02-29',
      isExternal: false,
    });
    // The raw dictionary value is accepted as well as its text.
    expect(rows[2].values.sex).toBe('2');
    expect(rows[2].values.birthday).toBe('1979-01-01');
    expect(rows.slice(0, 3).every((r) => r.errors.length === 0)).toBe(true);

    expect(rows[3].errors).toEqual([
      { column: '联系电话', message: '请输入正确的手机号码' },
      { column: '专家姓名', message: '必填' },
      { column: '性别', message: '字典中没有此项: 未知' },
      { column: '案件数', message: '不是有效的整数' },
      { column: '小时费用', message: '金额最多两位小数' },
      { column: '出生日期', message: '日期格式不正确，应为 yyyy-MM-dd' },
      { column: '是否外聘', message: '只能填写 是 或 否' },
    ]);
    expect(rows[4].errors).toEqual([
      { column: '专家姓名', message: '长度不能超过10个字符' },
      { column: '案件数', message: '不是有效的整数' },
      { column: '小时费用', message: '不是有效的金额' },
    ]);
    expect(describeRowErrors(rows[3])).toBe(
      '第7行 联系电话: 请输入正确的手机号码; 专家姓名: 必填; 性别: 字典中没有此项: 未知; 案件数: 不是有效的整数; ' +
        '小时费用: 金额最多两位小数; 出生日期: 日期格式不正确，应为 yyyy-MM-dd; 是否外聘: 只能填写 是 或 否',
    );
  });

  test('the error file lists each bad row with what the user typed, the row number and the reasons', async () => {
    const rows = await mappedUpload();
    const { sink, buffer } = collectingSink();
    const { rowCount } = await writeErrorWorkbook(sink, { columns, rows, title: '专家' });
    expect(rowCount).toBe(2);

    const sheet = (await openWorkbook(buffer())).worksheets[0];
    expect(sheet.getCell('A1').value).toBe('专家错误数据');
    expect(sheet.getCell('A2').value).toBe('共2行数据有误，请按“错误原因”修改后重新导入');
    expect(sheet.getRow(3).values).toEqual([undefined, '行号', ...columns.map((c) => c.title), '错误原因']);
    expect(sheet.getRow(4).values).toEqual([
      undefined,
      7,
      undefined,
      '12345',
      '未知',
      '十二',
      '12.345',
      '1980-02-30',
      '也许',
      describeRowErrors(rows[3]),
    ]);
    expect(sheet.getRow(4).getCell(9).value).toMatch(/^第7行 联系电话: 请输入正确的手机号码; 专家姓名: 必填/);
    // Bad cells are shaded, good ones not.
    expect(sheet.getCell('C4').fill).toMatchObject({ pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } });
    expect(sheet.getCell('B4').fill).toMatchObject({ pattern: 'solid' });
    expect(sheet.getCell('B5').fill).toMatchObject({ pattern: 'solid' });
    expect(JSON.stringify(sheet.getCell('C5').fill ?? null)).not.toContain('FFFFC7CE');
    expect(sheet.getRow(5).getCell(1).value).toBe(9);
  });

  test('a corrected error file imports again; 行号 and 错误原因 are ignored', async () => {
    const rows = await mappedUpload();
    const { sink, buffer } = collectingSink();
    await writeErrorWorkbook(sink, { columns, rows });
    const workbook = await openWorkbook(buffer());
    const sheet = workbook.worksheets[0];
    const fix = sheet.getRow(4);
    [null, '陈静', '13600136000', '女', '12', '12.34', '1980-02-28', '否'].forEach((v, i) => {
      if (i > 0) fix.getCell(i + 1).value = v;
    });
    sheet.spliceRows(5, 1);

    const again = [...mapRows(await readWorkbook(await xlsxBytes(workbook), '专家-错误数据.xlsx'), columns)];
    expect(again).toHaveLength(1);
    expect(again[0].errors).toEqual([]);
    expect(again[0].values).toEqual({
      expertName: '陈静',
      mobile: '13600136000',
      sex: '2',
      caseCount: 12,
      hourCost: 12.34,
      birthday: '1980-02-28',
      isExternal: false,
    });
  });
});

describe('duplicates within one file', () => {
  test('each occurrence of a repeated value is marked with the other rows', async () => {
    const rows = await mappedUpload();
    const marked = markDuplicates(rows, columns[0], '专家姓名重复');
    expect(marked).toBe(2);
    expect(rows[0].errors).toEqual([{ column: '专家姓名', message: '专家姓名重复（与第6行重复）' }]);
    expect(rows[2].errors).toEqual([{ column: '专家姓名', message: '专家姓名重复（与第4行重复）' }]);
    expect(rows[1].errors).toEqual([]);
  });

  test('empty values are never duplicates and long runs stay readable', () => {
    const rows: ImportRow[] = Array.from({ length: 20_000 }, (_, i) => ({
      rowNumber: i + 4,
      values: { code: i % 2 ? 'A01' : null },
      raw: {},
      errors: [],
    }));
    expect(markDuplicates(rows, { key: 'code', title: '编码' })).toBe(10_000);
    expect(rows[0].errors).toEqual([]);
    expect(rows[1].errors[0].message).toBe('文件中存在重复数据（与第7、9、11、13、15等9999行重复）');
  });
});
