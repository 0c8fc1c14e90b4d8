/**
 * Names of stored keys for read-only places (list cells, 详细信息): users by realname, departments by
 * departName, picked rows by their text field. Every cell of a page asks in the same tick and the
 * store resolves the keys together — one request per page and kind, never one per row (the way the
 * area cells work, see ../picker/areaStore.ts). One store per request layer and kind, so a list and
 * its detail modal share what is known.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { Host } from '../../host/types';
import { TickBatch } from '../batching/tickBatch';
import { VersionedStore } from '../batching/versionedStore';

/** Names of the keys it knows; null when the lookup failed (the keys are then shown as stored). */
export type LabelResolver = (keys: readonly string[]) => Promise<ReadonlyMap<string, string> | null>;

export class KeyLabelStore extends VersionedStore {
  private readonly labels = new Map<string, string>();
  private readonly batch = new TickBatch<string>((keys) => this.resolveKeys(keys));

  constructor(private readonly resolver: LabelResolver) {
    super();
  }

  /** The name of a key; the key itself once the server did not know it; undefined while asked. */
  label(key: string): string | undefined {
    return this.labels.get(key);
  }

  /** Asks for the names of `keys`, together with every other key asked for in the same tick. */
  request(keys: readonly string[]): Promise<void> {
    const unknown = keys.filter((key) => key !== '' && !this.labels.has(key));
    return unknown.length === 0 ? Promise.resolve() : this.batch.add(unknown);
  }

  private async resolveKeys(asked: string[]): Promise<void> {
    if (asked.length === 0) return;
    let found: ReadonlyMap<string, string> | null = null;
    try {
      found = await this.resolver(asked);
    } catch {
      // The request layer has told the user; the keys show as stored.
    }
    for (const [key, name] of found ?? []) this.labels.set(key, name);
    for (const key of asked) if (!this.labels.has(key)) this.labels.set(key, key);
    this.changed();
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
