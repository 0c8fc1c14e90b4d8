import { afterEach, describe, expect, it } from 'vitest';
import { SEVEN_DAYS_MS, createExpiringStorage, createMemoryBacking } from '../../../../runtime/host/expiringStorage';

afterEach(() => window.localStorage.clear());

describe('expiring storage (the pro__ {value, expire} wrapper)', () => {
  it("writes the Vue client's format into localStorage, readable by the web shell's copy", () => {
    const now = 1_700_000_000_000;
    const storage = createExpiringStorage(window.localStorage, { now: () => now });
    storage.set('UI_CACHE_DB_DICT_DATA', { sex: [{ value: '1', text: '男' }] }, SEVEN_DAYS_MS);
    expect(JSON.parse(window.localStorage.getItem('pro__UI_CACHE_DB_DICT_DATA') ?? 'null')).toEqual({
      value: { sex: [{ value: '1', text: '男' }] },
      expire: now + SEVEN_DAYS_MS,
    });
    expect(storage.expiresAt('UI_CACHE_DB_DICT_DATA')).toBe(now + SEVEN_DAYS_MS);
  });

  it('reads a value until it expires, then removes it', () => {
    let now = 1000;
    const backing = createMemoryBacking();
    const storage = createExpiringStorage(backing, { now: () => now });
    storage.set('k', 'v', 500);
    now = 1500;
    expect(storage.get('k')).toBe('v');
    now = 1501;
    expect(storage.get('k')).toBeNull();
    expect(storage.expiresAt('k')).toBeNull();
    expect(backing.size).toBe(0);
  });

  it('keeps a value without a lifetime, and removes damaged entries instead of failing', () => {
    const backing = createMemoryBacking();
    const storage = createExpiringStorage(backing);
    storage.set('forever', 1, null);
    expect(storage.get('forever')).toBe(1);
    expect(storage.expiresAt('forever')).toBeNull();
    backing.setItem('pro__broken', '{not json');
    backing.setItem('pro__bare', '"just a string"');
    expect(storage.get('broken')).toBeNull();
    expect(storage.get('bare')).toBeNull();
    expect(backing.getItem('pro__broken')).toBeNull();
    storage.remove('forever');
    expect(storage.get('forever')).toBeNull();
  });
});
