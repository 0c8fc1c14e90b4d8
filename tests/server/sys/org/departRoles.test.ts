import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as migration0020 from '../../../../server/db/migrations/0020_depart_roles';
import { hashPassword } from '../../../../server/auth/password';
import { newId } from '../../../../server/db/ids';
import { DATABASE_KINDS } from '../../../support/database';
import { API, authHeaders, body, login, startTestApp, type TestApp } from '../../support/app';

type Rec = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const COMPANY = '00000000000000000000000000000a01';
const NO_PERMISSION = { success: false, code: 510, message: '没有权限，请联系管理员授权' };

describe.each(DATABASE_KINDS)('部门权限, 部门角色 and a department\'s users on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let lisi: string;
  let departId: string;
  let testerId: string;
  let tester: string;

  const call = async (method: Method, url: string, token = admin, payload?: Rec) =>
    body<unknown>(await t.app.inject({ method, url: `${API}${url}`, ...(payload ? { payload } : {}), headers: authHeaders(token) })) as unknown as Rec & {
      result: unknown;
    };
  const db = () => t.database.db;
  const permissionId = async (perms: string) =>
    (await db().selectFrom('sys_permission').select('id').where('perms', '=', perms).where('del_flag', '=', 0).executeTakeFirstOrThrow()).id;
  const menuId = async (component: string) =>
    (await db().selectFrom('sys_permission').select('id').where('component', '=', component).where('menu_type', '!=', 2).executeTakeFirstOrThrow()).id;
  const userId = async (username: string) => (await db().selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  const codesOf = async (token: string) => {
    const answer = (await call('GET', '/sys/permission/getUserPermissionByToken', token)) as { result: { auth: { action: string }[]; menu: { meta?: { title?: string }; children?: unknown[] }[] } };
    return { codes: answer.result.auth.map((a) => a.action), menu: JSON.stringify(answer.result.menu) };
  };
  const departGrants = async () => (await db().selectFrom('sys_depart_permission').select('permission_id').where('depart_id', '=', departId).execute()).map((r) => r.permission_id).sort();
  const roleGrants = async (roleId: string) =>
    (await db().selectFrom('sys_depart_role_permission').select('permission_id').where('role_id', '=', roleId).execute()).map((r) => r.permission_id).sort();
  const roleIdOf = async (code: string) =>
    (await db().selectFrom('sys_depart_role').select('id').where('role_code', '=', code).where('depart_id', '=', departId).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await login(t.app, 'admin')).token;
    lisi = (await login(t.app, 'lisi')).token;
    const added = (await call('POST', '/sys/sysDepart/add', admin, { departName: '核赔测试部', parentId: COMPANY })) as { result: { id: string } };
    departId = added.result.id;
    // A user with no role of their own: whatever they may do comes from a department role.
    testerId = newId();
    await db()
      .insertInto('sys_user')
      .values({ id: testerId, username: 'drtester', realname: '部门角色测试员', password: await hashPassword('123456'), status: 1, del_flag: 0 })
      .execute();
    await db().insertInto('sys_user_depart').values({ id: newId(), user_id: testerId, dep_id: departId }).execute();
    tester = (await login(t.app, 'drtester')).token;
  }, 120_000);
  afterAll(async () => t?.close());

  it('lisi (公估师) is refused with 510 on every endpoint, and nothing changes', async () => {
    const calls: [Method, string, Rec?][] = [
      ['GET', '/sys/sysDepartPermission/queryTreeList'],
      ['GET', `/sys/permission/queryDepartPermission?departId=${departId}`],
      ['POST', '/sys/permission/saveDepartPermission', { departId, permissionIds: await permissionId('role:list') }],
      ['GET', `/sys/sysDepartPermission/queryTreeListForDeptRole?departId=${departId}`],
      ['GET', '/sys/sysDepartPermission/queryDeptRolePermission?roleId=x'],
      ['POST', '/sys/sysDepartPermission/saveDeptRolePermission', { roleId: 'x', permissionIds: '' }],
      ['GET', `/sys/sysDepartRole/list?deptId=${departId}`],
      ['GET', '/sys/sysDepartRole/queryById?id=x'],
      ['POST', '/sys/sysDepartRole/add', { departId, roleName: '越权角色', roleCode: 'sneaky' }],
      ['PUT', '/sys/sysDepartRole/edit', { id: 'x', roleName: '越权角色', roleCode: 'sneaky' }],
      ['DELETE', '/sys/sysDepartRole/delete?id=x'],
      ['DELETE', '/sys/sysDepartRole/deleteBatch?ids=x'],
      ['GET', `/sys/sysDepartRole/getDeptRoleList?departId=${departId}&userId=${testerId}`],
      ['GET', `/sys/sysDepartRole/getDeptRoleByUserId?departId=${departId}&userId=${testerId}`],
      ['POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId: testerId, newRoleId: 'x', oldRoleId: '' }],
      ['GET', '/sys/sysDepartRole/roleUserList?roleId=x'],
      ['POST', '/sys/sysDepartRole/addRoleUsers', { roleId: 'x', userIdList: [testerId] }],
      ['DELETE', `/sys/sysDepartRole/deleteRoleUser?roleId=x&userId=${testerId}`],
      ['DELETE', `/sys/sysDepartRole/deleteRoleUserBatch?roleId=x&userIds=${testerId}`],
      ['GET', `/sys/user/departUserList?depId=${departId}`],
      ['POST', '/sys/user/editSysDepartWithUser', { depId: departId, userIdList: [await userId('lisi')] }],
      ['DELETE', `/sys/user/deleteUserInDepart?depId=${departId}&userId=${testerId}`],
      ['DELETE', `/sys/user/deleteUserInDepartBatch?depId=${departId}&userIds=${testerId}`],
      ['PUT', '/sys/sysDepart/edit', { id: departId, departName: '核赔测试部', parentId: '' }],
    ];
    for (const [method, url, payload] of calls) {
      expect({ url, ...(await call(method, url, lisi, payload)) }).toMatchObject({ url, ...NO_PERMISSION });
    }
    expect(await departGrants()).toEqual([]);
    expect(await db().selectFrom('sys_depart_role').select('id').where('depart_id', '=', departId).execute()).toEqual([]);
    expect(await db().selectFrom('sys_user_depart').select('id').where('dep_id', '=', departId).execute()).toHaveLength(1);
  });

  it('grants a department menus and buttons all or nothing; its roles may get only what it holds; a holder gets them and loses them', async () => {
    // 角色管理 with its parent 系统管理, so it shows in the menu: one id list for both.
    const roleItem = await menuId('schema/sys/role');
    const systemMenu = (await db().selectFrom('sys_permission').select('parent_id').where('id', '=', roleItem).executeTakeFirstOrThrow()).parent_id as string;
    const roleMenu = `${systemMenu},${roleItem}`;
    const roleList = await permissionId('role:list');
    const roleAdd = await permissionId('role:add');
    // Without a grant the user of the department may not call it.
    expect(await call('GET', '/sys/role/queryall', tester)).toMatchObject(NO_PERMISSION);

    // One unknown id: nothing saved.
    expect(await call('POST', '/sys/permission/saveDepartPermission', admin, { departId, permissionIds: `${roleMenu},${roleList},nope`, lastpermissionIds: '' })).toMatchObject({
      success: false,
      message: '菜单或按钮不存在：nope，未保存任何授权',
    });
    expect(await departGrants()).toEqual([]);
    expect(await call('POST', '/sys/permission/saveDepartPermission', admin, { departId: 'nope', permissionIds: roleList })).toMatchObject({ success: false, message: '未找到对应部门' });
    expect(await call('POST', '/sys/permission/saveDepartPermission', admin, { departId, permissionIds: `${roleMenu},${roleList}`, lastpermissionIds: '' })).toMatchObject({
      success: true,
      message: '保存成功！',
    });
    expect((await call('GET', `/sys/permission/queryDepartPermission?departId=${departId}`)).result).toEqual(expect.arrayContaining([systemMenu, roleItem, roleList]));
    // A department grant alone gives its users nothing.
    expect(await call('GET', '/sys/role/queryall', tester)).toMatchObject(NO_PERMISSION);

    // The department role's tree is the department's part of the whole tree.
    const roleTree = (await call('GET', `/sys/sysDepartPermission/queryTreeListForDeptRole?departId=${departId}`)) as { result: { treeList: { key: string; children?: { key: string }[] }[]; ids: string[] } };
    expect(roleTree.result.ids.sort()).toEqual([systemMenu, roleItem, roleList].sort());
    expect(JSON.stringify(roleTree.result.treeList)).toContain(roleList);
    expect(JSON.stringify(roleTree.result.treeList)).not.toContain(roleAdd);

    // Roles: add, unique code per department, list by deptId, edit, queryById.
    expect(await call('POST', '/sys/sysDepartRole/add', admin, { departId, roleName: '核赔组长', roleCode: 'check_lead', description: '复核' })).toMatchObject({ success: true, message: '添加成功！' });
    expect(await call('POST', '/sys/sysDepartRole/add', admin, { departId, roleName: '另一个', roleCode: 'check_lead' })).toMatchObject({
      success: false,
      message: '本部门已有角色编码「check_lead」',
    });
    expect(await call('POST', '/sys/sysDepartRole/add', admin, { departId: 'nope', roleName: '无主角色', roleCode: 'orphan' })).toMatchObject({ success: false, message: '未找到对应部门' });
    expect(await call('POST', '/sys/sysDepartRole/add', admin, { departId, roleName: '坏编码', roleCode: '1bad' })).toMatchObject({ success: false });
    const listed = (await call('GET', `/sys/sysDepartRole/list?deptId=${departId}`)) as { result: { records: Rec[]; total: number } };
    expect(listed.result).toMatchObject({ total: 1, records: [expect.objectContaining({ departId, roleName: '核赔组长', roleCode: 'check_lead', description: '复核' })] });
    const roleId = await roleIdOf('check_lead');
    expect(await call('PUT', '/sys/sysDepartRole/edit', admin, { id: roleId, departId, roleName: '核赔主管', roleCode: 'check_lead', description: '' })).toMatchObject({ success: true });
    expect((await call('GET', `/sys/sysDepartRole/queryById?id=${roleId}`)).result).toMatchObject({ roleName: '核赔主管', description: null });
    expect((await call('GET', `/sys/sysDepartRole/getDeptRoleList?departId=${departId}&userId=${testerId}`)).result).toEqual([expect.objectContaining({ id: roleId })]);

    // Grants of the role: outside the department's, or unknown, saves nothing.
    expect(await call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', admin, { roleId, permissionIds: `${roleMenu},${roleList},${roleAdd}`, lastpermissionIds: '' })).toMatchObject({
      success: false,
      message: expect.stringContaining('部门未获授权的菜单或按钮不能授予部门角色'),
    });
    expect(await call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', admin, { roleId, permissionIds: `${roleMenu},${roleList},nope` })).toMatchObject({ success: false });
    expect(await roleGrants(roleId)).toEqual([]);
    expect(await call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', admin, { roleId, permissionIds: `${roleMenu},${roleList}`, lastpermissionIds: '' })).toMatchObject({
      success: true,
    });
    expect(((await call('GET', `/sys/sysDepartPermission/queryDeptRolePermission?roleId=${roleId}`)).result as string[]).sort()).toEqual([systemMenu, roleItem, roleList].sort());

    // Holders: only members of the department; one outsider adds nobody.
    const lisiId = await userId('lisi');
    expect(await call('POST', '/sys/sysDepartRole/addRoleUsers', admin, { roleId, userIdList: [testerId, lisiId] })).toMatchObject({
      success: false,
      message: '用户 lisi 不属于该部门，不能授予部门角色，未添加任何用户',
    });
    expect(await call('GET', '/sys/role/queryall', tester)).toMatchObject(NO_PERMISSION);
    expect(await call('POST', '/sys/sysDepartRole/addRoleUsers', admin, { roleId, userIdList: [testerId] })).toMatchObject({ success: true });
    expect((await call('GET', `/sys/sysDepartRole/roleUserList?roleId=${roleId}`)).result).toMatchObject({ total: 1, records: [{ username: 'drtester' }] });

    // Now the button and the endpoint are theirs: at the next permission fetch and at once on the server.
    expect(await call('GET', '/sys/role/queryall', tester)).toMatchObject({ success: true });
    const held = await codesOf(tester);
    expect(held.codes).toContain('role:list');
    expect(held.codes).not.toContain('role:add');
    expect(held.menu).toContain('角色管理');

    // A held role is not deleted.
    expect(await call('DELETE', `/sys/sysDepartRole/delete?id=${roleId}`)).toMatchObject({ success: false, message: '部门角色「核赔主管」正被用户 drtester 使用，不能删除' });

    // Removed from the role: gone.
    expect(await call('DELETE', `/sys/sysDepartRole/deleteRoleUser?roleId=${roleId}&userId=${testerId}`)).toMatchObject({ success: true });
    expect(await call('GET', '/sys/role/queryall', tester)).toMatchObject(NO_PERMISSION);
    expect((await codesOf(tester)).codes).not.toContain('role:list');

    // JeecgBoot's per-user assignment.
    expect(await call('POST', '/sys/sysDepartRole/deptRoleUserAdd', admin, { userId: testerId, newRoleId: roleId, oldRoleId: '' })).toMatchObject({ success: true });
    expect((await call('GET', `/sys/sysDepartRole/getDeptRoleByUserId?userId=${testerId}&departId=${departId}`)).result).toEqual([
      expect.objectContaining({ userId: testerId, droleId: roleId }),
    ]);
    expect(await call('GET', '/sys/role/queryall', tester)).toMatchObject({ success: true });

    // The department loses the grant: so does its role, and the holder.
    expect(await call('POST', '/sys/permission/saveDepartPermission', admin, { departId, permissionIds: roleMenu, lastpermissionIds: `${roleMenu},${roleList}` })).toMatchObject({ success: true });
    expect(await roleGrants(roleId)).toEqual([systemMenu, roleItem].sort());
    expect(await call('GET', '/sys/role/queryall', tester)).toMatchObject(NO_PERMISSION);

    // Given back, then the user leaves the department: their role of it goes with them.
    await call('POST', '/sys/permission/saveDepartPermission', admin, { departId, permissionIds: `${roleMenu},${roleList}`, lastpermissionIds: roleMenu });
    await call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', admin, { roleId, permissionIds: `${roleMenu},${roleList}`, lastpermissionIds: roleMenu });
    expect(await call('GET', '/sys/role/queryall', tester)).toMatchObject({ success: true });
    expect(await call('DELETE', `/sys/user/deleteUserInDepart?depId=${departId}&userId=${testerId}`)).toMatchObject({ success: true, message: '删除成功!' });
    expect(await call('GET', '/sys/role/queryall', tester)).toMatchObject(NO_PERMISSION);
    expect(await db().selectFrom('sys_depart_role_user').select('id').where('user_id', '=', testerId).execute()).toEqual([]);

    // A role nobody holds is deleted, with its grants.
    expect(await call('DELETE', `/sys/sysDepartRole/deleteBatch?ids=${roleId}`)).toMatchObject({ success: true });
    expect(await roleGrants(roleId)).toEqual([]);
    expect((await call('GET', `/sys/sysDepartRole/list?deptId=${departId}`)).result).toMatchObject({ total: 0 });
  });

  it('lists, adds and removes the users of a department; one unknown user adds nobody', async () => {
    const [lisiId, wangwuId] = [await userId('lisi'), await userId('wangwu')];
    const listed = async () => ((await call('GET', `/sys/user/departUserList?depId=${departId}`)) as { result: { records: { username: string }[]; total: number } }).result;
    expect(await call('POST', '/sys/user/editSysDepartWithUser', admin, { depId: departId, userIdList: [lisiId, 'nobody'] })).toMatchObject({
      success: false,
      message: '用户不存在：nobody，未添加任何用户',
    });
    expect((await listed()).records.map((u) => u.username)).not.toContain('lisi');
    expect(await call('POST', '/sys/user/editSysDepartWithUser', admin, { depId: departId, userIdList: [lisiId, wangwuId, testerId] })).toMatchObject({ success: true, message: '添加成功!' });
    expect((await listed()).records.map((u) => u.username)).toEqual(['drtester', 'lisi', 'wangwu']);
    expect(((await call('GET', `/sys/user/departUserList?depId=${departId}&username=*wang*`)) as { result: { total: number } }).result.total).toBe(1);
    expect(await call('DELETE', `/sys/user/deleteUserInDepartBatch?depId=${departId}&userIds=${lisiId},${wangwuId}`)).toMatchObject({ success: true });
    expect((await listed()).records.map((u) => u.username)).toEqual(['drtester']);
    // lisi keeps his other department.
    expect(await db().selectFrom('sys_user_depart').select('id').where('user_id', '=', lisiId).execute()).toHaveLength(1);
    expect(await call('GET', '/sys/user/departUserList?depId=nope')).toMatchObject({ success: false, message: '未找到对应部门' });
  });

  it('moves a department under another parent: its subtree and its users follow; never below itself', async () => {
    const child = (await call('POST', '/sys/sysDepart/add', admin, { departName: '核赔一组', parentId: departId })) as { result: { id: string; orgCode: string } };
    const before = await db().selectFrom('sys_depart').select(['org_code']).where('id', '=', departId).executeTakeFirstOrThrow();
    expect(child.result.orgCode).toBe(`${before.org_code}A01`);
    await db().updateTable('sys_user').set({ org_code: child.result.orgCode }).where('id', '=', testerId).execute();

    expect(await call('PUT', '/sys/sysDepart/edit', admin, { id: departId, departName: '核赔测试部', parentId: child.result.id })).toMatchObject({
      success: false,
      message: '不能把部门移到它自己或它的下级部门之下',
    });
    expect(await call('PUT', '/sys/sysDepart/edit', admin, { id: departId, departName: '核赔测试部', parentId: departId })).toMatchObject({ success: false });
    expect(await call('PUT', '/sys/sysDepart/edit', admin, { id: departId, departName: '核赔测试部', parentId: 'nope' })).toMatchObject({ success: false, message: '上级部门不存在或已删除' });
    expect((await db().selectFrom('sys_depart').select('org_code').where('id', '=', departId).executeTakeFirstOrThrow()).org_code).toBe(before.org_code);

    // Under 财务部 (A01A03): the next code there, and the child's code below it.
    const finance = '00000000000000000000000000a01a03';
    expect(await call('PUT', '/sys/sysDepart/edit', admin, { id: departId, departName: '核赔测试部', parentId: finance })).toMatchObject({ success: true });
    const moved = await db().selectFrom('sys_depart').select(['org_code', 'parent_id', 'org_type']).where('id', '=', departId).executeTakeFirstOrThrow();
    expect(moved).toEqual({ org_code: 'A01A03A01', parent_id: finance, org_type: '2' });
    expect((await db().selectFrom('sys_depart').select('org_code').where('id', '=', child.result.id).executeTakeFirstOrThrow()).org_code).toBe('A01A03A01A01');
    expect((await db().selectFrom('sys_user').select('org_code').where('id', '=', testerId).executeTakeFirstOrThrow()).org_code).toBe('A01A03A01A01');
    // A new sub-department continues after the moved child.
    expect(((await call('POST', '/sys/sysDepart/add', admin, { departName: '核赔二组', parentId: departId })) as { result: { orgCode: string } }).result.orgCode).toBe('A01A03A01A02');

    // To the first level, and the old place's next code is not reused.
    expect(await call('PUT', '/sys/sysDepart/edit', admin, { id: departId, departName: '核赔测试部', parentId: '' })).toMatchObject({ success: true });
    const top = await db().selectFrom('sys_depart').select(['org_code', 'parent_id', 'org_type']).where('id', '=', departId).executeTakeFirstOrThrow();
    expect(top).toMatchObject({ parent_id: null, org_type: '1' });
    expect(top.org_code).toMatch(/^[A-Z]\d{2}$/);
    // An edit without parentId keeps the parent.
    expect(await call('PUT', '/sys/sysDepart/edit', admin, { id: departId, departName: '核赔测试部改' })).toMatchObject({ success: true });
    expect((await db().selectFrom('sys_depart').select('org_code').where('id', '=', departId).executeTakeFirstOrThrow()).org_code).toBe(top.org_code);
  });

  it('deleting a department takes its department roles, their grants and its grants with it', async () => {
    const lone = ((await call('POST', '/sys/sysDepart/add', admin, { departName: '临时稽核组', parentId: COMPANY })) as { result: { id: string } }).result.id;
    const roleList = await permissionId('role:list');
    await call('POST', '/sys/permission/saveDepartPermission', admin, { departId: lone, permissionIds: roleList });
    await call('POST', '/sys/sysDepartRole/add', admin, { departId: lone, roleName: '临时组员', roleCode: 'temp_member' });
    const role = (await db().selectFrom('sys_depart_role').select('id').where('depart_id', '=', lone).executeTakeFirstOrThrow()).id;
    await call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', admin, { roleId: role, permissionIds: roleList });
    expect(await call('DELETE', `/sys/sysDepart/delete?id=${lone}`)).toMatchObject({ success: true });
    expect(await db().selectFrom('sys_depart_role').select('id').where('depart_id', '=', lone).execute()).toEqual([]);
    expect(await db().selectFrom('sys_depart_role_permission').select('id').where('role_id', '=', role).execute()).toEqual([]);
    expect(await db().selectFrom('sys_depart_permission').select('id').where('depart_id', '=', lone).execute()).toEqual([]);
  });

  it('migration 0020 gives a database seeded before the 部门管理 buttons and the hidden 部门角色 item, granted to depart:edit holders', async () => {
    const codes = ['depart:authorize', 'depart:users', 'departRole:list', 'departRole:add', 'departRole:edit', 'departRole:delete', 'departRole:authorize', 'departRole:users'];
    // As before 0020: none of it.
    await db().deleteFrom('sys_permission').where('perms', 'in', codes).execute();
    await db().deleteFrom('sys_permission').where('component', '=', 'schema/sys/sysDepartRole').execute();
    for (const table of ['sys_depart_role_user', 'sys_depart_role_permission', 'sys_depart_role', 'sys_depart_permission'] as const) {
      await t.database.db.schema.dropTable(table).execute();
    }

    await migration0020.up(db() as unknown as Kysely<unknown>);
    const after = await codesOf((await login(t.app, 'admin')).token);
    expect(after.codes).toEqual(expect.arrayContaining(codes));
    expect((await codesOf(lisi)).codes).not.toContain('depart:authorize');
    const item = await db().selectFrom('sys_permission').select(['hidden', 'name']).where('component', '=', 'schema/sys/sysDepartRole').executeTakeFirstOrThrow();
    expect(item).toEqual({ hidden: true, name: '部门角色' });
    expect(await call('GET', `/sys/sysDepartRole/list?deptId=${COMPANY}`)).toMatchObject({ success: true, result: { total: 0 } });
  });
});
