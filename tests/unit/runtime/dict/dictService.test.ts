import { beforeEach, describe, expect, it } from 'vitest';
import { SEVEN_DAYS_MS } from '../../../../runtime/host/expiringStorage';
import { createDictService, type DictService } from '../../../../runtime/dict/dictService';
import { UI_CACHE_DB_DICT_DATA } from '../../../../runtime/dict/types';
import { createFakeHost, deferred, fail, ok, type Answer, type FakeHost } from '../list/fakeHost';

const loginDicts = {
  sex: [
    { value: '1', text: '男' },
    { value: '2', text: '女' },
  ],
  priority: [
    { value: 'L', text: '低' },
    { value: 'M', text: '中', title: 'ignored' },
    { value: 'H', label: '高' },
  ],
};

let time: number;
let fake: FakeHost;
let dicts: DictService;

beforeEach(() => {
  time = Date.UTC(2025, 0, 1);
  fake = createFakeHost({ now: () => time });
  dicts = createDictService(fake.host, { now: () => time });
});

function storedRaw(): { value: unknown; expire: number | null } | null {
  const raw = fake.backing.getItem(`pro__${UI_CACHE_DB_DICT_DATA}`);
  return raw === null ? null : (JSON.parse(raw) as { value: unknown; expire: number | null });
}

describe('seeding and cache hits', () => {
  it("stores the login answer's sysAllDictItems under UI_CACHE_DB_DICT_DATA for 7 days as {code: [{value, text}]}", () => {
    dicts.seed(loginDicts);
    expect(storedRaw()).toEqual({
      value: {
        sex: loginDicts.sex,
        priority: [
          { value: 'L', text: '低' },
          { value: 'M', text: '中' },
          { value: 'H', text: '高' },
        ],
      },
      expire: time + SEVEN_DAYS_MS,
    });
  });

  it('answers a cached code without a request', async () => {
    dicts.seed(loginDicts);
    expect(await dicts.getItems('sex')).toEqual(loginDicts.sex);
    await dicts.prefetch(['sex', 'priority', 'sex']);
    expect(fake.calls).toEqual([]);
  });

  it('reads a cache written by someone else (the web shell at login) from storage', async () => {
    fake.host.storage.set(UI_CACHE_DB_DICT_DATA, { sex: loginDicts.sex }, SEVEN_DAYS_MS);
    expect(dicts.textOf('sex', '2')).toBe('女');
    expect(await dicts.getItems('sex')).toEqual(loginDicts.sex);
    expect(fake.calls).toEqual([]);
  });
});

describe('misses', () => {
  it('fetches a missing code with the signed GET /sys/dict/getDictItems/{code} and caches it', async () => {
    dicts.seed(loginDicts);
    fake.respond(() => ok([{ value: 'CNY', text: '人民币' }]));
    expect(await dicts.getItems('currency')).toEqual([{ value: 'CNY', text: '人民币' }]);
    expect(fake.calls).toEqual([
      { method: 'get', url: '/sys/dict/getDictItems/currency', params: undefined, options: { signed: true } },
    ]);
    expect(await dicts.getItems('currency')).toHaveLength(1);
    expect(fake.calls).toHaveLength(1);
    expect((storedRaw()?.value as Record<string, unknown>).currency).toEqual([{ value: 'CNY', text: '人民币' }]);
  });

  it('adding a fetched code keeps the cache expiry (no endless 7-day extension)', async () => {
    dicts.seed(loginDicts);
    const seededExpiry = storedRaw()?.expire;
    time += 3 * 24 * 3600 * 1000;
    fake.respond(() => ok([{ value: '1', text: '一级' }]));
    await dicts.getItems('trust_level');
    expect(storedRaw()?.expire).toBe(seededExpiry);
  });

  it('fetches a table dictionary keyed by its full code, commas literal in the path', async () => {
    fake.respond(() => ok([{ value: 'c1', text: '平安保险' }]));
    await dicts.getItems('ins_company,company_name,id');
    expect(fake.calls[0].url).toBe('/sys/dict/getDictItems/ins_company,company_name,id');
    expect(dicts.textOf('ins_company,company_name,id', 'c1')).toBe('平安保险');
    expect(dicts.textOf('ins_company', 'c1')).toBe('c1');
  });

  it('encodes anything else in the code', async () => {
    fake.respond(() => ok([]));
    await dicts.getItems('a/b c');
    expect(fake.calls[0].url).toBe('/sys/dict/getDictItems/a%2Fb%20c');
  });

  it('merges concurrent requests for one code into one request', async () => {
    const answer = deferred<Answer>();
    fake.respond(() => answer.promise);
    const asks = [dicts.getItems('sex'), dicts.getItems('sex'), dicts.prefetch(['sex', 'sex']), dicts.getItems('sex')];
    answer.resolve(ok(loginDicts.sex));
    const [first, second] = await Promise.all(asks);
    expect(fake.calls).toHaveLength(1);
    expect(first).toEqual(loginDicts.sex);
    expect(second).toBe(first);
  });

  it('prefetch makes one request per missing code, none per row', async () => {
    dicts.seed({ sex: loginDicts.sex });
    fake.respond((call) => ok(call.url.endsWith('currency') ? [{ value: 'USD', text: '美元' }] : [{ value: '1', text: '甲' }]));
    await dicts.prefetch(['sex', 'currency', 'level', 'currency', '']);
    expect(fake.calls.map((call) => call.url).sort()).toEqual([
      '/sys/dict/getDictItems/currency',
      '/sys/dict/getDictItems/level',
    ]);
    const rows = Array.from({ length: 50 }, (_, index) => ({ currency: index % 2 ? 'USD' : 'EUR', sex: '1' }));
    const cells = rows.map((row) => `${dicts.textOf('currency', row.currency)}/${dicts.textOf('sex', row.sex)}`);
    expect(cells.slice(0, 2)).toEqual(['EUR/男', '美元/男']);
    expect(fake.calls).toHaveLength(2);
  });

  it('does not cache a failed fetch: it yields [] and the next ask tries again', async () => {
    fake.respond(() => fail('操作失败'));
    expect(await dicts.getItems('sex')).toEqual([]);
    fake.respond(() => Promise.reject(new Error('timeout')));
    expect(await dicts.getItems('sex')).toEqual([]);
    fake.respond(() => ok(loginDicts.sex));
    expect(await dicts.getItems('sex')).toEqual(loginDicts.sex);
    expect(fake.calls).toHaveLength(3);
    // Widgets show no server errors of their own.
    expect(fake.notices).toEqual([]);
  });

  it("refuses an empty code with '字典Code不能为空!'", async () => {
    expect(await dicts.getItems('')).toEqual([]);
    expect(fake.notices).toEqual([{ kind: 'error', text: '字典Code不能为空!' }]);
    expect(fake.calls).toEqual([]);
  });

  it('treats codes named like object properties as plain codes', async () => {
    fake.respond(() => ok([{ value: '1', text: '是' }]));
    expect(dicts.textOf('constructor', '1')).toBe('1');
    await dicts.getItems('__proto__');
    await dicts.getItems('constructor');
    expect(dicts.textOf('__proto__', '1')).toBe('是');
    expect(dicts.textOf('constructor', '1')).toBe('是');
    expect(fake.calls).toHaveLength(2);
  });
});

