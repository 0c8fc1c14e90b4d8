/** Dictionary shapes as the server sends them (app-shell spec §3: value, text — or label). */

export interface DictItem {
  value: string;
  text: string;
  /** The item's isDefault was 'Y': a new record starts with it chosen (widgets spec §3). */
  isDefault?: true;
}

/** dictCode (or table dictionary 'table,text,code') → its items. */
export type DictMap = Record<string, DictItem[]>;

/** An item as a server may send it: the text under `text`, `label` or `title`. */
export interface WireDictItem {
  value: string | number;
  text?: string;
  label?: string;
  title?: string;
  isDefault?: string;
}

/** The login answer's sysAllDictItems / queryAllDictItems' result. */
export type WireDictMap = Readonly<Record<string, readonly WireDictItem[]>>;

/** Stored browser key of the local dictionary cache (spec §3). */
export const UI_CACHE_DB_DICT_DATA = 'UI_CACHE_DB_DICT_DATA';

/**
 * The server's version (`dictVersion` of sign-in and getUserPermissionByToken) of the dictionaries
 * in UI_CACHE_DB_DICT_DATA; absent when unknown (after 清理缓存, or a cache filled item by item).
 */
export const UI_CACHE_DB_DICT_VERSION = 'UI_CACHE_DB_DICT_VERSION';

export const DICT_MESSAGES = {
  codeRequired: '字典Code不能为空!',
  refreshed: '刷新缓存完成！',
  refreshFailed: '刷新缓存失败！',
} as const;

export const DICT_URLS = {
  items: '/sys/dict/getDictItems/',
  refreshServerCache: 'sys/dict/refleshCache',
  all: 'sys/dict/queryAllDictItems',
} as const;
