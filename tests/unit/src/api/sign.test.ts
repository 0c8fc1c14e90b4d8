import axios, { type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadDict } from '../../../../src/api/dict';
import { http } from '../../../../src/api/request';
import { canonicalSignText, computeSign, mergeSignParams, signTimestamp } from '../../../../src/api/sign';
import {
  computeSign as serverComputeSign,
  parseSignTimestamp,
  signInputsOf,
} from '../../../../server/http/sign';

// Computed once with server/http/sign.ts computeSign({keyword:'张', pageSize:'10', _t:'1700000000'},
// 'sys_user,realname,username'); the web app must produce the same bytes.
const FIXED_VECTOR = 'DEC32AAE8A40A8EC67A5FC920DBCE7BB';

describe('request signature (X-Sign)', () => {
  it('produces the fixed vector computed by the server function', () => {
    const url = '/sys/dict/loadDict/sys_user,realname,username?_t=1700000000';
    expect(computeSign(url, { keyword: '张', pageSize: 10 })).toBe(FIXED_VECTOR);
    expect(serverComputeSign({ keyword: '张', pageSize: '10', _t: '1700000000' }, 'sys_user,realname,username')).toBe(
      FIXED_VECTOR,
    );
  });

  it('signs with the secret /config.js gives (SIGNATURE_SECRET), as the server checks it', () => {
    const secret = 'our-own-Secret-2025-for-X-Sign';
    window._CONFIG = { domianURL: '/insurance', signatureSecret: secret };
    try {
      const url = '/sys/dict/loadDict/sys_user,realname,username?_t=1700000000';
      const expected = serverComputeSign({ keyword: '张', pageSize: '10' }, 'sys_user,realname,username', secret);
      expect(computeSign(url, { keyword: '张', pageSize: 10 })).toBe(expected);
      expect(expected).not.toBe(FIXED_VECTOR);
    } finally {
      delete window._CONFIG;
    }
  });

  it('merges URL query and params (params win), numbers as strings, without _t', () => {
    const merged = mergeSignParams('/sys/dict/getDictItems/sex?b=1&a=2&_t=99', { a: 3, c: true, d: null });
    expect(merged).toEqual({ a: '3', b: '1', c: 'true' });
    expect(canonicalSignText(merged)).toBe('{"a":"3","b":"1","c":"true"}');
  });

  it('adds the decoded last path segment as x-path-variable only when it holds a comma', () => {
    expect(mergeSignParams('/sys/dict/loadDictItem/sys_user%2Crealname%2Cid', {})).toEqual({
      'x-path-variable': 'sys_user,realname,id',
    });
    expect(mergeSignParams('/sys/dict/getDictItems/sex', {})).toEqual({});
  });

  it('sends X-TIMESTAMP as yyyyMMddHHmmss in Beijing time, which the server reads back', () => {
    const at = new Date(Date.UTC(2025, 0, 2, 20, 4, 5));
    expect(signTimestamp(at)).toBe('20250103040405');
    expect(parseSignTimestamp(signTimestamp(at))).toBe(at.getTime());
  });

  describe('a signed request as it leaves the browser', () => {
    let sent: InternalAxiosRequestConfig | undefined;
    let restore: AxiosAdapter | undefined;
    beforeEach(() => {
      restore = http.defaults.adapter as AxiosAdapter;
      http.defaults.adapter = async (config) => {
        sent = config;
        return { data: { success: true, code: 200, message: '', result: [], timestamp: 0 }, status: 200, statusText: 'OK', headers: {}, config };
      };
    });
    afterEach(() => {
      http.defaults.adapter = restore;
    });

    it('carries a signature the server verifies for the URL it receives', async () => {
      await loadDict('sys_user,realname,username', '张 三+', 10);
      expect(sent).toBeDefined();
      const config = sent!;
      const rawUrl = axios.getUri({ ...config, baseURL: undefined }).replace(/^\/insurance/, '');
      const { params, pathVariable } = signInputsOf(rawUrl);
      expect(params).toMatchObject({ keyword: '张 三+', pageSize: '10' });
      expect(pathVariable).toBe('sys_user,realname,username');
      expect(config.headers['X-Sign']).toBe(serverComputeSign(params, pathVariable));
      expect(config.headers['X-TIMESTAMP']).toMatch(/^\d{14}$/);
    });
  });
});
