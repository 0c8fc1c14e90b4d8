import { describe, expect, it } from 'vitest';
import { API, route, startCheckOf } from './routeStartCheck';

/** The start check over the page, with only the routes a test registers. */
const startCheck = startCheckOf('receive/receiveMail.json');

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
