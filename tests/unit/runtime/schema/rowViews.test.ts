import { describe, expect, it } from 'vitest';
import permissionDocument from '../../../../schemas/pages/sys/permission.json';
import roleDocument from '../../../../schemas/pages/sys/role.json';
import type { PageDocument } from '../../../../runtime/generated/page';
import { loadPageSchema } from '../../../../runtime/schema/loadPageSchema';
import { keysToSave, linkedCheckedKeys, type PermissionTreeNode } from '../../../../runtime/views/rowViews/permissionTree';

const SOURCE = 'schemas/pages/sys/role.json';

function withRowActions(rowActions: unknown[]): unknown {
  const doc = structuredClone(roleDocument) as unknown as PageDocument;
  return { ...doc, list: { ...doc.list, rowActions } };
}

function errorsOf(doc: unknown) {
  const result = loadPageSchema(doc, SOURCE);
  return result.ok ? [] : result.errors.map((e) => `${e.pointer} ${e.message}`);
}

describe('row actions that open a registered view', () => {
  it('compile to the view, the default permission <prefix>:<key>, and no endpoint', () => {
    const result = loadPageSchema(roleDocument, SOURCE);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.page.list.rowActions.slice(0, 2)).toEqual([
      { action: 'view', key: 'users', title: '用户', view: 'roleUsers', dependencies: [], permission: 'role:users' },
      { action: 'view', key: 'authorize', title: '授权', view: 'rolePermission', dependencies: [], permission: 'role:authorize' },
    ]);
  });

  it('are refused with an unknown view, with both endpoint and view, or with a question they never ask', () => {
    const errors = errorsOf(
      withRowActions([
        { key: 'a', title: '甲', view: 'nothing' },
        { key: 'b', title: '乙', view: 'roleUsers', endpoint: 'b' },
      ]),
    );
    expect(errors.some((e) => e.startsWith('/list/rowActions/0'))).toBe(true);
    expect(errors.some((e) => e.startsWith('/list/rowActions/1'))).toBe(true);
    // The meta-schema passes it; the reference check refuses it.
    expect(errorsOf(withRowActions(['edit', 'detail', { key: 'c', title: '丙', view: 'roleUsers', confirm: '确定？' }]))).toContain('/list/rowActions/2/confirm 打开视图的行操作不调用接口，不能有 confirm');
  });
});

describe('a page served by a named module with a whole-tree list', () => {
  it('compiles entity.server and list.wholeTree', () => {
    const result = loadPageSchema(permissionDocument, 'schemas/pages/sys/permission.json');
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.page.entity.server).toBe('permissionMenu');
    expect(result.page.list.wholeTree).toBe(true);
    expect(loadPageSchema(roleDocument, SOURCE)).toMatchObject({ ok: true, page: { list: { wholeTree: false } } });
  });
});

describe('the 授权 tree', () => {
  const tree: PermissionTreeNode[] = [
    {
      key: 'sys',
      title: '系统管理',
      menuType: 0,
      children: [
        { key: 'role', title: '角色管理', menuType: 1, children: [{ key: 'role:add', title: '新增角色', menuType: 2 }, { key: 'role:edit', title: '编辑角色', menuType: 2 }] },
        { key: 'menu', title: '菜单管理', menuType: 1 },
      ],
    },
  ];

  it('saves exactly the checked nodes unlinked, and adds the half-checked ancestors when linked', () => {
    expect(keysToSave(tree, ['role:add'], ['sys', 'role'], false)).toEqual(['role:add']);
    expect(keysToSave(tree, ['role:add'], ['sys', 'role'], true)).toEqual(['sys', 'role', 'role:add']);
  });

  it('shows a grant in linked mode by its leaves and whole subtrees only, so one button does not check its siblings', () => {
    expect(linkedCheckedKeys(tree, new Set(['sys', 'role', 'role:add']))).toEqual(['role:add']);
    expect(linkedCheckedKeys(tree, new Set(['sys', 'role', 'role:add', 'role:edit', 'menu']))).toEqual(['role:add', 'role:edit', 'role', 'menu', 'sys']);
  });
});
