/**
 * 首页's live figures (GET /dashboard/analysis, server/dashboard): every figure equals a hand-written
 * SQL aggregate over the demo data and the total of the list it links to; lisi (公估师, the seeded
 * SCOPE rule adjusterCases) gets only the figures of his cases and none of the pages he may not
 * list; a user of another tenant sees that tenant's cases; a user without receive:list gets 510.
 */
import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardAnswer, Figure } from '../../../runtime/dashboard/figures';
import { beijingToday, lastMonths, monthPeriod, yearPeriod } from '../../../runtime/dashboard/periods';
import { targetListParams } from '../../../runtime/dashboard/target';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, body, login } from '../support/app';
import { signedInCrudApp } from '../crud/support';

const OTHER_TENANT = 57;

describe.each(DATABASE_KINDS)('首页 figures (%s)', (kind) => {
  const server = signedInCrudApp(kind);
  const tokens: Record<string, string> = {};
  let tenant = 0;
  let lisiId = '';
  const today = beijingToday();
  const month = monthPeriod(today);
  const year = yearPeriod(today);

  const dashboard = async (user: string, headers: Record<string, string> = {}) => {
    const response = await server.app.inject({ method: 'GET', url: `${API}/dashboard/analysis`, headers: { ...authHeaders(tokens[user]), ...headers } });
    return body<DashboardAnswer>(response);
  };
  const figure = (answer: DashboardAnswer, key: string): Figure | undefined => answer.cards.find((f) => f.key === key);
  const count = async (query: RawBuilder<{ n: string; s?: string }>) => {
    const { rows } = await query.execute(server.database.db);
    return { count: Number(rows[0].n), value: Number(rows[0].s ?? rows[0].n) };
  };

  async function userIn(username: string, tenantId: number, roleCodes: string[]): Promise<string> {
    const db = server.database.db;
    const admin = await db.selectFrom('sys_user').selectAll().where('username', '=', 'admin').executeTakeFirstOrThrow();
    const id = randomUUID().replaceAll('-', '');
    await db
      .insertInto('sys_user')
      .values({ id, username, realname: username, password: admin.password, org_code: admin.org_code, rel_tenant_ids: String(tenantId), status: 1, del_flag: 0 })
      .execute();
    const roles = await db.selectFrom('sys_role').select('id').where('role_code', 'in', roleCodes.length > 0 ? roleCodes : ['-']).execute();
    if (roles.length > 0) await db.insertInto('sys_user_role').values(roles.map((r) => ({ id: randomUUID().replaceAll('-', ''), user_id: id, role_id: r.id }))).execute();
    return (await login(server.app, username)).token;
  }

  beforeAll(async () => {
    const db = server.database.db;
    tenant = (await sql<{ tenant_id: number }>`SELECT tenant_id FROM biz_receive LIMIT 1`.execute(db)).rows[0].tenant_id;
    lisiId = (await db.selectFrom('sys_user').select('id').where('username', '=', 'lisi').executeTakeFirstOrThrow()).id;
    tokens.admin = server.admin;
    tokens.lisi = (await login(server.app, 'lisi')).token;
    await db.insertInto('sys_tenant').values({ id: OTHER_TENANT, name: '首页测试租户' }).execute();
    tokens.other = await userIn('dashother', OTHER_TENANT, ['admin']);
    tokens.nobody = await userIn('dashnobody', tenant, []);
    // Two cases of the other tenant this month, one 处理中 and one 新建.
    for (const [n, status] of [['1', 'handle'], ['2', 'new']]) {
      await sql`INSERT INTO biz_receive (id, receive_number, receive_name, receive_status, trust_date, insurer_code, area_code, tenant_id, create_by)
        VALUES (${`dashother${n}`.padEnd(32, '0')}, ${`DT2026${n.padStart(6, '0')}`}, ${`首页租户案件${n}`}, ${status}, ${month.begin}, 'PICC', '440305', ${OTHER_TENANT}, 'dashother')`.execute(db);
    }
  }, 120_000);

  /** The seeded rule of 公估师 (receive.json entity.scopes.adjusterCases), by hand. */
  const lisiScope = (t: string) => sql<SqlBool>`(${sql.ref(`${t}.create_by`)} = 'lisi'
    OR ${sql.ref(`${t}.depart_id`)} IN (SELECT dep_id FROM sys_user_depart WHERE user_id = ${lisiId})
    OR ${sql.ref(`${t}.handler`)} = 'lisi'
    OR 'lisi' = ANY (string_to_array(${sql.ref(`${t}.assistants`)}, ','))
    OR EXISTS (SELECT 1 FROM biz_receive_member m WHERE m.receive_id = ${sql.ref(`${t}.id`)} AND m.tenant_id = ${tenant} AND m.user_name = 'lisi'))`;
  const everyone = sql<SqlBool>`TRUE`;

  const handCards = (scope: (t: string) => RawBuilder<SqlBool>, user: string) => ({
    monthOpened: sql`SELECT count(*) AS n FROM biz_receive r WHERE r.tenant_id = ${tenant} AND r.trust_date BETWEEN ${month.begin} AND ${month.end} AND ${scope('r')}`,
    yearOpened: sql`SELECT count(*) AS n FROM biz_receive r WHERE r.tenant_id = ${tenant} AND r.trust_date BETWEEN ${year.begin} AND ${year.end} AND ${scope('r')}`,
    monthClosed: sql`SELECT count(*) AS n FROM biz_receive_progress p JOIN biz_receive r ON r.id = p.receive_id
      WHERE p.tenant_id = ${tenant} AND p.to_status = 'over' AND p.progress_time >= ${month.begin}::date AND p.progress_time < ${month.end}::date + 1 AND ${scope('r')}`,
    yearClosed: sql`SELECT count(*) AS n FROM biz_receive_progress p JOIN biz_receive r ON r.id = p.receive_id
      WHERE p.tenant_id = ${tenant} AND p.to_status = 'over' AND p.progress_time >= ${year.begin}::date AND p.progress_time < ${year.end}::date + 1 AND ${scope('r')}`,
    toInvoice: sql`SELECT count(*) AS n, COALESCE(sum(COALESCE(fee_amount, 0) - COALESCE(invoiced_amount, 0)), 0) AS s FROM biz_receive r
      WHERE r.tenant_id = ${tenant} AND r.receive_status = 'wait_receipt' AND COALESCE(invoiced_amount, 0) < COALESCE(fee_amount, 0) AND ${scope('r')}`,
    myCases: sql`SELECT count(*) AS n FROM biz_receive r WHERE r.tenant_id = ${tenant} AND ${scope('r')} AND (r.handler = ${user}
      OR EXISTS (SELECT 1 FROM biz_receive_member m WHERE m.receive_id = r.id AND m.tenant_id = ${tenant} AND m.user_name = ${user}))`,
    myCooperating: sql`SELECT count(*) AS n FROM biz_receive r WHERE r.tenant_id = ${tenant} AND ${scope('r')} AND ${user} = ANY (string_to_array(r.assistants, ','))`,
  });

  it('admin: each figure equals a hand-written count over the demo data', async () => {
    const answer = await dashboard('admin');
    expect(answer.success, answer.message).toBe(true);
    const figures = answer.result;
    expect(figures.today).toBe(today);
    for (const [key, query] of Object.entries(handCards(() => everyone, 'admin'))) {
      const expected = await count(query as RawBuilder<{ n: string; s?: string }>);
      expect({ key, count: figure(figures, key)?.count, value: figure(figures, key)?.value }).toEqual({ key, ...expected });
    }
    // The demo has cases opened and closed this year, and money waiting: figures that are not all zero.
    expect(figure(figures, 'yearOpened')?.count).toBeGreaterThan(0);
    expect(figure(figures, 'yearClosed')?.count).toBeGreaterThan(0);
    const invoiced = await count(sql`SELECT count(*) AS n, COALESCE(sum(amount), 0) AS s FROM biz_receipt WHERE tenant_id = ${tenant} AND open_date BETWEEN ${year.begin} AND ${year.end}`);
    expect(figure(figures, 'yearInvoiced')).toMatchObject(invoiced);
    const costs = await count(sql`SELECT count(*) AS n, COALESCE(sum(amount), 0) AS s FROM biz_case_cost WHERE tenant_id = ${tenant} AND cost_status = 'submitted'`);
    expect(figure(figures, 'costsToApprove')).toMatchObject(costs);
    const approve = await count(sql`SELECT count(*) AS n FROM biz_receive WHERE tenant_id = ${tenant} AND receive_status = 'approve'`);
    expect(figure(figures, 'casesToApprove')).toMatchObject(approve);

    const states = (await sql<{ s: string; n: string }>`SELECT receive_status AS s, count(*) AS n FROM biz_receive WHERE tenant_id = ${tenant} GROUP BY 1`.execute(server.database.db)).rows;
    for (const state of figures.states) {
      const status = state.key.replace('state.', '');
      expect({ status, n: state.count }).toEqual({ status, n: Number(states.find((s) => s.s === status)?.n ?? 0) });
    }
    expect(figures.states.map((s) => s.title)).toEqual(['新建', '处理中', '结案审批', '已结案', '待开票', '已开票']);

    const months = lastMonths(today);
    expect(figures.trend.map((m) => m.month)).toEqual(months.map((m) => m.month));
    const opened = (await sql<{ m: string; n: string }>`SELECT to_char(trust_date, 'YYYY-MM') AS m, count(*) AS n FROM biz_receive
      WHERE tenant_id = ${tenant} AND trust_date BETWEEN ${months[0].begin} AND ${months[11].end} GROUP BY 1`.execute(server.database.db)).rows;
    const closed = (await sql<{ m: string; n: string }>`SELECT to_char(progress_time, 'YYYY-MM') AS m, count(*) AS n FROM biz_receive_progress
      WHERE tenant_id = ${tenant} AND to_status = 'over' AND progress_time >= ${months[0].begin}::date GROUP BY 1`.execute(server.database.db)).rows;
    for (const m of figures.trend) {
      expect({ m: m.month, opened: m.opened.count, closed: m.closed?.count }).toEqual({
        m: m.month,
        opened: Number(opened.find((r) => r.m === m.month)?.n ?? 0),
        closed: Number(closed.find((r) => r.m === m.month)?.n ?? 0),
      });
    }

    const insurers = (await sql<{ code: string; n: string }>`SELECT insurer_code AS code, count(*) AS n FROM biz_receive
      WHERE tenant_id = ${tenant} AND trust_date BETWEEN ${year.begin} AND ${year.end} AND insurer_code IS NOT NULL
      GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 5`.execute(server.database.db)).rows;
    expect(figures.insurers.map((f) => [f.key, f.count])).toEqual(insurers.map((r) => [`insurer.${r.code}`, Number(r.n)]));
    expect(figures.insurers.every((f) => /[\u4e00-\u9fa5]/.test(f.title))).toBe(true);
    const areas = (await sql<{ code: string; n: string }>`SELECT left(area_code, 2) AS code, count(*) AS n FROM biz_receive
      WHERE tenant_id = ${tenant} AND trust_date BETWEEN ${year.begin} AND ${year.end} AND area_code IS NOT NULL AND area_code <> ''
      GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 5`.execute(server.database.db)).rows;
    expect(figures.areas.map((f) => [f.key, f.count])).toEqual(areas.map((r) => [`area.${r.code}`, Number(r.n)]));
    expect(figures.areas.every((f) => /[\u4e00-\u9fa5]/.test(f.title))).toBe(true);
  });

  it('each figure is the total of the list it links to', async () => {
    const { result } = await dashboard('admin');
    const all = [...result.cards, ...result.states, ...result.insurers, ...result.areas, ...result.trend.slice(-2).flatMap((m) => [m.opened, ...(m.closed ? [m.closed] : [])])];
    const apiOf: Record<string, string> = {};
    for (const page of server.pages) apiOf[`${page.entity.module}/${page.entity.name}`] = page.entity.apiPath;
    for (const f of all) {
      const page = server.pages.find((p) => `${p.entity.module}/${p.entity.name}` === f.target.page);
      if (!page) throw new Error(f.target.page);
      const params = new URLSearchParams(targetListParams(f.target, page.list.query.map((q) => ({ field: q.field.name, mode: q.mode }))));
      const list = await server.get<{ total: number }>(`${apiOf[f.target.page]}/list?pageSize=10&${params.toString()}`);
      expect(list.success, list.message).toBe(true);
      expect({ key: f.key, total: list.result.total }).toEqual({ key: f.key, total: f.count });
    }
  });

  it('lisi (公估师 under a data rule) gets the figures of his cases only, and none of pages he may not list', async () => {
    const answer = await dashboard('lisi');
    expect(answer.success, answer.message).toBe(true);
    const figures = answer.result;
    for (const [key, query] of Object.entries(handCards(lisiScope, 'lisi'))) {
      const expected = await count(query as RawBuilder<{ n: string; s?: string }>);
      expect({ key, count: figure(figures, key)?.count, value: figure(figures, key)?.value }).toEqual({ key, ...expected });
    }
    const all = await count(sql`SELECT count(*) AS n FROM biz_receive WHERE tenant_id = ${tenant} AND trust_date BETWEEN ${year.begin} AND ${year.end}`);
    expect(figure(figures, 'yearOpened')?.count).toBeLessThan(all.count);
    // 结案审批 and 费用审批 are views of managers and 财务.
    expect(figure(figures, 'casesToApprove')).toBeUndefined();
    expect(figure(figures, 'costsToApprove')).toBeUndefined();
    const handle = await count(sql`SELECT count(*) AS n FROM biz_receive r WHERE r.tenant_id = ${tenant} AND r.receive_status = 'handle' AND ${lisiScope('r')}`);
    expect(figures.states.find((s) => s.key === 'state.handle')?.count).toBe(handle.count);
  });

  it('a user of another tenant sees that tenant’s cases only', async () => {
    const answer = await dashboard('other', { 'tenant-id': String(OTHER_TENANT) });
    expect(answer.success, answer.message).toBe(true);
    expect(figure(answer.result, 'monthOpened')?.count).toBe(2);
    expect(answer.result.states.filter((s) => s.count > 0).map((s) => [s.title, s.count])).toEqual([
      ['新建', 1],
      ['处理中', 1],
    ]);
    expect(answer.result.insurers.map((f) => f.count)).toEqual([2]);
    expect(answer.result.areas.map((f) => [f.title, f.count])).toEqual([['广东省', 2]]);
  });

  it('refuses a user without the case list code with 510', async () => {
    const answer = await dashboard('nobody');
    expect(answer).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
  });
});
