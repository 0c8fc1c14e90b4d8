/**
 * The multi-tab strip as pure state transitions (spec §2 "Multi-tab strip", §4 "Tabs", §8 texts).
 * Tabs are keyed by the pathname (parameter values included), so two records of the same parameter
 * route are two tabs, while a list's query string (filters, page, sort) stays inside its one tab:
 * the tab remembers the last full address and goes back to it when chosen. The home tab is fixed: never closable, always first.
 */

export interface PageTab {
  /** Pathname, e.g. /online/cgformList/abc */
  key: string;
  /** Last full address shown in the tab (pathname + search), where choosing the tab goes. */
  path: string;
  title: string;
  closable: boolean;
}

export interface TabsState {
  homeKey: string;
  tabs: PageTab[];
  activeKey: string;
  /** Bumped by 刷新: the page under that key is mounted afresh. */
  versions: Record<string, number>;
}

/** Outcome of a close request: the new state, or the refusal text to show (state unchanged). */
export interface TabsResult {
  state: TabsState;
  refusal?: string;
}

export const HOME_TAB_TITLE = '首页';
export const REFUSE_CLOSE_HOME = '首页不能关闭!';
export const REFUSE_CLOSE_LAST = '这是最后一页，不能再关闭了啦';

export function initialTabs(homeKey: string, homeTitle = HOME_TAB_TITLE): TabsState {
  return {
    homeKey,
    tabs: [{ key: homeKey, path: homeKey, title: homeTitle, closable: false }],
    activeKey: homeKey,
    versions: {},
  };
}

/** Opening a route adds its tab; revisiting updates its title and address and selects it. */
export function openTab(state: TabsState, key: string, title: string, path: string = key): TabsState {
  const existing = state.tabs.findIndex((tab) => tab.key === key);
  if (existing >= 0) {
    const current = state.tabs[existing];
    const nextTitle = key === state.homeKey ? current.title : title;
    if (current.title === nextTitle && current.path === path && state.activeKey === key) return state;
    const tabs = state.tabs.slice();
    tabs[existing] = { ...current, title: nextTitle, path };
    return { ...state, tabs, activeKey: key };
  }
  return {
    ...state,
    tabs: [...state.tabs, { key, path, title, closable: key !== state.homeKey }],
    activeKey: key,
  };
}

export function selectTab(state: TabsState, key: string): TabsState {
  if (state.activeKey === key || !state.tabs.some((tab) => tab.key === key)) return state;
  return { ...state, activeKey: key };
}

function withoutVersions(versions: Record<string, number>, keep: readonly PageTab[]): Record<string, number> {
  const kept: Record<string, number> = {};
  for (const tab of keep) if (versions[tab.key] !== undefined) kept[tab.key] = versions[tab.key];
  return kept;
}

/**
 * Closes one tab. The home tab and the last remaining tab are refused with the spec's texts.
 * When the active tab closes, the tab that takes its place (the right neighbour, or the left one
 * when it was the last) becomes active.
 */
export function closeTab(state: TabsState, key: string): TabsResult {
  if (key === state.homeKey) return { state, refusal: REFUSE_CLOSE_HOME };
  const index = state.tabs.findIndex((tab) => tab.key === key);
  if (index < 0) return { state };
  if (state.tabs.length === 1) return { state, refusal: REFUSE_CLOSE_LAST };
  const tabs = state.tabs.filter((tab) => tab.key !== key);
  let activeKey = state.activeKey;
  if (activeKey === key) activeKey = tabs[Math.min(index, tabs.length - 1)].key;
  return { state: { ...state, tabs, activeKey, versions: withoutVersions(state.versions, tabs) } };
}

/** Keeps `key`, the home tab and every tab passing `keep`; the anchor tab becomes active if the active one went. */
function closeWhere(state: TabsState, key: string, keep: (index: number, anchor: number) => boolean): TabsState {
  const anchor = state.tabs.findIndex((tab) => tab.key === key);
  if (anchor < 0) return state;
  const tabs = state.tabs.filter((tab, index) => !tab.closable || index === anchor || keep(index, anchor));
  if (tabs.length === state.tabs.length) return state;
  const activeKey = tabs.some((tab) => tab.key === state.activeKey) ? state.activeKey : key;
  return { ...state, tabs, activeKey, versions: withoutVersions(state.versions, tabs) };
}

export function closeLeft(state: TabsState, key: string): TabsState {
  return closeWhere(state, key, (index, anchor) => index > anchor);
}

export function closeRight(state: TabsState, key: string): TabsState {
  return closeWhere(state, key, (index, anchor) => index < anchor);
}

export function closeOthers(state: TabsState, key: string): TabsState {
  return closeWhere(state, key, () => false);
}

/** 刷新: selects the tab and gives its page a new version, so it is mounted again. */
export function refreshTab(state: TabsState, key: string): TabsState {
  if (!state.tabs.some((tab) => tab.key === key)) return state;
  return { ...state, activeKey: key, versions: { ...state.versions, [key]: (state.versions[key] ?? 0) + 1 } };
}

export function tabVersion(state: TabsState, key: string): number {
  return state.versions[key] ?? 0;
}
