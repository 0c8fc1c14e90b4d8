/**
 * The page header's state for a schema page: from the URL when the page has one (so a search or a
 * tab survives reload, back/forward and bookmarks like the query bar), else in memory; plus the list
 * parameters it adds.
 */
import { useMemo, useState } from 'react';
import type { RequestParams } from '../../host/types';
import type { ListLocation } from '../../list/useListController';
import type { CompiledHeader } from '../../schema/compiledPageTypes';
import { headerParams, readHeaderState, writeHeaderState, type PageHeaderState } from './pageHeaderState';

export interface PageHeaderControl {
  state: PageHeaderState;
  setKeyword(keyword: string): void;
  setTab(tab: string): void;
  /** What the list sends besides its own query; empty without a header. */
  params: RequestParams;
}

const NONE: PageHeaderState = { keyword: '', tab: '' };

export function usePageHeader(header: CompiledHeader | undefined, location: ListLocation | undefined): PageHeaderControl {
  const [memory, setMemory] = useState<PageHeaderState>(() => (header ? readHeaderState(header, '') : NONE));
  const search = location?.search;
  const state = useMemo(
    () => (!header ? NONE : search !== undefined ? readHeaderState(header, search) : memory),
    [header, search, memory],
  );
  const params = useMemo(() => (header ? headerParams(header, state) : {}), [header, state]);
  const apply = (next: PageHeaderState) => {
    if (!header) return;
    if (location) location.setSearch(writeHeaderState(header, location.search, next));
    else setMemory(next);
  };
  return {
    state,
    params,
    setKeyword: (keyword) => apply({ ...state, keyword }),
    setTab: (tab) => apply({ ...state, tab }),
  };
}
