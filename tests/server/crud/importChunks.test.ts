/**
 * An import is read and validated a chunk of rows at a time (IMPORT_CHUNK_ROWS), yet stays all or
 * nothing: a bad row in the last chunk keeps the earlier chunks out of the table (they were
 * inserted and are rolled back), rows after the first bad one are still checked, and a value
 * repeated in the first and the last chunk is found on both rows — named as a repeat, not as
 * already in the table, though the first chunk was inserted by then.
 */
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_CHUNK_ROWS } from '../../../server/crud/entity/excelIo';
import { readWorkbook } from '../../../server/excel';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, body, login, startTestApp, type TestApp } from '../support/app';
import { multipart } from './support';

interface ImportAnswer {
  fileUrl?: string;
  msg: string;
}

/** Two chunks, the second a short one; `change` may alter any row before it is written. */
const ROWS = IMPORT_CHUNK_ROWS + 500;
/** Excel row of the i-th data row (two title rows and the header come first). */
const excelRow = (i: number) => i + 4;

async function expertWorkbook(change: (rows: string[][]) => void = () => undefined): Promise<Buffer> {
  const rows = Array.from({ length: ROWS }, (_, i) => [`分块专家${i}`, '男', `166${String(i).padStart(8, '0')}`, '火灾']);
  change(rows);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('专家');
  sheet.addRow(['专家报表']);
  sheet.addRow(['导入']);
  sheet.addRow(['专家姓名', '性别', '联系电话', '专业方向']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe.each(DATABASE_KINDS)('an import of several chunks on %s', (kind) => {
  let ctx: TestApp;
  let admin: string;

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    admin = (await login(ctx.app, 'admin')).token;
  }, 120_000);
  afterAll(async () => ctx?.close());

  const imported = async () =>
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM mnt_expert WHERE expert_name LIKE '分块专家%'`.execute(ctx.database.db)).rows[0].n;

  const importFile = async (content: Buffer) => {
    const upload = multipart([{ field: 'file', name: '专家.xlsx', content }]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `${API}/maintenance/expert/importExcel`,
      payload: upload.payload,
      headers: { ...authHeaders(admin), ...upload.headers },
    });
    return body<ImportAnswer>(response);
  };

  const errorReasons = async (fileUrl: string | undefined): Promise<string[]> => {
    expect(fileUrl).toBeDefined();
    const download = await ctx.app.inject({ method: 'GET', url: `${API}${fileUrl}`, headers: authHeaders(admin) });
    const sheet = await readWorkbook(download.rawPayload, 'errors.xlsx');
    return sheet.rows.slice(3).map((row) => String(row.cells.at(-1)));
  };

  it('a bad row in the last chunk keeps every row out, and the report names it', async () => {
    const last = ROWS - 1;
    const answer = await importFile(await expertWorkbook((rows) => (rows[last][2] = '12345')));
    expect(answer).toMatchObject({ success: true, code: 201 });
    expect(answer.message).toBe(`文件导入失败，第${excelRow(last)}行数据有误（共1行），请下载错误文件修改后重新导入`);
    expect(await imported()).toBe(0);
    const reasons = await errorReasons(answer.result.fileUrl);
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toMatch(new RegExp(`^第${excelRow(last)}行 联系电话: `));
  });

  it('a value in the first and the last chunk is named on both rows', async () => {
    const last = ROWS - 1;
    const answer = await importFile(await expertWorkbook((rows) => (rows[last][2] = rows[0][2])));
    expect(answer.message).toBe(`文件导入失败，第${excelRow(0)}、${excelRow(last)}行数据有误（共2行），请下载错误文件修改后重新导入`);
    expect(await imported()).toBe(0);
    expect(await errorReasons(answer.result.fileUrl)).toEqual([
      `第${excelRow(0)}行 联系电话: 文件中存在重复数据（与第${excelRow(last)}行重复）`,
      `第${excelRow(last)}行 联系电话: 文件中存在重复数据（与第${excelRow(0)}行重复）`,
    ]);
  });

  it('after a bad row in the first chunk the later chunks are still checked, and every bad row is named', async () => {
    const last = ROWS - 1;
    const answer = await importFile(
      await expertWorkbook((rows) => {
        rows[1][2] = '12345';
        rows[last][2] = '54321';
      }),
    );
    expect(answer.message).toBe(`文件导入失败，第${excelRow(1)}、${excelRow(last)}行数据有误（共2行），请下载错误文件修改后重新导入`);
    expect(await imported()).toBe(0);
    const reasons = await errorReasons(answer.result.fileUrl);
    expect(reasons.map((r) => r.split(' ')[0])).toEqual([`第${excelRow(1)}行`, `第${excelRow(last)}行`]);
  });

  it('a value already in the table and repeated across chunks is named as both on both rows', async () => {
    const phone = '16699990000';
    await sql`INSERT INTO mnt_expert (id, expert_name, sex, contact_mobile, major_direction, tenant_id) VALUES ('chunk-taken', '已有专家', '1', ${phone}, '火灾', 0)`.execute(ctx.database.db);
    try {
      const last = ROWS - 1;
      const answer = await importFile(
        await expertWorkbook((rows) => {
          rows[0][2] = phone;
          rows[last][2] = phone;
        }),
      );
      expect(answer.message).toBe(`文件导入失败，第${excelRow(0)}、${excelRow(last)}行数据有误（共2行），请下载错误文件修改后重新导入`);
      expect(await imported()).toBe(0);
      expect(await errorReasons(answer.result.fileUrl)).toEqual([
        `第${excelRow(0)}行 联系电话: 文件中存在重复数据（与第${excelRow(last)}行重复）; 联系电话: 联系电话「${phone}」已存在`,
        `第${excelRow(last)}行 联系电话: 文件中存在重复数据（与第${excelRow(0)}行重复）; 联系电话: 联系电话「${phone}」已存在`,
      ]);
    } finally {
      await sql`DELETE FROM mnt_expert WHERE id = 'chunk-taken'`.execute(ctx.database.db);
    }
  });

  it('a sound file of several chunks imports every row', async () => {
    const answer = await importFile(await expertWorkbook());
    expect(answer).toMatchObject({ success: true, code: 200, message: `文件导入成功！数据行数：${ROWS}` });
    expect(await imported()).toBe(ROWS);
  });
});
