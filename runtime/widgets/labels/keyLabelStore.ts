/**
 * Names of stored keys for read-only places (list cells, 详细信息): users by realname, departments by
 * departName, picked rows by their text field. Every cell of a page asks in the same tick and the
 * store resolves the keys together — one request per page and kind, never one per row (the way the
 * area cells work, see ../picker/areaStore.ts). One store per request layer and kind, so a list and
 * its detail modal share what is known.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { Host } from '../../host/types';

/** Names of the keys it knows; null when the lookup failed (the keys are then shown as stored). */
export type LabelResolver = (keys: readonly string[]) => Promise<ReadonlyMap<string, string> | null>;

export class KeyLabelStore {
  private readonly labels = new Map<string, string>();
  private queued = new Set<string>();
  private flush: Promise<void> | undefined;
  private readonly listeners = new Set<() => void>();
  private version = 0;

  constructor(private readonly resolver: LabelResolver) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  /** The name of a key; the key itself once the server did not know it; undefined while asked. */
  label(key: string): string | undefined {
    return this.labels.get(key);
  }

  /** Asks for the names of `keys`, together with every other key asked for in the same tick. */
  request(keys: readonly string[]): Promise<void> {
    for (const key of keys) if (key !== '' && !this.labels.has(key)) this.queued.add(key);
    if (this.queued.size === 0) return this.flush ?? Promise.resolve();
    if (!this.flush) {
      this.flush = Promise.resolve()
        .then(() => this.resolveQueued())
        .finally(() => {
          this.flush = undefined;
        });
    }
    return this.flush;
  }

  private async resolveQueued(): Promise<void> {
    const asked = [...this.queued];
    this.queued = new Set();
    if (asked.length === 0) return;
    let found: ReadonlyMap<string, string> | null = null;
    try {
      found = await this.resolver(asked);
    } catch {
      // The request layer has told the user; the keys show as stored.
    }
    for (const [key, name] of found ?? []) this.labels.set(key, name);
    for (const key of asked) if (!this.labels.has(key)) this.labels.set(key, key);
    this.version += 1;
    this.listeners.forEach((listener) => listener());
  }
}

const stores = new WeakMap<Host['request'], Map<string, KeyLabelStore>>();

/** The store of one kind ('user', 'depart', 'picker:maintenance/expert') for a host's request layer. */
export function keyLabelStoreFor(host: Pick<Host, 'request'>, kind: string, resolver: LabelResolver): KeyLabelStore {
  let kinds = stores.get(host.request);
  if (!kinds) {
    kinds = new Map();
    stores.set(host.request, kinds);
  }
  let store = kinds.get(kind);
  if (!store) {
    store = new KeyLabelStore(resolver);
    kinds.set(kind, store);
  }
  return store;
}

/** 'a,b' → ['a', 'b']; arrays as they are; empty parts dropped. */
export function keysOf(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  const parts = Array.isArray(value) ? value.map(String) : String(value).split(',');
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}

/**
 * The names of a stored value, comma-joined ('张三,李四'), or undefined until every name is known
 * (so a cell does not flash raw ids while the names load).
 */
export function namesText(store: KeyLabelStore, keys: readonly string[]): string | undefined {
  const names = keys.map((key) => store.label(key));
  return names.every((name) => name !== undefined) ? names.join(',') : undefined;
}

/** The names of a stored value, re-rendered when they arrive. */
export function useKeyNames(store: KeyLabelStore, value: unknown): string {
  useSyncExternalStore(store.subscribe, store.getVersion, store.getVersion);
  const keys = keysOf(value);
  const keysText = keys.join(',');
  useEffect(() => {
    if (keysText !== '') void store.request(keysText.split(','));
  }, [store, keysText]);
  return namesText(store, keys) ?? '';
}
