// Linked select columns in the headless grid: a cascade by linkageKey, each level under the one
// before it in the same row; a new choice empties every level below it, in that row only, and
// leaves them unvalidated until the user chooses.
import { describe, expect, it } from 'vitest';
import { createGrid, linkageParent } from '../../../../runtime/grid';

function grid() {
  const g = createGrid({
    columns: [
      { key: 'province', type: 'select', linkageKey: 'area', validateRules: [{ required: true }] },
      { key: 'city', type: 'select', linkageKey: 'area', validateRules: [{ required: true }] },
      { key: 'district', type: 'select', linkageKey: 'area', validateRules: [{ required: true }] },
      { key: 'remark' },
    ],
  });
  g.load([
    { id: 'r1', province: '33', city: '3301', district: '330106', remark: '西湖' },
    { id: 'r2', province: '33', city: '3301', district: '330106', remark: '' },
  ]);
  return g;
}

describe('linked select columns', () => {
  it('know their parent in the row: the root for the top level, nothing below an empty level', () => {
    const g = grid();
    const [province, city, district, remark] = g.columns;
    expect(linkageParent(g.linkage, province, { city: '3301' })).toBeNull();
    expect(linkageParent(g.linkage, city, { province: '33' })).toBe('33');
    expect(linkageParent(g.linkage, district, { province: '33', city: '' })).toBeUndefined();
    expect(linkageParent(g.linkage, remark, {})).toBeUndefined();
  });

  it('a new province empties city and district of that row only, without marking them failed', () => {
    const g = grid();
    g.change('r1', 'province', '32');
    expect(g.store.getRow('r1')?.values).toMatchObject({ province: '32', city: '', district: '', remark: '西湖' });
    expect(g.store.getRow('r2')?.values).toMatchObject({ province: '33', city: '3301', district: '330106' });
    expect(g.validator.errorOf('r1', 'city')).toBeUndefined();
    // A new city keeps the province and empties the district.
    g.change('r2', 'city', '3302');
    expect(g.store.getRow('r2')?.values).toMatchObject({ province: '33', city: '3302', district: '' });
  });
});
