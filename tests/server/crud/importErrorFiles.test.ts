/**
 * Error workbooks of failed imports live on disk (a hidden folder of the upload folder), not in
 * memory: they outlast a restart, are served to the user whose import made them and nobody else,
 * stay within a size cap per file and in total, and are swept away after an hour.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadEntityPages } from '../../../server/crud/pages';
import { ERROR_FILE_TTL_MS, ERROR_FILES_FOLDER, ImportErrorFiles } from '../../../server/crud/entity';
import { readWorkbook } from '../../../server/excel';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, body, login, startTestApp, type TestApp } from '../support/app';
import { multipart } from './support';

interface ErrorAnswer {
  fileUrl?: string;
  fileName?: string;
  msg: string;
}

/** An expert import whose rows all lack the required 专家姓名: `badRows` rows, each with a long note. */
async function badWorkbook(badRows: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('专家');
  sheet.addRow(['专家报表']);
  sheet.addRow(['导入']);
  sheet.addRow(['专家姓名', '性别', '联系电话', '专业方向']);
  for (let i = 0; i < badRows; i++) sheet.addRow([null, '男', `1350000${String(i).padStart(4, '0')}`, `火灾${'说明'.repeat(20)}${i}`]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const filesIn = (dir: string): string[] => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);

describe.each(DATABASE_KINDS)('import error files on %s', (kind) => {
  let ctx: TestApp;
  let admin: string;
  let errorDir: string;
  /** Small enough that a workbook of 2,000 bad rows does not fit, a handful does. */
  const MAX_FILE_BYTES = 40 * 1024;

  beforeAll(async () => {
    ctx = await startTestApp(kind, { config: { importErrorFileMaxBytes: MAX_FILE_BYTES } });
    admin = (await login(ctx.app, 'admin')).token;
    errorDir = path.join(ctx.config.uploadDir, ERROR_FILES_FOLDER);
  }, 120_000);
  afterAll(async () => ctx?.close());

  const importAs = async (token: string, content: Buffer) => {
    const upload = multipart([{ field: 'file', name: '专家.xlsx', content }]);
    return body<ErrorAnswer>(
      await ctx.app.inject({ method: 'POST', url: `${API}/maintenance/expert/importExcel`, payload: upload.payload, headers: { ...authHeaders(token), ...upload.headers } }),
    );
  };

  it('keeps the error workbook on disk, serves it to its owner after a restart and to nobody else', async () => {
    const answer = await importAs(admin, await badWorkbook(3));
    expect(answer).toMatchObject({ success: true, code: 201 });
    expect(answer.message).toContain('请下载错误文件修改后重新导入');
    const key = /key=([0-9a-f]{48})$/.exec(answer.result.fileUrl ?? '')?.[1];
    expect(key).toBeDefined();
    expect(filesIn(errorDir)).toEqual([`${key}.json`, `${key}.xlsx`]);

    // A second server on the same database and folder (a restart, or another node) still has it.
    const restarted = await buildApp({ config: ctx.config, database: ctx.database, pages: loadEntityPages() });
    try {
      const download = await restarted.inject({ method: 'GET', url: `${API}${answer.result.fileUrl}`, headers: authHeaders(admin) });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toContain('spreadsheetml');
      const sheet = await readWorkbook(download.rawPayload, 'errors.xlsx');
      const texts = sheet.rows.flatMap((r) => r.cells.map((c) => String(c ?? '')));
      expect(texts.filter((t) => t.startsWith('第') && t.includes('专家姓名'))).toHaveLength(3);

      // zhangsan may import experts too (expert:*), but the file is not his.
      const manager = (await login(restarted, 'zhangsan')).token;
      const other = await restarted.inject({ method: 'GET', url: `${API}${answer.result.fileUrl}`, headers: authHeaders(manager) });
      expect(body(other)).toMatchObject({ success: false, message: '错误文件不存在或已过期' });
    } finally {
      await restarted.close();
    }
  });

  it('refuses to keep an error workbook over the per-file cap and leaves nothing behind', async () => {
    const before = filesIn(errorDir);
    const answer = await importAs(admin, await badWorkbook(2000));
    expect(answer).toMatchObject({ success: true, code: 201 });
    expect(answer.message).toContain('共2000行');
    expect(answer.message).toContain('错误数据过多，未生成错误文件，请修改后重新导入');
    expect(answer.result.fileUrl).toBeUndefined();
    expect(filesIn(errorDir)).toEqual(before);
  });
});

describe('the error file store', () => {
  let dir: string;
  let now = Date.now();
  const clock = () => now;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lossdesk-error-files-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const bytes = (n: number) => async (out: Writable) => {
    out.end(Buffer.alloc(n, 7));
  };
  const read = async (store: ImportErrorFiles, key: string, user: string) => {
    const file = await store.get(key, user);
    return file ? fs.readFileSync(file.path).length : undefined;
  };

  it('drops the oldest files when all together outgrow the total cap', async () => {
    const store = new ImportErrorFiles(path.join(dir, 'total'), { maxFileBytes: 1000, maxTotalBytes: 2500 }, clock);
    const keys: string[] = [];
    for (let i = 0; i < 4; i++) {
      now += 1000;
      const key = await store.put('u1', `第${i}个.xlsx`, bytes(1000));
      expect(key).toBeDefined();
      keys.push(key!);
    }
    // 4,000 bytes were written into 2,500: the two oldest went, the two newest stay.
    expect(await read(store, keys[0], 'u1')).toBeUndefined();
    expect(await read(store, keys[1], 'u1')).toBeUndefined();
    expect(await read(store, keys[2], 'u1')).toBe(1000);
    expect(await read(store, keys[3], 'u1')).toBe(1000);
    expect(filesIn(store.dir)).toHaveLength(4);
  });

  it('refuses a file over the per-file cap while it is written, keeping no part of it', async () => {
    const store = new ImportErrorFiles(path.join(dir, 'one'), { maxFileBytes: 1000, maxTotalBytes: 10_000 }, clock);
    // Written in many small pieces, as the workbook writer does: the cap stops it midway.
    const many = async (out: Writable) => {
      const pass = out as PassThrough;
      for (let i = 0; i < 100; i++) if (!pass.write(Buffer.alloc(100, 1))) await new Promise((r) => pass.once('drain', r));
      pass.end();
    };
    await expect(store.put('u1', '大.xlsx', many)).resolves.toBeUndefined();
    expect(filesIn(store.dir)).toEqual([]);
  });

  it('serves a file for an hour only, and the sweep removes it from disk', async () => {
    const store = new ImportErrorFiles(path.join(dir, 'ttl'), { maxFileBytes: 1000, maxTotalBytes: 10_000 }, clock);
    const key = (await store.put('u1', '错误.xlsx', bytes(10)))!;
    expect(await read(store, key, 'u1')).toBe(10);
    expect(await read(store, key, 'u2')).toBeUndefined();
    now += ERROR_FILE_TTL_MS - 1;
    expect(await read(store, key, 'u1')).toBe(10);
    now += 1;
    expect(await read(store, key, 'u1')).toBeUndefined();
    expect(filesIn(store.dir)).toHaveLength(2);
    await store.sweep();
    expect(filesIn(store.dir)).toEqual([]);
  });
});
