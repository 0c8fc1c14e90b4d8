import { useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { Dropdown, Tabs, type MenuProps } from 'antd';
import { CloseOutlined, ReloadOutlined, VerticalLeftOutlined, VerticalRightOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { useFeedback } from '../../../hooks/useFeedback';
import { TAB_MENU_CLASS, useTabMenuOpen } from './useTabMenuOpen';
import { useTabs } from './useTabs';

export const TAB_MENU_TEXTS = {
  refresh: '刷新',
  closeLeft: '关闭左侧',
  closeRight: '关闭右侧',
  closeOthers: '关闭其他',
} as const;

type TabMenuAction = keyof typeof TAB_MENU_TEXTS;

/**
 * The multi-tab strip (spec §2): one tab per opened page, the home tab fixed; right click opens
 * 刷新 / 关闭左侧 / 关闭右侧 / 关闭其他.
 *
 * "Where are we" is the store's active tab, never a location read at render time: right after a tab
 * click the router has been asked for the new page but this component may not have rendered it yet,
 * so a location captured in a handler is stale. A tab click therefore selects its tab in the store
 * at once, and an action that changes the active tab navigates to it. Navigations from the strip
 * commit synchronously (flushSync), so the page on screen never lags behind the strip and a page
 * the user has just left cannot commit afterwards and bring its tab back.
 */
export default function MultiTab() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { message } = useFeedback();
  // The strip follows a new page after the page has shown, not inside the click that renders it:
  // measuring its tabs (rc-tabs' getSize) forces a layout of the whole new page. The tab appears a
  // frame later; the actions read the store, never these values.
  const tabs = useDeferredValue(useTabs((s) => s.tabs));
  const activeKey = useDeferredValue(useTabs((s) => s.activeKey));
  const strip = useRef<HTMLDivElement>(null);
  const menu = useTabMenuOpen();

  /** The remembered address (with its query) of a tab. */
  const addressOf = (key: string) => useTabs.getState().tabs.find((tab) => tab.key === key)?.path ?? key;
  const go = (address: string) => void navigate(address, { flushSync: true });

  /** After a strip action: when it chose another tab, show that tab's page. */
  const follow = (before: string) => {
    const after = useTabs.getState().activeKey;
    if (after !== before) go(addressOf(after));
  };

  const choose = (key: string) => {
    const before = useTabs.getState().activeKey;
    useTabs.getState().select(key);
    const address = addressOf(key);
    // Clicking the tab already shown does nothing; any other click goes to the tab's page (also
    // when the store already had it active, e.g. while a page without a tab is on screen).
    if (key !== before || address !== pathname + search) go(address);
  };

  const close = (key: string) => {
    const before = useTabs.getState().activeKey;
    const refusal = useTabs.getState().close(key);
    if (refusal) void message.warning(refusal);
    else follow(before);
  };

  const act = (action: TabMenuAction, key: string) => {
    const store = useTabs.getState();
    const before = store.activeKey;
    if (action === 'refresh') store.refresh(key);
    else if (action === 'closeLeft') store.closeLeft(key);
    else if (action === 'closeRight') store.closeRight(key);
    else store.closeOthers(key);
    follow(before);
  };

  // The latest handlers, called through stable functions: the strip below stays the same element
  // while nothing it shows changes, so a navigation (the location changes) does not re-render it.
  const handlers = useRef({ choose, close, act, closeMenu: menu.close, openFor: menu.openFor, onOpenChange: menu.onOpenChange });
  useEffect(() => {
    handlers.current = { choose, close, act, closeMenu: menu.close, openFor: menu.openFor, onOpenChange: menu.onOpenChange };
  });

  const menuFor = (key: string): MenuProps => ({
    items: [
      { key: 'refresh', icon: <ReloadOutlined />, label: TAB_MENU_TEXTS.refresh },
      { key: 'closeLeft', icon: <VerticalRightOutlined />, label: TAB_MENU_TEXTS.closeLeft },
      { key: 'closeRight', icon: <VerticalLeftOutlined />, label: TAB_MENU_TEXTS.closeRight },
      { key: 'closeOthers', icon: <CloseOutlined />, label: TAB_MENU_TEXTS.closeOthers },
    ],
    onClick: ({ key: action, domEvent }) => {
      domEvent.stopPropagation();
      handlers.current.closeMenu();
      if (action in TAB_MENU_TEXTS) handlers.current.act(action as TabMenuAction, key);
    },
  });

  const openKey = menu.openKey;
  return useMemo(() => (
    <div className="multi-tab" ref={strip}>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activeKey}
        onTabClick={(key) => handlers.current.choose(key)}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') handlers.current.close(key);
        }}
        items={tabs.map((tab) => ({
          key: tab.key,
          // Every tab shows a close button, as in JeecgBoot: on the fixed home tab it answers
          // '首页不能关闭!' (the store refuses), which tells the user why it stays.
          closable: true,
          label: (
            <Dropdown
              menu={menuFor(tab.key)}
              // Opened by the strip on the tab's contextmenu event and aligned to the tab, not to the
              // pointer: antd's contextMenu trigger would close it on every page scroll and let the
              // click meant for it through to the page (see useTabMenuOpen).
              trigger={[]}
              placement="bottomLeft"
              rootClassName={TAB_MENU_CLASS}
              open={openKey === tab.key}
              onOpenChange={(open) => handlers.current.onOpenChange(tab.key, open)}
              // Inside the strip, which sticks to the top of the window: the menu moves with its tab
              // and stays above the page scrolling under it.
              getPopupContainer={() => strip.current ?? document.body}
            >
              <span className="multi-tab-label" data-tab-key={tab.key} onContextMenu={(event) => handlers.current.openFor(tab.key, event)}>
                {tab.title}
              </span>
            </Dropdown>
          ),
        }))}
      />
    </div>
  ), [tabs, activeKey, openKey]);
}
