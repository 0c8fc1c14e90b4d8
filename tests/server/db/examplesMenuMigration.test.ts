/**
 * Migrations 0032 and 0037: a database seeded before the 示例 menu existed gets it (分析页, 工作台,
 * 403/404/500; then 基础详情页 and 高级详情页 at record addresses and 监控页 with its one code, all
 * granted to admin), once; its other page entries come from the start's addMissingPageMenus, under it.
 */
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { up } from '../../../server/db/migrations/0032_examples_menu';
import { up as up0037 } from '../../../server/db/migrations/0037_examples_detail_monitor';
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
