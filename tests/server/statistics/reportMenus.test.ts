/**
 * The 8 menu items of 统计报表 open their reports (no '该功能正在建设中'): each names a `statistics` entry of a
 * loaded page, with 查看 / 导出 buttons whose codes are the report's; admin and 部门经理 hold all of them, 财务
 * 费用统计 and 发票统计, 公估师 none. Migration 0031 brings a database seeded before to the same menus and grants
 * (the roles that held a menu item get its buttons), and running it again changes nothing.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findStatistics } from '../../../runtime/schema/statistics';
import { loadEntityPages } from '../../../server/crud/pages';
import { REPORT_MENUS, switchReportMenus } from '../../../server/db/migrations/0031_statistics_reports';
import { DATABASE_KINDS } from '../../support/database';
import { body, get, login, startTestApp, type TestApp } from '../support/app';

interface MenuRow {
  url: string;
  component: string;
  buttons: string;
  roles: string;
}

const pages = loadEntityPages();

describe.each(DATABASE_KINDS)('统计报表 menus (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  }, 120_000);
  afterAll(async () => t?.close());

  /** Each report menu item: its component, its buttons' codes and the roles holding each (sorted). */
  const reportMenus = async (): Promise<MenuRow[]> =>
    (
      await sql<MenuRow>`
        SELECT m.url, m.component,
          (SELECT string_agg(b.perms, ',' ORDER BY b.perms) FROM sys_permission b WHERE b.parent_id = m.id AND b.menu_type = 2 AND b.del_flag = 0) AS buttons,
          (SELECT string_agg(x, ';' ORDER BY x) FROM (
             SELECT b.perms || '=' || string_agg(r.role_code, ',' ORDER BY r.role_code) AS x
             FROM sys_permission b JOIN sys_role_permission rp ON rp.permission_id = b.id JOIN sys_role r ON r.id = rp.role_id
             WHERE b.parent_id = m.id AND b.menu_type = 2 AND b.del_flag = 0 GROUP BY b.perms) held) AS roles
        FROM sys_permission m WHERE m.url LIKE '/report/%' AND m.menu_type <> 2 AND m.del_flag = 0 ORDER BY m.url`.execute(t.database.db)
    ).rows;

  it('opens a statistics entry of a loaded page from each of the 8 items, with its 查看 and 导出 codes', async () => {
    const menus = await reportMenus();
    expect(menus.map((m) => m.url)).toEqual(['/report/area', '/report/circular', '/report/cost', '/report/customer', '/report/department', '/report/receipt', '/report/receive', '/report/share']);
    for (const menu of menus) {
      const match = /^schema\/(\w+)\/(\w+)\/(\w+)$/.exec(menu.component);
      expect(match, menu.url).not.toBeNull();
      const page = pages.find((p) => p.entity.module === match![1] && p.entity.name === match![2]);
      const report = page && findStatistics(page, match![3]);
      expect(report, `${menu.url} → ${menu.component}`).toBeDefined();
      expect(menu.buttons.split(',')).toEqual([report!.permissions.exportXls, report!.permissions.list].sort());
    }
  });

  it('grants them to admin and 部门经理, 财务 费用统计 and 发票统计, 公估师 none', async () => {
    const held = Object.fromEntries((await reportMenus()).map((m) => [m.url, m.roles]));
    for (const [url, roles] of Object.entries(held)) {
      const expected = url === '/report/cost' || url === '/report/receipt' ? 'admin,finance,manager' : 'admin,manager';
      for (const grant of roles.split(';')) expect(grant.split('=')[1], `${url} ${grant}`).toBe(expected);
    }
    const codes = async (user: string) => {
      const token = (await login(t.app, user)).token;
      const answer = body<{ auth: Array<{ action: string }> }>(await get(t.app, '/sys/permission/getUserPermissionByToken', token));
      return new Set(answer.result.auth.flatMap((a) => a.action.split(',')));
    };
    const zhangsan = await codes('zhangsan');
    for (const m of REPORT_MENUS) expect(zhangsan.has(`${m.prefix}:list`) && zhangsan.has(`${m.prefix}:exportXls`), m.prefix).toBe(true);
    const wangwu = await codes('wangwu');
    expect(REPORT_MENUS.filter((m) => wangwu.has(`${m.prefix}:list`)).map((m) => m.prefix)).toEqual(['costReport', 'receiptReport']);
    const lisi = await codes('lisi');
    expect(REPORT_MENUS.filter((m) => lisi.has(`${m.prefix}:list`))).toEqual([]);
  });

  it('migration 0031 switches the items of a database seeded before and grants the buttons to their holders, once', async () => {
    const seeded = await reportMenus();
    const db = t.database.db as unknown as Kysely<unknown>;
    // As seeded before: the placeholder views, no buttons.
    await sql`DELETE FROM sys_permission WHERE menu_type = 2 AND parent_id IN (SELECT id FROM sys_permission WHERE url LIKE '/report/%')`.execute(db);
    for (const m of REPORT_MENUS) await sql`UPDATE sys_permission SET component = ${m.from}, keep_alive = false WHERE component = ${m.to}`.execute(db);
    await switchReportMenus(db);
    expect(await reportMenus()).toEqual(seeded);
    await switchReportMenus(db);
    expect(await reportMenus()).toEqual(seeded);
  });
});
