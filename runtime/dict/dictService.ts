/**
 * The dictionary service. All items live in one local cache under UI_CACHE_DB_DICT_DATA
 * (`{dictCode: [{value, text}]}`, 7 days), seeded from the login answer's sysAllDictItems,
 * replaced by 清理缓存 and whenever the server's dictVersion differs from the cache's (syncServerVersion). A code missing from the cache is fetched once with the signed
 * `GET /sys/dict/getDictItems/{code}` (table dictionaries 'table,text,code' the same way, keyed by
 * the full code) and added to it; concurrent asks for one code share one request. Lookups for list
 * cells (`textOf`, `textsOf`) are synchronous from memory: a page calls `prefetch(codes)` once
 * before showing rows, so it never makes a request per row.
 */
import { SEVEN_DAYS_MS } from '../host/expiringStorage';
import type { Host } from '../host/types';
import { dictPathSegment, normalizeItems, normalizeMap } from './normalize';
import {
  DICT_MESSAGES,
  DICT_URLS,
  UI_CACHE_DB_DICT_DATA,
  UI_CACHE_DB_DICT_VERSION,
  type DictItem,
  type DictMap,
  type WireDictMap,
} from './types';

export type DictHost = Pick<Host, 'request' | 'notify' | 'storage'>;

export type DictValue = string | number | boolean | null | undefined;

export interface DictService {
  /** Replaces the cache with the login answer's sysAllDictItems (and its dictVersion), valid 7 days from now. */
  seed(map: WireDictMap, serverVersion?: string): void;
  /**
   * The server's dictionaries have version `serverVersion` (getUserPermissionByToken's dictVersion,
   * fetched at each sign-in and page load): when the cache holds another version (or an unknown one),
   * every dictionary is read again (queryAllDictItems) and the cache replaced for 7 days. Resolves
   * true when it was replaced. So an edit in 数据字典 reaches each user at their next page load.
   */
  syncServerVersion(serverVersion: string | undefined): Promise<boolean>;
  /** The cached items of `code`, fetching them on a miss. A failed fetch yields [] and is not cached. */
  getItems(code: string): Promise<readonly DictItem[]>;
  /** The cached items of `code` without fetching; undefined on a miss. */
  cachedItems(code: string): readonly DictItem[] | undefined;
  /** Makes sure every code is cached (one request per missing code, none for cached ones). */
  prefetch(codes: readonly string[]): Promise<void>;
  /** 清理缓存: the server rebuilds its cache, then the local one is replaced. Tells the user the outcome. */
  refresh(): Promise<boolean>;
  /** Text of one value; the raw value when the code or value is unknown; '' for no value. */
  textOf(code: string, value: DictValue): string;
  /** Texts of several values ('a,b' or a list) joined by ','; unknown ones show as their raw value. */
  textsOf(code: string, values: DictValue | readonly DictValue[]): string;
  /** Forgets the cache (logout). */
  clear(): void;
  /** Called whenever cached items change (seeded, fetched, refreshed, cleared). */
  subscribe(listener: () => void): () => void;
  /** Grows with each change; a snapshot for useSyncExternalStore. */
  version(): number;
}

export interface DictServiceOptions {
  /** Clock seam for tests. */
  now?: () => number;
}

interface Snapshot {
  map: DictMap;
  /** epoch ms; Infinity when the stored entry never expires */
  expiresAt: number;
}

function isEmptyValue(value: DictValue): value is null | undefined | '' {
  return value === null || value === undefined || value === '';
}

