/**
 * 首页 under a data rule that splits (server/dashboard/ruleSplit.ts): lisi (公估师, adjusterCases: 本部门
 * or 登记 or 主办 or 协办 or 成员) and zhangsan (部门经理, managerCases: 本部门及下级 or 主办) get every
 * figure — cards, states, the trend's 新收 and 结案, the year's 委托方 and provinces — equal to the
 * same figures hand-written with their rule spelled out, with cases inside and outside their
 * departments naming them, and after writes that move cases between departments, change 主办 and
 * 协办, add and remove members, close cases and submit costs, move cases to another tenant and back;
 * the users each case names (dash_case_name, which answers the rest of the rule) equal to the same
 * rows by hand throughout.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardAnswer } from '../../../runtime/dashboard/figures';
import { beijingToday, lastMonths, monthPeriod, yearPeriod } from '../../../runtime/dashboard/periods';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, body, login } from '../support/app';
import { signedInCrudApp } from '../crud/support';
import { newCaseBody } from './newCase';

type Figures = Record<string, number>;
const TENANT = 0;

describe.each(DATABASE_KINDS)('首页 under a split data rule (%s)', (kind) => {
  const server = signedInCrudApp(kind);
  const db = () => server.database.db;
  const tokens: Record<string, string> = {};
  const userIds: Record<string, string> = {};
  const departs: Record<string, string> = {};
  const today = beijingToday();
  const month = monthPeriod(today);
  const year = yearPeriod(today);
  const months = lastMonths(today);

  beforeAll(async () => {
    for (const user of ['lisi', 'zhangsan']) {
      tokens[user] = (await login(server.app, user)).token;
      userIds[user] = (await db().selectFrom('sys_user').select('id').where('username', '=', user).executeTakeFirstOrThrow()).id;
    }
    for (const d of await db().selectFrom('sys_depart').select(['id', 'org_code']).execute()) departs[d.org_code] = d.id;
  }, 120_000);

  /** The users' rules (receive.json entity.scopes) by hand. */
  const scopes: Record<string, (t: string) => RawBuilder<SqlBool>> = {
    lisi: (t) => sql<SqlBool>`(${sql.ref(`${t}.create_by`)} = 'lisi'
      OR ${sql.ref(`${t}.depart_id`)} IN (SELECT dep_id FROM sys_user_depart WHERE user_id = ${userIds.lisi})
      OR ${sql.ref(`${t}.handler`)} = 'lisi'
      OR 'lisi' = ANY (string_to_array(${sql.ref(`${t}.assistants`)}, ','))
      OR EXISTS (SELECT 1 FROM biz_receive_member m WHERE m.receive_id = ${sql.ref(`${t}.id`)} AND m.tenant_id = ${TENANT} AND m.user_name = 'lisi'))`,
    zhangsan: (t) => sql<SqlBool>`(${sql.ref(`${t}.depart_id`)} IN (SELECT d.id FROM sys_depart d JOIN sys_depart p ON left(d.org_code, length(p.org_code)) = p.org_code
        JOIN sys_user_depart ud ON ud.dep_id = p.id WHERE ud.user_id = ${userIds.zhangsan} AND d.del_flag = '0')
      OR ${sql.ref(`${t}.handler`)} = 'zhangsan')`,
  };

  async function endpointFigures(user: string): Promise<Figures> {
    const answer = body<DashboardAnswer>(await server.app.inject({ method: 'GET', url: `${API}/dashboard/analysis`, headers: authHeaders(tokens[user]) }));
    expect(answer.success, answer.message).toBe(true);
    const out: Figures = {};
    const { cards, states, insurers, areas, trend } = answer.result;
    for (const f of [...cards, ...states, ...insurers, ...areas]) out[f.key] = f.count;
    for (const f of cards.filter((c) => c.money)) out[`${f.key}.value`] = f.value;
    for (const m of trend) {
      if (m.opened.count > 0) out[`opened.${m.month}`] = m.opened.count;
      if (m.closed && m.closed.count > 0) out[`closed.${m.month}`] = m.closed.count;
    }
    return out;
  }

  /** Every figure the endpoint answered, hand-written with the user's rule. */
  async function handFigures(user: string, keys: readonly string[]): Promise<Figures> {
    const scope = scopes[user];
    const cases = sql`SELECT r.id FROM biz_receive r WHERE r.tenant_id = ${TENANT} AND ${scope('r')}`;
    const perms = await sql<{ perms: string }>`SELECT DISTINCT p.perms FROM sys_user_role ur JOIN sys_role_permission rp ON rp.role_id = ur.role_id
      JOIN sys_permission p ON p.id = rp.permission_id WHERE ur.user_id = ${userIds[user]}`.execute(db());
    const costOwned = perms.rows.some((p) => p.perms === 'caseCost:pay') ? sql`TRUE` : sql`c.receive_id IN (${cases})`;
    const one = async (query: RawBuilder<{ n: string; v?: string }>) => (await query.execute(db())).rows[0];
    const opened = (b: string, e: string) => sql<{ n: string }>`SELECT count(*) AS n FROM biz_receive r WHERE r.tenant_id = ${TENANT} AND r.trust_date BETWEEN ${b} AND ${e} AND ${scope('r')}`;
    const closed = (b: string, e: string) => sql<{ n: string }>`SELECT count(*) AS n FROM biz_receive_progress p WHERE p.tenant_id = ${TENANT} AND p.to_status = 'over'
      AND p.progress_time >= ${b}::timestamp AND p.progress_time <= ${`${e} 23:59:59`}::timestamp AND p.receive_id IN (${cases})`;
    const mine = sql<SqlBool>`(r.handler = ${user} OR EXISTS (SELECT 1 FROM biz_receive_member m WHERE m.receive_id = r.id AND m.tenant_id = ${TENANT} AND m.user_name = ${user}))`;
    const queries: Record<string, RawBuilder<{ n: string; v?: string }>> = {
      monthOpened: opened(month.begin, month.end),
      yearOpened: opened(year.begin, year.end),
      monthClosed: closed(month.begin, month.end),
      yearClosed: closed(year.begin, year.end),
      yearInvoiced: sql`SELECT count(*) AS n, COALESCE(sum(amount), 0) AS v FROM biz_receipt WHERE tenant_id = ${TENANT} AND open_date BETWEEN ${year.begin} AND ${year.end}`,
      toInvoice: sql`SELECT count(*) AS n, COALESCE(sum(COALESCE(fee_amount, 0) - COALESCE(invoiced_amount, 0)), 0) AS v FROM biz_receive r WHERE r.tenant_id = ${TENANT}
        AND r.receive_status = 'wait_receipt' AND COALESCE(r.invoiced_amount, 0) < COALESCE(r.fee_amount, 0) AND ${scope('r')}`,
      costsToApprove: sql`SELECT count(*) AS n, COALESCE(sum(amount), 0) AS v FROM biz_case_cost c WHERE c.tenant_id = ${TENANT} AND c.cost_status = 'submitted' AND ${costOwned}`,
      casesToApprove: sql`SELECT count(*) AS n FROM biz_receive r WHERE r.tenant_id = ${TENANT} AND r.receive_status = 'approve' AND ${scope('r')}`,
      myCases: sql`SELECT count(*) AS n FROM biz_receive r WHERE r.tenant_id = ${TENANT} AND ${scope('r')} AND ${mine}`,
      myHandling: sql`SELECT count(*) AS n FROM biz_receive r WHERE r.tenant_id = ${TENANT} AND r.receive_status = 'handle' AND ${scope('r')} AND ${mine}`,
      myCooperating: sql`SELECT count(*) AS n FROM biz_receive r WHERE r.tenant_id = ${TENANT} AND ${scope('r')} AND ${user} = ANY (string_to_array(r.assistants, ','))`,
    };
    const out: Figures = {};
    for (const key of keys) {
      const [name, suffix] = key.split('.');
      const query = queries[name];
      if (query) {
        const row = await one(query);
        out[key] = Number(suffix === 'value' ? row.v : row.n);
      } else if (name === 'state') {
        out[key] = Number((await one(sql`SELECT count(*) AS n FROM biz_receive r WHERE r.tenant_id = ${TENANT} AND r.receive_status = ${suffix} AND ${scope('r')}`)).n);
      }
    }
    const grouped = async (prefix: string, query: RawBuilder<{ k: string; n: string }>, keep: (k: string) => boolean = () => true, top = Infinity) => {
      for (const row of (await query.execute(db())).rows.filter((r) => keep(r.k)).slice(0, top)) out[`${prefix}.${row.k}`] = Number(row.n);
    };
    const span = { begin: months[0].begin, end: months[months.length - 1].end };
    await grouped('opened', sql`SELECT to_char(r.trust_date, 'YYYY-MM') AS k, count(*) AS n FROM biz_receive r
      WHERE r.tenant_id = ${TENANT} AND r.trust_date BETWEEN ${span.begin} AND ${span.end} AND ${scope('r')} GROUP BY 1`);
    if (keys.includes('monthClosed')) {
      await grouped('closed', sql`SELECT to_char(p.progress_time, 'YYYY-MM') AS k, count(*) AS n FROM biz_receive_progress p
        WHERE p.tenant_id = ${TENANT} AND p.to_status = 'over' AND p.progress_time >= ${span.begin}::timestamp
        AND p.progress_time <= ${`${span.end} 23:59:59`}::timestamp AND p.receive_id IN (${cases}) GROUP BY 1`);
    }
    await grouped('insurer', sql`SELECT r.insurer_code AS k, count(*) AS n FROM biz_receive r WHERE r.tenant_id = ${TENANT}
      AND r.trust_date BETWEEN ${year.begin} AND ${year.end} AND r.insurer_code IS NOT NULL AND ${scope('r')} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 5`);
    await grouped(
      'area',
      sql`SELECT left(r.area_code, 2) AS k, count(*) AS n FROM biz_receive r WHERE r.tenant_id = ${TENANT}
        AND r.trust_date BETWEEN ${year.begin} AND ${year.end} AND r.area_code IS NOT NULL AND ${scope('r')} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 6`,
      (k) => /^\d{2}$/.test(k),
      5,
    );
    return out;
  }

  /**
   * The users each case names (dash_case_name, migration 0044) by hand: one row per case and user,
   * with how (1 登记, 2 主办, 4 协办, 8 成员) and the case's columns the figures read.
   */
  async function expectNamesCurrent(): Promise<void> {
    const row = sql`t.tenant_id, t.user_name, t.case_id, t.ways, t.depart_id, t.trust_month, t.receive_status, t.insurer_code, t.province, t.due, t.owed`;
    const kept = await sql<Record<string, unknown>>`SELECT ${row} FROM dash_case_name t ORDER BY 1, 2, 3`.execute(db());
    const hand = await sql<Record<string, unknown>>`
      SELECT ${row} FROM (
        SELECT r.tenant_id, n.user_name, r.id::text AS case_id,
               (CASE WHEN r.create_by = n.user_name THEN 1 ELSE 0 END
                + CASE WHEN r.handler = n.user_name THEN 2 ELSE 0 END
                + CASE WHEN n.user_name = ANY (string_to_array(r.assistants, ',')) THEN 4 ELSE 0 END
                + CASE WHEN EXISTS (SELECT 1 FROM biz_receive_member m WHERE m.receive_id = r.id AND m.tenant_id = r.tenant_id AND m.user_name = n.user_name)
                       THEN 8 ELSE 0 END)::smallint AS ways,
               r.depart_id::text AS depart_id, date_trunc('month', r.trust_date)::date AS trust_month, r.receive_status::text AS receive_status,
               r.insurer_code::text AS insurer_code, left(r.area_code, 2) AS province,
               COALESCE(r.invoiced_amount, 0) < COALESCE(r.fee_amount, 0) AS due, COALESCE(r.fee_amount, 0) - COALESCE(r.invoiced_amount, 0) AS owed
        FROM biz_receive r JOIN (
          SELECT id, create_by AS user_name FROM biz_receive UNION SELECT id, handler FROM biz_receive
          UNION SELECT id, unnest(string_to_array(assistants, ',')) FROM biz_receive
          UNION SELECT c.id, m.user_name FROM biz_receive c JOIN biz_receive_member m ON m.receive_id = c.id AND m.tenant_id = c.tenant_id
        ) n ON n.id = r.id AND n.user_name IS NOT NULL
      ) t ORDER BY 1, 2, 3`.execute(db());
    expect(kept.rows).toEqual(hand.rows);
  }

  async function expectFiguresCurrent(): Promise<void> {
    await expectNamesCurrent();
    for (const user of ['lisi', 'zhangsan']) {
      const answered = await endpointFigures(user);
      const scalar = Object.keys(answered).filter((k) => !/^(opened|closed|insurer|area)\./.test(k));
      expect({ user, figures: answered }).toEqual({ user, figures: await handFigures(user, scalar) });
    }
  }

  const add = async (name: string, departCode: string, fields: Record<string, unknown>) => {
    const added = await server.send('POST', '/receive/receive/add', newCaseBody(name, month.begin, departs[departCode], fields));
    expect(added.success, added.message).toBe(true);
    return (await sql<{ id: string }>`SELECT id FROM biz_receive WHERE receive_name = ${name}`.execute(db())).rows[0].id;
  };
  const edit = async (id: string, fields: Record<string, unknown>) => {
    const edited = await server.send('PUT', '/receive/receive/edit', { id, ...fields });
    expect(edited.success, edited.message).toBe(true);
  };

  it('equals the hand-written figures with cases inside and outside the departments, through writes', async () => {
    expect(departs.A01A01 && departs.A01A03).toBeTruthy();
    await expectFiguresCurrent();

    // Outside both users' departments (A01A03): one lisi handles, one he assists, one he is a member of; one inside his.
    const handled = await add(`拆分规则主办${kind}`, 'A01A03', { handler: 'lisi' });
    const assisted = await add(`拆分规则协办${kind}`, 'A01A03', { handler: 'zhaoliu', assistants: 'zhaoliu,lisi' });
    const membered = await add(`拆分规则成员${kind}`, 'A01A03', { handler: 'zhangsan', areaCode: '440305', insurerCode: 'GSCX', insurerName: '中国人寿财产保险股份有限公司' });
    const inside = await add(`拆分规则本部门${kind}`, 'A01A01', { handler: 'lisi' });
    await sql`INSERT INTO biz_receive_member (id, receive_id, user_name, member_role, tenant_id)
      VALUES (${'splitmember1'.padEnd(32, '0')}, ${membered}, 'lisi', 'surveyor', ${TENANT})`.execute(db());
    await expectFiguresCurrent();

    // Moves between departments, a new 主办, 协办 taken away.
    await edit(handled, { departId: departs.A01A01 });
    await edit(inside, { departId: departs.A01A03 });
    await edit(assisted, { assistants: 'zhaoliu' });
    await edit(membered, { handler: 'zhaoliu' });
    await expectFiguresCurrent();

    // A transition, a closing of a case outside (its 进度 moves with the case), costs waiting for approval.
    const accepted = await server.send('POST', '/receive/receive/transition', { id: handled, transition: 'accept' });
    expect(accepted.success, accepted.message).toBe(true);
    await sql`INSERT INTO biz_receive_progress (id, receive_id, action, from_status, to_status, content, progress_time, tenant_id)
      VALUES (${'splitclose1'.padEnd(32, '0')}, ${membered}, '通过', 'approve', 'over', '结案审批 → 已结案', ${`${month.begin} 10:00:00`}::timestamp, ${TENANT})`.execute(db());
    for (const [n, caseId] of [['1', membered], ['2', inside], ['3', assisted]]) {
      await sql`INSERT INTO biz_case_cost (id, receive_id, cost_category, currency, amount, occur_date, cost_status, tenant_id)
        VALUES (${`splitcost${n}`.padEnd(32, '0')}, ${caseId}, 'expert', 'CNY', ${1000 * Number(n)}, ${month.begin}, 'submitted', ${TENANT})`.execute(db());
    }
    await expectFiguresCurrent();
    await edit(membered, { departId: departs.A01A01 });
    await sql`UPDATE biz_receive SET receive_status = 'wait_receipt', fee_amount = 5000, invoiced_amount = 1000 WHERE id = ${inside}`.execute(db());
    await expectFiguresCurrent();

    // The member leaves; a case goes while its cost and 进度 stay (they then belong to no case).
    await sql`DELETE FROM biz_receive_member WHERE id = ${'splitmember1'.padEnd(32, '0')}`.execute(db());
    await edit(membered, { departId: departs.A01A03 });
    await expectFiguresCurrent();
    await sql`DELETE FROM biz_receive WHERE id = ${membered}`.execute(db());
    await expectFiguresCurrent();
    await sql`INSERT INTO biz_receive (id, receive_number, receive_name, receive_status, trust_date, depart_id, handler, tenant_id, create_by)
      VALUES (${membered}, 'SPLIT0000001', '拆分规则回来的案件', 'over', ${month.begin}, ${departs.A01A01}, 'zhaoliu', ${TENANT}, 'admin')`.execute(db());
    await expectFiguresCurrent();
  });

  it('follows 登记, members added through the list, renamed and deleted, and cases moved to another tenant and back', async () => {
    // 登记 by lisi outside his departments; a member added through the 案件成员 list, then renamed to another user and back.
    const registered = await add(`拆分规则登记${kind}`, 'A01A03', { handler: 'zhaoliu' });
    await sql`UPDATE biz_receive SET create_by = 'lisi' WHERE id = ${registered}`.execute(db());
    const joined = await add(`拆分规则加入${kind}`, 'A01A03', { handler: 'zhaoliu', insurerCode: 'GSCX', insurerName: '中国人寿财产保险股份有限公司' });
    const member = await server.send('POST', '/receive/receiveMember/add', { receiveId: joined, userName: 'lisi', memberRole: 'surveyor' });
    expect(member.success, member.message).toBe(true);
    await expectFiguresCurrent();
    await sql`UPDATE biz_receive_member SET user_name = 'zhangsan' WHERE receive_id = ${joined} AND user_name = 'lisi'`.execute(db());
    await expectFiguresCurrent();
    await sql`UPDATE biz_receive_member SET user_name = 'lisi' WHERE receive_id = ${joined} AND user_name = 'zhangsan'`.execute(db());
    // lisi both 主办 and member of one case outside: one row, counted once.
    await edit(joined, { handler: 'lisi' });
    await expectFiguresCurrent();

    // To another tenant (its member stays behind in tenant 0: it names lisi no more) and back.
    await sql`UPDATE biz_receive SET tenant_id = 1 WHERE id IN (${registered}, ${joined})`.execute(db());
    await expectFiguresCurrent();
    await sql`UPDATE biz_receive SET tenant_id = ${TENANT} WHERE id IN (${registered}, ${joined})`.execute(db());
    await expectFiguresCurrent();

    // The member deleted, then the case; the case put back by hand with its member again.
    await sql`DELETE FROM biz_receive_member WHERE receive_id = ${joined}`.execute(db());
    await expectFiguresCurrent();
    await sql`DELETE FROM biz_receive WHERE id = ${joined}`.execute(db());
    await sql`INSERT INTO biz_receive_member (id, receive_id, user_name, member_role, tenant_id)
      VALUES (${'splitmember2'.padEnd(32, '0')}, ${joined}, 'lisi', 'surveyor', ${TENANT})`.execute(db());
    await expectFiguresCurrent();
    await sql`INSERT INTO biz_receive (id, receive_number, receive_name, receive_status, trust_date, depart_id, handler, assistants, tenant_id, create_by)
      VALUES (${joined}, 'SPLIT0000002', '拆分规则回来的案件二', 'handle', ${month.begin}, ${departs.A01A03}, 'zhaoliu', 'lisi,zhaoliu', ${TENANT}, 'lisi')`.execute(db());
    await expectFiguresCurrent();
  });
});
