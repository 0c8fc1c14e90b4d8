import { useCallback, useEffect, useState } from 'react';

/** Class of the tab menu's popup root, to tell a click on the menu from a click elsewhere. */
export const TAB_MENU_CLASS = 'multi-tab-menu';

/**
 * Which tab's context menu is open, and what opens and closes it.
 *
 * antd's own context-menu trigger pins the menu to the pointer's position in the window and closes
 * it on every scroll (rc-trigger's rule for pointer-aligned popups). Under the tab strip that is
 * wrong twice over: the page scrolls under the strip (and, with the header not fixed, the strip
 * itself moves up until it sticks), so the menu is closed — and a closing menu lets clicks through
 * (pointer-events: none while it fades), so a click meant for 关闭右侧 lands on whatever scrolled
 * under it, e.g. the list toolbar's 导出/导入. Pages scroll under an open menu for many reasons: the
 * wheel or a touchpad still gliding, scroll anchoring as a kept-alive page renders late rows, a
 * browser or test driver scrolling the menu item into view before clicking it.
 *
 * So the strip opens the menu itself on the tab's contextmenu event and antd aligns it to the tab
 * (no pointer alignment): the menu lives in the strip, follows its tab and stays open through
 * scrolling. A press anywhere outside the menu, Escape (antd) or a choice closes it.
 */
export function useTabMenuOpen() {
  const [openKey, setOpenKey] = useState<string | null>(null);

  useEffect(() => {
    if (openKey === null) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target;
      if (target instanceof Element && target.closest(`.${TAB_MENU_CLASS}`)) return;
      setOpenKey(null);
    };
    // Capture: a press that a page element stops from propagating still closes the menu.
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [openKey]);

  /** The tab's contextmenu event: its menu instead of the browser's. */
  const openFor = useCallback((key: string, event: { preventDefault(): void }) => {
    event.preventDefault();
    setOpenKey(key);
  }, []);

  /** antd's Dropdown asks to close (Escape, a choice from the menu). */
  const onOpenChange = useCallback((key: string, open: boolean) => {
    if (!open) setOpenKey((current) => (current === key ? null : current));
  }, []);

  const close = useCallback(() => setOpenKey(null), []);

  return { openKey, openFor, onOpenChange, close };
}
