import { createContext, useContext } from 'react';

/**
 * Whether the page a view belongs to is the one on screen. A kept-alive page behind another tab is
 * not: it still renders (its data may arrive late), but it must not act on the address bar. Outside
 * the layout (a page rendered on its own) every page is on screen.
 */
export const PageVisibleContext = createContext(true);

export function usePageVisible(): boolean {
  return useContext(PageVisibleContext);
}
