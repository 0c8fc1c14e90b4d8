import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PageDocument } from '../../../../runtime/generated/page';
import { loadPageSchema } from '../../../../runtime/schema/loadPageSchema';

const root = path.resolve(__dirname, '../../../..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as PageDocument;

function compile(doc: PageDocument) {
  const result = loadPageSchema(doc, 'test:treeDicts');
  if (!result.ok) throw new Error(result.errors.map((e) => `${e.pointer} ${e.message}`).join('；'));
  return result.page;
}

describe('tree widgets imply a table dictionary', () => {
  it('a treeSelect field is translated through its dictTable (lists and details show the name)', () => {
    const page = compile(read('schemas/pages/maintenance/area.json'));
    const pid = page.fieldByName.get('pid');
    expect(pid?.dict).toEqual({ kind: 'table', dictCode: 'mnt_area,area_name,id', table: 'mnt_area', textColumn: 'area_name', valueColumn: 'id' });
    expect(pid?.dictTextKey).toBe('pid_dictText');
    const column = page.list.columns.find((c) => c.field.name === 'pid');
    expect(column).toMatchObject({ format: 'dictText', dataIndex: 'pid_dictText', title: '上级区域' });
  });

  it('categoryTree reads sys_category; linkDown and its next levels read their table', () => {
    const doc = read('schemas/pages/maintenance/area.json');
    doc.fields.push(
      { name: 'caseKind', label: '案件类别', type: 'string', length: 32, widget: 'categoryTree', options: { categoryTree: { pcode: 'B01' } } },
      {
        name: 'province',
        label: '省',
        type: 'string',
        length: 32,
        widget: 'linkDown',
        options: { linkDown: { table: 'mnt_area', textColumn: 'area_name', valueColumn: 'id', pidColumn: 'pid', pidValue: '86', linkFields: ['city'] } },
      },
      { name: 'city', label: '市', type: 'string', length: 32, hidden: true },
    );
    const page = compile(doc);
    expect(page.fieldByName.get('caseKind')?.dict).toMatchObject({ table: 'sys_category', textColumn: 'name', valueColumn: 'id' });
    expect(page.fieldByName.get('province')?.dict).toMatchObject({ dictCode: 'mnt_area,area_name,id' });
    expect(page.fieldByName.get('city')?.dict).toMatchObject({ dictCode: 'mnt_area,area_name,id' });
    expect(page.fieldByName.get('city')?.dictTextKey).toBe('city_dictText');
  });
});
