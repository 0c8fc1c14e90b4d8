import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEVEN_DAYS_MS, localStore, sessionStore } from '../../../../src/store/storage';

beforeEach(() => {
  window.localStorage.clear();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('expiring browser storage', () => {
  it('keeps a value for 7 days by default, then forgets it', () => {
    localStore.set('Access-Token', 'abc');
    vi.setSystemTime(Date.now() + SEVEN_DAYS_MS - 1);
    expect(localStore.get('Access-Token')).toBe('abc');
    vi.setSystemTime(Date.now() + 2);
    expect(localStore.get('Access-Token')).toBeNull();
    expect(window.localStorage.getItem('pro__Access-Token')).toBeNull();
  });

  it('honours a shorter lifetime and no expiry at all', () => {
    localStore.set('short', 1, 1_000);
    localStore.set('forever', 2, null);
    vi.setSystemTime(Date.now() + 10 * SEVEN_DAYS_MS);
    expect(localStore.get('short')).toBeNull();
    expect(localStore.get('forever')).toBe(2);
  });

  it('drops unreadable entries instead of failing', () => {
    window.localStorage.setItem('pro__broken', '{not json');
    expect(localStore.get('broken')).toBeNull();
    expect(window.localStorage.getItem('pro__broken')).toBeNull();
  });

  it('keeps per-tab values in sessionStorage as JSON', () => {
    sessionStore.set('LOGIN_USER_BUTTON_AUTH', [{ action: 'user:add', type: '1' }]);
    expect(sessionStore.get('LOGIN_USER_BUTTON_AUTH')).toEqual([{ action: 'user:add', type: '1' }]);
    sessionStore.remove('LOGIN_USER_BUTTON_AUTH');
    expect(sessionStore.get('LOGIN_USER_BUTTON_AUTH')).toBeNull();
  });
});
