import { describe, expect, it } from 'vitest';
import permissionDocument from '../../../../schemas/pages/sys/permission.json';
import type { PageDocument } from '../../../../runtime/generated/page';
import { loadPageSchema } from '../../../../runtime/schema/loadPageSchema';
import { presetToForm } from '../../../../runtime/views/form/formValues';
import { rowActionVisible, rowAddValues } from '../../../../runtime/views/list/rowActions';

const SOURCE = 'schemas/pages/sys/permission.json';

function menuDoc(): PageDocument {
  return structuredClone(permissionDocument) as unknown as PageDocument;
}

function compiled(doc: unknown) {
  const result = loadPageSchema(doc, SOURCE);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.page;
}

describe('添加下级: a row action opening the add form with values from the row', () => {
  it('compiles with the page’s add code and starts the new menu under the row, as a 子菜单', () => {
    const page = compiled(permissionDocument);
    const action = page.list.rowActions.find((a) => a.action === 'add');
    expect(action).toMatchObject({ action: 'add', key: 'addChild', title: '添加下级', permission: 'permission:add', rowValues: { parentId: 'id' }, values: { menuType: '1' } });
    if (action?.action !== 'add') throw new Error('add action');
    const row = { id: 'm-9', name: '系统管理', menuType: 0 };
    expect(rowAddValues(action, row)).toEqual({ menuType: '1', parentId: 'm-9' });
    // The radio holds numbers: the preset is the control's value, the user may still change it.
    expect(presetToForm(page, rowAddValues(action, row))).toEqual({ menuType: 1, parentId: 'm-9' });
    expect(rowActionVisible(action, row)).toBe(true);
    expect(rowActionVisible(action, { id: 'b', menuType: 2 })).toBe(false);
  });

  it('refuses presets of fields the page does not have, and an add that also calls an endpoint', () => {
    const doc = menuDoc();
    const at = doc.list.rowActions.findIndex((a) => typeof a !== 'string' && a.key === 'addChild');
    const action = doc.list.rowActions[at];
    if (typeof action === 'string' || !action.add) throw new Error('addChild');
    action.add.rowValues = { parent: 'nothing' };
    const result = loadPageSchema(doc, SOURCE);
    const errors = result.ok ? [] : result.errors.map((e) => e.pointer);
    expect(errors).toContain(`/list/rowActions/${at}/add/rowValues/parent`);

    const both = menuDoc();
    both.list.rowActions[at] = { key: 'addChild', title: '添加下级', endpoint: 'addChild', add: { values: { menuType: '1' } } };
    expect(loadPageSchema(both, SOURCE).ok).toBe(false);
  });
});
