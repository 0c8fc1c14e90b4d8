import { describe, expect, it } from 'vitest';
import departDocument from '../../../../../schemas/pages/sys/sysDepart.json';
import departRoleDocument from '../../../../../schemas/pages/sys/sysDepartRole.json';
import type { PageDocument } from '../../../../../runtime/generated/page';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import { nodeActionsOf } from '../../../../../runtime/views/tree/nodeActions';
import {
  departPermissionTarget,
  departRolePermissionTarget,
  departRoleUsersTarget,
  departUsersTarget,
  rolePermissionTarget,
  roleUsersTarget,
} from '../../../../../runtime/views/rowViews/viewTargets';

function compiled(doc: unknown, source: string) {
  const result = loadPageSchema(doc, source);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.page;
}

describe('部门管理\'s node actions and 部门角色 tab', () => {
  const page = compiled(departDocument, 'schemas/pages/sys/sysDepart.json');
  const manage = page.document.treeManage!;

  it('offers 部门权限 and 用户 under <prefix>:<key>, each only to holders of its code', () => {
    expect(nodeActionsOf(page, manage, () => true)).toEqual([
      { key: 'authorize', title: '部门权限', view: 'departPermission', permission: 'depart:authorize' },
      { key: 'users', title: '用户', view: 'departUsers', permission: 'depart:users' },
    ]);
    expect(nodeActionsOf(page, manage, (code) => code === 'depart:users').map((a) => a.title)).toEqual(['用户']);
    expect(nodeActionsOf(page, { ...manage, nodeActions: [{ key: 'users', title: '人员', view: 'departUsers', permission: 'addressList:list' }] }, () => true)[0].permission).toBe(
      'addressList:list',
    );
  });

  it('declares 部门角色 as an editable tab bound by departId, whose rows open the department role views', () => {
    expect(manage.related).toContainEqual({ title: '部门角色', page: 'sys/sysDepartRole', param: 'departId', editable: true });
    const rolePage = compiled(departRoleDocument, 'schemas/pages/sys/sysDepartRole.json');
    expect(rolePage.list.rowActions.slice(0, 2)).toEqual([
      { action: 'view', key: 'authorize', title: '授权', view: 'departRolePermission', dependencies: [], permission: 'departRole:authorize' },
      { action: 'view', key: 'users', title: '用户', view: 'departRoleUsers', dependencies: [], permission: 'departRole:users' },
    ]);
  });

  it('refuses a node action with an unknown view or an extra key', () => {
    const bad = structuredClone(departDocument) as unknown as PageDocument;
    (bad.treeManage!.nodeActions as unknown[]) = [{ key: 'x', title: '乙', view: 'nope' }, { key: 'y', title: '丙', view: 'departUsers', endpoint: 'z' }];
    const result = loadPageSchema(bad, 'schemas/pages/sys/sysDepart.json');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.map((e) => e.pointer)).toEqual(expect.arrayContaining(['/treeManage/nodeActions/0/view', '/treeManage/nodeActions/1/endpoint']));
  });
});

describe('what the 授权 and 用户 drawers work on', () => {
  it('a role, a department or a department role, at JeecgBoot\'s paths', () => {
    expect(rolePermissionTarget({ id: 'r1', roleName: '公估师' })).toEqual({
      title: '角色权限配置：公估师',
      tree: { url: '/sys/permission/queryTreeList' },
      granted: { url: '/sys/permission/queryRolePermission', params: { roleId: 'r1' } },
      save: { url: '/sys/permission/saveRolePermission', body: { roleId: 'r1' } },
      dataRulesOfRole: 'r1',
    });
    expect(departPermissionTarget({ id: 'd1', departName: '财务部' })).toMatchObject({
      title: '部门权限配置：财务部',
      granted: { url: '/sys/permission/queryDepartPermission', params: { departId: 'd1' } },
      save: { url: '/sys/permission/saveDepartPermission', body: { departId: 'd1' } },
    });
    expect(departRolePermissionTarget({ id: 'x1', departId: 'd1', roleName: '核赔组长' })).toMatchObject({
      tree: { url: '/sys/sysDepartPermission/queryTreeListForDeptRole', params: { departId: 'd1' } },
      save: { url: '/sys/sysDepartPermission/saveDeptRolePermission', body: { roleId: 'x1' } },
    });
    expect(roleUsersTarget({ id: 'r1', roleName: '公估师' }).removeBatch(['u1', 'u2'])).toEqual({
      url: '/sys/user/deleteUserRoleBatch',
      params: { roleId: 'r1', userIds: 'u1,u2' },
    });
    const depart = departUsersTarget({ id: 'd1', title: '财务部' });
    expect(depart.subject).toBe('部门「财务部」');
    expect(depart.add(['u1'])).toEqual({ url: '/sys/user/editSysDepartWithUser', body: { depId: 'd1', userIdList: ['u1'] } });
    expect(depart.remove('u1')).toEqual({ url: '/sys/user/deleteUserInDepart', params: { depId: 'd1', userId: 'u1' } });
    expect(departRoleUsersTarget({ id: 'x1', roleName: '核赔组长' }).list).toEqual({ url: '/sys/sysDepartRole/roleUserList', params: { roleId: 'x1' } });
  });
});
