import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDictItems } from '../../../../src/api/dict';
import { fileUrl } from '../../../../src/api/fileUrl';
import { setLowAppId } from '../../../../src/api/lowApp';
import { RequestError, del, get, getBlob, http, post, resetReloginModal } from '../../../../src/api/request';
import { setRequestHost, type RequestHost } from '../../../../src/api/requestHost';
import { ACCESS_TOKEN, TENANT_ID, localStore } from '../../../../src/store/storage';

type Reply = { status: number; data: unknown } | { timeout: true };

let replies: Reply[];
let sent: InternalAxiosRequestConfig[];
let originalAdapter: AxiosAdapter;
let host: { [K in keyof RequestHost]: ReturnType<typeof vi.fn> };
let restoreHost: () => void;

const envelope = (result: unknown = null, message = '') => ({ success: true, code: 200, message, result, timestamp: 0 });

// A test seam standing in for the network: answers each request with the next queued reply,
// failing non-2xx answers the way axios' own adapters do.
const fakeAdapter: AxiosAdapter = async (config) => {
  sent.push(config);
  const reply = replies.shift() ?? { status: 200, data: envelope() };
  if ('timeout' in reply) throw new AxiosError('timeout of 180000ms exceeded', AxiosError.ECONNABORTED, config);
  const response: AxiosResponse = {
    data: reply.data,
    status: reply.status,
    statusText: '',
    headers: {},
    config,
    request: { responseType: config.responseType },
  };
  if (reply.status >= 200 && reply.status < 300) return response;
  throw new AxiosError(
    `Request failed with status code ${reply.status}`,
    reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
    config,
    response.request,
    response,
  );
};

beforeEach(() => {
  replies = [];
  sent = [];
  originalAdapter = http.defaults.adapter as AxiosAdapter;
  http.defaults.adapter = fakeAdapter;
  host = {
    notifyError: vi.fn(),
    confirmRelogin: vi.fn(),
    logout: vi.fn(() => Promise.resolve()),
    reload: vi.fn(),
  };
  restoreHost = setRequestHost(host as unknown as RequestHost);
  resetReloginModal();
  setLowAppId(null);
  window.localStorage.clear();
  delete window._CONFIG;
});

afterEach(() => {
  http.defaults.adapter = originalAdapter;
  restoreHost();
  vi.useRealTimers();
});

const signIn = () => localStore.set(ACCESS_TOKEN, 'token-abc');
const lastSent = () => sent[sent.length - 1];

describe('request headers and query', () => {
  it('sends the token, tenant-id 0 when no tenant is chosen, and no low-app header outside low-app pages', async () => {
    signIn();
    await get('/sys/user/list');
    const headers = lastSent().headers;
    expect(headers['X-Access-Token']).toBe('token-abc');
    expect(headers['tenant-id']).toBe('0');
    expect(headers['X-Low-App-ID']).toBeUndefined();
  });

  it('sends no token header when signed out, the chosen tenant, and the low-app id of the current page', async () => {
    localStore.set(TENANT_ID, 3);
    setLowAppId('app-42');
    await get('/online/cgform/api/getColumns/x');
    const headers = lastSent().headers;
    expect(headers['X-Access-Token']).toBeUndefined();
    expect(headers['tenant-id']).toBe('3');
    expect(headers['X-Low-App-ID']).toBe('app-42');
  });

  it('talks to /insurance by default and to the runtime configuration when present', async () => {
    await get('/sys/a');
    expect(lastSent().baseURL).toBe('/insurance');
    window._CONFIG = { domianURL: '/api-x' };
    await get('/sys/b');
    expect(lastSent().baseURL).toBe('/api-x');
  });

  it('gives up after 180000 ms', async () => {
    await get('/sys/a');
    expect(lastSent().timeout).toBe(180_000);
  });

  it('adds _t (unix seconds) to GET requests, keeping the caller params', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-01T08:00:00.900Z'));
    await get('/sys/annountCement/queryById', { id: '7' });
    expect(lastSent().params).toEqual({ _t: Date.UTC(2025, 2, 1, 8) / 1000, id: '7' });
  });

  it('adds no _t to dictionary item lookups, POST or DELETE', async () => {
    await getDictItems('sex');
    expect(lastSent().params).toEqual({});
    expect(lastSent().headers['X-Sign']).toMatch(/^[0-9A-F]{32}$/);
    await post('/sys/login', { a: 1 });
    expect(lastSent().params).toBeUndefined();
    await del('/sys/user/delete', { id: '1' });
    expect(lastSent().params).toEqual({ id: '1' });
  });

  it('returns the envelope of a successful call', async () => {
    replies.push({ status: 200, data: envelope({ x: 1 }, 'ok') });
    await expect(get('/sys/a')).resolves.toMatchObject({ success: true, result: { x: 1 }, message: 'ok' });
  });
});

