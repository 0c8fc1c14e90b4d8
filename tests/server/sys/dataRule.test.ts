import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWorkbook } from '../../../server/excel';
import { computeSign } from '../../../server/http/sign';
import { sql, type Kysely } from 'kysely';
import * as migration0017 from '../../../server/db/migrations/0017_permission_data_rule';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, body, login, startTestApp, type TestApp } from '../support/app';

type Rec = Record<string, unknown>;
const NO_PERMISSION = { success: false, code: 510, message: '没有权限，请联系管理员授权' };
const LISI_EXPERTS = ['E01', 'E02'];

describe.each(DATABASE_KINDS)('数据规则 on %s', (kind) => {
  let ctx: TestApp;
  let admin: string;
  let lisi: string;
  let expertMenu: string;
  let adjuster: string;

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    admin = (await login(ctx.app, 'admin')).token;
    lisi = (await login(ctx.app, 'lisi')).token;
    const db = ctx.database.db;
    expertMenu = (await db.selectFrom('sys_permission').select('id').where('component', '=', 'schema/maintenance/expert').executeTakeFirstOrThrow()).id;
    adjuster = (await db.selectFrom('sys_role').select('id').where('role_code', '=', 'adjuster').executeTakeFirstOrThrow()).id;
    // Two experts lisi created; the others someone else.
    await db.updateTable('mnt_expert' as never).set({ create_by: 'admin' } as never).execute();
    await db.updateTable('mnt_expert' as never).set({ create_by: 'lisi' } as never).where('id' as never, 'in', LISI_EXPERTS as never).execute();
  }, 120_000);
  afterAll(async () => ctx?.close());

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token = admin, payload?: Rec) =>
    body<unknown>(await ctx.app.inject({ method, url: `${API}${url}`, ...(payload ? { payload } : {}), headers: authHeaders(token) })) as unknown as Rec & { result: unknown };
  const db = () => ctx.database.db;

  /** Adds a rule on 专家 (as admin) and returns its id. */
  async function addRule(rule: Rec): Promise<string> {
    const answer = await call('POST', '/sys/permission/addPermissionRule', admin, { permissionId: expertMenu, status: '1', ruleName: '规则', ...rule });
    expect(answer, String(answer.message)).toMatchObject({ success: true, message: '添加成功！' });
    const row = await db().selectFrom('sys_permission_data_rule').select('id').where('permission_id', '=', expertMenu).orderBy('create_time', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow();
    return row.id;
  }
  const enable = async (ids: readonly string[]) =>
    call('POST', '/sys/role/datarule', admin, { permissionId: expertMenu, roleId: adjuster, dataRuleIds: ids.join(',') });
  const clearRules = async () => {
    await db().updateTable('sys_role_permission').set({ data_rule_ids: null }).execute();
    await db().deleteFrom('sys_permission_data_rule').execute();
  };
  const listIds = async (token = lisi, query = '') => {
    const answer = (await call('GET', `/maintenance/expert/list?pageSize=100${query}`, token)) as { success: boolean; message: string; result: { records: Rec[]; total: number } };
    expect(answer.success, answer.message).toBe(true);
    expect(answer.result.total).toBe(answer.result.records.length);
    return answer.result.records.map((r) => String(r.id)).sort();
  };
  const allIds = async () => (await db().selectFrom('mnt_expert' as never).select('id' as never).execute()).map((r) => String((r as Rec).id)).sort();

  it('lisi (公估师) is refused with 510 on every data-rule endpoint, and nothing changes', async () => {
    const ruleId = await addRule({ ruleColumn: 'createBy', ruleConditions: '=', ruleValue: '#{sys_user_code}' });
    const calls: [Parameters<typeof call>[0], string, Rec?][] = [
      ['GET', `/sys/permission/getPermRuleListByPermId?permissionId=${expertMenu}`],
      ['GET', `/sys/permission/queryPermissionRule?permissionId=${expertMenu}`],
      ['POST', '/sys/permission/addPermissionRule', { permissionId: expertMenu, ruleName: 'x', ruleColumn: 'id', ruleConditions: '=', ruleValue: '1', status: '1' }],
      ['PUT', '/sys/permission/editPermissionRule', { id: ruleId, permissionId: expertMenu, ruleName: 'x', ruleColumn: 'id', ruleConditions: '=', ruleValue: '1', status: '1' }],
      ['DELETE', `/sys/permission/deletePermissionRule?id=${ruleId}`],
      ['GET', `/sys/permissionDataRule/list?permissionId=${expertMenu}`],
      ['GET', '/sys/permissionDataRule/menuTree'],
      ['POST', '/sys/permissionDataRule/add', { permissionId: expertMenu, ruleName: 'x', ruleColumn: 'id', ruleConditions: '=', ruleValue: '1', status: '1' }],
      ['GET', `/sys/role/datarule/${expertMenu}/${adjuster}`],
      ['POST', '/sys/role/datarule', { permissionId: expertMenu, roleId: adjuster, dataRuleIds: '' }],
    ];
    for (const [method, url, payload] of calls) {
      expect({ url, ...(await call(method, url, lisi, payload)) }).toMatchObject({ url, ...NO_PERMISSION });
    }
    // The seed's own rules (the roles' case scopes) sit on other menus.
    const rules = await db().selectFrom('sys_permission_data_rule').selectAll().where('permission_id', '=', expertMenu).execute();
    expect(rules.map((r) => [r.id, r.rule_name, r.rule_column])).toEqual([[ruleId, '规则', 'createBy']]);
    await clearRules();
  });

  it('adds, lists, queries, edits and deletes rules at JeecgBoot paths; the page validates them', async () => {
    const id = await addRule({ ruleName: '本人创建', ruleColumn: 'createBy', ruleConditions: '=', ruleValue: '#{sys_user_code}' });
    await addRule({ ruleName: '男性', ruleColumn: 'sex', ruleConditions: '=', ruleValue: '1', status: '0' });
    const byMenu = (await call('GET', `/sys/permission/getPermRuleListByPermId?permissionId=${expertMenu}`)) as { result: Rec[] };
    expect(byMenu.result).toEqual([
      expect.objectContaining({ id, permissionId: expertMenu, ruleName: '本人创建', ruleColumn: 'createBy', ruleConditions: '=', ruleConditions_dictText: '等于', ruleValue: '#{sys_user_code}', status: '1' }),
      expect.objectContaining({ ruleName: '男性', status: '0' }),
    ]);
    const queried = (await call('GET', `/sys/permission/queryPermissionRule?permissionId=${expertMenu}&ruleName=男性`)) as { result: Rec[] };
    expect(queried.result.map((r) => r.ruleName)).toEqual(['男性']);
    const generic = (await call('GET', `/sys/permissionDataRule/list?permissionId=${expertMenu}`)) as { result: { records: Rec[] } };
    expect(generic.result.records).toHaveLength(2);

    const bad = await call('POST', '/sys/permission/addPermissionRule', admin, { permissionId: expertMenu, ruleName: '坏', ruleColumn: 'x; DROP TABLE', ruleConditions: 'USE_SQL_RULES', ruleValue: '1', status: '1' });
    expect(bad).toMatchObject({ success: false });
    expect(JSON.stringify(bad.result)).toContain('ruleColumn');
    expect(JSON.stringify(bad.result)).toContain('ruleConditions');

    expect(await call('PUT', '/sys/permission/editPermissionRule', admin, { id, permissionId: expertMenu, ruleName: '本人', ruleColumn: 'createBy', ruleConditions: '!=', ruleValue: 'x', status: '1' })).toMatchObject({ success: true, message: '更新成功！' });
    expect((await db().selectFrom('sys_permission_data_rule').select(['rule_name', 'rule_conditions']).where('id', '=', id).executeTakeFirstOrThrow())).toEqual({ rule_name: '本人', rule_conditions: '!=' });
    expect(await call('DELETE', `/sys/permission/deletePermissionRule?id=${id}`)).toMatchObject({ success: true, message: '删除成功！' });
    expect(await call('DELETE', `/sys/permission/deletePermissionRule?id=${id}`)).toMatchObject({ success: false });

    const tree = (await call('GET', '/sys/permissionDataRule/menuTree')) as { result: { title: string; key: string; children?: unknown[] }[] };
    const flat = (nodes: readonly Rec[]): Rec[] => nodes.flatMap((n) => [n, ...flat((n.children as Rec[] | undefined) ?? [])]);
    const nodes = flat(tree.result as unknown as Rec[]);
    expect(nodes.find((n) => n.key === expertMenu)).toMatchObject({ title: '专家（1）', ruleCount: 1 });
    expect(nodes.some((n) => String(n.title).startsWith('新增'))).toBe(false);
    await clearRules();
  });

  it('gives a role rules of a menu it holds (授权); refuses a menu it lacks and a rule of another menu', async () => {
    expect(await call('GET', `/sys/role/datarule/${expertMenu}/${adjuster}`)).toMatchObject({ success: false, message: '未找到权限配置信息' });
    const own = await addRule({ ruleColumn: 'createBy', ruleConditions: '=', ruleValue: '#{sys_user_code}' });
    const other = await addRule({ ruleColumn: 'sex', ruleConditions: '=', ruleValue: '1' });
    const before = (await call('GET', `/sys/role/datarule/${expertMenu}/${adjuster}`)) as { result: Rec };
    expect(before.result.drChecked).toBeUndefined();
    expect((before.result.datarule as Rec[]).map((r) => r.id)).toEqual([own, other]);

    expect(await enable([own])).toMatchObject({ success: true, message: '保存成功!' });
    const after = (await call('GET', `/sys/role/datarule/${expertMenu}/${adjuster}`)) as { result: Rec };
    expect(after.result.drChecked).toBe(own);

    const financeMenu = (await db().selectFrom('sys_permission').select('id').where('component', '=', 'schema/sys/dict').executeTakeFirstOrThrow()).id;
    expect(await call('POST', '/sys/role/datarule', admin, { permissionId: financeMenu, roleId: adjuster, dataRuleIds: own })).toMatchObject({ success: false, message: '请先保存角色菜单权限!' });
    const adminRole = (await db().selectFrom('sys_role').select('id').where('role_code', '=', 'admin').executeTakeFirstOrThrow()).id;
    expect(await call('POST', '/sys/role/datarule', admin, { permissionId: financeMenu, roleId: adminRole, dataRuleIds: own })).toMatchObject({ success: false, message: expect.stringContaining('数据规则不属于该菜单') });
    expect((await db().selectFrom('sys_role_permission').select('data_rule_ids').where('role_id', '=', adminRole).where('permission_id', '=', financeMenu).executeTakeFirstOrThrow()).data_rule_ids).toBeNull();
    await clearRules();
  });

  it('applies create_by = #{sys_user_code} to lisi’s list, detail and export; admin and other roles see every row', async () => {
    const everyone = await allIds();
    expect(await listIds()).toEqual(everyone);
    await enable([await addRule({ ruleColumn: 'createBy', ruleConditions: '=', ruleValue: '#{sys_user_code}' })]);
    expect(await listIds()).toEqual(LISI_EXPERTS);
    // The list's own query narrows further, never widens.
    expect(await listIds(lisi, '&id=E03')).toEqual([]);
    expect(await listIds(admin)).toEqual(everyone);

    expect(await call('GET', '/maintenance/expert/queryById?id=E01', lisi)).toMatchObject({ success: true, result: { id: 'E01' } });
    expect(await call('GET', '/maintenance/expert/queryById?id=E03', lisi)).toMatchObject({ success: false, message: '未找到对应数据' });
    expect(await call('GET', '/maintenance/expert/queryById?id=E03', admin)).toMatchObject({ success: true });

    // Export: give 公估师 the export code for this test.
    const exportButton = (await db().selectFrom('sys_permission').select('id').where('perms', '=', 'expert:exportXls').executeTakeFirstOrThrow()).id;
    await db().insertInto('sys_role_permission').values({ id: 'test_export_grant', role_id: adjuster, permission_id: exportButton }).execute();
    try {
      const response = await ctx.app.inject({ method: 'GET', url: `${API}/maintenance/expert/exportXls`, headers: authHeaders(lisi) });
      expect(response.statusCode).toBe(200);
      const sheet = await readWorkbook(response.rawPayload, 'export.xlsx');
      const header = sheet.rows.find((r) => r.cells.includes('专家姓名'));
      if (!header) throw new Error('no header row');
      const names = sheet.rows.filter((r) => r.rowNumber > header.rowNumber).map((r) => String(r.cells[header.cells.indexOf('专家姓名')]));
      const expected = await db().selectFrom('mnt_expert' as never).select('expert_name' as never).where('id' as never, 'in', LISI_EXPERTS as never).execute();
      expect(names.sort()).toEqual(expected.map((r) => String((r as Rec).expert_name)).sort());
    } finally {
      await db().deleteFrom('sys_role_permission').where('id', '=', 'test_export_grant').execute();
    }

    // A disabled rule no longer applies.
    await db().updateTable('sys_permission_data_rule').set({ status: '0' }).execute();
    expect(await listIds()).toEqual(everyone);
    await clearRules();
  });

  it.each([
    ['=', 'id', 'E03', ['E03']],
    ['!=', 'id', 'E03', 'all-but:E03'],
    ['>', 'id', 'E08', ['E09', 'E10']],
    ['>=', 'id', 'E09', ['E09', 'E10']],
    ['<', 'id', 'E02', ['E01']],
    ['<=', 'id', 'E02', ['E01', 'E02']],
    ['IN', 'id', 'E01, E05,E07', ['E01', 'E05', 'E07']],
    ['LIKE', 'id', '1', ['E01', 'E10']],
    ['RIGHT_LIKE', 'id', 'E1', ['E10']],
    ['LEFT_LIKE', 'id', '3', ['E03']],
    ['=', 'create_by', '#{sysUserCode}', LISI_EXPERTS],
  ] as const)('condition %s on %s %s', async (condition, column, value, expected) => {
    await enable([await addRule({ ruleColumn: column, ruleConditions: condition, ruleValue: value })]);
    const everyone = await allIds();
    const want = typeof expected === 'string' ? everyone.filter((id) => id !== expected.slice('all-but:'.length)) : [...expected];
    expect(await listIds()).toEqual(want);
    await clearRules();
  });

  it('ANDs several rules; ignores a rule naming no field of the page; a value that cannot fit closes the list', async () => {
    const a = await addRule({ ruleColumn: 'createBy', ruleConditions: '=', ruleValue: '#{sys_user_code}' });
    const b = await addRule({ ruleColumn: 'id', ruleConditions: '!=', ruleValue: 'E01' });
    const ghost = await addRule({ ruleColumn: 'noSuchField', ruleConditions: '=', ruleValue: 'x' });
    await enable([a, b, ghost]);
    expect(await listIds()).toEqual(['E02']);
    await enable([ghost]);
    expect(await listIds()).toEqual(await allIds());
    // createTime is a datetime: text that is no time lets nothing through rather than everything.
    await enable([await addRule({ ruleColumn: 'createTime', ruleConditions: '>=', ruleValue: 'yesterday' })]);
    expect(await listIds()).toEqual([]);
    await clearRules();
  });

  it('binds values: quotes and SQL in a rule value match only that text', async () => {
    await db().updateTable('mnt_expert' as never).set({ remark: "x' OR '1'='1" } as never).where('id' as never, '=', 'E04' as never).execute();
    await enable([await addRule({ ruleColumn: 'remark', ruleConditions: '=', ruleValue: "x' OR '1'='1" })]);
    expect(await listIds()).toEqual(['E04']);
    await clearRules();
    await enable([await addRule({ ruleColumn: 'expertName', ruleConditions: 'LIKE', ruleValue: "%' OR 1=1 --" })]);
    expect(await listIds()).toEqual([]);
    expect(await call('GET', '/sys/permission/list')).toMatchObject({ success: true });
    await clearRules();
  });

  it('narrows the 专家 table dictionary other pages read (专家费’s 专家 select) to the rows the rules let through', async () => {
    const dictItems = async () => {
      const path = '/sys/dict/getDictItems/mnt_expert,expert_name,id';
      const stamp = new Date(Date.now() + 8 * 3600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
      const response = await ctx.app.inject({
        method: 'GET',
        url: `${API}${path.split('/').map(encodeURIComponent).join('/')}`,
        headers: { ...authHeaders(lisi), 'x-sign': computeSign({}, 'mnt_expert,expert_name,id'), 'x-timestamp': stamp },
      });
      const answer = body<{ value: string }[]>(response);
      expect(answer.success, answer.message).toBe(true);
      return answer.result.map((i) => i.value).sort();
    };
    expect(await dictItems()).toEqual(await allIds());
    await enable([await addRule({ ruleColumn: 'createBy', ruleConditions: '=', ruleValue: '#{sys_user_code}' })]);
    expect(await dictItems()).toEqual(LISI_EXPERTS);
    // The 选择专家 popup (online report over the 专家 page) likewise.
    const popup = (await call('GET', '/online/cgreport/api/getData/expert_report?pageSize=100', lisi)) as { result: { total: number; records: Rec[] } };
    const names = await db().selectFrom('mnt_expert' as never).select('expert_name' as never).where('id' as never, 'in', LISI_EXPERTS as never).execute();
    expect(popup.result.records.map((r) => r.expertName).sort()).toEqual(names.map((r) => String((r as Rec).expert_name)).sort());
    expect(popup.result.total).toBe(2);
    await clearRules();
  });

  it('uses the session’s org code, date and tenant', async () => {
    const user = await db().selectFrom('sys_user').select('org_code').where('username', '=', 'lisi').executeTakeFirstOrThrow();
    await db().updateTable('mnt_expert' as never).set({ sys_org_code: 'ZZ99' } as never).execute();
    await db().updateTable('mnt_expert' as never).set({ sys_org_code: user.org_code } as never).where('id' as never, '=', 'E05' as never).execute();
    await enable([await addRule({ ruleColumn: 'sysOrgCode', ruleConditions: '=', ruleValue: '#{sys_org_code}' })]);
    expect(await listIds()).toEqual(['E05']);
    await clearRules();
    await enable([await addRule({ ruleColumn: 'createTime', ruleConditions: '<=', ruleValue: '#{sys_time}' })]);
    expect(await listIds()).toEqual(await allIds());
    await clearRules();
  });

  it('migration 0017 switches a database seeded before to the 数据规则 page and grants its codes to the menu’s holders', async () => {
    const codes = ['dataRule:add', 'dataRule:edit', 'dataRule:delete', 'dataRule:list'];
    await db().deleteFrom('sys_permission').where('perms', 'in', codes).execute();
    await db().updateTable('sys_permission').set({ component: 'system/PermissionDataRuleList' }).where('component', '=', 'schema/sys/permissionDataRule').execute();
    await sql`DROP TABLE sys_permission_data_rule`.execute(db());
    await migration0017.up(db() as unknown as Kysely<unknown>);
    const menu = await db().selectFrom('sys_permission').select(['id', 'component']).where('name', '=', '数据规则').where('menu_type', '!=', 2).executeTakeFirstOrThrow();
    expect(menu.component).toBe('schema/sys/permissionDataRule');
    const buttons = await db().selectFrom('sys_permission').select(['id', 'perms', 'parent_id']).where('perms', 'in', codes).execute();
    expect(buttons.map((b) => [b.perms, b.parent_id]).sort()).toEqual(codes.map((c) => [c, menu.id]).sort());
    const adminRole = (await db().selectFrom('sys_role').select('id').where('role_code', '=', 'admin').executeTakeFirstOrThrow()).id;
    const held = await db().selectFrom('sys_role_permission').select('permission_id').where('role_id', '=', adminRole).where('permission_id', 'in', buttons.map((b) => b.id)).execute();
    expect(held).toHaveLength(4);
    await addRule({ ruleColumn: 'createBy', ruleConditions: '=', ruleValue: 'x' });
    await clearRules();
  });
});
