/**
 * 示例 → 分步表单, 成功, 失败: the step form's page (付款申请, exa_payment_request) saves through the
 * generic add behind its own code and refuses a bad field by name (what sends the step form back to
 * the step holding it); migration 0036 gives a database seeded before the three menu items and the
 * page's buttons, granted to admin, once — and the start then adds nothing more for the page.
 */
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { up } from '../../../server/db/migrations/0036_examples_steps_results';
import { addMissingPageMenus } from '../../../server/crud/pageMenus';
import { DATABASE_KINDS } from '../../support/database';
import { login } from '../support/app';
import { signedInCrudApp } from '../crud/support';

const REQUEST = {
  caseNo: 'GZ-2026-0102',
  costCategory: 'expert',
  amount: 12800.5,
  payMethod: 'bank',
  payee: '华南结构安全鉴定中心',
  bankName: '中国工商银行广州天河支行',
  bankAccount: '6222020200998877665',
  purpose: '厂房火灾结构安全鉴定专家费',
};

describe.each(DATABASE_KINDS)('示例 分步表单 and its results (%s)', (kind) => {
  const server = signedInCrudApp(kind);

  it('a new database has the three items under 示例, granted to admin, with the page buttons', async () => {
    const rows = await sql<{ name: string; url: string; component: string }>`
      SELECT p.name, p.url, p.component FROM sys_permission p
      JOIN sys_role_permission rp ON rp.permission_id = p.id JOIN sys_role r ON r.id = rp.role_id
      WHERE r.role_code = 'admin' AND p.component LIKE 'schema/examples/stepForm%' ORDER BY p.sort_no`.execute(server.database.db);
    expect(rows.rows).toEqual([
      { name: '分步表单', url: '/examples/step-form', component: 'schema/examples/stepForm' },
      { name: '成功', url: '/examples/result-success', component: 'schema/examples/stepForm/success' },
      { name: '失败', url: '/examples/result-fail', component: 'schema/examples/stepForm/failure' },
    ]);
  });

  it('saves a request through add, refuses a bad field by name, and answers 510 without the code', async () => {
    expect(await server.send('POST', '/examples/stepForm/add', REQUEST)).toMatchObject({ success: true });
    const list = await server.get<{ records: { caseNo: string; payee: string }[] }>('/examples/stepForm/list?caseNo=GZ-2026-0102');
    expect(list.result?.records.map((r) => [r.caseNo, r.payee])).toEqual([['GZ-2026-0102', '华南结构安全鉴定中心']]);

    const refused = await server.send<{ errors: { field: string; message: string }[] }>('POST', '/examples/stepForm/add', { ...REQUEST, bankAccount: '12ab', amount: 0 });
    expect(refused.success).toBe(false);
    expect(refused.result?.errors.map((e) => e.field).sort()).toEqual(['amount', 'bankAccount']);
    expect(refused.result?.errors.find((e) => e.field === 'amount')?.message).toContain('付款金额须大于0');

    // 李四 (公估师) holds none of the example's codes.
    const lisi = (await login(server.app, 'lisi')).token;
    expect(await server.send('POST', '/examples/stepForm/add', REQUEST, lisi)).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
    expect(await server.get('/examples/stepForm/list', lisi)).toMatchObject({ success: false, code: 510 });
  });

  it('migration 0036 adds the items and buttons to a database seeded before, once', async () => {
    const db = server.database.db;
    // As a database seeded before: none of the three items, none of the page's buttons.
    const items = sql`SELECT id FROM sys_permission WHERE component LIKE 'schema/examples/stepForm%'`;
    await sql`DELETE FROM sys_role_permission WHERE permission_id IN (SELECT id FROM sys_permission WHERE parent_id IN (${items}))`.execute(db);
    await sql`DELETE FROM sys_permission WHERE parent_id IN (${items})`.execute(db);
    await sql`DELETE FROM sys_role_permission WHERE permission_id IN (${items})`.execute(db);
    await sql`DELETE FROM sys_permission WHERE component LIKE 'schema/examples/stepForm%'`.execute(db);

    await up(db as unknown as Kysely<unknown>);
    await up(db as unknown as Kysely<unknown>);
    const granted = await sql<{ name: string; parent: string | null; perms: string | null }>`
      SELECT p.name, g.name AS parent, p.perms FROM sys_permission p LEFT JOIN sys_permission g ON g.id = p.parent_id
      JOIN sys_role_permission rp ON rp.permission_id = p.id JOIN sys_role r ON r.id = rp.role_id
      WHERE r.role_code = 'admin' AND (p.component LIKE 'schema/examples/stepForm%' OR p.perms LIKE 'exaStepForm:%')
      ORDER BY p.menu_type, p.sort_no`.execute(db);
    expect(granted.rows).toEqual([
      { name: '分步表单', parent: '示例', perms: null },
      { name: '成功', parent: '示例', perms: null },
      { name: '失败', parent: '示例', perms: null },
      ...['list', 'add', 'edit', 'delete', 'exportXls', 'importExcel'].map((code, i) => ({
        name: ['查看', '新增', '编辑', '删除', '导出', '导入'][i],
        parent: '分步表单',
        perms: `exaStepForm:${code}`,
      })),
    ]);
    const added = await addMissingPageMenus(db, server.pages);
    expect(added.filter((m) => m.component.startsWith('schema/examples/stepForm'))).toEqual([]);
  });
});
