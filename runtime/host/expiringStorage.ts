/**
 * The storage wrapper JeecgBoot's Vue client uses (and src/store/storage.ts writes): every key is
 * namespaced `pro__` and holds JSON `{ value, expire }`, `expire` in epoch ms or null. Living here,
 * it is the one implementation a host's `storage` can be built from; src/store/storage.ts could
 * import it later instead of keeping its own copy (same key names, same wrapper, same expiry).
 */
import type { HostStorage } from './types';

export const STORAGE_NAMESPACE = 'pro__';

/** 7 days: session and dictionary cache lifetime (app-shell spec §9, widgets spec §9). */
export const SEVEN_DAYS_MS = 604_800_000;

/** The part of the Web Storage API the wrapper needs. */
export type StorageBacking = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

interface Wrapped<T> {
  value: T;
  expire: number | null;
}

export interface ExpiringStorageOptions {
  namespace?: string;
  /** Clock seam for tests. */
  now?: () => number;
}

function isWrapped(raw: unknown): raw is Wrapped<unknown> {
  return (
    typeof raw === 'object' &&
    raw !== null &&
    'value' in raw &&
    'expire' in raw &&
    (raw.expire === null || typeof raw.expire === 'number')
  );
}

export function createExpiringStorage(backing: StorageBacking, options: ExpiringStorageOptions = {}): HostStorage {
  const namespace = options.namespace ?? STORAGE_NAMESPACE;
  const now = options.now ?? Date.now;

  /** The live wrapper of `key`; a damaged or expired entry is removed so it is not read again. */
  function read(key: string): Wrapped<unknown> | null {
    const raw = backing.getItem(namespace + key);
    if (raw === null) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
    if (!isWrapped(parsed) || (parsed.expire !== null && parsed.expire < now())) {
      backing.removeItem(namespace + key);
      return null;
    }
    return parsed;
  }

  return {
    get<T>(key: string): T | null {
      const wrapped = read(key);
      return wrapped === null ? null : (wrapped.value as T);
    },
    set<T>(key: string, value: T, ttlMs: number | null): void {
      const wrapped: Wrapped<T> = { value, expire: ttlMs === null ? null : now() + ttlMs };
      backing.setItem(namespace + key, JSON.stringify(wrapped));
    },
    expiresAt(key: string): number | null {
      return read(key)?.expire ?? null;
    },
    remove(key: string): void {
      backing.removeItem(namespace + key);
    },
  };
}

/** An in-memory backing (no browser: server-side rendering, tests). */
export function createMemoryBacking(): StorageBacking & { readonly size: number } {
  const entries = new Map<string, string>();
  return {
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => {
      entries.set(key, String(value));
    },
    removeItem: (key) => {
      entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}
