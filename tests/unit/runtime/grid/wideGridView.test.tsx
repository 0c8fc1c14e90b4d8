/**
 * A wide editable grid renders only the columns in view (plus a few), keeps its fixed cells, lines
 * header, rows and footer up, and keeps an editing cell while the user scrolls sideways.
 */
import { act, fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pretendLayout } from '../../../support/pretendLayout';
import { createGrid } from '../../../../runtime/grid';
import { GridView } from '../../../../runtime/views/grid/GridView';
import { WIDE_COLUMN_COUNT, wideColumns } from './wideColumns';

const COLUMNS = WIDE_COLUMN_COUNT;

function wideGrid() {
  const columns = wideColumns();
  const grid = createGrid({ columns });
  grid.load(Array.from({ length: 5 }, (_, r) => ({ id: `r${r}`, code: `NO-${r}`, ...Object.fromEntries(columns.map((c, i) => [c.key, i === 3 ? r : `${r}-${i}`])) })));
  return grid;
}

const keysIn = (element: Element, selector: string) => [...element.querySelectorAll(selector)].map((e) => e.getAttribute('data-column'));

/** jsdom lays nothing out: give the body the scroll position a browser would, then tell the grid. */
function scrollBodyTo(body: HTMLElement, scrollLeft: number) {
  Object.defineProperty(body, 'scrollLeft', { configurable: true, get: () => scrollLeft, set: () => undefined });
  act(() => {
    fireEvent.scroll(body);
  });
}

pretendLayout();

describe('wide editable grid', () => {
  it('renders only the columns in view of a 30-column grid, header, rows and footer alike', () => {
    const { container } = render(<GridView grid={wideGrid()} />);
    const row = container.querySelector('.grid-row[data-index="0"]')!;
    const cells = keysIn(row, '.grid-cell');
    expect(cells.length).toBeGreaterThan(3);
    expect(cells.length).toBeLessThan(COLUMNS / 2);
    expect(cells).toContain('c0');
    expect(cells).not.toContain('c28');
    // The fixed column comes first, whatever its place in the declaration.
    expect(cells[0]).toBe('code');
    expect(container.querySelectorAll('.grid-row .grid-cell').length).toBeLessThan(5 * COLUMNS / 2);

    // Header and footer show the same columns in the same order, with gaps of the same widths.
    const header = container.querySelector('.grid-header')!;
    expect(keysIn(header, '[data-column]')).toEqual(cells);
    const footer = container.querySelector('.grid-footer-sum')!;
    expect(keysIn(footer, '[data-column]')).toEqual(cells);
    const gaps = (line: Element) => [...line.querySelectorAll<HTMLElement>('.grid-column-gap')].map((g) => g.style.flex);
    expect(gaps(header)).toEqual(gaps(row));
    expect(gaps(footer)).toEqual(gaps(row));
    expect(footer).toHaveTextContent('10');
  });

  it('follows a sideways scroll: other columns render, the fixed cells stay', () => {
    const { container } = render(<GridView grid={wideGrid()} />);
    const body = container.querySelector<HTMLElement>('.grid-body')!;
    scrollBodyTo(body, 2400);
    const row = container.querySelector('.grid-row[data-index="0"]')!;
    const cells = keysIn(row, '.grid-cell');
    expect(cells).toContain('c20');
    expect(cells).not.toContain('c0');
    expect(cells[0]).toBe('code');
    expect(row.querySelector('.grid-seq')).toHaveTextContent('1');
    expect(keysIn(container.querySelector('.grid-header')!, '[data-column]')).toEqual(cells);

    scrollBodyTo(body, 0);
    expect(keysIn(container.querySelector('.grid-row[data-index="0"]')!, '.grid-cell')).toContain('c0');
  });

  it('keeps the editing cell and what is typed in it while its column scrolls out of view', () => {
    const grid = wideGrid();
    const { container } = render(<GridView grid={grid} />);
    const cell = () => container.querySelector<HTMLElement>('.grid-row[data-index="0"] .grid-cell[data-column="c1"]');
    act(() => {
      fireEvent.click(cell()!);
    });
    const input = cell()!.querySelector('input')!;
    fireEvent.change(input, { target: { value: '已改' } });

    scrollBodyTo(container.querySelector<HTMLElement>('.grid-body')!, 2400);
    expect(cell()).toHaveAttribute('data-editing', 'true');
    expect(cell()!.querySelector('input')).toBe(input);
    fireEvent.change(input, { target: { value: '已改两次' } });
    expect(grid.store.getRow('r0')?.values.c1).toBe('已改两次');
    // Other rows render the column too (an empty place would shift their cells), without editors.
    expect(container.querySelector('.grid-row[data-index="1"] .grid-cell[data-column="c1"]')).not.toHaveAttribute('data-editing');
  });

  it('renders every column of a grid that fits its width', () => {
    const grid = createGrid({ columns: Array.from({ length: 6 }, (_, i) => ({ key: `c${i}` })) });
    grid.load([{ id: 'r0' }]);
    const { container } = render(<GridView grid={grid} />);
    expect(keysIn(container.querySelector('.grid-row')!, '.grid-cell')).toEqual(['c0', 'c1', 'c2', 'c3', 'c4', 'c5']);
    expect(container.querySelector('.grid-column-gap')).toBeNull();
  });
});
