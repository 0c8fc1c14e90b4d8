/**
 * A wide grid's header and footer stay over their columns whatever scrolls sideways: the user or a
 * script scrolling the body, the browser scrolling a band to show something in it, a failed cell
 * revealed after a blocked save.
 */
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pretendLayout } from '../../../support/pretendLayout';
import { pretendScrolling, settleScrolls } from '../../../support/pretendScrolling';
import { createGrid } from '../../../../runtime/grid';
import { GridView } from '../../../../runtime/views/grid/GridView';
import { wideColumns } from './wideColumns';
import { gridLayout } from '../../../../runtime/views/grid/gridLayout';

const WIDTH = 120;

function wideGrid() {
  const columns = wideColumns();
  const grid = createGrid({ columns });
  grid.load(Array.from({ length: 5 }, (_, r) => ({ id: `r${r}`, code: `NO-${r}`, c3: r })));
  return grid;
}

function renderWide() {
  const grid = wideGrid();
  const { container } = render(
    <div className="page" style={{ overflow: 'auto' }}>
      <GridView grid={grid} />
    </div>,
  );
  const find = (selector: string) => container.querySelector<HTMLElement>(selector)!;
  return {
    grid,
    page: find('.page'),
    body: find('.grid-body'),
    header: find('.grid-header').parentElement!,
    footer: find('.grid-footer-sum').parentElement!.parentElement!,
    cell: (rowId: string, key: string) => container.querySelector(`.grid-row[data-row-id="${rowId}"] .grid-cell[data-column="${key}"]`),
  };
}

async function scrolled(move: () => void) {
  await act(async () => {
    move();
    await settleScrolls();
  });
}

pretendLayout();
pretendScrolling();

describe('wide grid header and footer bands', () => {
  it('follow the body scrolled sideways', async () => {
    const view = renderWide();
    await scrolled(() => {
      view.body.scrollLeft = 1500;
    });
    expect(view.header.scrollLeft).toBe(1500);
    expect(view.footer.scrollLeft).toBe(1500);
    expect(view.cell('r0', 'c14')).not.toBeNull();
  });

  it('bring the body along when the browser scrolls a band to show something in it', async () => {
    const view = renderWide();
    await scrolled(() => {
      view.body.scrollLeft = 1500;
    });
    // What a click on the header's left edge, find in page or a focused header cell does.
    await scrolled(() => {
      view.header.scrollLeft = 0;
    });
    expect(view.body.scrollLeft).toBe(0);
    expect(view.footer.scrollLeft).toBe(0);
    expect(view.cell('r0', 'c0')).not.toBeNull();
  });

  it('line up with the body when a blocked save reveals a cell far to the right, and again to the left', async () => {
    const view = renderWide();
    const { fixedWidth } = gridLayout(view.grid.columns, false);
    const viewport = view.body.clientWidth - fixedWidth;

    await scrolled(() => view.grid.reveal('r2', 'c27'));
    // The column's right edge at the viewport's: the least move that shows it whole.
    expect(view.body.scrollLeft).toBe(28 * WIDTH - viewport);
    expect(view.header.scrollLeft).toBe(view.body.scrollLeft);
    expect(view.footer.scrollLeft).toBe(view.body.scrollLeft);
    expect(view.cell('r2', 'c27')).not.toBeNull();

    // Back to the left, the column starts right after the fixed cells, not underneath them.
    await scrolled(() => view.grid.reveal('r2', 'c1'));
    expect(view.body.scrollLeft).toBe(WIDTH);
    expect(view.header.scrollLeft).toBe(WIDTH);
    expect(view.footer.scrollLeft).toBe(WIDTH);
    expect(view.page.scrollLeft).toBe(0);
  });

  it('leave the body where it is when the revealed cell shows already or is fixed', async () => {
    const view = renderWide();
    await scrolled(() => {
      view.body.scrollLeft = 240;
    });
    await scrolled(() => view.grid.reveal('r1', 'c3'));
    expect(view.body.scrollLeft).toBe(240);
    await scrolled(() => view.grid.reveal('r1', 'code'));
    expect(view.body.scrollLeft).toBe(240);
    expect(view.header.scrollLeft).toBe(240);
  });
});
