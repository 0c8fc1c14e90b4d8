/**
 * Bringing a failed cell into sight without element.scrollIntoView: that scrolls every ancestor,
 * overflow-hidden page containers too, sideways as well as down, and knows nothing of the sticky
 * fixed cells, so a column it scrolls back to ends up underneath them.
 */
import { nearestScroll, scrollLeftShowing } from '../../grid';
import type { GridLayout } from './gridLayout';

/** The body's scrollLeft showing the column beside the fixed cells; fixed columns and a grid that fits need no move. */
export function revealedScrollLeft(layout: GridLayout, columnKey: string, body: HTMLElement): number {
  const index = layout.columns.findIndex((column) => column.key === columnKey);
  if (!layout.scrollX || index < 0) return body.scrollLeft;
  return scrollLeftShowing({
    widths: layout.pixelWidths,
    index,
    scrollLeft: body.scrollLeft,
    viewportWidth: body.clientWidth - layout.fixedWidth,
  });
}

const SCROLLS = /auto|scroll|overlay/;

/**
 * Scrolls the page (and any container the user could scroll up and down) just enough to show
 * `element`, and never sideways.
 */
export function scrollIntoViewVertically(element: HTMLElement): void {
  for (let container = element.parentElement; container; container = container.parentElement) {
    const root = container === document.scrollingElement;
    if (!root && !SCROLLS.test(getComputedStyle(container).overflowY)) continue;
    if (container.scrollHeight <= container.clientHeight) continue;
    const shown = element.getBoundingClientRect();
    const viewTop = root ? 0 : container.getBoundingClientRect().top + container.clientTop;
    const start = container.scrollTop + shown.top - viewTop;
    container.scrollTop = nearestScroll(container.scrollTop, container.clientHeight, start, start + shown.height);
  }
}
