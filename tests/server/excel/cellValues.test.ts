import { describe, expect, test } from 'vitest';
import type { CellValue, ExcelColumn } from '../../../server/excel';
import { exportCellWriter } from '../../../server/excel/exportValue';
import { cellConverter } from '../../../server/excel/importValue';

const imported = (column: Omit<ExcelColumn, 'key' | 'title'>, cell: CellValue) =>
  cellConverter({ key: 'f', title: '字段', ...column })(cell);
const exported = (column: Omit<ExcelColumn, 'key' | 'title'>, value: unknown) =>
  exportCellWriter({ key: 'f', title: '字段', ...column })(value);

describe('what users type is understood', () => {
  test.each([
    ['2024-03-05', '2024-03-05'],
    ['2024/3/5', '2024-03-05'],
    ['2024.3.5', '2024-03-05'],
    ['2024年3月5日', '2024-03-05'],
    ['20240305', '2024-03-05'],
    ['２０２４－０３－０５', '2024-03-05'],
    ['2024-03-05 10:20:30', '2024-03-05'],
  ])('date %s', (text, value) => {
    expect(imported({ kind: 'date' }, text)).toEqual({ ok: true, value });
  });

  test.each(['2024-02-30', '2023-02-29', '2024-13-01', '昨天', '05/03/2024'])('not a date: %s', (text) => {
    expect(imported({ kind: 'date' }, text)).toEqual({ ok: false, message: '日期格式不正确，应为 yyyy-MM-dd' });
  });

  test('date and time texts, with or without seconds', () => {
    expect(imported({ kind: 'datetime' }, '2024-03-05 8:09')).toEqual({ ok: true, value: '2024-03-05 08:09:00' });
    expect(imported({ kind: 'datetime' }, '2024-03-05')).toEqual({ ok: true, value: '2024-03-05 00:00:00' });
    expect(imported({ kind: 'datetime' }, '2024-03-05 24:00:00').ok).toBe(false);
    expect(imported({ kind: 'time' }, '8:05')).toEqual({ ok: true, value: '08:05:00' });
    expect(imported({ kind: 'time' }, '8点')).toEqual({ ok: false, message: '时间格式不正确，应为 HH:mm:ss' });
  });

  test('numbers, money and integers', () => {
    expect(imported({ kind: 'number' }, '1,234.5')).toEqual({ ok: true, value: 1234.5 });
    expect(imported({ kind: 'number' }, '12,34')).toEqual({ ok: false, message: '不是有效的数字' });
    expect(imported({ kind: 'number' }, 0.1 + 0.2)).toEqual({ ok: true, value: 0.3 });
    expect(imported({ kind: 'money' }, '￥１２.５０')).toEqual({ ok: true, value: 12.5 });
    expect(imported({ kind: 'money' }, '-8.5元')).toEqual({ ok: true, value: -8.5 });
    expect(imported({ kind: 'money' }, 1.005)).toEqual({ ok: false, message: '金额最多两位小数' });
    expect(imported({ kind: 'integer' }, '007')).toEqual({ ok: true, value: 7 });
    expect(imported({ kind: 'integer' }, 2.5)).toEqual({ ok: false, message: '不是有效的整数' });
    expect(imported({ kind: 'integer' }, '9007199254740993')).toEqual({ ok: false, message: '不是有效的整数' });
  });

  test('yes and no', () => {
    for (const yes of ['是', 'TRUE', 'true', '1', 'Y']) expect(imported({ kind: 'boolean' }, yes)).toEqual({ ok: true, value: true });
    for (const no of ['否', 'false', '0', 'n']) expect(imported({ kind: 'boolean' }, no)).toEqual({ ok: true, value: false });
    expect(imported({ kind: 'boolean' }, 1)).toEqual({ ok: true, value: true });
  });

  test('dictionaries accept the text or the stored value, several at once when multiple', () => {
    const dict = [
      { value: 'fire', text: '火灾' },
      { value: 'flood', text: '水灾' },
    ];
    expect(imported({ kind: 'string', dict }, ' 水灾 ')).toEqual({ ok: true, value: 'flood' });
    expect(imported({ kind: 'string', dict }, 'fire')).toEqual({ ok: true, value: 'fire' });
    expect(imported({ kind: 'string', dict, multiple: true }, '火灾，水灾、fire')).toEqual({
      ok: true,
      value: 'fire,flood,fire',
    });
    expect(imported({ kind: 'string', dict, multiple: true }, '火灾,地震,雷击')).toEqual({
      ok: false,
      message: '字典中没有此项: 地震,雷击',
    });
    expect(imported({ kind: 'integer', dict: [{ value: '1', text: '正常' }] }, '正常')).toEqual({ ok: true, value: 1 });
  });

  test('length is counted in characters, not bytes', () => {
    expect(imported({ kind: 'string', maxLength: 4 }, '公估公司')).toEqual({ ok: true, value: '公估公司' });
    expect(imported({ kind: 'string', maxLength: 4 }, '公估公司😀')).toEqual({ ok: false, message: '长度不能超过4个字符' });
  });

  test('numbers in text columns read as Excel shows them', () => {
    expect(imported({ kind: 'string' }, 13800138000)).toEqual({ ok: true, value: '13800138000' });
    expect(imported({ kind: 'string' }, 0.1 + 0.2)).toEqual({ ok: true, value: '0.3' });
  });
});

describe('export cells', () => {
  test('instants in ISO text are shown in the server zone like timestamps from pg', () => {
    const instant = new Date('2024-03-05T08:09:10Z');
    const local = `${instant.getFullYear()}-${String(instant.getMonth() + 1).padStart(2, '0')}-${String(instant.getDate()).padStart(2, '0')}`;
    expect(exported({ kind: 'datetime' }, '2024-03-05T08:09:10Z')).toMatch(new RegExp(`^${local} \\d\\d:09:10$`));
    expect(exported({ kind: 'datetime' }, '2024-03-05 08:09:10')).toBe('2024-03-05 08:09:10');
  });

  test('values that do not fit their kind are still shown, never dropped', () => {
    expect(exported({ kind: 'date' }, '不详')).toBe('不详');
    expect(exported({ kind: 'money' }, 'n/a')).toBe('n/a');
    expect(exported({ kind: 'money' }, 12.345)).toBe(12.35);
    expect(exported({ kind: 'string' }, 'x'.repeat(40_000))).toHaveLength(32_767);
    expect(exported({ kind: 'string' }, '')).toBeNull();
    expect(exported({ kind: 'integer' }, null)).toBeNull();
  });
});
