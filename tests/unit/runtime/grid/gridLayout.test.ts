import { describe, expect, it } from 'vitest';
import { resolveColumns, type GridColumnSpec } from '../../../../runtime/grid';
import { gridLayout } from '../../../../runtime/views/grid/gridLayout';

const text = (n: number): GridColumnSpec[] => Array.from({ length: n }, (_, i) => ({ key: `t${i}` }));

describe('editable grid layout', () => {
  it('gives a scrolling grid px widths of spec §9: defaults by type, minimum widths, 120 for the rest', () => {
    const layout = gridLayout(
      resolveColumns([
        { key: 'at', type: 'datetime' },
        { key: 'user', type: 'sel_user' },
        { key: 'depart', type: 'sel_depart' },
        { key: 'day', type: 'date', width: 100 },
        { key: 'share', width: '20%' },
        { key: 'hidden', type: 'hidden' },
        ...text(4),
      ]),
      false,
    );
    expect(layout.scrollX).toBe(true);
    expect(layout.columns.map((c) => c.key)).toEqual(['at', 'user', 'depart', 'day', 'share', 't0', 't1', 't2', 't3']);
    // datetime 200, user picker 220, department picker 160 but at least 190, date 100 raised to 135, '20%' → 120.
    expect(layout.pixelWidths).toEqual([200, 220, 190, 135, 120, 120, 120, 120, 120]);
    // Row number 60, selection 40, expand 40 stay in view: the rest of the width is for the columns.
    expect(layout.fixedWidth).toBe(140);
    expect(layout.totalWidth).toBe(140 + 200 + 220 + 190 + 135 + 5 * 120);
  });

  it('puts the drag handle and fixed:left columns on the left, fixed:right on the right, all sticky', () => {
    const layout = gridLayout(resolveColumns([...text(9), { key: 'code', fixed: 'left', width: 100 }, { key: 'ops', fixed: 'right', width: 80 }]), true);
    expect(layout.leading.map((c) => (c.kind === 'column' ? c.column.key : c.kind))).toEqual(['drag', 'seq', 'sel', 'exp', 'code']);
    expect(layout.leading.map((c) => c.style.left)).toEqual([0, 40, 100, 140, 180]);
    expect(layout.leading.every((c) => c.style.position === 'sticky')).toBe(true);
    expect(layout.trailing.map((c) => (c.kind === 'column' ? c.column.key : c.kind))).toEqual(['ops']);
    expect(layout.trailing[0].style).toMatchObject({ position: 'sticky', right: 0 });
    expect(layout.columns.map((c) => c.key)).toEqual(text(9).map((c) => c.key));
    expect(layout.fixedWidth).toBe(40 + 60 + 40 + 40 + 100 + 80);
  });

  it('shares 92 % among the columns of a grid that fits, with nothing sticky', () => {
    const layout = gridLayout(resolveColumns(text(4)), false);
    expect(layout.scrollX).toBe(false);
    expect(layout.totalWidth).toBeUndefined();
    expect(layout.styles.get('t0')).toMatchObject({ width: '23%' });
    expect(layout.leading.some((c) => c.style.position === 'sticky')).toBe(false);
  });
});
