/**
 * A long editable grid renders only the rows in view (plus a few either side), over a body as tall
 * as all its rows, and follows the user scrolling down.
 *
 * jsdom lays nothing out, so the test tells the grid what a browser would measure: the body shows
 * 400 px of rows (its clientHeight) and each row is 61 px high (its offsetHeight, as medium rows
 * are). The grid reads those as it reads a browser's, so this checks which rows it chooses to put in
 * the page for a view of that size — not what a screen would paint.
 */
import { act, fireEvent, render } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGrid, type GridColumnSpec } from '../../../../runtime/grid';
import { GridView } from '../../../../runtime/views/grid/GridView';

const ROWS = 1_000;
const ROW_HEIGHT = 61;
const VIEW_HEIGHT = 400;
/** The rows a 400 px view holds: 6 whole ones and part of a seventh. */
const ROWS_IN_VIEW = Math.ceil(VIEW_HEIGHT / ROW_HEIGHT);

function pretendRowLayout() {
  const sizes = {
    offsetWidth: () => 1000,
    clientWidth: () => 1000,
    offsetHeight: (element: HTMLElement) => (element.classList.contains('grid-row') ? ROW_HEIGHT : VIEW_HEIGHT),
    clientHeight: (element: HTMLElement) => (element.classList.contains('grid-row') ? ROW_HEIGHT : VIEW_HEIGHT),
  };
  const saved = new Map<string, PropertyDescriptor | undefined>();
  beforeAll(() => {
    for (const [name, size] of Object.entries(sizes)) {
      saved.set(name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name));
      Object.defineProperty(HTMLElement.prototype, name, {
        configurable: true,
        get(this: HTMLElement) {
          return size(this);
        },
      });
    }
  });
  afterAll(() => {
    for (const [name, descriptor] of saved) if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
  });
}

pretendRowLayout();

const COLUMNS: GridColumnSpec[] = [
  { key: 'name', title: '名称' },
  { key: 'hours', title: '工时', type: 'inputNumber' },
];

function renderTall() {
  const grid = createGrid({ columns: COLUMNS });
  grid.load(Array.from({ length: ROWS }, (_, i) => ({ id: `r${i}`, name: `第${i + 1}条`, hours: i })));
  const { container } = render(<GridView grid={grid} />);
  const body = container.querySelector<HTMLElement>('.grid-body')!;
  /** The indexes of the rows in the page, top to bottom. */
  const rendered = () => [...container.querySelectorAll<HTMLElement>('.grid-row')].map((row) => Number(row.dataset.index)).sort((a, b) => a - b);
  const row = (index: number) => container.querySelector<HTMLElement>(`.grid-row[data-index="${index}"]`);
  return { grid, body, rendered, row };
}

/** The user scrolls the body down to `scrollTop`: a browser moves it and fires a scroll event. */
function scrollBodyTo(body: HTMLElement, scrollTop: number) {
  Object.defineProperty(body, 'scrollTop', { configurable: true, get: () => scrollTop, set: () => undefined });
  act(() => {
    fireEvent.scroll(body);
  });
}

const contiguous = (indexes: number[]) => indexes.every((index, i) => i === 0 || index === indexes[i - 1] + 1);

describe('a grid of 1,000 rows', () => {
  it('puts only the first rows in the page, over a body as tall as all 1,000', () => {
    const { body, rendered, row } = renderTall();
    const shown = rendered();
    expect(shown[0]).toBe(0);
    expect(shown.length).toBeGreaterThanOrEqual(ROWS_IN_VIEW);
    expect(shown.length).toBeLessThan(ROWS_IN_VIEW * 3);
    expect(contiguous(shown)).toBe(true);
    expect(row(ROWS - 1)).toBeNull();
    expect(row(0)).toHaveTextContent('第1条');
    // The scroll bar reaches the last row although it is not in the page.
    const rowsArea = [...body.children].find((child) => child.contains(row(0))) as HTMLElement;
    expect(rowsArea.style.height).toBe(`${ROWS * ROW_HEIGHT}px`);
  });

  it('follows a scroll down: the rows around row 501 come in at their place, the first rows go', () => {
    const { body, rendered, row } = renderTall();
    scrollBodyTo(body, 500 * ROW_HEIGHT);
    const shown = rendered();
    expect(shown).toEqual(expect.arrayContaining(Array.from({ length: ROWS_IN_VIEW }, (_, i) => 500 + i)));
    expect(shown.length).toBeLessThan(ROWS_IN_VIEW * 3);
    expect(contiguous(shown)).toBe(true);
    expect(row(0)).toBeNull();
    expect(row(500)).toHaveTextContent('第501条');
    expect(row(500)?.style.transform).toContain(`translateY(${500 * ROW_HEIGHT}px)`);

    scrollBodyTo(body, (ROWS - 1) * ROW_HEIGHT);
    expect(row(ROWS - 1)).toHaveTextContent('第1000条');
    expect(row(500)).toBeNull();
  });
});
