import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { dictItem, type DictItem } from './dictItem';

export type DictionaryMap = Record<string, DictItem[]>;

/** The tables the dictionaries are read from: a write to them invalidates the cache. */
export const DICTIONARY_TABLES: ReadonlySet<string> = new Set(['sys_dict', 'sys_dict_item']);

/**
 * The version of a set of dictionaries: a hash of their content, so every API node reading the same
 * rows answers the same version and any change of an item, its order or status gives a new one.
 */
export function dictionaryVersion(map: DictionaryMap): string {
  return createHash('sha256').update(JSON.stringify(map)).digest('hex').slice(0, 16);
}

/**
 * Every enabled item of every dictionary, keyed by dict code, ordered by sort_order. Kept in
 * memory because login and every page read it; `invalidate()` (GET /sys/dict/refleshCache, and
 * each write through the 数据字典 pages) reloads it. Entries also age out after a minute so several API nodes on one database converge on edits
 * made through another node.
 */
export class DictionaryCache {
  private loaded: { at: number; map: Promise<DictionaryMap>; settled: boolean } | undefined;
  private readonly versions = new WeakMap<DictionaryMap, string>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly maxAgeMs = 60_000,
  ) {}

  /**
   * Every dictionary. `executor` is the caller's transaction, if it has one: a load it needs then
   * runs in that transaction (and is not kept), because on the embedded database the transaction
   * holds the only connection, and a load through the pool — or waiting for one another request
   * started through the pool — would wait for it forever.
   */
  all(executor?: Kysely<DB>): Promise<DictionaryMap> {
    const now = Date.now();
    const fresh = this.loaded && now - this.loaded.at <= this.maxAgeMs ? this.loaded : undefined;
    if (executor?.isTransaction && !fresh?.settled) return this.load(executor);
    if (fresh) return fresh.map;
    const map = this.load(this.db);
    const entry = { at: now, map, settled: false };
    this.loaded = entry;
    map.then(
      () => {
        entry.settled = true;
      },
      // A failed load must not stay cached.
      () => {
        if (this.loaded === entry) this.loaded = undefined;
      },
    );
    return map;
  }

  async items(dictCode: string, executor?: Kysely<DB>): Promise<DictItem[] | undefined> {
    const map = await this.all(executor);
    return Object.hasOwn(map, dictCode) ? map[dictCode] : undefined;
  }

  /**
   * The version of the dictionaries this node serves (dictionaryVersion). Sign-in and
   * getUserPermissionByToken answer it as `dictVersion`: a browser whose 7-day copy has another
   * version reads the dictionaries again (runtime/dict, syncServerVersion).
   */
  async version(executor?: Kysely<DB>): Promise<string> {
    const map = await this.all(executor);
    let version = this.versions.get(map);
    if (version === undefined) {
      version = dictionaryVersion(map);
      this.versions.set(map, version);
    }
    return version;
  }

  /** Forgets what was read: the next call reads the dictionaries again (刷新缓存, and every write to them). */
  invalidate(): void {
    this.loaded = undefined;
  }

  private async load(db: Kysely<DB>): Promise<DictionaryMap> {
    const rows = await db
      .selectFrom('sys_dict as d')
      .innerJoin('sys_dict_item as i', 'i.dict_id', 'd.id')
      .select(['d.dict_code', 'i.item_value', 'i.item_text'])
      .where('d.del_flag', '=', 0)
      .where('i.status', '=', 1)
      .orderBy('d.dict_code')
      .orderBy('i.sort_order')
      .orderBy('i.item_value')
      .execute();
    const map: DictionaryMap = {};
    for (const row of rows) {
      (map[row.dict_code] ??= []).push(dictItem(row.item_value, row.item_text));
    }
    return map;
  }
}
