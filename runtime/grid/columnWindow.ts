import { SCROLLING_COLUMN_WIDTH } from './constants';

/**
 * Column windowing of a wide grid (issue 4: "columns when wide"): which of the scrolling columns a
 * view renders for a horizontal scroll position. Pure functions, no DOM: the view measures, this
 * decides.
 *
 * Coordinates are those of the scrolling part of a row: the fixed columns (row number, selection,
 * drag handle, fixed:'left'/'right' columns) stay in view on both sides, so the viewport of the
 * scrolling columns is the grid's width minus theirs, and `scrollLeft` is the same number in both.
 */

/** Columns rendered beyond each edge of the viewport, so a short scroll shows cells already there. */
export const COLUMN_OVERSCAN = 2;

/** One place of a windowed row: a rendered column, or the width of the columns left out there. */
export type ColumnWindowItem = { kind: 'column'; index: number } | { kind: 'gap'; width: number };

export interface ColumnWindow {
  items: ColumnWindowItem[];
  /** Indices of the rendered columns, ascending. */
  rendered: number[];
}

export interface ColumnWindowInput {
  /** px widths of the scrolling columns, in order. */
  widths: readonly number[];
  scrollLeft: number;
  /** px of the viewport left to the scrolling columns (the fixed ones cover the rest). */
  viewportWidth: number;
  /** Columns rendered beyond each edge (default COLUMN_OVERSCAN). */
  overscan?: number;
  /** Indices rendered wherever the viewport is: the columns of editing cells, so an editor keeps its focus. */
  pinned?: Iterable<number>;
}

/**
 * The px width a cell takes in a scrolling grid: its width (a number, or a 'px' string), never
 * below its minimum. A percentage means nothing when columns scroll, so it falls back to the
 * scrolling default (spec §9: 120 px) like a column without a width.
 */
export function pixelWidth(width: number | string | undefined, minWidth?: number): number {
  let px = SCROLLING_COLUMN_WIDTH;
  if (typeof width === 'number' && Number.isFinite(width) && width > 0) px = width;
  else if (typeof width === 'string' && /^\s*\d+(\.\d+)?(px)?\s*$/.test(width)) px = Number.parseFloat(width);
  return Math.max(px, minWidth ?? 0);
}

/** Every column, no gaps: what a grid that fits renders. */
export function fullColumnWindow(count: number): ColumnWindow {
  const rendered = Array.from({ length: count }, (_, index) => index);
  return { items: rendered.map((index) => ({ kind: 'column', index })), rendered };
}

/** First index whose right edge is past `x` (binary search over the running offsets). */
function firstEndingAfter(ends: readonly number[], x: number): number {
  let low = 0;
  let high = ends.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (ends[middle] > x) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * The columns visible in [scrollLeft, scrollLeft + viewportWidth), `overscan` more on each side,
 * and the pinned ones; the columns in between become gaps of their summed width, so every row,
 * the header and the footer lay the same cells out at the same x.
 */
export function columnWindow({ widths, scrollLeft, viewportWidth, overscan = COLUMN_OVERSCAN, pinned = [] }: ColumnWindowInput): ColumnWindow {
  const count = widths.length;
  if (count === 0) return { items: [], rendered: [] };
  const ends: number[] = [];
  let total = 0;
  for (const width of widths) ends.push((total += Math.max(0, width)));
  const left = Math.min(Math.max(0, scrollLeft), Math.max(0, total - Math.max(0, viewportWidth)));
  const right = left + Math.max(0, viewportWidth);
  const first = firstEndingAfter(ends, left);
  const last = viewportWidth > 0 ? firstEndingAfter(ends, right - 0.5) : first;
  const shown = new Set<number>();
  for (let index = Math.max(0, first - overscan); index <= Math.min(count - 1, last + overscan); index++) shown.add(index);
  for (const index of pinned) if (Number.isInteger(index) && index >= 0 && index < count) shown.add(index);

  const items: ColumnWindowItem[] = [];
  const rendered: number[] = [];
  let gap = 0;
  for (let index = 0; index < count; index++) {
    if (!shown.has(index)) {
      gap += Math.max(0, widths[index]);
      continue;
    }
    if (gap > 0) items.push({ kind: 'gap', width: gap });
    gap = 0;
    items.push({ kind: 'column', index });
    rendered.push(index);
  }
  if (gap > 0) items.push({ kind: 'gap', width: gap });
  return { items, rendered };
}

/** Whether two windows render the same cells (a scroll inside one column changes nothing). */
export function sameColumnWindow(a: ColumnWindow, b: ColumnWindow): boolean {
  return a.items.length === b.items.length && a.items.every((item, i) => {
    const other = b.items[i];
    return item.kind === 'column' ? other.kind === 'column' && other.index === item.index : other.kind === 'gap' && other.width === item.width;
  });
}

/**
 * The scroll position nearest `scroll` at which [start, end) shows in a viewport `size` long: as
 * it is when it shows already, else the least move; a span longer than the viewport shows its start.
 */
export function nearestScroll(scroll: number, size: number, start: number, end: number): number {
  if (start < scroll || end - start > size) return start;
  if (end > scroll + size) return end - size;
  return scroll;
}

/**
 * The scrollLeft nearest `scrollLeft` that shows column `index` whole beside the fixed cells (the
 * viewport of `columnWindow`): a browser's scrollIntoView knows nothing of the sticky cells and
 * would leave a column it scrolls back to underneath them.
 */
export function scrollLeftShowing({ widths, index, scrollLeft, viewportWidth }: Omit<ColumnWindowInput, 'overscan' | 'pinned'> & { index: number }): number {
  let start = 0;
  for (let i = 0; i < index; i++) start += Math.max(0, widths[i] ?? 0);
  return nearestScroll(scrollLeft, Math.max(0, viewportWidth), start, start + Math.max(0, widths[index] ?? 0));
}
