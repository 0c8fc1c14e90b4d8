import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPageSchema, type CompiledPage } from '../../../runtime/schema/loadPageSchema';
import { addMissingPageMenus } from '../../../server/crud/pageMenus';
import { applyPageTables, loadEntityPages } from '../../../server/crud/pages';
import { DATABASE_KINDS } from '../../support/database';
import { body, get, login, startTestApp, type TestApp } from '../support/app';

// The README's worked example: a new page document, and nothing else.
const adjustStandard = {
  schemaVersion: 1,
  entity: { name: 'adjustStandard', module: 'maintenance', title: '理算标准', table: 'mnt_adjust_standard', permissionPrefix: 'adjustStandard' },
  fields: [
    { name: 'code', label: '标准编码', type: 'string', length: 32, required: true, unique: true },
    { name: 'name', label: '标准名称', type: 'string', length: 100, required: true },
  ],
  list: {
    columns: [{ field: 'code' }, { field: 'name' }],
    query: [{ field: 'name', mode: 'like' }],
    toolbar: ['add', 'batchDelete', 'export', 'import', 'templateDownload'],
    rowActions: ['edit', 'detail', 'delete'],
  },
  form: { columns: 2 },
};

function compiled(doc: unknown): CompiledPage {
  const result = loadPageSchema(doc, 'test:adjustStandard');
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.page;
}

interface MenuNode {
  path: string;
  component: string;
  meta: { title: string };
  children?: MenuNode[];
}

function flatten(menu: MenuNode[]): MenuNode[] {
  return menu.flatMap((m) => [m, ...flatten(m.children ?? [])]);
}

describe.each(DATABASE_KINDS)('a new page document reaches the menu by itself (%s)', (kind) => {
  let t: TestApp;
  const page = compiled(adjustStandard);
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds the page under its module menu with its buttons, granted to admin only, once', async () => {
    await applyPageTables(t.database.db, [page]);
    const added = await addMissingPageMenus(t.database.db, [...loadEntityPages(), page]);
    expect(added).toEqual([{ title: '理算标准', url: '/maintenance/adjust-standard', component: 'schema/maintenance/adjustStandard' }]);
    expect(await addMissingPageMenus(t.database.db, [...loadEntityPages(), page])).toEqual([]);

    const admin = await login(t.app, 'admin');
    const perms = body(await get(t.app, '/sys/permission/getUserPermissionByToken', admin.token)).result as {
      menu: MenuNode[];
      auth: { action: string }[];
    };
    const maintenance = perms.menu.find((m) => m.path === '/maintenance');
    expect(maintenance?.children?.some((c) => c.component === 'schema/maintenance/adjustStandard' && c.meta.title === '理算标准')).toBe(true);
    expect(perms.auth.map((a) => a.action)).toEqual(
      expect.arrayContaining(['adjustStandard:list', 'adjustStandard:add', 'adjustStandard:edit', 'adjustStandard:delete']),
    );

    const manager = await login(t.app, 'zhangsan');
    const forManager = body(await get(t.app, '/sys/permission/getUserPermissionByToken', manager.token)).result as { menu: MenuNode[] };
    expect(flatten(forManager.menu).some((m) => m.component === 'schema/maintenance/adjustStandard')).toBe(false);
  });
});
