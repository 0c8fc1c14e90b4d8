import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeSign } from '../../../server/http/sign';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, body, login, startTestApp, type TestApp } from '../support/app';

const SECRET = 'our-own-Secret-2025-for-X-Sign';

function beijingStamp(ms = Date.now()): string {
  return new Date(ms + 8 * 3600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

describe.each(DATABASE_KINDS)('the X-Sign secret comes from SIGNATURE_SECRET (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { config: { signatureSecret: SECRET } });
    token = (await login(t.app, 'lisi')).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  const signedWith = (secret: string | undefined) =>
    t.app
      .inject({
        method: 'GET',
        url: `${API}/sys/dict/getDictItems/sex`,
        headers: { ...authHeaders(token), 'x-sign': computeSign({}, 'sex', secret), 'x-timestamp': beijingStamp() },
      })
      .then((r) => body(r));

  it('hands the secret to the web app in /config.js', async () => {
    const script = (await t.app.inject({ method: 'GET', url: '/config.js' })).body;
    expect(script).toContain(`"signatureSecret": "${SECRET}"`);
  });

  it('accepts requests signed with it and refuses those signed with the public default', async () => {
    expect(await signedWith(SECRET)).toMatchObject({ success: true });
    expect(await signedWith(undefined)).toMatchObject({ success: false, message: 'Sign签名校验失败！' });
  });
});
