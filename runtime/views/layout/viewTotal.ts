/**
 * A named view's row count for its page header (在办案件 · 共 23 件), kept outside the page's
 * state: the list reports it after each answer and only the header's title renders again. As the
 * page's state it re-rendered the page and its whole list after every answer, the first one
 * included — before the rows it had just laid out could be painted.
 */
import { useState, useSyncExternalStore } from 'react';
import type { ListTotal } from '../../list/types';

export interface ViewTotal {
  read(): ListTotal | undefined;
  /** Stable: safe to hand to a memoised list. Telling the same count again changes nothing. */
  report(total: ListTotal): void;
  subscribe(listener: () => void): () => void;
}

export function createViewTotal(): ViewTotal {
  let current: ListTotal | undefined;
  const listeners = new Set<() => void>();
  return {
    read: () => current,
    report: (total) => {
      if (current !== undefined && current.total === total.total && current.exact === total.exact) return;
      current = { total: total.total, exact: total.exact };
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** One count per mounted page. */
export function useViewTotalStore(): ViewTotal {
  const [store] = useState(createViewTotal);
  return store;
}

export function useViewTotal(store: ViewTotal): ListTotal | undefined {
  return useSyncExternalStore(store.subscribe, store.read);
}
