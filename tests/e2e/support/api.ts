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