describe('7-day expiry', () => {
  it('serves the cache until 7 days pass, then fetches again', async () => {
    dicts.seed(loginDicts);
    time += SEVEN_DAYS_MS - 1;
    expect(dicts.textOf('sex', '1')).toBe('男');
    expect(await dicts.getItems('sex')).toEqual(loginDicts.sex);
    expect(fake.calls).toEqual([]);
    time += 2;
    expect(dicts.textOf('sex', '1')).toBe('1');
    fake.respond(() => ok([{ value: '1', text: '男性' }]));
    expect(await dicts.getItems('sex')).toEqual([{ value: '1', text: '男性' }]);
    expect(fake.calls).toHaveLength(1);
    // The expired cache is gone; the fetched code starts a new 7-day cache of its own.
    expect(storedRaw()).toEqual({ value: { sex: [{ value: '1', text: '男性' }] }, expire: time + SEVEN_DAYS_MS });
  });
});

describe('清理缓存 (refresh)', () => {
  it('rebuilds the server cache, then replaces the local one, and says 刷新缓存完成！', async () => {
    dicts.seed(loginDicts);
    await (async () => {
      fake.respond(() => ok([{ value: 'x', text: 'X' }]));
      await dicts.getItems('old_table,name,id');
    })();
    fake.calls.length = 0;
    time += 1000;
    fake.respond((call) =>
      call.url === 'sys/dict/refleshCache' ? ok(null, '刷新缓存完成！') : ok({ sex: [{ value: '1', text: '男士' }] }),
    );
    expect(await dicts.refresh()).toBe(true);
    expect(fake.calls.map((call) => call.url)).toEqual(['sys/dict/refleshCache', 'sys/dict/queryAllDictItems']);
    expect(storedRaw()).toEqual({ value: { sex: [{ value: '1', text: '男士' }] }, expire: time + SEVEN_DAYS_MS });
    expect(dicts.textOf('sex', '1')).toBe('男士');
    expect(dicts.cachedItems('priority')).toBeUndefined();
    expect(fake.notices).toEqual([{ kind: 'success', text: '刷新缓存完成！' }]);
  });

  it("keeps the old cache and says '刷新缓存失败！' when either call fails", async () => {
    dicts.seed(loginDicts);
    fake.respond(() => fail('操作失败'));
    expect(await dicts.refresh()).toBe(false);
    fake.respond((call) => (call.url === 'sys/dict/refleshCache' ? ok(null) : Promise.reject(new Error('timeout'))));
    expect(await dicts.refresh()).toBe(false);
    expect(fake.notices).toEqual([
      { kind: 'warning', text: '刷新缓存失败！' },
      { kind: 'warning', text: '刷新缓存失败！' },
    ]);
    expect(dicts.textOf('sex', '1')).toBe('男');
  });

  it('a fetch answered after the refresh does not write stale items into the new cache', async () => {
    const slow = deferred<Answer>();
    fake.respond((call) => {
      if (call.url.startsWith('/sys/dict/getDictItems/')) return slow.promise;
      return call.url === 'sys/dict/refleshCache' ? ok(null) : ok({ level: [{ value: '1', text: '新' }] });
    });
    const pending = dicts.getItems('level');
    await dicts.refresh();
    slow.resolve(ok([{ value: '1', text: '旧' }]));
    expect(await pending).toEqual([{ value: '1', text: '旧' }]);
    expect(dicts.textOf('level', '1')).toBe('新');
  });

  it('tells subscribers about every change so cells re-render', async () => {
    let changes = 0;
    const stop = dicts.subscribe(() => {
      changes += 1;
    });
    const before = dicts.version();
    dicts.seed(loginDicts);
    fake.respond(() => ok([]));
    await dicts.getItems('empty');
    dicts.clear();
    stop();
    dicts.seed(loginDicts);
    expect(changes).toBe(3);
    expect(dicts.version()).toBe(before + 4);
  });
});

