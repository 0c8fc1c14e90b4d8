/**
 * Saved advanced queries (spec §3: title, matchType, records) of one list, per signed-in user. The
 * server is the truth (they survive logout and another browser); the spec's local copy under
 * 'JSuperQuerySaved_' + code (§9) is kept as a cache: written after every answer, read when the
 * server cannot be reached.
 */
import { SAVED_QUERY_URLS } from '../contract/listQuery';
import type { Host } from '../host/types';
import type { SuperQueryMatchType } from '../list/types';
import { readMatchType, readRecords, type SuperQueryRow } from './model';

export const SAVED_QUERY_PREFIX = 'JSuperQuerySaved_';

export { SAVED_QUERY_URLS };

export interface SavedQuery {
  id: string;
  title: string;
  matchType: SuperQueryMatchType;
  records: SuperQueryRow[];
}

export type SavedQueryHost = Pick<Host, 'request' | 'storage'>;

export function savedQueryKey(code: string): string {
  return SAVED_QUERY_PREFIX + code;
}

function readSaved(raw: unknown): SavedQuery[] {
  if (!Array.isArray(raw)) return [];
  return (raw as unknown[]).flatMap((item) => {
    if (typeof item !== 'object' || item === null) return [];
    const source = item as Record<string, unknown>;
    if (typeof source.title !== 'string' || source.title === '') return [];
    return [
      {
        id: typeof source.id === 'string' ? source.id : '',
        title: source.title,
        matchType: readMatchType(source.matchType),
        records: readRecords(source.records),
      },
    ];
  });
}

/** The cached list (what the last server answer said), or [] */
export function cachedSavedQueries(host: Pick<Host, 'storage'>, code: string): SavedQuery[] {
  return readSaved(host.storage.get<unknown>(savedQueryKey(code)));
}

function cache(host: Pick<Host, 'storage'>, code: string, list: readonly SavedQuery[]): void {
  host.storage.set(savedQueryKey(code), list, null);
}

export type SavedResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** The user's saved queries of `code`; the cache when the server fails (then `stale`). */
export async function loadSavedQueries(host: SavedQueryHost, code: string): Promise<{ list: SavedQuery[]; stale: boolean }> {
  try {
    const res = await host.request.get<unknown>(SAVED_QUERY_URLS.list, { code });
    if (res.success) {
      const list = readSaved(res.result);
      cache(host, code, list);
      return { list, stale: false };
    }
  } catch {
    // The request layer has told the user; the cached copy keeps the list usable.
  }
  return { list: cachedSavedQueries(host, code), stale: true };
}

/** Saves (a same-named query of the user is overwritten on the server); answers the new list. */
export async function saveQuery(
  host: SavedQueryHost,
  code: string,
  query: { title: string; matchType: SuperQueryMatchType; records: readonly SuperQueryRow[] },
): Promise<SavedResult<SavedQuery[]>> {
  const res = await host.request.post<unknown>(SAVED_QUERY_URLS.save, { code, ...query });
  if (!res.success) return { ok: false, message: res.message || '保存失败' };
  const { list } = await loadSavedQueries(host, code);
  return { ok: true, value: list };
}

export async function deleteSavedQuery(host: SavedQueryHost, code: string, id: string): Promise<SavedResult<SavedQuery[]>> {
  const res = await host.request.delete<unknown>(SAVED_QUERY_URLS.delete, { id });
  if (!res.success) return { ok: false, message: res.message || '删除失败' };
  const { list } = await loadSavedQueries(host, code);
  return { ok: true, value: list };
}
