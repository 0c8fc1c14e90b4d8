import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../../server/auth/password';
import { readOidcSettings } from '../../../../server/auth/third/thirdConfig';
import { sha256 } from '../../../../server/auth/third/loginFlow';
import { newId } from '../../../../server/db/ids';
import { DATABASE_KINDS } from '../../../support/database';
import { startOidcProvider, type LocalOidcProvider } from '../../../support/oidcProvider';
import { API, body, get, login, send, startTestApp, type LoginResult, type TestApp } from '../../support/app';

// The browser never reaches this address: the test takes the provider's redirect to it and hands it
// to the server itself, with the cookie the browser would carry.
const REDIRECT_URI = `http://127.0.0.1:9/insurance/sys/thirdLogin/oidc/callback`;
const PASSWORD = 'Bind#2026x';

interface Landing {
  /** Where the server sent the browser: /oauth2-app/login?… */
  page: URL;
}

describe.each(DATABASE_KINDS)('第三方登录 through an OpenID Connect provider (%s)', (kind) => {
  let t: TestApp;
  let idp: LocalOidcProvider;

  const db = () => t.database.db;
  async function makeUser(username: string, email: string | null, status = 1): Promise<string> {
    const id = newId();
    await db()
      .insertInto('sys_user')
      .values({ id, username, realname: `${username}的姓名`, password: await hashPassword(PASSWORD), email, status, del_flag: 0 })
      .execute();
    return id;
  }
  const userCount = async () => Number((await db().selectFrom('sys_user').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const linksOf = (userId: string) => db().selectFrom('sys_third_account').select(['third_type', 'third_user_uuid', 'email']).where('sys_user_id', '=', userId).execute();

  /** Starts at the server, signs in at the provider as `subject`, stops where the provider sends the browser back. */
  async function throughProvider(subject: string): Promise<{ callback: URL; browserCookie: string }> {
    idp.signInAs = subject;
    const start = await t.app.inject({ method: 'GET', url: `${API}/sys/thirdLogin/render/oidc` });
    expect(start.statusCode).toBe(302);
    const browserCookie = String(start.headers['set-cookie']).split(';')[0];
    expect(String(start.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);
    const jar = new Map<string, string>();
    let url = new URL(String(start.headers.location));
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    for (let hop = 0; hop < 10 && url.href.split('?')[0] !== REDIRECT_URI; hop += 1) {
      const res = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
      for (const cookie of res.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const eq = pair.indexOf('=');
        jar.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
      const next = res.headers.get('location');
      if (!next) throw new Error(`the provider stopped at ${url.href} (${res.status}): ${await res.text()}`);
      url = new URL(next, url);
    }
    return { callback: url, browserCookie };
  }

  async function callback(url: URL, cookie: string | undefined): Promise<Landing> {
    const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: cookie ? { cookie } : {} });
    expect(res.statusCode).toBe(302);
    return { page: new URL(String(res.headers.location), 'http://site') };
  }

  const signInThrough = async (subject: string) => {
    const { callback: url, browserCookie } = await throughProvider(subject);
    return callback(url, browserCookie);
  };
  const loginUser = async (landing: Landing) =>
    body<LoginResult>(await get(t.app, `/sys/thirdLogin/getLoginUser/${landing.page.searchParams.get('oauth2LoginToken')}/oidc`));
  const bind = async (token: string, username: string, password: string) =>
    body<LoginResult>(await t.app.inject({ method: 'POST', url: `${API}/sys/thirdLogin/user/bind`, payload: { token, username, password } }));

  beforeAll(async () => {
    idp = await startOidcProvider({ redirectUri: REDIRECT_URI });
    t = await startTestApp(kind, {
      config: {
        oidc: readOidcSettings({ OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret, OIDC_REDIRECT_URI: REDIRECT_URI, OIDC_NAME: '企业统一身份' }),
      },
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  it('tells the login page which provider is configured, and nothing secret', async () => {
    const answer = body<{ oidc: { name: string } | null; cas: unknown }>(await get(t.app, '/sys/thirdLogin/providers'));
    expect(answer.result).toEqual({ oidc: { name: '企业统一身份' }, cas: null });
    expect(JSON.stringify(answer)).not.toContain(idp.clientSecret);
  });

  it('signs in the user whose e-mail the provider has verified, as a password sign-in does, and links them', async () => {
    const userId = await makeUser('oidc_wang', 'wang.oidc@example.com');
    idp.accounts.set('sub-wang', { email: 'Wang.OIDC@example.com', email_verified: true, name: '王五一' });
    const users = await userCount();
    const landing = await signInThrough('sub-wang');
    expect(landing.page.pathname).toBe('/oauth2-app/login');
    expect(landing.page.searchParams.get('thirdType')).toBe('oidc');
    const answer = await loginUser(landing);
    expect(answer).toMatchObject({ success: true, code: 200, message: '登录成功', result: { userInfo: { id: userId, username: 'oidc_wang' }, tenantList: [], multi_depart: 0 } });
    expect(answer.result.sysAllDictItems).toBeTruthy();
    expect((await get(t.app, '/sys/user/getCurrentUserDeparts', answer.result.token)).statusCode).toBe(200);
    expect(await linksOf(userId)).toEqual([{ third_type: 'oidc', third_user_uuid: 'sub-wang', email: 'Wang.OIDC@example.com' }]);
    expect(await userCount()).toBe(users);
    // A ticket signs in once.
    expect(await loginUser(landing)).toMatchObject({ success: false, message: '登录信息已失效，请重新登录' });
    // Next time the link decides, whatever e-mail the provider has by then.
    idp.accounts.set('sub-wang', { email: 'someone.else@example.com', email_verified: false });
    expect(await loginUser(await signInThrough('sub-wang'))).toMatchObject({ success: true, result: { userInfo: { username: 'oidc_wang' } } });
    const logged = await db().selectFrom('sys_log').select('log_content').where('username', '=', 'oidc_wang').execute();
    expect(logged.map((l) => l.log_content)).toContain('用户名: oidc_wang,登录成功！');
  });

  it('asks someone with an unknown or unverified e-mail to bind an account by its password, never creating one', async () => {
    const userId = await makeUser('oidc_zhao', 'zhao.oidc@example.com');
    // Verified but nobody has it; and the right e-mail but unverified: both must bind.
    idp.accounts.set('sub-new', { email: 'nobody.here@example.com', email_verified: true, name: '新来的' });
    idp.accounts.set('sub-unverified', { email: 'zhao.oidc@example.com', email_verified: false, name: '赵某' });
    const users = await userCount();
    for (const subject of ['sub-new', 'sub-unverified']) {
      const landing = await signInThrough(subject);
      expect(landing.page.searchParams.get('oauth2LoginToken')).toBeNull();
      expect(landing.page.searchParams.get('bindToken')).toMatch(/^[\w-]{40,}$/);
    }
    const token = (await signInThrough('sub-unverified')).page.searchParams.get('bindToken')!;
    expect(body(await get(t.app, `/sys/thirdLogin/bindInfo/${token}`))).toMatchObject({ success: true, result: { realname: '赵某', email: 'zhao.oidc@example.com', providerName: '企业统一身份' } });

    expect(await bind(token, 'oidc_zhao', 'wrong-password')).toMatchObject({ success: false, message: '用户名或密码错误' });
    expect(await bind(token, 'no_such_user', PASSWORD)).toMatchObject({ success: false, message: '用户名或密码错误' });
    expect(await linksOf(userId)).toEqual([]);
    // The ticket survives a wrong password; the right one binds and signs in.
    const bound = await bind(token, 'oidc_zhao', PASSWORD);
    expect(bound).toMatchObject({ success: true, message: '登录成功', result: { userInfo: { id: userId } } });
    expect(await linksOf(userId)).toEqual([expect.objectContaining({ third_user_uuid: 'sub-unverified' })]);
    expect(await bind(token, 'oidc_zhao', PASSWORD)).toMatchObject({ success: false, message: '绑定信息已失效，请重新进行第三方登录' });
    expect(await loginUser(await signInThrough('sub-unverified'))).toMatchObject({ success: true, result: { userInfo: { id: userId } } });
    expect(await userCount()).toBe(users);
  });

  it('refuses a callback whose state is wrong, replayed, or opened in another browser', async () => {
    idp.accounts.set('sub-state', { email: 'state@example.com', email_verified: true });
    const { callback: url, browserCookie } = await throughProvider('sub-state');
    const forged = new URL(url);
    forged.searchParams.set('state', 'forged-state-value');
    expect((await callback(forged, browserCookie)).page.search).toBe('?thirdError=state');
    // The forged attempt does not use the real flow up, but another browser cannot take it either…
    expect((await callback(url, 'lossdesk_third_flow=someone-elses-browser')).page.search).toBe('?thirdError=state');
    // …and a flow is taken by its first callback, whatever became of it.
    expect((await callback(url, browserCookie)).page.search).toBe('?thirdError=state');
    const fresh = await throughProvider('sub-state');
    expect((await callback(fresh.callback, undefined)).page.search).toBe('?thirdError=state');
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    idp.accounts.set('sub-nonce', { email: 'nonce@example.com', email_verified: true });
    const { callback: url, browserCookie } = await throughProvider('sub-nonce');
    await db()
      .updateTable('sys_third_login_flow')
      .set({ nonce: 'another-nonce-than-the-provider-signed' })
      .where('state_hash', '=', sha256(url.searchParams.get('state')!))
      .execute();
    expect((await callback(url, browserCookie)).page.search).toBe('?thirdError=failed');
  });

  it('sends the browser back with denied when the person refuses at the provider', async () => {
    const start = await t.app.inject({ method: 'GET', url: `${API}/sys/thirdLogin/render/oidc` });
    const state = new URL(String(start.headers.location)).searchParams.get('state')!;
    const denied = new URL(REDIRECT_URI);
    denied.search = new URLSearchParams({ error: 'access_denied', state }).toString();
    expect((await callback(denied, String(start.headers['set-cookie']).split(';')[0])).page.search).toBe('?thirdError=denied');
  });

  it('counts wrong binding passwords against the same sign-in limits as the login form', async () => {
    await makeUser('oidc_guess', null);
    idp.accounts.set('sub-guess', { email: 'guess@example.com', email_verified: false });
    const token = (await signInThrough('sub-guess')).page.searchParams.get('bindToken')!;
    for (let i = 0; i < 5; i += 1) await bind(token, 'oidc_guess', `wrong-${i}`);
    expect(await bind(token, 'oidc_guess', PASSWORD)).toMatchObject({ success: false, message: expect.stringMatching(/^密码错误次数过多，账号已锁定/) });
    const viaForm = body(await t.app.inject({ method: 'POST', url: `${API}/sys/login`, payload: { username: 'oidc_guess', password: PASSWORD } }));
    expect(viaForm).toMatchObject({ success: false, message: expect.stringMatching(/^密码错误次数过多，账号已锁定/) });
  });

  it('refuses a frozen account, by link and by binding, and binds nothing to it', async () => {
    const frozenId = await makeUser('oidc_frozen', 'frozen.oidc@example.com');
    idp.accounts.set('sub-frozen', { email: 'frozen.oidc@example.com', email_verified: true });
    const linked = await signInThrough('sub-frozen');
    await db().updateTable('sys_user').set({ status: 2 }).where('id', '=', frozenId).execute();
    expect(await loginUser(linked)).toMatchObject({ success: false, message: '该用户已冻结' });

    const otherFrozen = await makeUser('oidc_frozen2', null, 2);
    idp.accounts.set('sub-to-bind', { email: 'x@example.com', email_verified: false });
    const token = (await signInThrough('sub-to-bind')).page.searchParams.get('bindToken')!;
    expect(await bind(token, 'oidc_frozen2', PASSWORD)).toMatchObject({ success: false, message: '该用户已冻结' });
    expect(await linksOf(otherFrozen)).toEqual([]);
  });

  it('answers a user of two tenants with both, to choose from, and refuses one whose tenants are all frozen', async () => {
    const userId = await makeUser('oidc_tenant', 'tenant.oidc@example.com');
    for (const [id, name] of [[41, '第三方甲公司'], [42, '第三方乙公司']] as const) {
      await db().insertInto('sys_tenant').values({ id, name, status: 1 }).execute();
    }
    await db().updateTable('sys_user').set({ rel_tenant_ids: '41,42' }).where('id', '=', userId).execute();
    idp.accounts.set('sub-tenant', { email: 'tenant.oidc@example.com', email_verified: true });
    const answer = await loginUser(await signInThrough('sub-tenant'));
    expect(answer.result.tenantList).toEqual([expect.objectContaining({ id: 41, name: '第三方甲公司' }), expect.objectContaining({ id: 42, name: '第三方乙公司' })]);
    // In a tenant of theirs the session works; in one they are not in it is refused.
    const inTenant = (tenant: string) => get(t.app, '/sys/user/getCurrentUserDeparts', answer.result.token, { 'tenant-id': tenant }).then(body);
    expect((await inTenant('42')).success).toBe(true);
    expect(await inTenant('43')).toMatchObject({ success: false, code: 510 });
    await db().updateTable('sys_tenant').set({ status: 0 }).where('id', 'in', [41, 42]).execute();
    expect(await loginUser(await signInThrough('sub-tenant'))).toMatchObject({ success: false, message: '与该用户关联的租户均已被冻结，无法登录！' });
  });

  it('shows no third-party sign-in without configuration, and refuses half a configuration', () => {
    expect(readOidcSettings({})).toBeUndefined();
    expect(() => readOidcSettings({ OIDC_ISSUER: 'https://id.example.com' })).toThrow('还须设置 OIDC_CLIENT_ID、OIDC_CLIENT_SECRET、OIDC_REDIRECT_URI');
    expect(() =>
      readOidcSettings({ OIDC_ISSUER: 'http://id.example.com', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b', OIDC_REDIRECT_URI: 'https://x/cb' }),
    ).toThrow('须使用 https://');
  });

  it('starts no more flows while 10,000 are live (starting one is anonymous)', async () => {
    await sql`
      INSERT INTO sys_third_login_flow (state_hash, browser_hash, code_verifier, nonce, expires_at)
      SELECT lpad(to_hex(n), 64, '0'), lpad(to_hex(n), 64, '0'), 'v', 'n', now() + interval '5 minutes'
      FROM generate_series(1, 10000) AS n`.execute(db());
    const refused = await t.app.inject({ method: 'GET', url: `${API}/sys/thirdLogin/render/oidc` });
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ success: false, message: '请求过于频繁，请稍后再试' });
    await db().deleteFrom('sys_third_login_flow').execute();
    expect((await t.app.inject({ method: 'GET', url: `${API}/sys/thirdLogin/render/oidc` })).statusCode).toBe(302);
  });

  it('answers a ticket that never was, or of another kind, with the same message', async () => {
    expect(body(await get(t.app, `/sys/thirdLogin/getLoginUser/${'A'.repeat(43)}/oidc`))).toMatchObject({ success: false, message: '登录信息已失效，请重新登录' });
    expect(body(await get(t.app, `/sys/thirdLogin/bindInfo/${'B'.repeat(43)}`))).toMatchObject({ success: false, message: '绑定信息已失效，请重新进行第三方登录' });
  });

  it('用户管理 › 第三方账号: the administrator sees a user’s links and removes one; its next sign-in must bind again', async () => {
    const userId = await makeUser('oidc_links', null);
    idp.accounts.set('sub-links', { email: 'links@example.com', email_verified: false, name: '链接某' });
    const token = (await signInThrough('sub-links')).page.searchParams.get('bindToken')!;
    expect(await bind(token, 'oidc_links', PASSWORD)).toMatchObject({ success: true });

    const admin = (await login(t.app, 'admin')).token;
    const lisi = (await login(t.app, 'lisi')).token;
    const list = body<{ records: Array<Record<string, unknown>> }>(await get(t.app, `/sys/thirdAccount/list?sysUserId=${userId}`, admin));
    expect(list.result.records).toEqual([
      expect.objectContaining({ sysUserId: userId, thirdType: 'oidc', thirdType_dictText: 'OpenID Connect', thirdUserUuid: 'sub-links', realname: '链接某', createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) }),
    ]);
    const linkId = String(list.result.records[0].id);

    // Its own codes: a user without them is refused, and the link stays.
    const noPermission = { success: false, code: 510, message: '没有权限，请联系管理员授权' };
    expect(body(await get(t.app, `/sys/thirdAccount/list?sysUserId=${userId}`, lisi))).toMatchObject(noPermission);
    expect(body(await send(t.app, 'POST', '/sys/thirdAccount/unlink', { id: linkId }, lisi))).toMatchObject(noPermission);
    expect(await linksOf(userId)).toHaveLength(1);
    // Links are made by sign-in only: the page has no add, edit or delete of its own.
    expect((await send(t.app, 'POST', '/sys/thirdAccount/add', { sysUserId: userId, thirdType: 'oidc', thirdUserUuid: 'forged' }, admin)).statusCode).toBe(404);

    // A 数据规则 of 用户管理 that hides the user hides its links from the administrator, for the write too.
    const usersMenu = (await db().selectFrom('sys_permission').select('id').where('component', '=', 'schema/sys/user').where('menu_type', '!=', 2).executeTakeFirstOrThrow()).id;
    const adminRole = (await db().selectFrom('sys_role').select('id').where('role_code', '=', 'admin').executeTakeFirstOrThrow()).id;
    const rule = { permissionId: usersMenu, status: '1', ruleName: '只看管理员', ruleColumn: 'username', ruleConditions: '=', ruleValue: 'admin' };
    expect(body(await send(t.app, 'POST', '/sys/permission/addPermissionRule', rule, admin))).toMatchObject({ success: true });
    const ruleId = (await db().selectFrom('sys_permission_data_rule').select('id').where('permission_id', '=', usersMenu).executeTakeFirstOrThrow()).id;
    const enableRule = (ids: string) => send(t.app, 'POST', '/sys/role/datarule', { permissionId: usersMenu, roleId: adminRole, dataRuleIds: ids }, admin).then(body);
    expect(await enableRule(ruleId)).toMatchObject({ success: true });
    expect(body<{ records: unknown[] }>(await get(t.app, `/sys/thirdAccount/list?sysUserId=${userId}`, admin)).result.records).toEqual([]);
    expect(body(await send(t.app, 'POST', '/sys/thirdAccount/unlink', { id: linkId }, admin))).toMatchObject({ success: false, message: '未找到对应的第三方账号' });
    expect(await linksOf(userId)).toHaveLength(1);
    expect(await enableRule('')).toMatchObject({ success: true });

    expect(body(await send(t.app, 'POST', '/sys/thirdAccount/unlink', { id: linkId }, admin))).toMatchObject({ success: true, message: '已解除绑定' });
    expect(await linksOf(userId)).toEqual([]);
    expect(body(await send(t.app, 'POST', '/sys/thirdAccount/unlink', { id: linkId }, admin))).toMatchObject({ success: false, message: '未找到对应的第三方账号' });
    const again = await signInThrough('sub-links');
    expect(again.page.searchParams.get('oauth2LoginToken')).toBeNull();
    expect(again.page.searchParams.get('bindToken')).toMatch(/^[\w-]{40,}$/);
  });
});
