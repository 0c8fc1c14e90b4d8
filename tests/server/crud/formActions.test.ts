import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadPageFile } from '../../../server/crud/pages';
import { watchRowActionRoutes } from '../../../server/crud/rowActionRoutes';
import '../../../server/http/context';

const API = '/insurance';
const page = (() => {
  const loaded = loadPageFile(path.resolve('schemas/pages/sys/dataSource.json'));
  if (!loaded.page) throw new Error(JSON.stringify(loaded.errors));
  return loaded.page;
})();

/** The start check over 数据源's page, with only the routes `register` adds. */
async function startCheck(register: (app: ReturnType<typeof Fastify>) => void): Promise<string | undefined> {
  const app = Fastify();
  const check = watchRowActionRoutes(app, API, [page]);
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

describe('form actions (form.actions) at start', () => {
  it('pass when POST {apiPath}/<endpoint> asks for the action code (and the row action finds it too)', async () => {
    expect(await startCheck((app) => app.post(`${API}/sys/dataSource/testConnection`, route('dataSource:testConnection'), async () => ''))).toBeUndefined();
  });

  it('refuse a missing endpoint or one asking for another code', async () => {
    expect(await startCheck(() => undefined)).toContain(
      `schemas/pages/sys/dataSource.json#/form/actions/0 表单操作「测试连接」调用的接口 POST ${API}/sys/dataSource/testConnection 不存在`,
    );
    expect(await startCheck((app) => app.post(`${API}/sys/dataSource/testConnection`, route('dataSource:list'), async () => ''))).toContain(
      `schemas/pages/sys/dataSource.json#/form/actions/0 表单操作「测试连接」的权限编码 dataSource:testConnection 与接口 POST ${API}/sys/dataSource/testConnection 要求的 dataSource:list 不一致`,
    );
  });
});
