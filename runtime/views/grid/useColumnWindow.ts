/**
 * The columns a wide grid renders now: follows the body's sideways scroll and size, keeps the
 * header and footer scrolled with the body, and re-renders the grid only when the set of rendered
 * columns changes (a scroll within a column costs nothing).
 */
import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { columnWindow, fullColumnWindow, sameColumnWindow, type ColumnWindow } from '../../grid';
import type { GridLayout } from './gridLayout';

interface Viewport {
  scrollLeft: number;
  width: number;
}

/** Before the body is measured (and where nothing lays out, as in jsdom) assume the window's width. */
const initialViewport = (): Viewport => ({ scrollLeft: 0, width: typeof window === 'undefined' ? 1280 : window.innerWidth });

function windowOf(layout: GridLayout, pinned: readonly number[], viewport: Viewport): ColumnWindow {
  if (!layout.scrollX) return fullColumnWindow(layout.columns.length);
  return columnWindow({
    widths: layout.pixelWidths,
    scrollLeft: viewport.scrollLeft,
    viewportWidth: Math.max(0, viewport.width - layout.fixedWidth),
    pinned,
  });
}

/**
 * @param body the element that scrolls both ways (rows and columns)
 * @param onScrollLeft told the body's scrollLeft on every scroll, to keep header and footer with it
 * @param pinnedKeys keys of columns with an editing cell: rendered wherever the viewport is, so the
 *   editor keeps its text and focus while the user scrolls sideways
 */
export function useColumnWindow(
  layout: GridLayout,
  body: RefObject<HTMLElement | null>,
  onScrollLeft: (scrollLeft: number) => void,
  pinnedKeys: Iterable<string>,
): ColumnWindow {
  const [viewport, setViewport] = useState(initialViewport);
  const pinnedList = [...new Set(pinnedKeys)].sort().join('\n');
  const pinned = useMemo(() => {
    const keys = new Set(pinnedList.split('\n'));
    return layout.columns.flatMap((column, index) => (keys.has(column.key) ? [index] : []));
  }, [layout, pinnedList]);
  const current = useMemo(() => windowOf(layout, pinned, viewport), [layout, pinned, viewport]);

  // The listeners below read the latest window without being re-attached on every render.
  const latest = useRef({ layout, pinned, current });
  useLayoutEffect(() => {
    latest.current = { layout, pinned, current };
  });

  useLayoutEffect(() => {
    const element = body.current;
    if (!element) return;
    const follow = () => {
      const left = element.scrollLeft;
      onScrollLeft(left);
      const next = { scrollLeft: left, width: element.clientWidth || initialViewport().width };
      const { layout: l, pinned: p, current: c } = latest.current;
      if (!sameColumnWindow(windowOf(l, p, next), c)) setViewport(next);
    };
    element.addEventListener('scroll', follow, { passive: true });
    const observer = new ResizeObserver(follow);
    observer.observe(element);
    // Measure now (before paint), and again for new columns: the stored viewport may be stale.
    follow();
    return () => {
      element.removeEventListener('scroll', follow);
      observer.disconnect();
    };
  }, [body, onScrollLeft, layout]);

  return current;
}
