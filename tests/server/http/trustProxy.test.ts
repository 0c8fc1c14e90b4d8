/**
 * Sign-in limits count by the client's address. Behind a reverse proxy that is the address the proxy
 * names in X-Forwarded-For — but only for a proxy named in TRUST_PROXY: a client that talks to the
 * server directly cannot choose its address by sending the header itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/database';
import { API, body, startTestApp, type TestApp } from '../support/app';

const locked = '密码错误次数过多，账号已锁定，请10分钟后再试';

describe.each(DATABASE_KINDS)('the client address behind a proxy (%s)', (kind) => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    direct = await startTestApp(kind);
    proxied = await startTestApp(kind, { config: { trustProxy: '127.0.0.1' } });
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  const signIn = (t: TestApp, password: string, remoteAddress: string, forwardedFor: string) =>
    t.app
      .inject({ method: 'POST', url: `${API}/sys/login`, payload: { username: 'lisi', password }, remoteAddress, headers: { 'x-forwarded-for': forwardedFor } })
      .then((r) => body(r));

  it('ignores X-Forwarded-For from a client no TRUST_PROXY names: a new header each guess dodges nothing', async () => {
    for (let i = 1; i <= 5; i++) await signIn(direct, 'not-it', '10.0.0.66', `203.0.113.${i}`);
    expect(await signIn(direct, '123456', '10.0.0.66', '203.0.113.77')).toMatchObject({ success: false, message: locked });
  });

  it('counts by the address a trusted proxy forwards: the guesser is locked, another client behind the proxy signs in', async () => {
    for (let i = 0; i < 5; i++) await signIn(proxied, 'not-it', '127.0.0.1', '203.0.113.5');
    expect(await signIn(proxied, '123456', '127.0.0.1', '203.0.113.5')).toMatchObject({ success: false, message: locked });
    expect(await signIn(proxied, '123456', '127.0.0.1', '203.0.113.9')).toMatchObject({ success: true });
  });
});
