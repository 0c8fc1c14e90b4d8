import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamic } from '../../../server/crud/entity/store';
import { readWorkbook } from '../../../server/excel';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, body, login, startTestApp, type TestApp } from '../support/app';
import { multipart } from './support';

type Rec = Record<string, unknown>;
interface Page {
  records: Rec[];
  total: number;
}

/** More rows than one export page (1000), so pages end inside runs of equal sort values. */
const ROWS = 2600;

describe.each(DATABASE_KINDS)('export order and multi-file import errors on %s', (kind) => {
  let ctx: TestApp;
  let admin: string;

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    admin = (await login(ctx.app, 'admin')).token;
    const db = ctx.database.db;
    await sql`DELETE FROM mnt_expert`.execute(db);
    // Few distinct e-mails (a third NULL), two titles (a fifth NULL), one shared create time
    // per insert batch: every sort below ties across page boundaries.
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      id: `ko${String((i * 7919) % ROWS).padStart(6, '0')}`,
      expert_name: `排序专家${i}`,
      sex: i % 2 ? '1' : '2',
      contact_mobile: `138${String(i).padStart(8, '0')}`,
      major_direction: ['火灾', '水渍', '机械'][i % 3],
      title: i % 5 === 0 ? null : ['工程师', '高级工程师'][i % 2],
      email: i % 3 === 0 ? null : `e${i % 7}@demo.cn`,
    }));
    for (let i = 0; i < rows.length; i += 1000) await dynamic(db).insertInto('mnt_expert').values(rows.slice(i, i + 1000)).execute();
  }, 120_000);
  afterAll(async () => ctx?.close());

  const get = (url: string) => ctx.app.inject({ method: 'GET', url: `${API}${url}`, headers: authHeaders(admin) });

  /** The list's rows in order, page by page as a user would see them: their mobiles. */
  async function listed(query: string, pageSize = 1000): Promise<string[]> {
    const mobiles: string[] = [];
    for (let pageNo = 1; ; pageNo++) {
      const envelope = body<Page>(await get(`/maintenance/expert/list?${query}&pageSize=${pageSize}&pageNo=${pageNo}`));
      expect(envelope.success, envelope.message).toBe(true);
      mobiles.push(...envelope.result.records.map((r) => String(r.contactMobile)));
      if (mobiles.length >= envelope.result.total) return mobiles;
    }
  }

  /** The exported file's rows in order: their mobiles. */
  async function exported(query: string): Promise<string[]> {
    const response = await get(`/maintenance/expert/exportXls?${query}`);
    expect(response.statusCode).toBe(200);
    const sheet = await readWorkbook(response.rawPayload, 'export.xlsx');
    const header = sheet.rows.find((r) => r.cells.includes('联系电话'));
    if (!header) throw new Error('no header row');
    const at = header.cells.indexOf('联系电话');
    return sheet.rows.filter((r) => r.rowNumber > header.rowNumber).map((r) => String(r.cells[at]));
  }

  it.each([
    ['the default sort (createTime desc, all ties)', ''],
    ['a nullable column with repeated values, ascending', 'column=email&order=asc'],
    ['a nullable column with repeated values, descending', 'column=email&order=desc'],
    ['two nullable columns', 'column=title,email&order=asc'],
    ['two nullable columns, descending', 'column=title,email&order=desc'],
    ['a filter and a sort', `sex=1&column=email&order=desc`],
  ])('exports every row exactly once in list order: %s', async (_label, query) => {
    const list = await listed(query);
    const file = await exported(query);
    expect(file.length).toBe(list.length);
    expect(new Set(file).size).toBe(file.length);
    expect(file).toEqual(list);
  }, 120_000);

  it('pages through rows that all tie on the sort without repeating or skipping one, in the order of larger pages', async () => {
    const small = await listed('', 200);
    expect(small).toHaveLength(ROWS);
    expect(new Set(small).size).toBe(ROWS);
    expect(small).toEqual(await listed(''));
  }, 120_000);

  it('exports only the selected rows, in list order', async () => {
    const all = body<Page>(await get('/maintenance/expert/list?column=email&order=asc&pageSize=1000')).result.records;
    const chosen = [all[900], all[3], all[450], all[999]];
    const ids = chosen.map((r) => r.id).join(',');
    const file = await exported(`column=email&order=asc&selections=${ids}`);
    expect(file).toEqual([all[3], all[450], all[900], all[999]].map((r) => String(r.contactMobile)));
  });

  async function workbook(rows: (string | null)[][]): Promise<Buffer> {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('专家');
    sheet.addRow(['专家报表']);
    sheet.addRow(['导入']);
    sheet.addRow(['专家姓名', '性别', '联系电话', '专业方向']);
    for (const row of rows) sheet.addRow(row);
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  it('an import of several files names the file of every bad row, in the message and in the error file', async () => {
    const before = body<Page>(await get('/maintenance/expert/list')).result.total;
    const first = await workbook([
      ['甲一', '男', '13900000001', '火灾'],
      ['甲二', '男', '12345', '火灾'], // row 5: bad mobile
    ]);
    const second = await workbook([
      ['乙一', '女', '13900000003', '水渍'],
      [null, '女', '13900000004', '水渍'], // row 5: no name
      ['乙三', '女', '13900000001', '水渍'], // row 6: same mobile as 专家甲.xlsx row 4
    ]);
    const upload = multipart([
      { field: 'files[]', name: '专家甲.xlsx', content: first },
      { field: 'files[]', name: '专家乙.xlsx', content: second },
    ]);
    const answer = body<{ fileUrl: string; msg: string }>(
      await ctx.app.inject({ method: 'POST', url: `${API}/maintenance/expert/importExcel`, payload: upload.payload, headers: { ...authHeaders(admin), ...upload.headers } }),
    );
    expect(answer).toMatchObject({ success: true, code: 201 });
    expect(answer.message).toBe('文件导入失败，「专家甲.xlsx」第4、5行、「专家乙.xlsx」第5、6行数据有误（共4行），请下载错误文件修改后重新导入');
    expect(body<Page>(await get('/maintenance/expert/list')).result.total).toBe(before);

    const download = await get(answer.result.fileUrl);
    const sheet = await readWorkbook(download.rawPayload, 'errors.xlsx');
    const header = sheet.rows.find((r) => r.cells.includes('行号'));
    if (!header) throw new Error('no header row');
    expect(header.cells.slice(0, 2)).toEqual(['文件', '行号']);
    const reasonAt = header.cells.indexOf('错误原因');
    const data = sheet.rows.filter((r) => r.rowNumber > header.rowNumber).map((r) => ({ file: r.cells[0], row: r.cells[1], reason: String(r.cells[reasonAt]) }));
    expect(data.map((d) => [d.file, d.row])).toEqual([
      ['专家甲.xlsx', 4],
      ['专家甲.xlsx', 5],
      ['专家乙.xlsx', 5],
      ['专家乙.xlsx', 6],
    ]);
    expect(data[0].reason).toContain('与「专家乙.xlsx」第6行重复');
    expect(data[1].reason).toMatch(/^「专家甲\.xlsx」第5行 联系电话/);
    expect(data[2].reason).toMatch(/^「专家乙\.xlsx」第5行 专家姓名/);
    expect(data[3].reason).toContain('与「专家甲.xlsx」第4行重复');
  });

  it('a file-level refusal among several files names the file', async () => {
    const upload = multipart([
      { field: 'files[]', name: '专家甲.xlsx', content: await workbook([['甲一', '男', '13900000011', '火灾']]) },
      { field: 'files[]', name: '说明.txt', content: Buffer.from('not excel') },
    ]);
    const answer = body(
      await ctx.app.inject({ method: 'POST', url: `${API}/maintenance/expert/importExcel`, payload: upload.payload, headers: { ...authHeaders(admin), ...upload.headers } }),
    );
    expect(answer.success).toBe(false);
    expect(answer.message).toContain('「说明.txt」文件格式不支持');
  });
});
