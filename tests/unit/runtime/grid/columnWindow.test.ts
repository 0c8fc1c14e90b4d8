import { describe, expect, it } from 'vitest';
import { columnWindow, fullColumnWindow, nearestScroll, pixelWidth, sameColumnWindow, scrollLeftShowing, type ColumnWindowItem } from '../../../../runtime/grid';

/** 30 columns of 120 px: 3,600 px of scrolling columns. */
const widths = Array.from({ length: 30 }, () => 120);

const gapWidth = (items: readonly ColumnWindowItem[]) => items.reduce((sum, item) => sum + (item.kind === 'gap' ? item.width : 0), 0);

describe('column window of a wide grid', () => {
  it('renders the columns in view and two more on the right at the start', () => {
    const window = columnWindow({ widths, scrollLeft: 0, viewportWidth: 600 });
    // 600 px show columns 0–4; overscan adds 5 and 6.
    expect(window.rendered).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(window.items.at(-1)).toEqual({ kind: 'gap', width: 23 * 120 });
  });

  it('moves with scrollLeft, keeps two columns of overscan on each side and a gap for the rest', () => {
    const window = columnWindow({ widths, scrollLeft: 1250, viewportWidth: 600 });
    // 1250–1850 px covers columns 10 (1200–1320) to 15 (1800–1920).
    expect(window.rendered).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect(window.items[0]).toEqual({ kind: 'gap', width: 8 * 120 });
    expect(window.items.at(-1)).toEqual({ kind: 'gap', width: 12 * 120 });
  });

  it('keeps every row the same width: rendered columns plus gaps add up to all columns', () => {
    for (const scrollLeft of [0, 333, 1800, 3000, 99999]) {
      const window = columnWindow({ widths, scrollLeft, viewportWidth: 700 });
      expect(window.rendered.length * 120 + gapWidth(window.items)).toBe(3600);
    }
  });

  it('clamps a scroll past the end to the last columns', () => {
    const window = columnWindow({ widths, scrollLeft: 99999, viewportWidth: 600 });
    expect(window.rendered).toEqual([23, 24, 25, 26, 27, 28, 29]);
    expect(window.items[0]).toEqual({ kind: 'gap', width: 23 * 120 });
  });

  it('keeps a pinned column (the editing cell) rendered when it scrolls out of view', () => {
    const window = columnWindow({ widths, scrollLeft: 2400, viewportWidth: 600, pinned: [1] });
    expect(window.rendered).toEqual([1, 18, 19, 20, 21, 22, 23, 24, 25, 26]);
    expect(window.items.slice(0, 3)).toEqual([
      { kind: 'gap', width: 120 },
      { kind: 'column', index: 1 },
      { kind: 'gap', width: 16 * 120 },
    ]);
  });

  it('reads uneven widths: a wide column counts as wide', () => {
    const uneven = [200, 120, 120, 220, 120, 120, 120, 120, 120, 120];
    // 0–300 px: column 0 (0–200) and 1 (200–320).
    expect(columnWindow({ widths: uneven, scrollLeft: 0, viewportWidth: 300, overscan: 0 }).rendered).toEqual([0, 1]);
    // 450–700 px: column 3 (440–660) and 4 (660–780).
    expect(columnWindow({ widths: uneven, scrollLeft: 450, viewportWidth: 250, overscan: 0 }).rendered).toEqual([3, 4]);
  });

  it('renders everything when the viewport is wider than the columns, and nothing for no columns', () => {
    expect(columnWindow({ widths: [100, 100, 100], scrollLeft: 0, viewportWidth: 1000 }).rendered).toEqual([0, 1, 2]);
    expect(columnWindow({ widths: [], scrollLeft: 0, viewportWidth: 1000 })).toEqual({ items: [], rendered: [] });
    expect(fullColumnWindow(3).items).toEqual([0, 1, 2].map((index) => ({ kind: 'column', index })));
  });

  it('tells whether two windows render the same cells', () => {
    // 130 and 150 px both show columns 1–6: a scroll inside a column changes nothing.
    const a = columnWindow({ widths, scrollLeft: 130, viewportWidth: 600 });
    expect(sameColumnWindow(a, columnWindow({ widths, scrollLeft: 150, viewportWidth: 600 }))).toBe(true);
    expect(sameColumnWindow(a, columnWindow({ widths, scrollLeft: 500, viewportWidth: 600 }))).toBe(false);
  });

  it('takes px widths of spec §9: the column width, never below its minimum, 120 for a percentage', () => {
    expect(pixelWidth(200)).toBe(200);
    expect(pixelWidth('150px')).toBe(150);
    expect(pixelWidth('20%')).toBe(120);
    expect(pixelWidth(undefined)).toBe(120);
    expect(pixelWidth(100, 190)).toBe(190);
    expect(pixelWidth(120, 135)).toBe(135);
  });

  it('scrolls a column into view by the least move: its right edge to the right, its left edge to the left', () => {
    // Column 27 is 3240–3360 px: from the start it comes in at the viewport's right edge.
    expect(scrollLeftShowing({ widths, index: 27, scrollLeft: 0, viewportWidth: 600 })).toBe(3360 - 600);
    // Column 2 (240–360) from far right: its left edge at the viewport's, which begins after the fixed cells.
    expect(scrollLeftShowing({ widths, index: 2, scrollLeft: 2760, viewportWidth: 600 })).toBe(240);
    // A column in view stays where it is.
    expect(scrollLeftShowing({ widths, index: 12, scrollLeft: 1250, viewportWidth: 600 })).toBe(1250);
  });

  it('shows the start of a span longer than the viewport', () => {
    expect(nearestScroll(0, 100, 300, 500)).toBe(300);
    expect(nearestScroll(600, 100, 300, 500)).toBe(300);
    expect(nearestScroll(0, 300, 100, 350)).toBe(50);
  });
});
