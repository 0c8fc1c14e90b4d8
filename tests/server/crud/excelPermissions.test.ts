/**
 * The security review's export/import check (issue 12, item 2): each generic Excel endpoint of every
 * page asks for its own code — exportXls for 导出, importExcel for 导入, 模板下载 and the import's
 * error file — not the list code. Every page × admin/zhangsan/lisi/wangwu, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEntityPages } from '../../../server/crud/pages';
import { isServedByModule } from '../../../server/crud/servedPages';
import { XLSX_CONTENT_TYPE } from '../../../server/excel';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, body, DEMO_USERS, signInDemoUsers, startTestApp, type DemoUser, type TestApp } from '../support/app';
import { multipart } from './support';

const USERS = DEMO_USERS;
type User = DemoUser;
const NO_PERMISSION = { success: false, code: 510, message: '没有权限，请联系管理员授权' };
// Pages served by a named module have no generic Excel endpoints (server/crud/servedPages.ts, entity.server).
const pages = loadEntityPages().filter((page) => !isServedByModule(page) && page.entity.server === undefined);
// A read-only page (logs) exports but imports nothing: it has no import endpoints at all.
const importPages = pages.filter((page) => !page.entity.readOnly);

describe.each(DATABASE_KINDS)('Excel endpoints and their permission codes (%s)', (kind) => {
  let t: TestApp;
  let tokens: Record<User, string>;
  /** The button codes each user holds, as the web app receives them (and shows its buttons by). */
  let codes: Record<User, Set<string>>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    ({ tokens, codes } = await signInDemoUsers(t.app));
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (user: User, method: 'GET' | 'POST', url: string, upload?: { payload: Buffer; headers: Record<string, string> }) =>
    t.app.inject({ method, url: `${API}${url}`, ...(upload ? { payload: upload.payload } : {}), headers: { ...authHeaders(tokens[user]), ...(upload?.headers ?? {}) } });

  it('the demo roles: admin and the manager export and import 专家; lisi (公估师) and wangwu (财务) do neither', () => {
    for (const user of ['admin', 'zhangsan'] as const) {
      expect(codes[user].has('expert:exportXls') && codes[user].has('expert:importExcel'), user).toBe(true);
    }
    for (const user of ['lisi', 'wangwu'] as const) {
      expect(codes[user].has('expert:exportXls') || codes[user].has('expert:importExcel'), user).toBe(false);
    }
    expect(codes.lisi.has('expert:list')).toBe(true);
    expect(codes.wangwu.has('receipt:exportXls')).toBe(true);
  });

  it('lisi lists the experts but may not export them', async () => {
    expect(body(await call('lisi', 'GET', '/maintenance/expert/list'))).toMatchObject({ success: true });
    const refused = await call('lisi', 'GET', '/maintenance/expert/exportXls');
    expect(refused.statusCode).toBe(200);
    expect(refused.headers['content-type']).toMatch(/json/);
    expect(body(refused)).toMatchObject(NO_PERMISSION);
  });

  it.each(USERS)('%s: 导出 needs <prefix>:exportXls on every page', async (user) => {
    for (const page of pages) {
      const { apiPath } = page.entity;
      const allowed = codes[user].has(page.permissions.exportXls);
      const response = await call(user, 'GET', `${apiPath}/exportXls`);
      if (allowed) {
        expect(response.statusCode, `${user} ${apiPath}`).toBe(200);
        expect(response.headers['content-type'], `${user} ${apiPath}`).toBe(XLSX_CONTENT_TYPE);
      } else {
        expect(body(response), `${user} ${apiPath}`).toMatchObject(NO_PERMISSION);
      }
    }
  });

  it.each(USERS)('%s: 模板下载, 导入 and the error file need <prefix>:importExcel on every page', async (user) => {
    for (const page of importPages) {
      const { apiPath } = page.entity;
      const allowed = codes[user].has(page.permissions.importExcel);
      const template = await call(user, 'GET', `${apiPath}/exportXlsTemplate`);
      // A file that is not Excel: past the guard it is refused for what it is, and nothing is written.
      const imported = await call(user, 'POST', `${apiPath}/importExcel`, multipart([{ field: 'file', name: 'data.txt', content: Buffer.from('a,b,c') }]));
      const errorFile = await call(user, 'GET', `${apiPath}/importErrorFile?key=${'0'.repeat(48)}`);
      if (allowed) {
        expect(template.headers['content-type'], `${user} ${apiPath}`).toBe(XLSX_CONTENT_TYPE);
        expect(body(imported), `${user} ${apiPath}`).toMatchObject({ success: false, code: 500, message: expect.stringContaining('文件格式不支持') });
        expect(body(errorFile), `${user} ${apiPath}`).toMatchObject({ success: false, message: '错误文件不存在或已过期' });
      } else {
        for (const response of [template, imported, errorFile]) expect(body(response), `${user} ${apiPath}`).toMatchObject(NO_PERMISSION);
      }
    }
  });
});
