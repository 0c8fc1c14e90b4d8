import { create } from 'zustand';
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
  open(key: string, title: string): void;
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

export function createTabsStore(homeKey: string) {
  return create<TabsStore>()((set, get) => ({
    ...initialTabs(homeKey),
    reset(nextHome) {
      set(initialTabs(nextHome));
    },
    open(key, title) {
      set(openTab(stateOf(get()), key, title));
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
  }));
}

export type TabsStoreHook = ReturnType<typeof createTabsStore>;
