import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeSign } from '../../../../server/http/sign';
import { DATABASE_KINDS } from '../../../support/database';
import { API, authHeaders, body, get, login, startTestApp, type TestApp } from '../../support/app';

type Items = Array<{ value: string; text: string; title: string; label: string }>;

/** yyyyMMddHHmmss in Beijing time, as the web app sends X-TIMESTAMP. */
function beijingStamp(ms = Date.now()): string {
  return new Date(ms + 8 * 3600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

describe.each(DATABASE_KINDS)('dictionaries (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    token = (await login(t.app, 'lisi')).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** GET a signed dictionary endpoint the way the web app does (path variable + query params). */
  function signedGet(path: string, query: Record<string, string> = {}, stamp = beijingStamp()) {
    const lastSegment = path.slice(path.lastIndexOf('/') + 1);
    const sign = computeSign(query, lastSegment);
    const qs = new URLSearchParams(query).toString();
    const encodedPath = path.split('/').map(encodeURIComponent).join('/');
    return t.app.inject({
      method: 'GET',
      url: `${API}${encodedPath}${qs ? `?${qs}` : ''}`,
      headers: { ...authHeaders(token), 'x-sign': sign, 'x-timestamp': stamp },
    });
  }

  it('answers every dictionary at once', async () => {
    const envelope = body<Record<string, Items>>(await get(t.app, '/sys/dict/queryAllDictItems', token));
    expect(envelope.success).toBe(true);
    expect(envelope.result.priority.map((i) => i.value)).toEqual(['L', 'M', 'H']);
    expect(envelope.result.sex[0]).toEqual({ value: '1', text: '男', title: '男', label: '男' });
  });

  it('refreshes the cache after a dictionary changes', async () => {
    await t.database.db.updateTable('sys_dict_item').set({ item_text: '男性' }).where('item_text', '=', '男').execute();
    try {
      const refreshed = body(await get(t.app, '/sys/dict/refleshCache', token));
      expect(refreshed.success).toBe(true);
      const all = body<Record<string, Items>>(await get(t.app, '/sys/dict/queryAllDictItems', token));
      expect(all.result.sex[0].text).toBe('男性');
    } finally {
      await t.database.db.updateTable('sys_dict_item').set({ item_text: '男' }).where('item_text', '=', '男性').execute();
      await get(t.app, '/sys/dict/refleshCache', token);
    }
  });

  it('serves one dictionary with a valid signature (both timestamp forms)', async () => {
    const envelope = body<Items>(await signedGet('/sys/dict/getDictItems/sex'));
    expect(envelope).toMatchObject({ success: true });
    expect(envelope.result).toEqual([
      { value: '1', text: '男', title: '男', label: '男' },
      { value: '2', text: '女', title: '女', label: '女' },
    ]);
    expect(body(await signedGet('/sys/dict/getDictItems/sex', {}, String(Date.now()))).success).toBe(true);
    expect(body<Items>(await signedGet('/sys/dict/getDictItems/no_such_dict')).result).toEqual([]);
  });

  it('refuses a wrong or missing signature and an old timestamp', async () => {
    const refused = { success: false, code: 500, message: 'Sign签名校验失败！' };
    const url = `${API}/sys/dict/getDictItems/sex`;
    const missing = await t.app.inject({ method: 'GET', url, headers: authHeaders(token) });
    expect(missing.statusCode).toBe(200);
    expect(body(missing)).toMatchObject(refused);
    const wrong = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...authHeaders(token), 'x-sign': computeSign({ keyword: 'x' }), 'x-timestamp': beijingStamp() },
    });
    expect(body(wrong)).toMatchObject(refused);
    expect(body(await signedGet('/sys/dict/getDictItems/sex', {}, beijingStamp(Date.now() - 6 * 60_000)))).toMatchObject(refused);
    expect(body(await signedGet('/sys/dict/getDictItems/sex', {}, String(Date.now() + 6 * 60_000)))).toMatchObject(refused);
    expect(body(await signedGet('/sys/dict/getDictItems/sex', {}, 'yesterday'))).toMatchObject(refused);
    // A parameter added after signing breaks the signature.
    const tampered = await t.app.inject({
      method: 'GET',
      url: `${API}/sys/dict/loadDict/sys_user,realname,username?keyword=${encodeURIComponent('张')}&pageSize=100`,
      headers: { ...authHeaders(token), 'x-sign': computeSign({ keyword: '张' }, 'sys_user,realname,username'), 'x-timestamp': beijingStamp() },
    });
    expect(body(tampered)).toMatchObject(refused);
  });

  it('needs a session before it looks at signatures', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API}/sys/dict/getDictItems/sex` });
    expect(response.statusCode).toBe(401);
  });

  it('serves allow-listed table dictionaries', async () => {
    const users = body<Items>(await signedGet('/sys/dict/getDictItems/sys_user,realname,username'));
    expect(users.success).toBe(true);
    expect(users.result).toContainEqual({ value: 'zhangsan', text: '张三', title: '张三', label: '张三' });
    const departs = body<Items>(await signedGet('/sys/dict/getDictItems/sys_depart,depart_name,org_code'));
    expect(departs.result).toContainEqual(expect.objectContaining({ value: 'A01A03', text: '财务部' }));
  });

  it("searches a page's table dictionary by its declared columns (the search select's loadDict / loadDictItem)", async () => {
    const dict = 'mnt_insurance_company,short_name,company_code';
    const found = body<Items>(await signedGet(`/sys/dict/loadDict/${dict}`, { keyword: '人保', pageSize: '10' }));
    expect(found.success).toBe(true);
    expect(found.result).toEqual([{ value: 'PICC', text: '人保财险', title: '人保财险', label: '人保财险' }]);
    const all = body<Items>(await signedGet(`/sys/dict/loadDict/${dict}`, { pageSize: '10' }));
    expect(all.result.length).toBeGreaterThan(1);
    expect(all.result.length).toBeLessThanOrEqual(10);
    expect(body<string[]>(await signedGet(`/sys/dict/loadDictItem/${dict}`, { key: 'PICC' })).result).toEqual(['人保财险']);
    expect(body<Items>(await signedGet(`/sys/dict/getDictItems/${dict}`)).result).toContainEqual(expect.objectContaining({ value: 'CPIC' }));
    // A column the page does not declare stays out of reach.
    expect(body(await signedGet('/sys/dict/loadDict/mnt_insurance_company,pg_password,company_code'))).toMatchObject({
      success: false,
      message: '字典表或字段不在允许范围内',
    });
  });

  it.each([
    ['sys_user,password,id', '字典表或字段不在允许范围内'],
    ['sys_user,realname,password', '字典表或字段不在允许范围内'],
    ['sys_session,token_hash,user_id', '字典表或字段不在允许范围内'],
    ['pg_shadow,passwd,usename', '字典表或字段不在允许范围内'],
    ['sys_user,realname,username,1=1', '表字典不支持查询条件'],
    ['sys_user,realname', '字典Code格式不正确！'],
  ])('refuses the table dictionary %s', async (dict, message) => {
    for (const path of [`/sys/dict/getDictItems/${dict}`, `/sys/dict/loadDict/${dict}`]) {
      expect(body(await signedGet(path))).toMatchObject({ success: false, code: 500, message });
    }
    expect(body(await signedGet(`/sys/dict/loadDictItem/${dict}`, { key: 'admin' }))).toMatchObject({ success: false, message });
  });

  it('translates keys to texts (table and ordinary dictionaries)', async () => {
    const texts = body<string[]>(await signedGet('/sys/dict/loadDictItem/sys_user,realname,username', { key: 'lisi,admin,ghost' }));
    expect(texts).toMatchObject({ success: true, result: ['李四', '管理员'] });
    const priorities = body<string[]>(await signedGet('/sys/dict/loadDictItem/priority', { key: 'H' }));
    expect(priorities.result).toEqual(['高']);
  });

  it('searches a table dictionary by text with LIKE, escaping wildcards and capping pageSize', async () => {
    const found = body<Items>(await signedGet('/sys/dict/loadDict/sys_user,realname,username', { keyword: '张', pageSize: '10' }));
    expect(found.result.map((i) => i.value)).toEqual(['zhangsan']);
    const wildcard = body<Items>(await signedGet('/sys/dict/loadDict/sys_user,realname,username', { keyword: '%' }));
    expect(wildcard.result).toEqual([]);
    const capped = body<Items>(await signedGet('/sys/dict/loadDict/sys_user,realname,username', { pageSize: '1000' }));
    expect(capped.success).toBe(true);
    expect(capped.result.length).toBeLessThanOrEqual(100);
    const one = body<Items>(await signedGet('/sys/dict/loadDict/sys_user,realname,username', { pageSize: '2' }));
    expect(one.result).toHaveLength(2);
    const fromDict = body<Items>(await signedGet('/sys/dict/loadDict/priority', { keyword: '高' }));
    expect(fromDict.result).toEqual([{ value: 'H', text: '高', title: '高', label: '高' }]);
  });
});
