import { describe, expect, it } from 'vitest';
import { API, route, startCheckOf } from './routeStartCheck';

/** The start check over the page, with only the routes a test registers. */
const startCheck = startCheckOf('sys/dataSource.json');

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
