import { describe, expect, it } from 'vitest';
import areaDocument from '../../../../../schemas/pages/maintenance/area.json';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import { flagSet, withChildren } from '../../../../../runtime/views/list/treeRows';
import { expertPage } from './expertPage';

function areaPage() {
  const result = loadPageSchema(areaDocument, 'schemas/pages/maintenance/area.json');
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.page;
}

const beijing = { id: '110000', areaName: '北京市', pid: '86', hasChild: 'Y' };
const shanghai = { id: '310000', areaName: '上海市', pid: '86', hasChild: 'N' };

describe('tree pages expand a row into its children', () => {
  it('reads the has-child flags tables use', () => {
    expect(['Y', '1', true, 1, 'true'].every(flagSet)).toBe(true);
    expect(['N', '0', false, 0, null, undefined, ''].some(flagSet)).toBe(false);
  });

  it('offers the expand icon only on rows that have children, and attaches children once loaded', () => {
    const page = areaPage();
    const collapsed = withChildren(page, [beijing, shanghai], new Map());
    expect(collapsed[0].children).toEqual([]);
    expect('children' in collapsed[1]).toBe(false);

    const district = { id: '110101', areaName: '东城区', pid: '110100', hasChild: 'N' };
    const city = { id: '110100', areaName: '市辖区', pid: '110000', hasChild: 'Y' };
    const loaded = new Map([
      ['110000', [city]],
      ['110100', [district]],
    ]);
    const open = withChildren(page, [beijing, shanghai], loaded);
    expect(open[0].children).toEqual([{ ...city, children: [district] }]);
  });

  it('leaves the rows of pages that are not trees as they are', () => {
    const rows = [{ id: 'e1', expertName: '王' }];
    expect(withChildren(expertPage(), rows, new Map())).toBe(rows);
  });
});
