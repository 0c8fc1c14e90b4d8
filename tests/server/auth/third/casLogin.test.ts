import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../../server/auth/password';
import { readCasSettings } from '../../../../server/auth/third/thirdConfig';
import { newId } from '../../../../server/db/ids';
import { startCasServer, type LocalCasServer } from '../../../support/casServer';
import { DATABASE_KINDS } from '../../../support/database';
import { API, body, get, startTestApp, type LoginResult, type TestApp } from '../../support/app';

const SERVICE = 'http://127.0.0.1:9/oauth2-app/login';

describe.each(DATABASE_KINDS)('CAS 单点登录 (%s)', (kind) => {
  let t: TestApp;
  let cas: LocalCasServer;

  const validate = async (ticket: string, service?: string) =>
    body<LoginResult>(await get(t.app, `/sys/cas/client/validateLogin?ticket=${encodeURIComponent(ticket)}${service ? `&service=${encodeURIComponent(service)}` : ''}`));
  async function makeUser(username: string, status = 1): Promise<string> {
    const id = newId();
    await t.database.db
      .insertInto('sys_user')
      .values({ id, username, realname: `${username}的姓名`, password: await hashPassword('Cas#2026x'), status, del_flag: 0 })
      .execute();
    return id;
  }

  beforeAll(async () => {
    cas = await startCasServer();
    t = await startTestApp(kind, { config: { cas: readCasSettings({ CAS_SERVER_URL: `${cas.url}/`, CAS_SERVICE_URL: SERVICE }) } });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await cas?.close();
  });

  it('offers the CAS login address on the login page', async () => {
    expect(body(await get(t.app, '/sys/thirdLogin/providers')).result).toEqual({
      oidc: null,
      cas: { loginUrl: `${cas.url}/login?service=${encodeURIComponent(SERVICE)}` },
    });
  });

  it('sends a browser that asks for an OpenID Connect sign-in back to the login area when none is configured', async () => {
    const start = await t.app.inject({ method: 'GET', url: `${API}/sys/thirdLogin/render/oidc` });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe('/oauth2-app/login?thirdError=unavailable');
  });

  it('signs in the user a valid service ticket names, as a password sign-in does; a ticket serves once', async () => {
    const id = await makeUser('cas_qian');
    const ticket = cas.issue('cas_qian', SERVICE);
    const answer = await validate(ticket, SERVICE);
    expect(answer).toMatchObject({ success: true, code: 200, message: '登录成功', result: { userInfo: { id, username: 'cas_qian' }, tenantList: [] } });
    expect((await get(t.app, '/sys/user/getCurrentUserDeparts', answer.result.token)).statusCode).toBe(200);
    expect(await validate(ticket)).toMatchObject({ success: false, message: '登录票据无效或已过期，请重新登录' });
    const logged = await t.database.db.selectFrom('sys_log').select('log_content').where('username', '=', 'cas_qian').execute();
    expect(logged.map((l) => l.log_content)).toContain('用户名: cas_qian,登录成功！');
  });

  it('refuses an unknown, an expired and another service’s ticket', async () => {
    await makeUser('cas_sun');
    expect(await validate('ST-never-issued')).toMatchObject({ success: false, message: '登录票据无效或已过期，请重新登录' });
    const expired = cas.issue('cas_sun', SERVICE, 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await validate(expired)).toMatchObject({ success: false, message: '登录票据无效或已过期，请重新登录' });
    // Issued to another site: the server asks CAS for its own service, whatever the caller names.
    const elsewhere = cas.issue('cas_sun', 'https://other.example.com/');
    expect(await validate(elsewhere, 'https://other.example.com/')).toMatchObject({ success: false, message: '登录票据无效或已过期，请重新登录' });
  });

  it('refuses a CAS user lossdesk does not know, and a frozen account', async () => {
    expect(await validate(cas.issue('cas_nobody', SERVICE))).toMatchObject({ success: false, message: '该账号在本系统中不存在，请联系管理员' });
    await makeUser('cas_frozen', 2);
    expect(await validate(cas.issue('cas_frozen', SERVICE))).toMatchObject({ success: false, message: '该用户已冻结' });
  });

  it('takes no success from an answer that is not plain CAS XML (entities are never expanded)', async () => {
    await makeUser('cas_zhou');
    cas.answerNext = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY u "cas_zhou">]><cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>&u;</cas:user></cas:authenticationSuccess></cas:serviceResponse>`;
    expect(await validate(cas.issue('cas_zhou', SERVICE))).toMatchObject({ success: false, message: 'CAS 单点登录服务暂时无法访问，请稍后重试' });
    cas.answerNext = 'yes\ncas_zhou\n';
    expect(await validate(cas.issue('cas_zhou', SERVICE))).toMatchObject({ success: false, message: 'CAS 单点登录服务暂时无法访问，请稍后重试' });
  });

  it('refuses a malformed ticket before asking CAS', async () => {
    const before = cas.validations;
    const answer = await get(t.app, `/sys/cas/client/validateLogin?ticket=${encodeURIComponent('ST-1&service=x')}`);
    expect(body(answer).success).toBe(false);
    expect(cas.validations).toBe(before);
  });
});
