import { useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePageVisible } from './pageVisibility';

/** A page's own search string ('' or '?…') and the way to change it. */
export interface PageSearch {
  search: string;
  setSearch(search: string): void;
}

/**
 * The search string of the page this view belongs to (a list's query, page and sort), for pages
 * that keep state in the URL. Writes from a page that is not on screen are dropped: its address is
 * not the one shown, and writing it would pull the user back to that page — re-opening its tab if
 * it was just closed. The check reads a ref, so a writer kept by a late callback (a list whose data
 * arrives after the user moved on, or after the page unmounted) sees the page as it is now.
 */
export function usePageSearch(): PageSearch {
  const [params, setParams] = useSearchParams();
  const visible = usePageVisible();
  // Off until the page has mounted on screen: a page rendered hidden ahead of its click (menuIntent.ts)
  // runs no effect before it is shown.
  const onScreen = useRef(false);
  useLayoutEffect(() => {
    onScreen.current = visible;
    return () => {
      onScreen.current = false;
    };
  }, [visible]);
  const text = params.toString();
  const search = text === '' ? '' : `?${text}`;
  // The same object while the search string stays: a navigation elsewhere re-renders the page's
  // route (the router's contexts change), and a memoised page below it then stays as it is.
  return useMemo(
    () => ({
      search,
      setSearch: (next: string) => {
        if (!onScreen.current) return;
        setParams(new URLSearchParams(next));
      },
    }),
    [search, setParams],
  );
}
