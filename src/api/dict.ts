// Dictionary calls (spec §7). The lookups are signed: the server verifies X-Sign on them.
import { get, getSigned } from './request';
import type { DictItem, DictMap, Envelope } from './types';

/** Table dictionaries are `table,text,code`: commas stay literal, the signature reads them. */
function dictSegment(dict: string): string {
  return encodeURIComponent(dict).replace(/%2C/gi, ',');
}

export function queryAllDictItems(): Promise<Envelope<DictMap>> {
  return get<DictMap>('sys/dict/queryAllDictItems');
}

/** Asks the server to rebuild its dictionary cache; followed by queryAllDictItems. */
export function refleshCache(): Promise<Envelope<unknown>> {
  return get<unknown>('sys/dict/refleshCache');
}

export function getDictItems(code: string): Promise<Envelope<DictItem[]>> {
  return getSigned<DictItem[]>(`/sys/dict/getDictItems/${dictSegment(code)}`);
}

/** The text of one key of a dictionary (`code` or table dictionary `table,text,code`): result[0]. */
export function loadDictItem(dict: string, key: string): Promise<Envelope<string[]>> {
  return getSigned<string[]>(`/sys/dict/loadDictItem/${dictSegment(dict)}`, { key });
}

export function loadDict(dict: string, keyword: string, pageSize = 10): Promise<Envelope<DictItem[]>> {
  return getSigned<DictItem[]>(`/sys/dict/loadDict/${dictSegment(dict)}`, { keyword, pageSize });
}
