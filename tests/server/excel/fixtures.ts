import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { Writable } from 'node:stream';
import { ExcelFileError, type ExcelColumn } from '../../../server/excel';

/** A column of every kind, as an entity schema of the maintenance pages would produce them. */
export const expertColumns: ExcelColumn[] = [
  { key: 'expertName', title: '专家姓名', kind: 'string', required: true, maxLength: 20 },
  { key: 'mobile', title: '联系电话', kind: 'string' },
  {
    key: 'sex',
    title: '性别',
    kind: 'string',
    dict: [
      { value: '1', text: '男' },
      { value: '2', text: '女' },
    ],
  },
  {
    key: 'specialty',
    title: '专业领域',
    kind: 'string',
    multiple: true,
    dict: [
      { value: 'fire', text: '火灾' },
      { value: 'flood', text: '水灾' },
      { value: 'car', text: '车险' },
    ],
  },
  {
    key: 'status',
    title: '状态',
    kind: 'integer',
    dict: [
      { value: '1', text: '正常' },
      { value: '2', text: '冻结' },
    ],
  },
  { key: 'caseCount', title: '案件数', kind: 'integer' },
  { key: 'score', title: '评分', kind: 'number' },
  { key: 'hourCost', title: '小时费用', kind: 'money' },
  { key: 'birthday', title: '出生日期', kind: 'date' },
  { key: 'createTime', title: '创建时间', kind: 'datetime' },
  { key: 'dutyTime', title: '值班时间', kind: 'time' },
  { key: 'isExternal', title: '是否外聘', kind: 'boolean' },
  { key: 'remark', title: '备注', kind: 'text' },
];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A deterministic record in the canonical form import produces, so a round trip compares with toEqual. */
export function expertRecord(i: number): Record<string, string | number | boolean | null> {
  return {
    expertName: `专家${i}号`,
    mobile: `139${pad(i, 8)}`,
    sex: i % 3 === 0 ? null : i % 2 ? '1' : '2',
    specialty: ['fire', 'fire,flood', 'car,fire,flood', null][i % 4],
    status: i % 5 === 0 ? 2 : 1,
    caseCount: i % 7 === 0 ? -i : i,
    score: Math.round(i * 37 + 5) / 100,
    hourCost: i % 11 === 0 ? 0 : Math.round(i * 123.45) / 100,
    birthday: `${1950 + (i % 50)}-${pad((i % 12) + 1)}-${pad((i % 28) + 1)}`,
    createTime: `2024-${pad((i % 12) + 1)}-${pad((i % 28) + 1)} ${pad(i % 24)}:${pad(i % 60)}:${pad((i * 7) % 60)}`,
    dutyTime: `${pad(i % 24)}:${pad((i * 3) % 60)}:00`,
    isExternal: i % 2 === 0,
    remark: i % 10 === 0 ? null : `第${i}条备注：<保险> & "公估" '理算' =SUM(A1) 😀`,
  };
}

/** Collects what a writer streams, like an HTTP reply would. */
export function collectingSink(): { sink: Writable; buffer: () => Buffer } {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  return { sink, buffer: () => Buffer.concat(chunks) };
}

/** Counts bytes and throws them away: memory stays with the writer, not the sink. */
export function countingSink(): { sink: Writable; bytes: () => number } {
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback();
    },
  });
  return { sink, bytes: () => bytes };
}

export async function* asyncRows<T>(count: number, make: (i: number) => T): AsyncGenerator<T> {
  for (let i = 1; i <= count; i++) yield make(i);
}

/** Opens a whole workbook with exceljs, to look at what a user would see in Excel. */
export async function openWorkbook(file: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  const bytes = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer;
  await workbook.xlsx.load(bytes);
  return workbook;
}

/** Saves a workbook built in a test as .xlsx bytes. */
export async function xlsxBytes(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The message a workbook is refused with (fails the test when it is read instead). */
export async function refusal(run: () => Promise<unknown>): Promise<string> {
  const error = await run().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ExcelFileError);
  return (error as ExcelFileError).message;
}
