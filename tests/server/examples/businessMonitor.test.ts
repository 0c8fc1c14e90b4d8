/**
 * 示例 → 监控页 (GET /examples/monitor/summary and /list, server/examples/businessMonitorRoutes.ts):
 * the case figures equal hand-written SQL counts over the demo data, lisi (公估师, the seeded SCOPE rule
 * adjusterCases) counts only his cases once granted the page, a user of another tenant counts that
 * tenant's, a user holding the page but not the case list gets 不可用 with a note, the node's request
 * count moves with requests, and a user without exaMonitor:list gets 510.
 */
import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { beijingToday, monthPeriod, yearPeriod } from '../../../runtime/dashboard/periods';
import type { StateRow } from '../../../runtime/examples/businessMonitor';
import type { BusinessMonitorAnswer } from '../../../server/examples/businessMonitorRoutes';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, body, login } from '../support/app';
import { signedInCrudApp } from '../crud/support';

const OTHER_TENANT = 58;
const OPEN_STATES = ['new', 'handle', 'approve', 'over', 'wait_receipt', 'receipted'];
const newId = () => randomUUID().replaceAll('-', '');

describe.each(DATABASE_KINDS)('示例 监控页 (%s)', (kind) => {
  const server = signedInCrudApp(kind);
  const tokens: Record<string, string> = {};
  let tenant = 0;
  let lisiId = '';
  const today = beijingToday();
  const month = monthPeriod(today);
  const year = yearPeriod(today);

  const get = async <T>(user: string, path: string, headers: Record<string, string> = {}) =>
    body<T>(await server.app.inject({ method: 'GET', url: `${API}/examples/monitor/${path}`, headers: { ...authHeaders(tokens[user]), ...headers } }));
  const summary = (user: string, headers: Record<string, string> = {}) => get<BusinessMonitorAnswer>(user, 'summary', headers);
  const count = async (query: RawBuilder<{ n: string }>) => Number((await query.execute(server.database.db)).rows[0].n);

  async function roleWith(code: string, perms: string[]): Promise<void> {
    const db = server.database.db;
    const roleId = newId();
    await db.insertInto('sys_role').values({ id: roleId, role_code: code, role_name: code }).execute();
    const buttons = await db.selectFrom('sys_permission').select('id').where('perms', 'in', perms).execute();
    await db.insertInto('sys_role_permission').values(buttons.map((b) => ({ id: newId(), role_id: roleId, permission_id: b.id }))).execute();
  }

  async function userIn(username: string, tenantId: number, roleCodes: string[]): Promise<string> {
    const db = server.database.db;
    const admin = await db.selectFrom('sys_user').selectAll().where('username', '=', 'admin').executeTakeFirstOrThrow();
    const id = newId();
    await db
      .insertInto('sys_user')
      .values({ id, username, realname: username, password: admin.password, org_code: admin.org_code, rel_tenant_ids: String(tenantId), status: 1, del_flag: 0 })
      .execute();
    const roles = await db.selectFrom('sys_role').select('id').where('role_code', 'in', roleCodes.length > 0 ? roleCodes : ['-']).execute();
    if (roles.length > 0) await db.insertInto('sys_user_role').values(roles.map((r) => ({ id: newId(), user_id: id, role_id: r.id }))).execute();
    return (await login(server.app, username)).token;
  }

  beforeAll(async () => {
    const db = server.database.db;
    tenant = (await sql<{ tenant_id: number }>`SELECT tenant_id FROM biz_receive LIMIT 1`.execute(db)).rows[0].tenant_id;
    lisiId = (await db.selectFrom('sys_user').select('id').where('username', '=', 'lisi').executeTakeFirstOrThrow()).id;
    tokens.admin = server.admin;
    tokens.lisi = (await login(server.app, 'lisi')).token;
    await db.insertInto('sys_tenant').values({ id: OTHER_TENANT, name: '监控页测试租户' }).execute();
    tokens.other = await userIn('monother', OTHER_TENANT, ['admin']);
    tokens.nobody = await userIn('monnobody', tenant, []);
    await roleWith('monitor_only', ['exaMonitor:list']);
    tokens.monitorOnly = await userIn('mononly', tenant, ['monitor_only']);
    // Today a 新建 case of the other tenant, and one of this month but not today (unless today is the 1st).
    for (const [n, status, date] of [['1', 'new', today], ['2', 'handle', month.begin]]) {
      await sql`INSERT INTO biz_receive (id, receive_number, receive_name, receive_status, trust_date, insurer_code, area_code, tenant_id, create_by)
        VALUES (${`monother${n}`.padEnd(32, '0')}, ${`MT2026${n.padStart(6, '0')}`}, ${`监控页租户案件${n}`}, ${status}, ${date}, 'PICC', '440305', ${OTHER_TENANT}, 'monother')`.execute(db);
    }
  }, 120_000);

  /** The seeded rule of 公估师 (receive.json entity.scopes.adjusterCases), by hand. */
  const lisiScope = (t: string) => sql<SqlBool>`(${sql.ref(`${t}.create_by`)} = 'lisi'
    OR ${sql.ref(`${t}.depart_id`)} IN (SELECT dep_id FROM sys_user_depart WHERE user_id = ${lisiId})
    OR ${sql.ref(`${t}.handler`)} = 'lisi'
    OR 'lisi' = ANY (string_to_array(${sql.ref(`${t}.assistants`)}, ','))
    OR EXISTS (SELECT 1 FROM biz_receive_member m WHERE m.receive_id = ${sql.ref(`${t}.id`)} AND m.tenant_id = ${tenant} AND m.user_name = 'lisi'))`;
  const everyone = () => sql<SqlBool>`TRUE`;

  async function handFigures(scope: (t: string) => RawBuilder<SqlBool>, tenantId: number) {
    const opened = (begin: string, end: string) =>
      count(sql`SELECT count(*) AS n FROM biz_receive r WHERE r.tenant_id = ${tenantId} AND r.trust_date BETWEEN ${begin} AND ${end} AND ${scope('r')}`);
    const states = await Promise.all(
      OPEN_STATES.map((s) => count(sql`SELECT count(*) AS n FROM biz_receive r WHERE r.tenant_id = ${tenantId} AND r.receive_status = ${s} AND ${scope('r')}`)),
    );
    return {
      todayOpened: await opened(today, today),
      monthOpened: await opened(month.begin, month.end),
      yearOpened: await opened(year.begin, year.end),
      yearClosed: await count(sql`SELECT count(*) AS n FROM biz_receive_progress p JOIN biz_receive r ON r.id = p.receive_id
        WHERE p.tenant_id = ${tenantId} AND p.to_status = 'over' AND p.progress_time >= ${year.begin}::date AND p.progress_time < ${year.end}::date + 1 AND ${scope('r')}`),
      states,
    };
  }

  it('admin: the figures and the rows per state equal hand-written counts over the demo data', async () => {
    const answer = await summary('admin');
    expect(answer.success).toBe(true);
    const hand = await handFigures(everyone, tenant);
    const figures = answer.result!;
    expect(figures).toMatchObject({ today, todayOpened: hand.todayOpened, monthOpened: hand.monthOpened, yearOpened: hand.yearOpened, yearClosed: hand.yearClosed, notes: [] });
    expect(figures.inProgress).toBe(hand.states.reduce((a, b) => a + b, 0));
    expect(figures.inProgress).toBeGreaterThan(0);
    expect(figures.yearCloseRate).toBe(hand.yearOpened === 0 ? null : Math.round((hand.yearClosed / hand.yearOpened) * 1000) / 10);
    expect(figures.states.map((s) => [s.id, s.cases])).toEqual(OPEN_STATES.map((s, i) => [s, hand.states[i]]));

    const list = await get<{ records: StateRow[]; total: number }>('admin', 'list?pageNo=1&pageSize=10&column=createTime&order=desc');
    expect(list.success).toBe(true);
    expect(list.result?.total).toBe(OPEN_STATES.length);
    expect(list.result?.records.map((r) => [r.stateName, r.cases])).toEqual(figures.states.map((s) => [s.stateName, s.cases]));
    expect(list.result?.records[1]).toMatchObject({ id: 'handle', stateName: '处理中' });
  });

  it('the node’s figures are live: the last minute’s requests grow with requests', async () => {
    const before = (await summary('admin')).result!.requestsLastMinute;
    for (let i = 0; i < 3; i++) await summary('admin');
    const after = (await summary('admin')).result!;
    expect(after.requestsLastMinute).toBeGreaterThanOrEqual(before + 4);
    expect(typeof after.requestsPerSecond).toBe('number');
  });

  it('lisi, granted the page, counts only the cases his data rule lets him see', async () => {
    expect((await summary('lisi')).code).toBe(510);
    const lisiRoles = await server.database.db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', lisiId).execute();
    const button = await server.database.db.selectFrom('sys_permission').select('id').where('perms', '=', 'exaMonitor:list').executeTakeFirstOrThrow();
    await server.database.db.insertInto('sys_role_permission').values(lisiRoles.map((r) => ({ id: newId(), role_id: r.role_id, permission_id: button.id }))).execute();
    tokens.lisi = (await login(server.app, 'lisi')).token;
    const figures = (await summary('lisi')).result!;
    const hand = await handFigures(lisiScope, tenant);
    expect(figures).toMatchObject({ todayOpened: hand.todayOpened, monthOpened: hand.monthOpened, yearOpened: hand.yearOpened });
    expect(figures.states.map((s) => s.cases)).toEqual(hand.states);
    const all = (await summary('admin')).result!;
    expect(figures.inProgress).toBeLessThan(all.inProgress!);
  });

  it('a user of another tenant counts that tenant’s cases only', async () => {
    const figures = (await summary('other', { 'tenant-id': String(OTHER_TENANT) })).result!;
    expect(figures.todayOpened).toBe(1);
    expect(figures.monthOpened).toBe(2);
    expect(figures.inProgress).toBe(2);
    expect(figures.states.filter((s) => s.cases > 0).map((s) => s.id)).toEqual(['new', 'handle']);
  });

  it('holding the page but not the case list: the case figures are 不可用 and a note says why', async () => {
    const answer = await summary('monitorOnly');
    expect(answer.success).toBe(true);
    expect(answer.result).toMatchObject({ todayOpened: null, monthOpened: null, inProgress: null, yearCloseRate: null, states: [] });
    expect(answer.result?.notes).toEqual(['没有案件列表权限（receive:list），案件数字不可显示']);
    expect(typeof answer.result?.requestsPerSecond).toBe('number');
  });

  it('without exaMonitor:list both endpoints answer 510', async () => {
    for (const path of ['summary', 'list']) {
      const answer = await get('nobody', path);
      expect(answer.code).toBe(510);
      expect(answer.message).toBe('没有权限，请联系管理员授权');
    }
  });
});
