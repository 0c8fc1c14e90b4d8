/**
 * The search select's calls and timing (widgets spec §7, §9): an async search asks
 * GET /sys/dict/loadDict/{dict} with the keyword and pageSize 10, 800 ms after the last keystroke;
 * the label of a stored value comes back through GET /sys/dict/loadDictItem/{dict}?key=. A sync
 * search filters the dictionary's cached items locally. Free of React, so it is unit-tested.
 */
import { dictPathSegment, normalizeItems } from '../../dict/normalize';
import type { DictItem } from '../../dict/types';

export const SEARCH_SELECT_PAGE_SIZE = 10;
export const SEARCH_SELECT_DEBOUNCE_MS = 800;

export const LOAD_DICT_URL = '/sys/dict/loadDict/';
export const LOAD_DICT_ITEM_URL = '/sys/dict/loadDictItem/';

/** What the widget needs of the host's GET: the JeecgBoot envelope. */
export type SearchGet = (url: string, params: Record<string, unknown>) => Promise<{ success: boolean; message?: string; result?: unknown }>;

/**
 * A table dictionary ('table,text,code') is searched on the server, since a long table is never
 * loaded whole; a code dictionary is small and already cached, so it is filtered locally.
 */
export function isAsyncDict(dictCode: string): boolean {
  return dictCode.includes(',');
}

/** Items whose text (or value) contains the keyword, case-insensitively; empty keyword keeps all. */
export function filterItems(items: readonly DictItem[], keyword: string): DictItem[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [...items];
  return items.filter((item) => item.text.toLowerCase().includes(needle) || item.value.toLowerCase().includes(needle));
}

export type SearchOutcome = { ok: true; items: DictItem[] } | { ok: false; message: string };

export async function searchDict(get: SearchGet, dictCode: string, keyword: string): Promise<SearchOutcome> {
  try {
    const answer = await get(`${LOAD_DICT_URL}${dictPathSegment(dictCode)}`, { keyword, pageSize: SEARCH_SELECT_PAGE_SIZE });
    if (!answer.success) return { ok: false, message: answer.message ?? '' };
    return { ok: true, items: normalizeItems(answer.result) ?? [] };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** The label of a stored value (result[0]); the value itself when the server knows no text. */
export async function labelOf(get: SearchGet, dictCode: string, value: string): Promise<string> {
  try {
    const answer = await get(`${LOAD_DICT_ITEM_URL}${dictPathSegment(dictCode)}`, { key: value });
    const texts = answer.success && Array.isArray(answer.result) ? answer.result : [];
    return typeof texts[0] === 'string' && texts[0] !== '' ? texts[0] : value;
  } catch {
    return value;
  }
}

/**
 * Calls `run` with the latest argument once `wait` ms passed without a new call; `cancel` drops a
 * pending call (on unmount). Each run gets a sequence number, so a slow answer to an older keyword
 * is recognised and dropped by `isLatest` — also while a newer keyword still waits its turn.
 */
export function createDebouncedSearch<T>(run: (arg: T, seq: number) => void, wait = SEARCH_SELECT_DEBOUNCE_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let seq = 0;
  return {
    call(arg: T): void {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        seq += 1;
        run(arg, seq);
      }, wait);
    },
    cancel(): void {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
    // A pending keyword is newer than every run so far: their answers are stale already.
    isLatest: (n: number): boolean => n === seq && timer === undefined,
  };
}
