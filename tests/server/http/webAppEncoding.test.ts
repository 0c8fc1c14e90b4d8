// The built web app is sent precompressed (issue 16): the .br / .gz copies the build writes beside
// each file, chosen by Accept-Encoding, with the headers a browser and a shared cache need.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/database';
import { startTestApp, type TestApp } from '../support/app';

const INDEX_HTML = `<!doctype html><title>公估业务管理系统</title>${'<link rel="modulepreload" href="/assets/x.js">'.repeat(40)}`;
const APP_JS = `console.log(${JSON.stringify('登录'.repeat(2000))});`;
const ONLY_GZIP_CSS = `.login{color:red}\n`.repeat(200);

function writeWithCopies(file: string, text: string, encodings: ReadonlyArray<'br' | 'gz'>): void {
  fs.writeFileSync(file, text);
  if (encodings.includes('br')) fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  if (encodings.includes('gz')) fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

function decoded(response: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload).toString('utf8');
  return response.rawPayload.toString('utf8');
}

describe.each(DATABASE_KINDS)('precompressed web app (%s)', (kind) => {
  let t: TestApp;
  let parent: string;
  let webDir: string;
  beforeAll(async () => {
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'lossdesk-web-encoding-'));
    webDir = path.join(parent, 'web');
    fs.mkdirSync(path.join(webDir, 'assets'), { recursive: true });
    writeWithCopies(path.join(webDir, 'index.html'), INDEX_HTML, ['br', 'gz']);
    writeWithCopies(path.join(webDir, 'assets', 'app-1234.js'), APP_JS, ['br', 'gz']);
    writeWithCopies(path.join(webDir, 'assets', 'login-5678.css'), ONLY_GZIP_CSS, ['gz']);
    // Beside the web folder, with copies too: a path that climbs out must reach none of them.
    writeWithCopies(path.join(parent, 'secret.txt'), 'root:x:0:0', ['br', 'gz']);
    t = await startTestApp(kind, { config: { webDir } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(parent, { recursive: true, force: true });
  });

  it('sends brotli to a browser that accepts it, with its own length, ETag and Vary', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(response.rawPayload.length).toBe(fs.statSync(path.join(webDir, 'assets', 'app-1234.js.br')).size);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(decoded(response)).toBe(APP_JS);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': 'identity' } });
    // A cache revalidating one encoding must not be told the other one is the same bytes.
    expect(plain.headers.etag).toBeDefined();
    expect(response.headers.etag).not.toBe(plain.headers.etag);
  });

  it('sends gzip to a browser that does not accept brotli, and where only a gzip copy exists', async () => {
    const gzipOnly = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(gzipOnly.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(gzipOnly.headers['content-length'])).toBe(gzipOnly.rawPayload.length);
    expect(decoded(gzipOnly)).toBe(APP_JS);

    const noBrotliCopy = await t.app.inject({ method: 'GET', url: '/assets/login-5678.css', headers: { 'accept-encoding': 'br, gzip' } });
    expect(noBrotliCopy.headers['content-encoding']).toBe('gzip');
    expect(noBrotliCopy.headers['content-type']).toContain('text/css');
    expect(decoded(noBrotliCopy)).toBe(ONLY_GZIP_CSS);
  });

  it('sends the file itself to a client that accepts no encoding we have, still with Vary', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }, { 'accept-encoding': 'deflate' }]) {
      const response = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js', headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(APP_JS));
      expect(response.body).toBe(APP_JS);
    }
  });

  it('answers a range of the copy it sends, not of the file', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': 'br', range: 'bytes=0-9' } });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-encoding']).toBe('br');
    const copy = fs.readFileSync(path.join(webDir, 'assets', 'app-1234.js.br'));
    expect(response.headers['content-range']).toBe(`bytes 0-9/${copy.length}`);
    expect(response.rawPayload.equals(copy.subarray(0, 10))).toBe(true);
  });

  it('sends index.html compressed and never cached, at / and as the history fallback', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' } });
    expect(root.statusCode).toBe(200);
    expect(root.headers['content-encoding']).toBe('br');
    expect(root.headers['content-type']).toContain('text/html');
    expect(root.headers['cache-control']).not.toContain('immutable');
    expect(decoded(root)).toBe(INDEX_HTML);

    const deep = await t.app.inject({ method: 'GET', url: '/user/login?redirect=%2Fdashboard', headers: { accept: 'text/html,*/*', 'accept-encoding': 'gzip' } });
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-encoding']).toBe('gzip');
    expect(deep.headers['content-type']).toContain('text/html');
    expect(deep.headers['cache-control']).toBe('no-cache');
    expect(deep.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(deep)).toBe(INDEX_HTML);

    const plain = await t.app.inject({ method: 'GET', url: '/dashboard/analysis', headers: { accept: 'text/html' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX_HTML);
  });

  it('refuses paths that climb out of the web folder, whatever the encoding', async () => {
    for (const url of ['/..%2fsecret.txt', '/assets/..%2f..%2fsecret.txt', '/%2e%2e/secret.txt', '/assets/%2e%2e/%2e%2e/secret.txt']) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'application/json', 'accept-encoding': encoding } });
        expect(response.statusCode, `${url} (${encoding})`).toBe(404);
        expect(decoded(response)).not.toContain('root:');
      }
    }
  });

  it('does not answer a missing asset with the app page or a copy', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(missing.statusCode).toBe(404);
  });
});