describe('text lookups for list cells', () => {
  beforeEach(() => dicts.seed(loginDicts));

  it('shows the text of a value, the raw value when unknown, nothing for no value', () => {
    expect(dicts.textOf('sex', '1')).toBe('男');
    expect(dicts.textOf('sex', 2)).toBe('女');
    expect(dicts.textOf('sex', '9')).toBe('9');
    expect(dicts.textOf('no_such_dict', 'A')).toBe('A');
    expect(dicts.textOf('sex', '')).toBe('');
    expect(dicts.textOf('sex', null)).toBe('');
    expect(dicts.textOf('sex', undefined)).toBe('');
    expect(dicts.textOf('', '1')).toBe('1');
  });

  it('joins several values with commas, in the order given, unknown ones raw', () => {
    expect(dicts.textsOf('priority', 'H,L')).toBe('高,低');
    expect(dicts.textsOf('priority', ['M', 'X', 'L'])).toBe('中,X,低');
    expect(dicts.textsOf('priority', 'L,,M')).toBe('低,中');
    expect(dicts.textsOf('priority', '')).toBe('');
    expect(dicts.textsOf('priority', null)).toBe('');
    expect(dicts.textsOf('sex', 1)).toBe('男');
  });

  it('clear() forgets the cache (logout)', () => {
    dicts.clear();
    expect(storedRaw()).toBeNull();
    expect(dicts.textOf('sex', '1')).toBe('1');
  });
});

describe('the server says the dictionaries changed (dictVersion)', () => {
  it('keeps a cache of the same version without a request', async () => {
    dicts.seed(loginDicts, 'v1');
    expect(await dicts.syncServerVersion('v1')).toBe(false);
    expect(fake.calls).toEqual([]);
  });

  it('reads every dictionary again when the version differs, for 7 days, and remembers the new version', async () => {
    dicts.seed(loginDicts, 'v1');
    let changes = 0;
    dicts.subscribe(() => {
      changes += 1;
    });
    time += 3 * 24 * 3600_000;
    fake.respond(() => ok({ sex: [{ value: '1', text: '男性' }] }));
    expect(await dicts.syncServerVersion('v2')).toBe(true);
    expect(fake.calls.map((call) => call.url)).toEqual(['sys/dict/queryAllDictItems']);
    expect(dicts.textOf('sex', '1')).toBe('男性');
    expect(storedRaw()).toEqual({ value: { sex: [{ value: '1', text: '男性' }] }, expire: time + SEVEN_DAYS_MS });
    expect(changes).toBe(1);
    fake.calls.length = 0;
    // Another page load with the same version: nothing to do; another service (a new tab) agrees.
    expect(await dicts.syncServerVersion('v2')).toBe(false);
    expect(await createDictService(fake.host, { now: () => time }).syncServerVersion('v2')).toBe(false);
    expect(fake.calls).toEqual([]);
  });

  it('reads them again when the cached version is unknown (after 清理缓存) or the cache expired', async () => {
    dicts.seed(loginDicts);
    fake.respond(() => ok({ sex: [{ value: '1', text: '男' }] }));
    expect(await dicts.syncServerVersion('v1')).toBe(true);
    dicts.seed(loginDicts, 'v1');
    time += SEVEN_DAYS_MS + 1;
    expect(await dicts.syncServerVersion('v1')).toBe(true);
  });

  it('keeps the old cache when the read fails, and tries again next time', async () => {
    dicts.seed(loginDicts, 'v1');
    fake.respond(() => Promise.reject(new Error('timeout')));
    expect(await dicts.syncServerVersion('v2')).toBe(false);
    expect(dicts.textOf('sex', '1')).toBe('男');
    fake.respond(() => ok({ sex: [{ value: '1', text: '男士' }] }));
    expect(await dicts.syncServerVersion('v2')).toBe(true);
    expect(dicts.textOf('sex', '1')).toBe('男士');
  });

  it('does nothing without a version (a JeecgBoot server)', async () => {
    dicts.seed(loginDicts);
    expect(await dicts.syncServerVersion(undefined)).toBe(false);
    expect(fake.calls).toEqual([]);
  });
});
