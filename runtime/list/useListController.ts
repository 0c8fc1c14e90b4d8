/**
 * React binding of the list controller. With a `location` the query lives in the URL: a change made
 * in the list (search, page, sort, advanced query) is written to the search string, and a search
 * string changed from outside (back/forward, a bookmark, a link) is read and loaded. Without one the
 * query stays in memory. Router-agnostic: the page passes its router's search and setter.
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import {
  createListController,
  type ListActions,
  type ListController,
  type ListHost,
  type ListState,
} from './controller';
import type { ListConfig, ListQuery } from './types';
import { listSearch, readListQuery, sameQuery } from './url';

export interface ListLocation {
  /** The current search string ('' or '?…'). */
  search: string;
  /** Navigates to the same page with this search string. */
  setSearch(search: string): void;
}

export interface UseListControllerOptions {
  host: ListHost;
  config: ListConfig;
  location?: ListLocation;
  /** Load on mount; default true. */
  autoLoad?: boolean;
}

export type ListControllerView<Row> = ListState<Row> & ListActions<Row> & { controller: ListController<Row> };

function bareSearch(search: string): string {
  return search.startsWith('?') ? search.slice(1) : search;
}

export function useListController<Row>(options: UseListControllerOptions): ListControllerView<Row> {
  const { host, config, location, autoLoad = true } = options;
  const [controller] = useState(() =>
    createListController<Row>(host, config, {
      initialQuery: location ? readListQuery(location.search, config) : undefined,
      startWithArrived: autoLoad,
    }),
  );
  const locationRef = useRef(location);
  /** The query last reconciled with the URL; a different current query was made by the list. */
  const syncedQuery = useRef<ListQuery | null>(null);
  /**
   * Search strings the list wrote that the URL has not echoed back yet. The router hands a write back a
   * render later; by then the list may have moved on (查询 then 重置 at once), and the echo of the
   * older write must not be taken for a change from outside, which would bring the old query back.
   */
  const ownWrites = useRef<string[]>([]);
  const search = location?.search;

  useEffect(() => {
    locationRef.current = location;
    controller.update({ host, config });
  });

  useEffect(() => () => controller.dispose(), [controller]);

  // URL → list: on mount, and whenever the search string changes from outside.
  useEffect(() => {
    const current = controller.getState();
    const echo = search === undefined ? -1 : ownWrites.current.indexOf(bareSearch(search));
    if (search !== undefined && echo >= 0) {
      ownWrites.current = ownWrites.current.slice(echo + 1);
      // The last echo: if the list moved on meanwhile without writing (the URL it saw was still the
      // old one), it writes its query now, so the address ends up saying what the list shows.
      const target = locationRef.current;
      if (ownWrites.current.length === 0 && target) {
        const next = listSearch(search, current.query, controller.getConfig());
        syncedQuery.current = current.query;
        if (bareSearch(next) !== bareSearch(search)) {
          ownWrites.current = [bareSearch(next)];
          target.setSearch(next);
        }
      }
      return;
    }
    if (search !== undefined) {
      const fromUrl = readListQuery(search, controller.getConfig());
      if (!sameQuery(fromUrl, current.query, controller.getConfig())) {
        void controller.applyQuery(fromUrl);
        syncedQuery.current = controller.getState().query;
        return;
      }
    }
    syncedQuery.current = current.query;
    if (autoLoad && !current.loaded && !current.loading) void controller.load();
  }, [controller, search, autoLoad]);

  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);

  // List → URL: a query the list changed itself is written to the search string.
  useEffect(() => {
    const target = locationRef.current;
    const latest = controller.getState().query;
    if (!target || latest === syncedQuery.current) return;
    syncedQuery.current = latest;
    const next = listSearch(target.search, latest, controller.getConfig());
    if (bareSearch(next) !== bareSearch(target.search)) {
      ownWrites.current = [...ownWrites.current.slice(-19), bareSearch(next)];
      target.setSearch(next);
    }
  }, [controller, state.query]);

  return useMemo(
    () => ({
      ...state,
      controller,
      load: controller.load,
      search: controller.search,
      reset: controller.reset,
      changeTable: controller.changeTable,
      setSuperQuery: controller.setSuperQuery,
      applyQuery: controller.applyQuery,
      select: controller.select,
      clearSelection: controller.clearSelection,
      deleteRow: controller.deleteRow,
      batchDelete: controller.batchDelete,
      callRow: controller.callRow,
      exportXls: controller.exportXls,
    }),
    [state, controller],
  );
}
