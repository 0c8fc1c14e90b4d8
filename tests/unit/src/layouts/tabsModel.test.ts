import { describe, expect, it } from 'vitest';
import {
  REFUSE_CLOSE_HOME,
  REFUSE_CLOSE_LAST,
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  initialTabs,
  openTab,
  refreshTab,
  selectTab,
  tabVersion,
  type TabsState,
} from '../../../../src/layouts/BasicLayout/tabs/tabsModel';

const HOME = '/dashboard/analysis';

function withTabs(...keys: string[]): TabsState {
  return keys.reduce((state, key) => openTab(state, key, `页面${key}`), initialTabs(HOME));
}

const keys = (state: TabsState) => state.tabs.map((tab) => tab.key);

describe('tab strip (spec §2, §4)', () => {
  it('starts with the fixed, non-closable home tab titled 首页', () => {
    const state = initialTabs(HOME);
    expect(state.tabs).toEqual([{ key: HOME, path: HOME, title: '首页', closable: false }]);
    expect(state.activeKey).toBe(HOME);
  });

  it('opening a route adds a tab and selects it', () => {
    const state = openTab(initialTabs(HOME), '/isystem/user', '用户管理');
    expect(keys(state)).toEqual([HOME, '/isystem/user']);
    expect(state.activeKey).toBe('/isystem/user');
    expect(state.tabs[1].closable).toBe(true);
  });

  it('revisiting a route updates its tab instead of adding one', () => {
    let state = withTabs('/a', '/b');
    state = openTab(state, '/a', '新标题');
    expect(keys(state)).toEqual([HOME, '/a', '/b']);
    expect(state.tabs[1].title).toBe('新标题');
    expect(state.activeKey).toBe('/a');
  });

  it('keys tabs by full path, so each parameter value gets its own tab', () => {
    const state = withTabs('/online/cgformList/abc', '/online/cgformList/xyz', '/online/cgformList/abc?page=2');
    expect(keys(state)).toHaveLength(4);
  });

  it('the home tab keeps its title', () => {
    const state = openTab(withTabs('/a'), HOME, '首页 (analysis)');
    expect(state.tabs[0].title).toBe('首页');
    expect(state.activeKey).toBe(HOME);
  });

  it('closing the active tab selects its right neighbour', () => {
    const state = selectTab(withTabs('/a', '/b', '/c'), '/b');
    const result = closeTab(state, '/b');
    expect(result.refusal).toBeUndefined();
    expect(keys(result.state)).toEqual([HOME, '/a', '/c']);
    expect(result.state.activeKey).toBe('/c');
  });

  it('closing the active last tab selects its left neighbour', () => {
    const result = closeTab(withTabs('/a', '/b'), '/b');
    expect(result.state.activeKey).toBe('/a');
  });

  it('closing an inactive tab keeps the active one', () => {
    const result = closeTab(withTabs('/a', '/b', '/c'), '/a');
    expect(keys(result.state)).toEqual([HOME, '/b', '/c']);
    expect(result.state.activeKey).toBe('/c');
  });

  it('refuses to close the home tab with 首页不能关闭!', () => {
    const state = withTabs('/a');
    const result = closeTab(state, HOME);
    expect(result.refusal).toBe('首页不能关闭!');
    expect(result.refusal).toBe(REFUSE_CLOSE_HOME);
    expect(result.state).toBe(state);
  });

  it('refuses to close the last remaining tab with 这是最后一页，不能再关闭了啦', () => {
    const lone: TabsState = { homeKey: HOME, tabs: [{ key: '/a', path: '/a', title: 'A', closable: true }], activeKey: '/a', versions: {} };
    const result = closeTab(lone, '/a');
    expect(result.refusal).toBe('这是最后一页，不能再关闭了啦');
    expect(result.refusal).toBe(REFUSE_CLOSE_LAST);
    expect(result.state).toBe(lone);
  });

  it('关闭左侧 closes the closable tabs left of the chosen one; home stays', () => {
    const state = closeLeft(selectTab(withTabs('/a', '/b', '/c'), '/a'), '/b');
    expect(keys(state)).toEqual([HOME, '/b', '/c']);
    expect(state.activeKey).toBe('/b');
  });

  it('关闭右侧 closes the tabs right of the chosen one', () => {
    const state = closeRight(withTabs('/a', '/b', '/c'), '/a');
    expect(keys(state)).toEqual([HOME, '/a']);
    expect(state.activeKey).toBe('/a');
  });

  it('关闭右侧 keeps the active tab when it is not affected', () => {
    const state = closeRight(selectTab(withTabs('/a', '/b', '/c'), '/a'), '/b');
    expect(keys(state)).toEqual([HOME, '/a', '/b']);
    expect(state.activeKey).toBe('/a');
  });

  it('关闭其他 leaves home and the chosen tab', () => {
    const state = closeOthers(withTabs('/a', '/b', '/c'), '/b');
    expect(keys(state)).toEqual([HOME, '/b']);
    expect(state.activeKey).toBe('/b');
  });

  it('关闭其他 on the home tab leaves only home', () => {
    const state = closeOthers(withTabs('/a', '/b'), HOME);
    expect(keys(state)).toEqual([HOME]);
    expect(state.activeKey).toBe(HOME);
  });

  it('刷新 selects the tab and gives it a new version (the page is mounted again)', () => {
    let state = withTabs('/a', '/b');
    expect(tabVersion(state, '/a')).toBe(0);
    state = refreshTab(state, '/a');
    expect(state.activeKey).toBe('/a');
    expect(tabVersion(state, '/a')).toBe(1);
    state = refreshTab(state, '/a');
    expect(tabVersion(state, '/a')).toBe(2);
    expect(tabVersion(state, '/b')).toBe(0);
  });

  it('a closed and reopened tab starts at version 0 again', () => {
    let state = refreshTab(withTabs('/a', '/b'), '/a');
    state = closeTab(state, '/a').state;
    state = openTab(state, '/a', 'A');
    expect(tabVersion(state, '/a')).toBe(0);
  });
});

describe('a list query stays inside its tab', () => {
  it('revisiting a page with another query updates the address of its one tab', () => {
    let state = openTab(initialTabs('/dashboard/analysis'), '/maintenance/expert', '专家', '/maintenance/expert');
    state = openTab(state, '/maintenance/expert', '专家', '/maintenance/expert?q.expertName=%E7%8E%8B&page=2');
    expect(state.tabs.map((t) => t.key)).toEqual(['/dashboard/analysis', '/maintenance/expert']);
    expect(state.tabs[1].path).toBe('/maintenance/expert?q.expertName=%E7%8E%8B&page=2');
  });
});
