import { beforeEach, describe, expect, it } from 'vitest';
import { createTabsStore } from '../../../../src/layouts/BasicLayout/tabs/tabsStore';

describe('open tabs survive a reload of the browser tab', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('a new strip (after F5) shows the tabs and the active tab of the previous one', () => {
    const before = createTabsStore('/dashboard/analysis', 'tabs-test');
    before.getState().open('/maintenance/expert', '专家');
    before.getState().open('/isystem/user', '用户管理');
    before.getState().select('/maintenance/expert');

    const after = createTabsStore('/dashboard/analysis', 'tabs-test');
    expect(after.getState().tabs.map((t) => t.title)).toEqual(['首页', '专家', '用户管理']);
    expect(after.getState().activeKey).toBe('/maintenance/expert');
  });

  it('a stored strip made for another home page is not reused', () => {
    createTabsStore('/old/home', 'tabs-test').getState().open('/x', 'X');
    const strip = createTabsStore('/dashboard/analysis', 'tabs-test');
    expect(strip.getState().tabs.map((t) => t.key)).toEqual(['/dashboard/analysis']);
  });

  it('without a storage key nothing is kept', () => {
    createTabsStore('/dashboard/analysis').getState().open('/x', 'X');
    expect(createTabsStore('/dashboard/analysis').getState().tabs).toHaveLength(1);
  });
});
