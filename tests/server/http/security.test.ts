import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFailureOf } from '../../../server/http/databaseErrors';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, body, login, startTestApp, type TestApp } from '../support/app';

const INVALID_CHARACTER = '参数不合法：输入包含无效字符';
// Words of PostgreSQL's own error texts that must never reach a client.
const PG_TEXT = /overflow|numeric|invalid byte sequence|UTF8|0x00|violates|relation|column|constraint|syntax/i;

function cspOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0] !== '')
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe.each(DATABASE_KINDS)('security hardening (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  let webDir: string;
  const logLines: string[] = [];
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lossdesk-web-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>公估业务管理系统</title>');
    t = await startTestApp(kind, {
      config: { webDir },
      logger: { level: 'info', stream: { write: (line: string) => logLines.push(line) } },
    });
    token = (await login(t.app, 'admin')).token;
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('sends the security headers on the web app, /config.js, the API and unknown paths', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } }),
      await t.app.inject({ method: 'GET', url: '/config.js' }),
      await t.app.inject({ method: 'GET', url: `${API}/sys/permission/getUserPermissionByToken`, headers: authHeaders(token) }),
      await t.app.inject({ method: 'GET', url: `${API}/sys/no/such/thing` }),
    ];
    for (const response of answers) {
      const csp = cspOf(response);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
      // The 行业资讯 menu items show external https pages in an iframe.
      expect(csp.get('frame-src')).toEqual(["'self'", 'https:']);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(String(response.headers['content-security-policy'])).not.toMatch(/unsafe-eval/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('keeps token query parameters out of the request log', async () => {
    logLines.length = 0;
    await t.app.inject({ method: 'GET', url: `${API}/sys/common/static/x.png?token=secret-session-1&w=1` });
    await t.app.inject({ method: 'GET', url: `${API}/websocket/u1?access_token=secret-session-2` });
    await t.app.inject({ method: 'GET', url: `${API}/sys/user/list?X-Access-Token=secret-session-3` });
    const log = logLines.join('');
    expect(log).toContain('incoming request');
    expect(log).not.toContain('secret-session');
    expect(log).toContain('token=[已隐藏]&w=1');
  });

  it('refuses a NUL character in a body field, a query parameter and a path parameter', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: `${API}/maintenance/currency/add`,
      headers: authHeaders(token),
      payload: { currencyCode: 'NUL', currencyName: '美\u0000元' },
    });
    const listed = await t.app.inject({ method: 'GET', url: `${API}/maintenance/currency/list?currencyName=%E7%BE%8E%00`, headers: authHeaders(token) });
    const dict = await t.app.inject({ method: 'GET', url: `${API}/sys/dict/getDictItems/sex%00`, headers: authHeaders(token) });
    for (const response of [added, listed, dict]) {
      expect(response.statusCode).toBe(400);
      expect(body(response)).toMatchObject({ success: false, code: 400, message: INVALID_CHARACTER });
    }
    const row = await t.app.inject({ method: 'GET', url: `${API}/maintenance/currency/list?currencyCode=NUL`, headers: authHeaders(token) });
    expect(body<{ total: number }>(row).result.total).toBe(0);
  });

  it('refuses a NUL character in a super-query value without PostgreSQL text', async () => {
    const conditions = [{ field: 'currencyName', rule: 'eq', val: '美\u0000元', type: 'string' }];
    const superQueryParams = encodeURIComponent(encodeURI(JSON.stringify(conditions)));
    const response = await t.app.inject({
      method: 'GET',
      url: `${API}/maintenance/currency/list?superQueryParams=${superQueryParams}`,
      headers: authHeaders(token),
    });
    expect(body(response)).toMatchObject({ success: false, message: '查询条件「币种名称」包含非法字符' });
  });

  it('answers a value PostgreSQL refuses with our message and logs its text', async () => {
    logLines.length = 0;
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/maintenance/currency/add`,
      headers: authHeaders(token),
      payload: { currencyCode: 'OVF', currencyName: '溢出', exchangeRate: 1e300 },
    });
    expect(body(response)).toMatchObject({ success: false, message: '参数不合法：数值超出范围' });
    expect(response.body).not.toMatch(PG_TEXT);
    expect(logLines.join('')).toContain('numeric field overflow');
  });

  it("names PostgreSQL's NUL refusal as an invalid character, whatever route it came from", async () => {
    const refusal = await sql`SELECT ${'a\u0000b'}::text AS v`.execute(t.database.db).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refusal).toBeDefined();
    expect(databaseFailureOf(refusal)).toMatchObject({ byInput: true, message: INVALID_CHARACTER });
    expect(databaseFailureOf(new Error('not from the database'))).toBeUndefined();
  });
});
