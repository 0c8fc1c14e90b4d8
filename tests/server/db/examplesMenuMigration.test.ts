/**
 * Migrations 0032 and 0037: a database seeded before the 示例 menu existed gets it (分析页, 工作台,
 * 403/404/500; then 基础详情页 and 高级详情页 at record addresses and 监控页 with its one code, all
 * granted to admin), once; its other page entries come from the start's addMissingPageMenus, under it.
 */
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { up } from '../../../server/db/migrations/0032_examples_menu';
import { up as up0037 } from '../../../server/db/migrations/0037_examples_detail_monitor';
import { up as up0043 } from '../../../server/db/migrations/0043_examples_menu_order';
import { addMissingPageMenus } from '../../../server/crud/pageMenus';
import { DATABASE_KINDS } from '../../support/database';
import { signedInCrudApp } from '../crud/support';

describe.each(DATABASE_KINDS)('migration 0032: the 示例 menu (%s)', (kind) => {
  const server = signedInCrudApp(kind);

  it('adds the menu to a database seeded without it, granted to admin, once; the pages land under it', async () => {
    const db = server.database.db;
    // As a database seeded before: no 示例 menu.
    await sql`DELETE FROM sys_role_permission WHERE permission_id IN (SELECT id FROM sys_permission WHERE url LIKE '/examples%'
      OR parent_id IN (SELECT id FROM sys_permission WHERE url LIKE '/examples%'))`.execute(db);
    await sql`DELETE FROM sys_permission WHERE parent_id IN (SELECT id FROM sys_permission WHERE url LIKE '/examples%')`.execute(db);
    await sql`DELETE FROM sys_permission WHERE url LIKE '/examples%'`.execute(db);

    await up(db as unknown as Kysely<unknown>);
    await up(db as unknown as Kysely<unknown>);
    const group = await sql<{ id: string; n: string }>`SELECT id, (SELECT count(*) FROM sys_permission c WHERE c.parent_id = p.id) AS n
      FROM sys_permission p WHERE url = '/examples'`.execute(db);
    expect(group.rows).toHaveLength(1);
    expect(Number(group.rows[0].n)).toBe(5);
    const granted = await sql<{ name: string }>`SELECT p.name FROM sys_permission p JOIN sys_role_permission rp ON rp.permission_id = p.id
      JOIN sys_role r ON r.id = rp.role_id WHERE r.role_code = 'admin' AND (p.url LIKE '/examples%') ORDER BY p.sort_no, p.name`.execute(db);
    expect(granted.rows.map((r) => r.name)).toEqual(['分析页', '工作台', '403', '404', '500', '示例']);

    await up0037(db as unknown as Kysely<unknown>);
    await up0037(db as unknown as Kysely<unknown>);
    const later = await sql<{ name: string; url: string; component: string; perms: string | null }>`SELECT p.name, p.url, p.component,
        (SELECT string_agg(b.perms, ',') FROM sys_permission b WHERE b.parent_id = p.id) AS perms
      FROM sys_permission p JOIN sys_role_permission rp ON rp.permission_id = p.id JOIN sys_role r ON r.id = rp.role_id
      WHERE r.role_code = 'admin' AND p.parent_id = ${group.rows[0].id} AND p.sort_no IN (2, 9) ORDER BY p.name`.execute(db);
    const basicId = (await sql<{ id: string }>`SELECT id FROM exa_entrust_register WHERE entrust_name = '物流仓库火灾损失公估'`.execute(db)).rows[0].id;
    expect(later.rows).toEqual([
      { name: '基础详情页', url: `/record/examples/advancedForm/${basicId}`, component: 'record/RecordPage', perms: null },
      { name: '监控页', url: '/examples/monitor', component: 'schema/examples/monitor', perms: 'exaMonitor:list' },
      { name: '高级详情页', url: '/record/receive/receive/R0001', component: 'record/RecordPage', perms: null },
      { name: '工作台', url: '/examples/workplace', component: 'dashboard/Workplace', perms: null },
    ].sort((a, b) => (a.name < b.name ? -1 : 1)));

    const added = await addMissingPageMenus(db, server.pages);
    // The test app also serves a tenant-scoped copy of 专家 with no menu; only the 示例 pages matter here.
    expect(added.filter((m) => m.component.startsWith('schema/examples/')).map((m) => m.title).sort()).toEqual(['分步表单', '协作安排', '卡片列表', '基础表单', '搜索列表', '标准列表', '查询表格', '案件联系单', '高级表单'].sort());
    const under = await sql<{ n: string }>`SELECT count(*) AS n FROM sys_permission WHERE parent_id = ${group.rows[0].id} AND component LIKE 'schema/examples/%'`.execute(db);
    expect(Number(under.rows[0].n)).toBe(10);
  });
});

describe.each(DATABASE_KINDS)('migration 0043: 示例 in the order of the shell spec (%s)', (kind) => {
  const server = signedInCrudApp(kind);
  const SPEC_ORDER = ['分析页', '工作台', '监控页', '基础表单', '分步表单', '高级表单', '查询表格', '标准列表', '卡片列表', '搜索列表', '协作安排', '案件联系单',
    '基础详情页', '高级详情页', '成功', '失败', '403', '404', '500'];
  const order = async () => (await sql<{ name: string }>`SELECT c.name FROM sys_permission c JOIN sys_permission g ON g.id = c.parent_id
    WHERE g.url = '/examples' AND c.del_flag = 0 ORDER BY c.sort_no, c.name`.execute(server.database.db)).rows.map((r) => r.name);

  it('a fresh database has the order; an older one gets it, once, keeping an order the administrator set', async () => {
    const db = server.database.db;
    expect(await order()).toEqual(SPEC_ORDER);

    // As seeded before: the old numbers, 卡片列表 added at a start (999), and 协作安排 moved by the administrator.
    const old: Record<string, number> = { 分析页: 1, 工作台: 2, 监控页: 2, 查询表格: 3, 标准列表: 4, 搜索列表: 5, 卡片列表: 999, 基础表单: 6, 高级表单: 7,
      协作安排: 50, 案件联系单: 9, 基础详情页: 9, 高级详情页: 9, 403: 10, 404: 11, 500: 12, 分步表单: 20, 成功: 21, 失败: 22 };
    for (const [name, sortNo] of Object.entries(old)) {
      await sql`UPDATE sys_permission SET sort_no = ${sortNo} WHERE name = ${name} AND parent_id = (SELECT id FROM sys_permission WHERE url = '/examples')`.execute(db);
    }
    expect((await order()).slice(-5)).toEqual(['分步表单', '成功', '失败', '协作安排', '卡片列表']);

    await up0043(db as unknown as Kysely<unknown>);
    await up0043(db as unknown as Kysely<unknown>);
    expect(await order()).toEqual([...SPEC_ORDER.filter((n) => n !== '协作安排'), '协作安排']);
  });
});
