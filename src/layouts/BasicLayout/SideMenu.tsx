import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { MenuItem } from '../../api/types';
import type { RouteRecord } from '../../router/types';
import { preloadView, startView } from '../../router/viewRegistry';
import { MenuIcon } from './menuIcons';
import { externalUrlOf, menuSelection } from './menuModel';
import { menuEntryClicked, pointerEnteredEntry, pointerLeftEntry } from './menuIntent';

type AntdItem = Required<MenuProps>['items'][number];

/** The pages of a group start loading when it opens (or the pointer is on its title, in a popup menu). */
function preloadGroup(group: MenuItem | undefined): void {
  for (const child of group?.children ?? []) if (!child.children?.length && child.component) preloadView(child.component);
}

/** The page at `path` is mounted (the current one, or a kept-alive tab's, see PageOutlet). */
function pageMounted(path: string): boolean {
  return Array.from(document.querySelectorAll<HTMLElement>('.page-slot')).some((slot) => slot.dataset.pageKey === path);
}

function toAntdItems(items: readonly MenuItem[]): AntdItem[] {
  return items.map((item) => {
    const icon = <MenuIcon name={item.meta?.icon} />;
    if (item.children && item.children.length > 0) {
      return { key: item.path, icon, label: item.meta.title, children: toAntdItems(item.children), onTitleMouseEnter: () => preloadGroup(item) };
    }
    // The pointer on an entry: a click is near, its page is made ready now; resting there, its list
    // request leaves and the page renders hidden (menuIntent.ts), so that the click only shows it.
    const component = item.component;
    if (!component) return { key: item.path, icon, label: item.meta.title };
    return {
      key: item.path,
      icon,
      label: item.meta.title,
      onMouseEnter: () => {
        preloadView(component, true);
        pointerEnteredEntry(item.path, pageMounted, () => startView(component));
      },
      onMouseLeave: () => pointerLeftEntry(item.path),
    };
  });
}

function findItem(items: readonly MenuItem[], key: string): MenuItem | undefined {
  for (const item of items) {
    if (item.path === key) return item;
    const below = item.children ? findItem(item.children, key) : undefined;
    if (below) return below;
  }
  return undefined;
}

interface SideMenuProps {
  /** Already filtered to the visible entries. */
  menu: readonly MenuItem[];
  pathname: string;
  route?: Pick<RouteRecord, 'path' | 'trail'>;
  collapsed: boolean;
  /** Called after a page was chosen (the mobile drawer closes). */
  onNavigate?(): void;
  /** Menu theme of the settings (default dark). */
  theme?: 'dark' | 'light';
  /** horizontal: the top-menu navigation mode, in the header. */
  mode?: 'inline' | 'horizontal';
}

/** The dark side menu: highlights the current page and opens its parents (spec §2). */
export default function SideMenu({ menu, pathname, route, collapsed, onNavigate, theme = 'dark', mode = 'inline' }: SideMenuProps) {
  const navigate = useNavigate();
  const items = useMemo(() => toAntdItems(menu), [menu]);
  // The menu (hundreds of components) follows a new page after it has shown, not inside the click
  // that renders the page: the highlight moves a moment later, the page's rows come sooner.
  const shownPath = useDeferredValue(pathname);
  const shownRoute = useDeferredValue(route);
  const selection = useMemo(() => menuSelection(menu, shownPath, shownRoute), [menu, shownPath, shownRoute]);
  const rootKeys = useMemo(() => new Set(menu.filter((m) => m.children?.length).map((m) => m.path)), [menu]);

  // Follow the page: on each new page its parents open (adjusting state while rendering, as React
  // recommends over an effect); the user may still open and close groups in between.
  const [openKeys, setOpenKeys] = useState<string[]>(selection.openKeys);
  const [openedFor, setOpenedFor] = useState(selection.selectedKeys[0]);
  if (openedFor !== selection.selectedKeys[0]) {
    setOpenedFor(selection.selectedKeys[0]);
    setOpenKeys(selection.openKeys);
  }

  const onOpenChange: MenuProps['onOpenChange'] = (keys) => {
    // One top-level group open at a time keeps the long menu readable.
    const opened = keys.find((key) => !openKeys.includes(key));
    if (opened) preloadGroup(findItem(menu, opened));
    if (opened && rootKeys.has(opened)) setOpenKeys(keys.filter((key) => !rootKeys.has(key) || key === opened));
    else setOpenKeys(keys);
  };

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const item = findItem(menu, key);
    const external = item ? externalUrlOf(item) : undefined;
    if (external) {
      window.open(external, '_blank', 'noopener');
      return;
    }
    // The page rendered hidden while the pointer rested on its entry is revealed by this navigation.
    menuEntryClicked(key);
    // A page of ours not on screen yet (a kept-alive tab keeps its rows): its list request leaves now.
    if (item?.component && !pageMounted(key)) void startView(item.component);
    // Committed at once, like the tab strip's navigations: the page and its tab are registered
    // before the next click, so a quick second menu click or a tab action never races a page still
    // rendering in the background (and a test, or a quick user, never acts on the page being left).
    void navigate(key, { flushSync: true });
    onNavigate?.();
  };

  // The latest handlers, called through stable functions: the menu element below stays the same
  // object while nothing it shows changes, so a layout render (every navigation) skips the menu.
  const handlers = useRef({ onClick, onOpenChange });
  useEffect(() => {
    handlers.current = { onClick, onOpenChange };
  });
  const inline = !(collapsed || mode === 'horizontal');
  return useMemo(
    () => (
      <Menu
        theme={theme}
        mode={mode}
        items={items}
        selectedKeys={selection.selectedKeys}
        {...(inline ? { openKeys, onOpenChange: (keys: string[]) => handlers.current.onOpenChange?.(keys) } : {})}
        onClick={(info) => handlers.current.onClick?.(info)}
        style={mode === 'horizontal' ? { flex: 1, minWidth: 0, background: 'transparent', borderBottom: 'none' } : { borderInlineEnd: 'none' }}
      />
    ),
    [theme, mode, items, selection, inline, openKeys],
  );
}
