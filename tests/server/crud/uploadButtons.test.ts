import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadPageFile } from '../../../server/crud/pages';
import { watchRowActionRoutes } from '../../../server/crud/rowActionRoutes';
import '../../../server/http/context';

const API = '/insurance';
const mailPage = (() => {
  const loaded = loadPageFile(path.resolve('schemas/pages/receive/receiveMail.json'));
  if (!loaded.page) throw new Error(JSON.stringify(loaded.errors));
  return loaded.page;
})();

/** The start check over 收件管理's page, with only the routes `register` adds. */
async function startCheck(register: (app: ReturnType<typeof Fastify>) => void): Promise<string | undefined> {
  const app = Fastify();
  const check = watchRowActionRoutes(app, API, [mailPage]);
  register(app);
  await app.ready();
  try {
    check();
    return undefined;
  } catch (err) {
    return (err as Error).message;
  } finally {
    await app.close();
  }
}

const route = (permission: string) => ({ config: { permission } });

describe('upload buttons (list.uploads) at start', () => {
  it('pass when POST {apiPath}/<endpoint> asks for the add code (导入邮件)', async () => {
    expect(await startCheck((app) => app.post(`${API}/receive/receiveMail/importEml`, route('receiveMail:add'), async () => ''))).toBeUndefined();
  });

  it('refuse a missing endpoint or one asking for another code', async () => {
    expect(await startCheck(() => undefined)).toContain(
      `schemas/pages/receive/receiveMail.json#/list/uploads/0 上传按钮「导入邮件」调用的接口 POST ${API}/receive/receiveMail/importEml 不存在`,
    );
    expect(await startCheck((app) => app.post(`${API}/receive/receiveMail/importEml`, route('receiveMail:list'), async () => ''))).toContain(
      '上传按钮「导入邮件」的权限编码 receiveMail:add 与接口',
    );
  });
});
