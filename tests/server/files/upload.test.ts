import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, body, login, startTestApp, type TestApp } from '../support/app';
import { filesUnder, multipart, PDF_BYTES, PNG_1PX, tempUploadDir, upload } from './support';

const MAX_BYTES = 64 * 1024;

describe.each(DATABASE_KINDS)('file upload and serving (%s)', (kind) => {
  let t: TestApp;
  let root: string;
  let uploadDir: string;
  let token: string;
  let userId: string;
  let linkSecret: string;

  beforeAll(async () => {
    root = tempUploadDir();
    uploadDir = path.join(root, 'upload');
    t = await startTestApp(kind, { config: { uploadDir, uploadMaxBytes: MAX_BYTES } });
    const signedIn = await login(t.app, 'lisi');
    token = signedIn.token;
    userId = signedIn.userInfo.id;
    // The key of signed links, made at start beside the files (each test below empties the folder).
    linkSecret = fs.readFileSync(path.join(uploadDir, '.file-link-secret'), 'utf8').trim();
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });
  beforeEach(() => {
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  const fetchStatic = (stored: string, headers: Record<string, string> = authHeaders(token)) =>
    t.app.inject({ method: 'GET', url: `${API}/sys/common/static/${stored.split('/').map(encodeURIComponent).join('/')}`, headers });

  it('stores a picture under temp/<day>/<random>_<name> and serves the same bytes back inline', async () => {
    const answer = body<string>(await upload(t.app, token, { name: '现场照片.png', content: PNG_1PX, contentType: 'image/png' }));
    expect(answer.success).toBe(true);
    expect(answer.message).toMatch(/^temp\/\d{8}\/[0-9a-f]{16}_现场照片\.png$/);
    expect(filesUnder(uploadDir)).toEqual([answer.message]);

    const served = await fetchStatic(answer.message);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG_1PX)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe(
      `inline; filename="____.png"; filename*=UTF-8''${encodeURIComponent('现场照片.png')}`,
    );
  });

  it('serves a PDF inline and other documents as attachments under their original name', async () => {
    const pdf = body<string>(await upload(t.app, token, { name: '公估报告.pdf', content: PDF_BYTES }));
    const pdfServed = await fetchStatic(pdf.message);
    expect(pdfServed.headers['content-type']).toBe('application/pdf');
    expect(pdfServed.headers['content-disposition']).toMatch(/^inline; /);

    const docx = Buffer.from('PK\u0003\u0004 not really a document', 'latin1');
    const contract = body<string>(await upload(t.app, token, { name: '合同 (定稿).docx', content: docx }));
    expect(contract.message).toMatch(/_合同_\(定稿\)\.docx$/);
    const served = await fetchStatic(contract.message);
    expect(served.rawPayload.equals(docx)).toBe(true);
    expect(served.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="___(__).docx"; filename*=UTF-8''%E5%90%88%E5%90%8C_%28%E5%AE%9A%E7%A8%BF%29.docx`,
    );
    expect(served.headers['content-security-policy']).toContain('sandbox');
  });

  it('keeps only a safe last segment of the client file name (no path, commas, spaces)', async () => {
    const answer = body<string>(await upload(t.app, token, { name: '..\\..\\evil,名单 (1).PDF', content: PDF_BYTES }));
    expect(answer.success).toBe(true);
    expect(answer.message).toMatch(/^temp\/\d{8}\/[0-9a-f]{16}_evil_名单_\(1\)\.pdf$/);
  });

  it('strips direction marks and overrides from the file name, so it reads as it is', async () => {
    // '发票\u202Egnp.pdf' shows as '发票fdp.png' in a file list.
    for (const [name, kept] of [
      ['发票\u202Egnp.pdf', '发票gnp.pdf'],
      ['\u2066报告\u2069\u200F\u200E\u202A\u202B\u202C\u202D\u2067\u2068\u061C终稿.pdf', '报告终稿.pdf'],
    ]) {
      const answer = body<string>(await upload(t.app, token, { name, content: PDF_BYTES }));
      expect(answer.success, name).toBe(true);
      expect(answer.message.split('/')[2].slice(17)).toBe(kept);
    }
  });

  it('files into the biz folder asked for, even when biz comes after the file', async () => {
    const nested = body<string>(await upload(t.app, token, { name: 'a.png', content: PNG_1PX }, { isup: '1', biz: 'case/report_1' }));
    expect(nested.message).toMatch(/^case\/report_1\/\d{8}\//);

    const { payload, headers } = multipart([
      { name: 'file', value: PNG_1PX, fileName: 'b.png', contentType: 'image/png' },
      { name: 'isup', value: '1' },
      { name: 'biz', value: 'expert' },
    ]);
    const late = body<string>(
      await t.app.inject({ method: 'POST', url: `${API}/sys/common/upload`, payload, headers: { ...headers, ...authHeaders(token) } }),
    );
    expect(late.message).toMatch(/^expert\/\d{8}\/[0-9a-f]{16}_b\.png$/);

    const defaulted = body<string>(await upload(t.app, token, { name: 'c.png', content: PNG_1PX }, { isup: '1' }));
    expect(defaulted.message).toMatch(/^temp\//);
  });

  it('refuses a biz folder that climbs out or is not plain segments, keeping nothing', async () => {
    for (const biz of ['..', '../../etc', 'temp/../../x', '/etc', 'a\\b', 'a/./b', 'a b', '临时']) {
      const answer = body(await upload(t.app, token, { name: 'a.png', content: PNG_1PX }, { isup: '1', biz }));
      expect(answer, biz).toMatchObject({ success: false, message: '业务目录（biz）只能由字母、数字、下划线、短横线和 / 组成' });
    }
    expect(filesUnder(uploadDir)).toEqual([]);
  });

  it('needs a session to upload and to read a file back', async () => {
    const refused = await upload(t.app, undefined, { name: 'a.png', content: PNG_1PX });
    expect(refused.statusCode).toBe(401);
    expect(body(refused)).toMatchObject({ success: false, message: 'Token失效，请重新登录!' });
    expect(filesUnder(uploadDir)).toEqual([]);

    const stored = body<string>(await upload(t.app, token, { name: 'a.png', content: PNG_1PX })).message;
    expect((await fetchStatic(stored, {})).statusCode).toBe(401);
    expect((await fetchStatic(stored, authHeaders('not-a-session'))).statusCode).toBe(401);
    // A session token in the URL (JeecgBoot's `?token=`) opens nothing: URLs end up in logs and histories.
    const viaQuery = await t.app.inject({ method: 'GET', url: `${API}/sys/common/static/${encodeURI(stored)}?token=${token}` });
    expect(viaQuery.statusCode).toBe(401);
  });

  describe('signed links (for <img src> and new windows, which cannot send the header)', () => {
    const sign = async (stored: string, session: string | null = token) =>
      t.app.inject({ method: 'GET', url: `${API}/sys/common/signStaticUrl?path=${encodeURIComponent(stored)}`, headers: session ? authHeaders(session) : {} });
    const open = (url: string) => t.app.inject({ method: 'GET', url: `${API}${url}` });
    const signature = (stored: string, expires: number, key = linkSecret) => crypto.createHmac('sha256', key).update(`${stored}\n${expires}`).digest('hex');
    const linkOf = (stored: string, expires: number, sig: string) => `/sys/common/static/${stored.split('/').map(encodeURIComponent).join('/')}?expires=${expires}&signature=${sig}`;

    it('serves the one file a fresh link names, without a session', async () => {
      const stored = body<string>(await upload(t.app, token, { name: '现场.png', content: PNG_1PX })).message;
      const signed = body<{ url: string; expires: number }>(await sign(stored));
      expect(signed.success).toBe(true);
      expect(signed.result.url).toMatch(/^\/sys\/common\/static\/temp\/\d{8}\/[0-9a-f]{16}_%E7%8E%B0%E5%9C%BA\.png\?expires=\d+&signature=[0-9a-f]{64}$/);
      expect(signed.result.expires - Date.now()).toBeGreaterThan(4 * 60_000);
      expect(signed.result.expires - Date.now()).toBeLessThanOrEqual(5 * 60_000);
      const served = await open(signed.result.url);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(PNG_1PX)).toBe(true);
      expect(served.headers['referrer-policy']).toBe('no-referrer');
    });

    it('refuses a link that is expired, altered, for another file or too long-lived', async () => {
      const stored = body<string>(await upload(t.app, token, { name: 'a.png', content: PNG_1PX })).message;
      const other = body<string>(await upload(t.app, token, { name: 'b.png', content: PNG_1PX })).message;
      const url = body<{ url: string }>(await sign(stored)).result.url;
      const expires = Number(/expires=(\d+)/.exec(url)?.[1]);
      const sig = /signature=([0-9a-f]+)/.exec(url)?.[1] ?? '';
      const refusals = [
        linkOf(stored, Date.now() - 1000, signature(stored, Date.now() - 1000)),
        linkOf(stored, expires + 1, sig),
        linkOf(stored, expires, sig.replace(/^./, (c) => (c === '0' ? '1' : '0'))),
        linkOf(other, expires, sig),
        linkOf(stored, Date.now() + 60 * 60_000, signature(stored, Date.now() + 60 * 60_000)),
        linkOf(stored, expires, signature(stored, expires, 'x'.repeat(64))),
        `${linkOf(stored, expires, sig).split('&')[0]}`,
      ];
      for (const refused of refusals) {
        const answer = await open(refused);
        expect(answer.statusCode, refused).toBe(401);
        expect(answer.rawPayload.equals(PNG_1PX), refused).toBe(false);
      }
    });

    it('signs only stored files, and only for a signed-in user', async () => {
      const stored = body<string>(await upload(t.app, token, { name: 'a.png', content: PNG_1PX })).message;
      expect((await sign(stored, null)).statusCode).toBe(401);
      for (const bad of ['../../sys/user/list', 'temp/./a.png', '.file-link-secret', '.import-errors/a.xlsx', 'temp\\a.png']) {
        expect(body(await sign(bad)), bad).toMatchObject({ success: false, message: '文件路径不合法' });
      }
      expect(body(await sign('temp/20260101/0123456789abcdef_无.png'))).toMatchObject({ success: false, message: '文件不存在' });
      // The secret next to the files is never served.
      const secretFile = await t.app.inject({ method: 'GET', url: `${API}/sys/common/static/.file-link-secret`, headers: authHeaders(token) });
      expect(secretFile.statusCode).toBe(400);
    });
  });

  it('refuses a file over the size limit with a clear message and leaves nothing on disk', async () => {
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(MAX_BYTES + 1, 0x20)]);
    const answer = body(await upload(t.app, token, { name: '超大.pdf', content: big }));
    expect(answer).toMatchObject({ success: false, message: '文件大小超出0.06MB限制' });
    expect(filesUnder(uploadDir)).toEqual([]);
  });

  it('refuses types outside the allow-list and pictures whose bytes are not a picture', async () => {
    const cases: Array<[string, Buffer, string]> = [
      ['setup.exe', Buffer.from('MZ\u0090\u0000', 'latin1'), '不允许上传 .exe 类型的文件'],
      ['page.html', Buffer.from('<script>alert(1)</script>'), '不允许上传 .html 类型的文件'],
      ['logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), '不允许上传 .svg 类型的文件'],
      ['README', Buffer.from('text'), '不允许上传没有扩展名的文件'],
      ['photo.png', Buffer.from('<html><script>alert(1)</script></html>'), '文件内容与扩展名 .png 不符，已拒绝上传'],
      ['scan.jpg', PNG_1PX, '文件内容与扩展名 .jpg 不符，已拒绝上传'],
      ['report.pdf', Buffer.from('<html></html>'), '文件内容与扩展名 .pdf 不符，已拒绝上传'],
    ];
    for (const [name, content, message] of cases) {
      const answer = body(await upload(t.app, token, { name, content, contentType: 'image/png' }));
      expect(answer, name).toMatchObject({ success: false, message });
    }
    expect(filesUnder(uploadDir)).toEqual([]);
  });

  it('refuses a request without a file, with an empty file or with two files', async () => {
    const { payload, headers } = multipart([{ name: 'biz', value: 'temp' }]);
    const none = await t.app.inject({ method: 'POST', url: `${API}/sys/common/upload`, payload, headers: { ...headers, ...authHeaders(token) } });
    expect(body(none)).toMatchObject({ success: false, message: '未找到上传的文件' });

    expect(body(await upload(t.app, token, { name: 'empty.txt', content: Buffer.alloc(0) }))).toMatchObject({
      success: false,
      message: '不能上传空文件',
    });

    const two = multipart([
      { name: 'file', value: PNG_1PX, fileName: 'a.png' },
      { name: 'file', value: PNG_1PX, fileName: 'b.png' },
    ]);
    const answer = await t.app.inject({ method: 'POST', url: `${API}/sys/common/upload`, payload: two.payload, headers: { ...two.headers, ...authHeaders(token) } });
    expect(body(answer)).toMatchObject({ success: false, message: '一次只能上传一个文件' });
    expect(filesUnder(uploadDir)).toEqual([]);
  });

  it('never serves anything outside the upload folder', async () => {
    const stored = body<string>(await upload(t.app, token, { name: 'a.png', content: PNG_1PX })).message;
    fs.writeFileSync(path.join(root, 'secret.txt'), 'top secret');
    fs.mkdirSync(path.join(uploadDir, '.partial'), { recursive: true });
    fs.writeFileSync(path.join(uploadDir, '.partial', 'x.part'), 'half');
    const day = stored.split('/')[1];
    const attempts = [
      '..%2Fsecret.txt',
      '..%2F..%2F..%2F..%2Fetc%2Fpasswd',
      `temp%2F${day}%2F..%2F..%2F..%2Fsecret.txt`,
      '%2Fetc%2Fpasswd',
      `%2F${encodeURIComponent(path.join(root, 'secret.txt').slice(1))}`,
      '..%5Csecret.txt',
      `temp%5C${day}%5Ca.png`,
      `temp/${day}/a.png%00.png`,
      'C:%5CWindows%5Cwin.ini',
      '.partial/x.part',
      '.%2Fsecret.txt',
      'temp//a.png',
      '%2E%2E%2F%2E%2E%2Fsys%2Fuser%2Flist',
      'temp%5C..%5C..%5Csecret.txt',
      '.import-errors/0123.xlsx',
    ];
    for (const attempt of attempts) {
      const answer = await t.app.inject({ method: 'GET', url: `${API}/sys/common/static/${attempt}`, headers: authHeaders(token) });
      expect(answer.statusCode, attempt).toBe(400);
      expect(answer.body, attempt).not.toContain('top secret');
      expect(answer.body, attempt).not.toContain('half');
      // A NUL anywhere in a request is refused before routing, with the message of every such input.
      const refusal = attempt.includes('%00') ? '参数不合法：输入包含无效字符' : '文件路径不合法';
      expect(answer.json(), attempt).toMatchObject({ success: false, message: refusal });
    }
    const plainDots = await t.app.inject({ method: 'GET', url: `${API}/sys/common/static/../../secret.txt`, headers: authHeaders(token) });
    expect(plainDots.body).not.toContain('top secret');
    // Dot segments spelt %2e%2e are resolved as '..' before routing (as a browser does): whatever
    // they land on, it is not a file.
    for (const attempt of ['%2e%2e/%2e%2e/secret.txt', `temp/${day}/%2e%2e/%2e%2e/%2e%2e/secret.txt`]) {
      const answer = await t.app.inject({ method: 'GET', url: `${API}/sys/common/static/${attempt}`, headers: authHeaders(token) });
      expect([400, 404], attempt).toContain(answer.statusCode);
      expect(answer.body, attempt).not.toContain('top secret');
    }
    // An API path is not a stored file.
    const api = await t.app.inject({ method: 'GET', url: `${API}/sys/common/static/sys/user/list`, headers: authHeaders(token) });
    expect(api.statusCode).toBe(404);

    // A symbolic link planted inside the folder does not lead out of it either.
    const link = path.join(uploadDir, 'temp', 'link.txt');
    fs.symlinkSync(path.join(root, 'secret.txt'), link);
    const linked = await t.app.inject({ method: 'GET', url: `${API}/sys/common/static/temp/link.txt`, headers: authHeaders(token) });
    expect(linked.statusCode).toBe(404);
  });

  it('answers 404 for a file that does not exist and octet-stream for an unknown type', async () => {
    const missing = await fetchStatic('temp/20260101/0123456789abcdef_无.png');
    expect(missing.statusCode).toBe(404);
    expect(body(missing)).toMatchObject({ success: false, message: '文件不存在' });

    fs.mkdirSync(path.join(uploadDir, 'legacy'), { recursive: true });
    fs.writeFileSync(path.join(uploadDir, 'legacy', 'page.html'), '<script>alert(1)</script>');
    // A file from an older system, which lisi may see (here: as its uploader).
    await t.database.db.insertInto('sys_file_upload').values({ path: 'legacy/page.html', user_id: userId }).execute();
    const html = await fetchStatic('legacy/page.html');
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toBe('application/octet-stream');
    expect(html.headers['content-disposition']).toMatch(/^attachment; /);
  });
});
