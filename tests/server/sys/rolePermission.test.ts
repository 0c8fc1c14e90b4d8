import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as migration0011 from '../../../server/db/migrations/0011_role_permission_pages';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, body, login, startTestApp, type TestApp } from '../support/app';

type Rec = Record<string, unknown>;
interface TreeNode { id: string; key: string; title: string; menuType: number; children?: TreeNode[] }
interface MenuNode { id: string; name: string; menuType: number; perms: string | null; children?: MenuNode[] }

const NO_PERMISSION = { success: false, code: 510, message: '没有权限，请联系管理员授权' };

function flatten<T extends { children?: T[] }>(nodes: readonly T[]): T[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

describe.each(DATABASE_KINDS)('角色管理 and 菜单管理 on %s', (kind) => {
  let ctx: TestApp;
  let admin: string;
  let lisi: string;

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    admin = (await login(ctx.app, 'admin')).token;
    lisi = (await login(ctx.app, 'lisi')).token;
  }, 120_000);
  afterAll(async () => ctx?.close());

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token = admin, payload?: Rec) =>
    body<unknown>(await ctx.app.inject({ method, url: `${API}${url}`, ...(payload ? { payload } : {}), headers: authHeaders(token) }));
  const db = () => ctx.database.db;
  const roleId = async (code: string) => (await db().selectFrom('sys_role').select('id').where('role_code', '=', code).executeTakeFirstOrThrow()).id;
  const buttonId = async (perms: string) =>
    (await db().selectFrom('sys_permission').select('id').where('perms', '=', perms).where('del_flag', '=', 0).executeTakeFirstOrThrow()).id;
  const grantedIds = async (role: string) =>
    (await db().selectFrom('sys_role_permission').select('permission_id').where('role_id', '=', role).execute()).map((r) => r.permission_id).sort();
  const userCodes = async (token: string) =>
    (await call('GET', '/sys/permission/getUserPermissionByToken', token) as { result: { auth: { action: string }[] } }).result.auth.map((a) => a.action);

  it('lisi (公估师) is refused with 510 on every role and menu endpoint, and nothing changes', async () => {
    const adjuster = await roleId('adjuster');
    const before = await grantedIds(adjuster);
    const calls: [Parameters<typeof call>[0], string, Rec?][] = [
      ['GET', '/sys/role/list'],
      ['GET', '/sys/role/queryall'],
      ['GET', '/sys/role/queryTreeList'],
      ['POST', '/sys/role/add', { roleName: '越权', roleCode: 'sneaky' }],
      ['PUT', '/sys/role/edit', { id: adjuster, roleName: '越权', roleCode: 'adjuster' }],
      ['DELETE', `/sys/role/delete?id=${adjuster}`],
      ['GET', '/sys/permission/list'],
      ['GET', '/sys/permission/getSystemMenuList'],
      ['GET', `/sys/permission/getSystemSubmenu?parentId=${before[0]}`],
      ['GET', `/sys/permission/getSystemSubmenuBatch?parentIds=${before[0]}`],
      ['GET', '/sys/permission/queryTreeList'],
      ['GET', `/sys/permission/queryRolePermission?roleId=${adjuster}`],
      ['POST', '/sys/permission/saveRolePermission', { roleId: adjuster, permissionIds: '', lastpermissionIds: before.join(',') }],
      ['POST', '/sys/permission/add', { menuType: 0, name: '越权', url: '/sneaky' }],
      ['PUT', '/sys/permission/edit', { id: before[0], menuType: 0, name: '越权', url: '/sneaky' }],
      ['DELETE', `/sys/permission/delete?id=${before[0]}`],
      ['GET', `/sys/user/userRoleList?roleId=${adjuster}`],
      ['POST', '/sys/user/addSysUserRole', { roleId: adjuster, userIdList: ['x'] }],
      ['DELETE', `/sys/user/deleteUserRole?roleId=${adjuster}&userId=x`],
      ['DELETE', `/sys/user/deleteUserRoleBatch?roleId=${adjuster}&userIds=x`],
    ];
    for (const [method, url, payload] of calls) {
      expect({ url, ...(await call(method, url, lisi, payload) as unknown as Rec) }).toMatchObject({ url, ...NO_PERMISSION });
    }
    expect(await grantedIds(adjuster)).toEqual(before);
    expect(await db().selectFrom('sys_role').select('id').where('role_code', '=', 'sneaky').executeTakeFirst()).toBeUndefined();
  });

  it('adds, lists, edits and deletes a role; the code is unique; queryall lists every role', async () => {
    expect(await call('POST', '/sys/role/add', admin, { roleName: '核赔员', roleCode: 'checker', description: '复核理算' })).toMatchObject({ success: true });
    const dup = (await call('POST', '/sys/role/add', admin, { roleName: '另一个', roleCode: 'checker' })) as unknown as Rec;
    expect(dup).toMatchObject({ success: false, message: expect.stringContaining('角色编码「checker」已存在') });
    const list = (await call('GET', '/sys/role/list?roleName=*核赔*')) as { result: { records: Rec[] } };
    expect(list.result.records).toEqual([expect.objectContaining({ roleName: '核赔员', roleCode: 'checker', description: '复核理算' })]);
    const id = String(list.result.records[0].id);
    expect(await call('PUT', '/sys/role/edit', admin, { id, roleName: '核赔专员', roleCode: 'checker', description: '' })).toMatchObject({ success: true });
    const all = (await call('GET', '/sys/role/queryall')) as { result: Rec[] };
    expect(all.result.map((r) => r.roleName)).toEqual(expect.arrayContaining(['管理员', '公估师', '核赔专员']));
    expect(await call('DELETE', `/sys/role/delete?id=${id}`)).toMatchObject({ success: true });
    expect(await db().selectFrom('sys_role').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('refuses deleting a role users hold, naming them, and keeps the role and its users', async () => {
    const adjuster = await roleId('adjuster');
    const answer = (await call('DELETE', `/sys/role/delete?id=${adjuster}`)) as unknown as Rec;
    expect(answer).toMatchObject({ success: false });
    expect(answer.message).toMatch(/^角色「公估师」正被用户 .*lisi.* 使用，不能删除$/);
    expect(await db().selectFrom('sys_user_role').select('id').where('role_id', '=', adjuster).execute()).not.toHaveLength(0);
  });

  it('lists, adds and removes the users of a role; an unknown user adds nobody', async () => {
    await call('POST', '/sys/role/add', admin, { roleName: '临时角色', roleCode: 'temp_role' });
    const temp = await roleId('temp_role');
    const users = Object.fromEntries(
      (await db().selectFrom('sys_user').select(['id', 'username']).execute()).map((u) => [u.username, u.id]),
    );
    const listed = async () =>
      ((await call('GET', `/sys/user/userRoleList?roleId=${temp}`)) as { result: { records: { username: string }[]; total: number } }).result;
    expect(await listed()).toMatchObject({ records: [], total: 0 });
    expect(await call('POST', '/sys/user/addSysUserRole', admin, { roleId: temp, userIdList: [users.lisi, 'nobody'] })).toMatchObject({
      success: false,
      message: '用户不存在：nobody，未添加任何用户',
    });
    expect((await listed()).total).toBe(0);
    expect(await call('POST', '/sys/user/addSysUserRole', admin, { roleId: temp, userIdList: [users.lisi, users.wangwu] })).toMatchObject({ success: true });
    expect((await listed()).records.map((r) => r.username)).toEqual(['lisi', 'wangwu']);
    const refused = (await call('DELETE', `/sys/role/delete?id=${temp}`)) as unknown as Rec;
    expect(refused.message).toBe('角色「临时角色」正被用户 lisi、wangwu 使用，不能删除');
    expect(await call('DELETE', `/sys/user/deleteUserRole?roleId=${temp}&userId=${users.lisi}`)).toMatchObject({ success: true });
    expect((await listed()).records.map((r) => r.username)).toEqual(['wangwu']);
    expect(await call('DELETE', `/sys/user/deleteUserRoleBatch?roleId=${temp}&userIds=${users.wangwu}`)).toMatchObject({ success: true });
    expect((await listed()).total).toBe(0);
    expect(await call('DELETE', `/sys/role/delete?id=${temp}`)).toMatchObject({ success: true });
    expect(await call('GET', `/sys/user/userRoleList?roleId=${temp}`)).toMatchObject({ success: false, message: '角色不存在' });
  });

  it('answers the authorisation tree and the role grants; saving removes a button: the user loses it at the next fetch and gets 510', async () => {
    const adjuster = await roleId('adjuster');
    const tree = (await call('GET', '/sys/permission/queryTreeList')) as { result: { treeList: TreeNode[]; ids: string[] } };
    const nodes = flatten(tree.result.treeList);
    expect(nodes.length).toBe(tree.result.ids.length);
    expect(nodes.find((n) => n.title === '系统管理')?.children?.map((c) => c.title)).toEqual(expect.arrayContaining(['角色管理', '菜单管理']));
    expect((await call('GET', '/sys/role/queryTreeList')) as unknown as Rec).toMatchObject({ success: true, result: { ids: tree.result.ids } });

    const seeded = ((await call('GET', `/sys/permission/queryRolePermission?roleId=${adjuster}`)) as { result: string[] }).result;
    const expertAdd = await buttonId('expert:add');
    // 公估师 is given 专家's 添加 first (the seed does not), then it is taken away.
    expect(seeded).not.toContain(expertAdd);
    expect(await userCodes(lisi)).not.toContain('expert:add');
    await call('POST', '/sys/permission/saveRolePermission', admin, { roleId: adjuster, permissionIds: [...seeded, expertAdd].join(','), lastpermissionIds: seeded.join(',') });
    expect(await userCodes(lisi)).toContain('expert:add');
    const granted = ((await call('GET', `/sys/permission/queryRolePermission?roleId=${adjuster}`)) as { result: string[] }).result;
    expect(granted).toContain(expertAdd);

    const kept = granted.filter((id) => id !== expertAdd);
    expect(await call('POST', '/sys/permission/saveRolePermission', admin, { roleId: adjuster, permissionIds: kept.join(','), lastpermissionIds: granted.join(',') })).toMatchObject({
      success: true,
      message: '保存成功！',
    });
    expect(await grantedIds(adjuster)).toEqual([...kept].sort());
    expect(await userCodes(lisi)).not.toContain('expert:add');
    expect(await call('POST', '/maintenance/expert/add', lisi, { expertName: '无权专家' })).toMatchObject(NO_PERMISSION);

    expect(await grantedIds(adjuster)).toEqual([...seeded].sort());
  });

  it('saves all or nothing: an unknown id or role changes nothing', async () => {
    const adjuster = await roleId('adjuster');
    const before = await grantedIds(adjuster);
    const answer = (await call('POST', '/sys/permission/saveRolePermission', admin, {
      roleId: adjuster,
      permissionIds: [...before.slice(1), 'no-such-menu'].join(','),
      lastpermissionIds: before.join(','),
    })) as unknown as Rec;
    expect(answer).toMatchObject({ success: false, message: '菜单或按钮不存在：no-such-menu，未保存任何授权' });
    expect(await grantedIds(adjuster)).toEqual(before);
    expect(await call('POST', '/sys/permission/saveRolePermission', admin, { roleId: 'no-such-role', permissionIds: before.join(',') })).toMatchObject({
      success: false,
      message: '角色不存在',
    });
    expect(await call('GET', '/sys/permission/queryRolePermission?roleId=no-such-role')).toMatchObject({ success: false, message: '角色不存在' });
  });

  it('answers the menu tree, adds a menu with a button, edits it, refuses misplaced entries, deletes with the children', async () => {
    const tree = ((await call('GET', '/sys/permission/list')) as { result: MenuNode[] }).result;
    const system = tree.find((n) => n.name === '系统管理') as MenuNode;
    expect(system.menuType).toBe(0);
    const role = system.children?.find((n) => n.name === '角色管理') as MenuNode;
    expect(role.children?.map((c) => c.perms)).toEqual(expect.arrayContaining(['role:add', 'role:authorize']));

    const add = (payload: Rec) => call('POST', '/sys/permission/add', admin, payload) as unknown as Promise<Rec>;
    expect(await add({ menuType: 0, name: '审计中心', url: '/audit', component: 'layouts/RouteView', icon: 'audit', sortNo: 20 })).toMatchObject({ success: true });
    const top = await db().selectFrom('sys_permission').selectAll().where('url', '=', '/audit').executeTakeFirstOrThrow();
    expect(top).toMatchObject({ parent_id: null, menu_type: 0, icon: 'audit', is_leaf: true });
    expect(await add({ menuType: 1, name: '审计日志', url: '/audit/log', component: 'schema/sys/role', parentId: top.id, keepAlive: true, hidden: false, alwaysShow: false, internalOrExternal: false, route: true })).toMatchObject({ success: true });
    const sub = await db().selectFrom('sys_permission').selectAll().where('url', '=', '/audit/log').executeTakeFirstOrThrow();
    expect(await add({ menuType: 2, name: '导出审计', parentId: sub.id, perms: 'audit:export', status: '1', permsType: '1' })).toMatchObject({ success: true });
    const button = await db().selectFrom('sys_permission').selectAll().where('perms', '=', 'audit:export').executeTakeFirstOrThrow();
    expect(button).toMatchObject({ menu_type: 2, parent_id: sub.id, status: '1', url: null });
    expect((await db().selectFrom('sys_permission').select('is_leaf').where('id', '=', top.id).executeTakeFirstOrThrow()).is_leaf).toBe(false);

    expect(await add({ menuType: 1, name: '无上级', url: '/orphan' })).toMatchObject({ success: false, message: expect.stringContaining('子菜单和按钮必须选择上级菜单') });
    expect(await add({ menuType: 2, name: '重复', parentId: sub.id, perms: 'role:add' })).toMatchObject({ success: false, message: expect.stringContaining('授权标识「role:add」已存在') });
    expect(await add({ menuType: 2, name: '按钮下', parentId: button.id, perms: 'audit:x' })).toMatchObject({ success: false, message: expect.stringContaining('按钮下不能再添加菜单或按钮') });

    expect(
      await call('PUT', '/sys/permission/edit', admin, { id: sub.id, menuType: 1, name: '审计记录', url: '/audit/log', parentId: top.id, icon: 'ant-design:file-search-outlined', hidden: true, keepAlive: false, perms: null, permsType: null, status: null }),
    ).toMatchObject({ success: true });
    expect(await db().selectFrom('sys_permission').selectAll().where('id', '=', sub.id).executeTakeFirstOrThrow()).toMatchObject({ name: '审计记录', hidden: true, keep_alive: false, icon: 'ant-design:file-search-outlined', perms_type: '1', status: '1' });
    expect(await call('PUT', '/sys/permission/edit', admin, { id: top.id, menuType: 1, name: '审计中心', url: '/audit', parentId: sub.id })).toMatchObject({
      success: false,
      message: expect.stringContaining('上级菜单不能是自己或自己的下级'),
    });

    // Granted to 公估师, then deleted with its children: the grants go too.
    const adjuster = await roleId('adjuster');
    const granted = ((await call('GET', `/sys/permission/queryRolePermission?roleId=${adjuster}`)) as { result: string[] }).result;
    await call('POST', '/sys/permission/saveRolePermission', admin, { roleId: adjuster, permissionIds: [...granted, top.id, sub.id, button.id].join(','), lastpermissionIds: granted.join(',') });
    expect(await userCodes(lisi)).toContain('audit:export');
    expect(await call('DELETE', `/sys/permission/delete?id=${top.id}`)).toMatchObject({ success: true, message: '删除成功！（含下级 2 项）' });
    expect(await db().selectFrom('sys_permission').select('id').where('id', 'in', [top.id, sub.id, button.id]).execute()).toEqual([]);
    expect(await userCodes(lisi)).not.toContain('audit:export');
    expect(await call('DELETE', `/sys/permission/delete?id=${top.id}`)).toMatchObject({ success: false, message: '未找到对应数据' });
  });

  it('finds menus by name with the menus they hang under, and answers JeecgBoot’s lazy menu tree', async () => {
    const found = ((await call('GET', `/sys/permission/list?name=${encodeURIComponent('*角色管理*')}`)) as { result: MenuNode[] }).result;
    expect(found.map((n) => n.name)).toEqual(['系统管理']);
    expect(flatten(found).map((n) => n.name)).toEqual(['系统管理', '角色管理']);
    expect(((await call('GET', `/sys/permission/list?name=${encodeURIComponent('没有这个菜单')}`)) as { result: MenuNode[] }).result).toEqual([]);

    const roots = ((await call('GET', '/sys/permission/getSystemMenuList')) as { result: (MenuNode & { leaf: boolean })[] }).result;
    const system = roots.find((n) => n.name === '系统管理');
    expect(roots.every((n) => n.menuType === 0)).toBe(true);
    expect(system).toMatchObject({ leaf: false });
    const subs = ((await call('GET', `/sys/permission/getSystemSubmenu?parentId=${system?.id}`)) as { result: MenuNode[] }).result;
    expect(subs.map((n) => n.name)).toContain('角色管理');
    const batch = ((await call('GET', `/sys/permission/getSystemSubmenuBatch?parentIds=${system?.id},nobody`)) as { result: Record<string, MenuNode[]> }).result;
    expect(batch[system?.id ?? ''].map((n) => n.id)).toEqual(subs.map((n) => n.id));
    expect(batch.nobody).toEqual([]);
    expect(await call('GET', '/sys/permission/getSystemSubmenu')).toMatchObject({ success: false });
  });

  it('migration 0011 switches a database seeded before to the page documents and keeps the admin its new codes', async () => {
    // A database as seeded before 0011: the old components, no role:list / role:users / permission:list.
    await db().deleteFrom('sys_permission').where('perms', 'in', ['role:list', 'role:users', 'permission:list']).execute();
    await db().updateTable('sys_permission').set({ component: 'system/RoleList' }).where('component', '=', 'schema/sys/role').execute();
    await db().updateTable('sys_permission').set({ component: 'system/PermissionList' }).where('component', '=', 'schema/sys/permission').execute();
    expect(await call('GET', '/sys/role/list')).toMatchObject(NO_PERMISSION);

    await migration0011.up(db() as unknown as Kysely<unknown>);
    const components = (await db().selectFrom('sys_permission').select('component').where('name', 'in', ['角色管理', '菜单管理']).where('menu_type', '=', 1).execute()).map((r) => r.component);
    expect(components.sort()).toEqual(['schema/sys/permission', 'schema/sys/role']);
    const fresh = (await login(ctx.app, 'admin')).token;
    expect(await call('GET', '/sys/role/list', fresh)).toMatchObject({ success: true });
    expect(await call('GET', '/sys/permission/list', fresh)).toMatchObject({ success: true });
    expect(await userCodes(lisi)).not.toContain('role:list');
    // Run again, it adds nothing twice.
    await migration0011.up(db() as unknown as Kysely<unknown>);
    expect(await db().selectFrom('sys_permission').select('id').where('perms', '=', 'role:list').execute()).toHaveLength(1);
  });
});
