/**
 * What the page header (search box and tabs, `header` section) filters, kept apart from the view:
 * its state in the page's search string (`keyword`, `tab`, beside the query bar's parameters) and
 * the list request parameters it adds. Reading is tolerant: an unknown tab falls back to the first,
 * a blank keyword means no search.
 */
import type { RequestParams } from '../../host/types';
import { wrapScalar } from '../../list/wrap';
import type { CompiledHeader } from '../../schema/compiledPageTypes';

export const HEADER_URL_KEYS = { keyword: 'keyword', tab: 'tab' } as const;

export interface PageHeaderState {
  /** Trimmed; '' = no search. */
  keyword: string;
  /** Key of the active tab; '' when the header has no tabs. */
  tab: string;
}

/** Keyword longer than this is cut: it goes into a like condition and the URL. */
export const MAX_KEYWORD_LENGTH = 100;

function cleanKeyword(raw: string | null | undefined): string {
  return (raw ?? '').trim().slice(0, MAX_KEYWORD_LENGTH);
}

function knownTab(header: CompiledHeader, key: string | null | undefined): string {
  const first = header.tabs[0]?.key ?? '';
  return header.tabs.some((tab) => tab.key === key) ? (key as string) : first;
}

export function readHeaderState(header: CompiledHeader, search: string): PageHeaderState {
  const params = new URLSearchParams(search);
  return {
    keyword: header.search ? cleanKeyword(params.get(HEADER_URL_KEYS.keyword)) : '',
    tab: knownTab(header, params.get(HEADER_URL_KEYS.tab)),
  };
}

/**
 * `search` with the header's state written in (defaults left out: no keyword, the first tab) and the
 * list sent back to its first page — the rows it was paging through are no longer the same.
 */
export function writeHeaderState(header: CompiledHeader, search: string, state: PageHeaderState, pageKey = 'page'): string {
  const params = new URLSearchParams(search);
  const keyword = header.search ? cleanKeyword(state.keyword) : '';
  if (keyword === '') params.delete(HEADER_URL_KEYS.keyword);
  else params.set(HEADER_URL_KEYS.keyword, keyword);
  const tab = knownTab(header, state.tab);
  if (tab === '' || tab === header.tabs[0]?.key) params.delete(HEADER_URL_KEYS.tab);
  else params.set(HEADER_URL_KEYS.tab, tab);
  params.delete(pageKey);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** The parameters every list request (and export) carries: the keyword as `<field>=*keyword*`, the tab's filter as equalities. */
export function headerParams(header: CompiledHeader, state: PageHeaderState): RequestParams {
  const params: RequestParams = {};
  const tab = header.tabs.find((t) => t.key === state.tab);
  for (const { field, value } of tab?.filter ?? []) params[field.name] = value;
  const keyword = cleanKeyword(state.keyword);
  if (header.search && keyword !== '') params[header.search.field.name] = wrapScalar('like', keyword);
  return params;
}
