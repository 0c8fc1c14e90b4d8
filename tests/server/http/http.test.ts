import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/database';
import { API, body, startTestApp, type TestApp } from '../support/app';

describe.each(DATABASE_KINDS)('HTTP surface (%s)', (kind) => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lossdesk-web-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>公估业务管理系统</title>');
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'assets', 'app-1234.js'), 'console.log("app")');
    t = await startTestApp(kind, { config: { webDir } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('answers an unknown API path with 404 and the envelope', async () => {
    for (const url of [`${API}/sys/no/such/thing`, `${API}`, `${API}/`]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(body(response)).toMatchObject({ success: false, code: 404, message: '路径不存在，请检查路径是否正确' });
    }
    const post = await t.app.inject({ method: 'POST', url: `${API}/sys/nothing`, payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('serves /config.js with the API base and the signature secret for the web app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/config.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.body).toBe(
      'window._CONFIG = {"domianURL": "/insurance", "staticDomainURL": "/insurance/sys/common/static", ' +
        '"signatureSecret": "dd05f1c54d63749eda95f9fa6d49v442a"};\n',
    );
  });

  it('serves the built web app with history-mode fallback', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('公估业务管理系统');
    const deep = await t.app.inject({ method: 'GET', url: '/dashboard/analysis', headers: { accept: 'text/html,*/*' } });
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-type']).toContain('text/html');
    expect(deep.body).toContain('公估业务管理系统');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app")');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('does not turn missing files or escapes into the app page', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    const escape = await t.app.inject({ method: 'GET', url: '/..%2f..%2fetc%2fpasswd', headers: { accept: 'application/json' } });
    expect(escape.statusCode).toBe(404);
    expect(escape.body).not.toContain('root:');
  });

  it('answers a malformed JSON body as a business error', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/sys/login`,
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toMatchObject({ success: false, code: 500, message: '参数不合法：请求体不是有效的 JSON' });
  });

  it('reads JSON bodies sent with a charset, and refuses prototype poisoning', async () => {
    const withCharset = await t.app.inject({
      method: 'POST',
      url: `${API}/sys/login`,
      headers: { 'content-type': 'application/json;charset=UTF-8' },
      payload: JSON.stringify({ username: 'admin', password: '123456' }),
    });
    expect(body(withCharset)).toMatchObject({ success: true, code: 200 });
    const poisoned = await t.app.inject({
      method: 'POST',
      url: `${API}/sys/login`,
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"admin","password":"123456","__proto__":{"admin":true}}',
    });
    expect(body(poisoned)).toMatchObject({ success: false, code: 500 });
  });
});

describe.each(DATABASE_KINDS)('without a built web app (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers / with 404 and still serves /config.js', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/config.js' })).statusCode).toBe(200);
  });
});
