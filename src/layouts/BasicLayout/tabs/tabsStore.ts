import { create, type StateCreator } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  initialTabs,
  openTab,
  refreshTab,
  selectTab,
  type TabsState,
} from './tabsModel';

/**
 * Headless store of the tab strip; every change goes through the pure functions of tabsModel.
 * Actions that may be refused return the refusal text for the view to show.
 */
interface TabsStore extends TabsState {
  reset(homeKey: string): void;
  open(key: string, title: string, path?: string): void;
  select(key: string): void;
  close(key: string): string | undefined;
  closeLeft(key: string): void;
  closeRight(key: string): void;
  closeOthers(key: string): void;
  refresh(key: string): void;
}

function stateOf(store: TabsStore): TabsState {
  return { homeKey: store.homeKey, tabs: store.tabs, activeKey: store.activeKey, versions: store.versions };
}

/**
 * `persistKey` keeps the open tabs in sessionStorage, so reloading the browser tab (F5) keeps the
 * user's tabs — a long-standing JeecgBoot complaint. Logout clears the key (session.clear()).
 */
export function createTabsStore(homeKey: string, persistKey?: string) {
  const creator: StateCreator<TabsStore> = (set, get) => ({
    ...initialTabs(homeKey),
    reset(nextHome) {
      set(initialTabs(nextHome));
    },
    open(key, title, path) {
      set(openTab(stateOf(get()), key, title, path));
    },
    select(key) {
      set(selectTab(stateOf(get()), key));
    },
    close(key) {
      const result = closeTab(stateOf(get()), key);
      if (result.refusal) return result.refusal;
      set(result.state);
      return undefined;
    },
    closeLeft(key) {
      set(closeLeft(stateOf(get()), key));
    },
    closeRight(key) {
      set(closeRight(stateOf(get()), key));
    },
    closeOthers(key) {
      set(closeOthers(stateOf(get()), key));
    },
    refresh(key) {
      set(refreshTab(stateOf(get()), key));
    },
  });
  if (!persistKey) return create<TabsStore>()(creator);
  return create<TabsStore>()(
    persist(creator, {
      name: persistKey,
      storage: createJSONStorage(() => window.sessionStorage),
      partialize: (store) => ({ tabs: store.tabs, activeKey: store.activeKey }),
      // A stored strip from another home page (config change) is not reused.
      merge: (stored, current) => {
        const saved = stored as Partial<TabsState> | undefined;
        if (!saved?.tabs?.length || saved.tabs[0].key !== current.homeKey) return current;
        const tabs = saved.tabs.map((tab) => ({ ...tab, path: tab.path ?? tab.key }));
        return { ...current, tabs, activeKey: saved.activeKey ?? current.activeKey };
      },
    }),
  );
}

export type TabsStoreHook = ReturnType<typeof createTabsStore>;