describe('error catalogue (spec §8)', () => {
  async function failWith(reply: Reply): Promise<RequestError> {
    replies.push(reply);
    const error = await get('/sys/a').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    return error as RequestError;
  }

  it('403: notification 系统提示 / 拒绝访问', async () => {
    const error = await failWith({ status: 403, data: envelope() });
    expect(host.notifyError).toHaveBeenCalledWith(expect.objectContaining({ message: '系统提示', description: '拒绝访问' }));
    expect(error.message).toBe('拒绝访问');
    expect(error.status).toBe(403);
  });

  it('404: 资源未找到', async () => {
    await failWith({ status: 404, data: { success: false, code: 404, message: 'Not Found' } });
    expect(host.notifyError).toHaveBeenCalledWith(expect.objectContaining({ message: '系统提示', description: '资源未找到' }));
  });

  it('504 and a timeout: 网络超时', async () => {
    await failWith({ status: 504, data: '' });
    await failWith({ timeout: true });
    expect(host.notifyError).toHaveBeenCalledTimes(2);
    for (const call of host.notifyError.mock.calls) expect(call[0]).toMatchObject({ description: '网络超时' });
  });

  it('401 without a token: only the notification', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await failWith({ status: 401, data: { success: true, code: 401, message: 'Token失效，请重新登录!' } });
    expect(host.notifyError).toHaveBeenCalledWith(
      expect.objectContaining({ message: '系统提示', description: '未授权，请重新登录' }),
    );
    await vi.advanceTimersByTimeAsync(5_000);
    expect(host.logout).not.toHaveBeenCalled();
    expect(host.reload).not.toHaveBeenCalled();
  });

  it('401 with a token: notification, logout, and a reload 1.5 s later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    signIn();
    await failWith({ status: 401, data: { success: true, code: 401, message: 'Token失效，请重新登录!' } });
    expect(host.notifyError).toHaveBeenCalledWith(expect.objectContaining({ description: '未授权，请重新登录' }));
    expect(host.logout).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_499);
    expect(host.reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(host.reload).toHaveBeenCalledTimes(1);
  });

  it('401 on several calls at once: one notification and one sign-out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    signIn();
    await failWith({ status: 401, data: { message: 'Token失效，请重新登录!' } });
    await failWith({ status: 401, data: { message: 'Token失效，请重新登录!' } });
    await failWith({ status: 401, data: { message: 'Token失效，请重新登录!' } });
    expect(host.notifyError).toHaveBeenCalledTimes(1);
    expect(host.logout).toHaveBeenCalledTimes(1);
  });

  it("500 'Token失效' with a token: the 登录已过期 modal, whose button logs out, clears the token and reloads", async () => {
    signIn();
    await failWith({ status: 500, data: { success: false, code: 500, message: 'Token失效，请重新登录' } });
    expect(host.notifyError).not.toHaveBeenCalled();
    expect(host.confirmRelogin).toHaveBeenCalledTimes(1);
    const args = host.confirmRelogin.mock.calls[0][0];
    expect(args).toMatchObject({ title: '登录已过期', content: '很抱歉，登录已过期，请重新登录', okText: '重新登录' });
    expect(host.reload).not.toHaveBeenCalled();

    await args.onOk();
    expect(host.logout).toHaveBeenCalledTimes(1);
    expect(localStore.get(ACCESS_TOKEN)).toBeNull();
    expect(host.reload).toHaveBeenCalledTimes(1);
  });

  it('shows the 登录已过期 modal once, however many calls fail at the same time', async () => {
    signIn();
    await failWith({ status: 500, data: { message: 'Token失效' } });
    await failWith({ status: 500, data: { message: 'Token失效' } });
    expect(host.confirmRelogin).toHaveBeenCalledTimes(1);
  });

  it("500 'Token失效' in a blob answer (download) is read from the blob", async () => {
    signIn();
    const body = new Blob([JSON.stringify({ success: false, code: 500, message: 'Token失效，请重新登录' })], {
      type: 'application/json',
    });
    replies.push({ status: 500, data: body });
    await expect(getBlob('/sys/user/exportXls')).rejects.toBeInstanceOf(RequestError);
    expect(lastSent().responseType).toBe('blob');
    expect(host.confirmRelogin).toHaveBeenCalledWith(expect.objectContaining({ title: '登录已过期' }));
  });

  it("500 'Token失效' without a token and other 500s show the server message", async () => {
    await failWith({ status: 500, data: { message: 'Token失效，请重新登录' } });
    signIn();
    const error = await failWith({ status: 500, data: { success: false, message: '操作失败，数据库异常' } });
    expect(host.confirmRelogin).not.toHaveBeenCalled();
    expect(host.notifyError.mock.calls.map((c) => c[0].description)).toEqual(['Token失效，请重新登录', '操作失败，数据库异常']);
    expect(error.message).toBe('操作失败，数据库异常');
  });

  it('other statuses show the server message', async () => {
    await failWith({ status: 400, data: { success: false, code: 400, message: '参数错误：username 必填' } });
    expect(host.notifyError).toHaveBeenCalledWith(
      expect.objectContaining({ message: '系统提示', description: '参数错误：username 必填' }),
    );
  });

  it('a silent call (the logout made while handling a 401) shows nothing', async () => {
    signIn();
    replies.push({ status: 401, data: { message: 'Token失效，请重新登录!' } });
    const error = await post('/sys/logout', undefined, { silent: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect((error as RequestError).notified).toBe(false);
    expect(host.notifyError).not.toHaveBeenCalled();
    expect(host.logout).not.toHaveBeenCalled();
  });

  it('business refusals (HTTP 200, success:false) reach the caller untouched', async () => {
    replies.push({ status: 200, data: { success: false, code: 510, message: '没有权限，请联系管理员授权', result: null } });
    await expect(get('/sys/user/list')).resolves.toMatchObject({ success: false, code: 510 });
    expect(host.notifyError).not.toHaveBeenCalled();
  });
});

describe('downloads and file URLs', () => {
  it('a JSON refusal in place of a file rejects with the server message', async () => {
    replies.push({
      status: 200,
      data: new Blob([JSON.stringify({ success: false, code: 510, message: '没有权限，请联系管理员授权' })], {
        type: 'application/json;charset=UTF-8',
      }),
    });
    await expect(getBlob('/sys/user/exportXls')).rejects.toThrow('没有权限，请联系管理员授权');
  });

  it('prefixes stored paths with the static domain and keeps http URLs', () => {
    expect(fileUrl('temp/a.png')).toBe('/insurance/sys/common/static/temp/a.png');
    expect(fileUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    window._CONFIG = { domianURL: '/insurance', staticDomainURL: 'https://files.example.com/static' };
    expect(fileUrl('temp/a.png')).toBe('https://files.example.com/static/temp/a.png');
    expect(fileUrl('')).toBe('');
  });
});
