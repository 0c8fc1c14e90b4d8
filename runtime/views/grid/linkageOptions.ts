/**
 * The options of linked select cells (runtime/grid/linkage.ts), loaded once per parent: every
 * city cell of the rows under one province shares one request and one answer.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { linkageParent, type GridColumn, type GridController, type GridOption } from '../../grid';
import { useGridCellEnv } from './cellEnv';
import { VersionedStore } from '../../widgets/batching/versionedStore';

export type LinkageLoader = (column: GridColumn, parent: string | null) => Promise<readonly GridOption[]>;

class LinkageOptions extends VersionedStore {
  private readonly loaded = new Map<string, readonly GridOption[]>();
  private readonly asked = new Set<string>();

  constructor(private readonly load: LinkageLoader) {
    super();
  }

  /** The options under a parent; undefined until they arrive (asking for them once). */
  options(column: GridColumn, parent: string | null): readonly GridOption[] | undefined {
    return this.loaded.get(keyOf(column, parent));
  }

  request(column: GridColumn, parent: string | null): void {
    const key = keyOf(column, parent);
    if (this.asked.has(key)) return;
    this.asked.add(key);
    void this.load(column, parent)
      .catch(() => [] as readonly GridOption[])
      .then((options) => {
        this.loaded.set(key, options);
        this.changed();
      });
  }
}

function keyOf(column: GridColumn, parent: string | null): string {
  return `${column.linkageKey ?? ''}\u0000${parent ?? ''}`;
}

const stores = new WeakMap<LinkageLoader, LinkageOptions>();

function storeFor(load: LinkageLoader): LinkageOptions {
  let store = stores.get(load);
  if (!store) {
    store = new LinkageOptions(load);
    stores.set(load, store);
  }
  return store;
}

const NONE: readonly GridOption[] = [];
const noStore = { subscribe: () => () => undefined, getVersion: () => 0 };

/**
 * The options a cell of a linked column offers in its row: the children of the level above (the
 * root's for the top level), none while that level is empty or no page provides a loader. A
 * column without linkageKey keeps its own options.
 */
export function useCellOptions(grid: GridController, rowId: string, column: GridColumn): readonly GridOption[] {
  const load = useGridCellEnv()?.linkageOptions;
  const store = column.linkageKey && load ? storeFor(load) : undefined;
  useSyncExternalStore(store?.subscribe ?? noStore.subscribe, store?.getVersion ?? noStore.getVersion);
  // Only a linked column reads its row (a lookup per render of every choice cell otherwise).
  const parent = store ? linkageParent(grid.linkage, column, grid.store.getRow(rowId)?.values ?? {}) : undefined;
  useEffect(() => {
    if (store && parent !== undefined) store.request(column, parent);
  }, [store, column, parent]);
  if (!column.linkageKey) return column.options;
  if (!store || parent === undefined) return NONE;
  return store.options(column, parent) ?? NONE;
}