export function createDictService(host: DictHost, options: DictServiceOptions = {}): DictService {
  const now = options.now ?? Date.now;
  const listeners = new Set<() => void>();
  const inflight = new Map<string, Promise<readonly DictItem[]>>();
  let snapshot: Snapshot | null | undefined;
  let changes = 0;
  /** Bumped by seed/refresh/clear so a fetch answered after them does not write into the new cache. */
  let generation = 0;

  function emit(): void {
    changes += 1;
    listeners.forEach((listener) => listener());
  }

  function loadFromStorage(): Snapshot | null {
    const stored = host.storage.get<unknown>(UI_CACHE_DB_DICT_DATA);
    if (stored === null) return null;
    return { map: normalizeMap(stored), expiresAt: host.storage.expiresAt(UI_CACHE_DB_DICT_DATA) ?? Infinity };
  }

  /** The live cache: memory first; re-read from storage when memory is empty or expired. */
  function live(): Snapshot | null {
    if (snapshot && snapshot.expiresAt > now()) return snapshot;
    snapshot = loadFromStorage();
    return snapshot;
  }

  function write(map: DictMap, expiresAt: number): void {
    snapshot = { map, expiresAt };
    const ttl = Number.isFinite(expiresAt) ? Math.max(1, expiresAt - now()) : null;
    host.storage.set<DictMap>(UI_CACHE_DB_DICT_DATA, map, ttl);
    emit();
  }

  function lookup(code: string): readonly DictItem[] | undefined {
    const current = live();
    if (current && Object.hasOwn(current.map, code)) return current.map[code];
    // Someone else (login in another tab, the web shell) may have written the key since it was read.
    const stored = loadFromStorage();
    if (stored && Object.hasOwn(stored.map, code)) {
      snapshot = stored;
      return stored.map[code];
    }
    return undefined;
  }

  /** Adds fetched items; a code fetched into an expired or absent cache starts a new 7-day cache. */
  function store(code: string, items: DictItem[]): void {
    const current = live();
    const expiresAt = current ? current.expiresAt : now() + SEVEN_DAYS_MS;
    write({ ...(current?.map ?? {}), [code]: items }, expiresAt);
  }

  async function fetchItems(code: string): Promise<readonly DictItem[]> {
    const started = generation;
    try {
      const res = await host.request.get<unknown>(DICT_URLS.items + dictPathSegment(code), undefined, { signed: true });
      const items = res.success ? normalizeItems(res.result) : undefined;
      if (!items) return [];
      if (started === generation) store(code, items);
      return items;
    } catch {
      // Widgets show no server errors of their own (widgets spec §8); the request layer reported transport failures.
      return [];
    }
  }

  function getItems(code: string): Promise<readonly DictItem[]> {
    if (!code) {
      host.notify.error(DICT_MESSAGES.codeRequired);
      return Promise.resolve([]);
    }
    const cached = lookup(code);
    if (cached) return Promise.resolve(cached);
    const pending = inflight.get(code);
    if (pending) return pending;
    const request = fetchItems(code).finally(() => inflight.delete(code));
    inflight.set(code, request);
    return request;
  }

  function textOf(code: string, value: DictValue): string {
    if (isEmptyValue(value)) return '';
    const raw = String(value);
    const map = code ? live()?.map : undefined;
    const items = map && Object.hasOwn(map, code) ? map[code] : undefined;
    return items?.find((item) => item.value === raw)?.text ?? raw;
  }

  function textsOf(code: string, values: DictValue | readonly DictValue[]): string {
    const list: readonly DictValue[] = Array.isArray(values)
      ? values
      : isEmptyValue(values as DictValue)
        ? []
        : String(values).split(',');
    return list
      .filter((value) => !isEmptyValue(value))
      .map((value) => textOf(code, value))
      .join(',');
  }

  function rememberVersion(serverVersion: string | undefined): void {
    if (serverVersion) host.storage.set<string>(UI_CACHE_DB_DICT_VERSION, serverVersion, SEVEN_DAYS_MS);
    else host.storage.remove(UI_CACHE_DB_DICT_VERSION);
  }

  async function syncServerVersion(serverVersion: string | undefined): Promise<boolean> {
    if (!serverVersion) return false;
    if (live() && host.storage.get<string>(UI_CACHE_DB_DICT_VERSION) === serverVersion) return false;
    const started = generation;
    try {
      const all = await host.request.get<WireDictMap>(DICT_URLS.all);
      if (!all.success || typeof all.result !== 'object' || all.result === null) return false;
      // A sign-in or 清理缓存 answered meanwhile wrote a newer cache: keep it.
      if (started !== generation) return false;
      generation += 1;
      write(normalizeMap(all.result), now() + SEVEN_DAYS_MS);
      rememberVersion(serverVersion);
      return true;
    } catch {
      // The request layer has told the user; the old cache stays until the next try.
      return false;
    }
  }

  async function refresh(): Promise<boolean> {
    try {
      const rebuilt = await host.request.get<unknown>(DICT_URLS.refreshServerCache);
      if (!rebuilt.success) throw new Error(rebuilt.message);
      const all = await host.request.get<WireDictMap>(DICT_URLS.all);
      if (!all.success || typeof all.result !== 'object' || all.result === null) throw new Error(all.message);
      generation += 1;
      write(normalizeMap(all.result), now() + SEVEN_DAYS_MS);
      // queryAllDictItems carries no version: the next page load reads them once more and learns it.
      rememberVersion(undefined);
      host.notify.success(DICT_MESSAGES.refreshed);
      return true;
    } catch {
      host.notify.warning(DICT_MESSAGES.refreshFailed);
      return false;
    }
  }

  return {
    seed(map, serverVersion) {
      generation += 1;
      write(normalizeMap(map), now() + SEVEN_DAYS_MS);
      rememberVersion(serverVersion);
    },
    syncServerVersion,
    getItems,
    cachedItems: (code) => (code ? lookup(code) : undefined),
    async prefetch(codes) {
      await Promise.all([...new Set(codes)].filter(Boolean).map(getItems));
    },
    refresh,
    textOf,
    textsOf,
    clear() {
      generation += 1;
      snapshot = null;
      host.storage.remove(UI_CACHE_DB_DICT_DATA);
      host.storage.remove(UI_CACHE_DB_DICT_VERSION);
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    version: () => changes,
  };
}
