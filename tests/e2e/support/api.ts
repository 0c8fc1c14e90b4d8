import type { APIRequestContext } from '@playwright/test';

/** API base of the e2e server (the server's default API_BASE). */
const API = '/insurance';

interface Envelope<T> {
  success: boolean;
  message: string;
  code: number;
  result: T;
}

/** Signs in through the API (the e2e server has the captcha off); the token, or undefined when refused. */
export async function apiLogin(request: APIRequestContext, username: string, password: string): Promise<string | undefined> {
  const res = await request.post(`${API}/sys/login`, {
    data: { username, password, captcha: 'ab12', checkKey: `e2e-${Date.now()}` },
  });
  const body = (await res.json()) as Envelope<{ token: string }>;
  return body.success ? body.result.token : undefined;
}

/**
 * Puts a user's password back to `original` if a test left it at `changed` — keeps a retried or failed
 * password test from changing what the next test finds.
 */
export async function restorePassword(
  request: APIRequestContext,
  username: string,
  changed: string,
  original: string,
): Promise<void> {
  const token = await apiLogin(request, username, changed);
  if (!token) return;
  const res = await request.post(`${API}/sys/user/updatePassword`, {
    headers: { 'X-Access-Token': token },
    data: { username, oldpassword: changed, password: original, confirmpassword: original },
  });
  const body = (await res.json()) as Envelope<unknown>;
  if (!body.success) throw new Error(`could not restore the password of ${username}: ${body.message}`);
}
