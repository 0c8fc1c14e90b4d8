import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { dictItem, type DictItem } from './dictItem';

export type DictionaryMap = Record<string, DictItem[]>;

/**
 * Every enabled item of every dictionary, keyed by dict code, ordered by sort_order. Kept in
 * memory because login and every page read it; `invalidate()` (GET /sys/dict/refleshCache) reloads
 * it. Entries also age out after a minute so several API nodes on one database converge on edits
 * made through another node.
 */
export class DictionaryCache {
  private loaded: { at: number; map: Promise<DictionaryMap> } | undefined;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly maxAgeMs = 60_000,
  ) {}

  all(): Promise<DictionaryMap> {
    const now = Date.now();
    if (!this.loaded || now - this.loaded.at > this.maxAgeMs) {
      const map = this.load();
      this.loaded = { at: now, map };
      // A failed load must not stay cached.
      map.catch(() => {
        if (this.loaded?.map === map) this.loaded = undefined;
      });
    }
    return this.loaded.map;
  }

  async items(dictCode: string): Promise<DictItem[] | undefined> {
    const map = await this.all();
    return Object.hasOwn(map, dictCode) ? map[dictCode] : undefined;
  }

  invalidate(): void {
    this.loaded = undefined;
  }

  private async load(): Promise<DictionaryMap> {
    const rows = await this.db
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
