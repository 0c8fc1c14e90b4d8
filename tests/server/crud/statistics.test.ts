/**
 * The statistics executor (page language `statistics`, server/crud/statistics) on 案件统计
 * (receive.json `caseReport`) over the demo firm: every figure equals a hand-written SQL aggregate,
 * filters narrow it, 小计 and 合计 add up, data rules (the case list's and the report's own menu's)
 * and the tenant restrict it, the export holds the screen's figures, and each endpoint checks its own
 * code (510).
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../server/db/types';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StatisticsAnswer, StatisticsRow } from '../../../runtime/statistics/answer';
import type { FastifyRequest } from 'fastify';
import type { StatisticsReport } from '../../../runtime/generated/page';
import { compileStatisticsReport } from '../../../runtime/schema/statistics';
import { EntityDictionaries } from '../../../server/crud/entity/dictionaries';
import { entityModel } from '../../../server/crud/entity/model';
import { EntityService } from '../../../server/crud/entity/service';
import { runReport } from '../../../server/crud/statistics/executor';
import { planReport } from '../../../server/crud/statistics/plan';
import { readWorkbook } from '../../../server/excel';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, login } from '../support/app';
import { signedInCrudApp } from './support';

const REPORT = '/receive/receive/statistics/caseReport';

interface HandRow {
  depart_id: string | null;
  receive_status: string | null;
  cases: string | number;
  closed: string | number;
  fee: string | null;
  avg_fee: string | null;
  cost: string | null;
  hours: string | null;
}

/** The report's figures by hand: one aggregate over the cases of tenant 0 in the year, costs and hours summed per case first. */
async function handFigures(db: Kysely<DB>, begin: string, end: string): Promise<HandRow[]> {
  const { rows } = await sql<HandRow>`
    SELECT r.depart_id, r.receive_status, count(*) AS cases,
      count(*) FILTER (WHERE r.receive_status IN ('over', 'wait_receipt', 'receipted', 'old')) AS closed,
      COALESCE(sum(r.fee_amount), 0) AS fee, avg(r.fee_amount) AS avg_fee,
      COALESCE(sum(c.amount), 0) AS cost, COALESCE(sum(h.hours), 0) AS hours
    FROM biz_receive r
    LEFT JOIN (SELECT receive_id, sum(amount) AS amount FROM biz_case_cost WHERE tenant_id = 0 AND cost_status IN ('approved', 'paid') GROUP BY receive_id) c ON c.receive_id = r.id
    LEFT JOIN (SELECT case_id, sum(hours) AS hours FROM cost_work_hour WHERE tenant_id = 0 GROUP BY case_id) h ON h.case_id = r.id
    WHERE r.tenant_id = 0 AND r.trust_date >= ${begin} AND r.trust_date <= ${end}
    GROUP BY 1, 2`.execute(db);
  return rows;
}

const money = (v: unknown) => Number(v ?? 0).toFixed(2);
const round2 = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 100) / 100);

describe.each(DATABASE_KINDS)('统计报表 executor: 案件统计 (%s)', (kind) => {
  const server = signedInCrudApp(kind);
  const year = String(new Date().getFullYear());
  const period = `trustDate_begin=${year}-01-01&trustDate_end=${year}-12-31`;
  let answer: StatisticsAnswer;
  let zhangsan = '';

  const report = (query: string, token?: string) => server.get<StatisticsAnswer>(`${REPORT}?${query}`, token);
  const rowsOf = (a: StatisticsAnswer, type: StatisticsRow['type']) => a.rows.filter((r) => r.type === type);

  beforeAll(async () => {
    const got = await report(period);
    expect(got.success, got.message).toBe(true);
    answer = got.result;
    zhangsan = (await login(server.app, 'zhangsan')).token;
  });

  it('answers each figure of every department × state as a hand-written aggregate does', async () => {
    const hand = await handFigures(server.database.db, `${year}-01-01`, `${year}-12-31`);
    expect(hand.length).toBeGreaterThan(3);
    const rows = rowsOf(answer, 'row');
    expect(rows).toHaveLength(hand.length);
    for (const h of hand) {
      const row = rows.find((r) => r.departId === h.depart_id && r.receiveStatus === h.receive_status);
      expect(row, `${h.depart_id}/${h.receive_status}`).toBeDefined();
      expect(row).toMatchObject({
        level: 2,
        cases: Number(h.cases),
        closed: Number(h.closed),
        fee: money(h.fee),
        avgFee: h.avg_fee === null ? null : money(h.avg_fee),
        cost: money(h.cost),
        hours: round2(h.hours),
        closeRate: Math.round((Number(h.closed) / Number(h.cases)) * 10000) / 10000,
      });
    }
    expect(answer.columns.map((c) => c.title)).toEqual(['承办部门', '案件状态', '案件数', '已结案件', '结案率', '公估费', '平均公估费', '案件费用', '工时']);
  });

  it('names groups as the lists do, puts each department’s 小计 after its rows and the 合计 last', async () => {
    const departs = (await sql<{ id: string; depart_name: string }>`SELECT id, depart_name FROM sys_depart`.execute(server.database.db)).rows;
    const row = rowsOf(answer, 'row').find((r) => r.receiveStatus === 'handle' && r.departId !== null);
    expect(row?.receiveStatus_text).toBe('处理中');
    expect(row?.departId_text).toBe(departs.find((d) => d.id === row?.departId)?.depart_name);
    // States follow their dictionary's order within a department (新建, 处理中, 结案审批 …).
    const order = ['new', 'handle', 'approve', 'over', 'wait_receipt', 'receipted', 'old'];
    const states = rowsOf(answer, 'row').filter((r) => r.departId === row?.departId).map((r) => order.indexOf(String(r.receiveStatus)));
    expect(states).toEqual([...states].sort((a, b) => a - b));
    // Display order: rows of a department, then its 小计.
    const first = answer.rows[0];
    const subtotalAt = answer.rows.findIndex((r) => r.type === 'subtotal');
    expect(answer.rows.slice(0, subtotalAt).every((r) => r.type === 'row' && r.departId === first.departId)).toBe(true);
    expect(answer.rows[subtotalAt]).toMatchObject({ type: 'subtotal', level: 1, departId: first.departId });
    expect(answer.rows.at(-1)).toMatchObject({ type: 'total', level: 0 });
    // Each 小计 adds up its rows; the 合计 adds up the 小计.
    for (const subtotal of rowsOf(answer, 'subtotal')) {
      const mine = rowsOf(answer, 'row').filter((r) => r.departId === subtotal.departId);
      expect(subtotal.cases).toBe(mine.reduce((s, r) => s + Number(r.cases), 0));
      expect(subtotal.fee).toBe(money(mine.reduce((s, r) => s + Number(r.fee), 0)));
    }
    const total = answer.rows.at(-1)!;
    const [all] = (await sql<{ n: string; fee: string }>`SELECT count(*) AS n, COALESCE(sum(fee_amount), 0) AS fee FROM biz_receive
      WHERE tenant_id = 0 AND trust_date >= ${`${year}-01-01`} AND trust_date <= ${`${year}-12-31`}`.execute(server.database.db)).rows;
    expect(total.cases).toBe(Number(all.n));
    expect(total.fee).toBe(money(all.fee));
    expect(total.cases).toBe(rowsOf(answer, 'subtotal').reduce((s, r) => s + Number(r.cases), 0));
  });

  it('filters by department and insurance company; bad values are refused in Chinese', async () => {
    const depart = rowsOf(answer, 'subtotal').find((r) => r.departId !== null)!;
    const one = (await report(`${period}&departId=${depart.departId}`)).result;
    expect(rowsOf(one, 'subtotal').map((r) => r.departId)).toEqual([depart.departId]);
    expect(one.rows.at(-1)?.cases).toBe(depart.cases);

    const [insurer] = (await sql<{ code: string; n: string }>`SELECT insurer_code AS code, count(*) AS n FROM biz_receive
      WHERE tenant_id = 0 AND insurer_code IS NOT NULL AND trust_date >= ${`${year}-01-01`} AND trust_date <= ${`${year}-12-31`}
      GROUP BY 1 ORDER BY 2 DESC LIMIT 1`.execute(server.database.db)).rows;
    const byInsurer = (await report(`${period}&insurerCode=${insurer.code}`)).result;
    expect(byInsurer.rows.at(-1)?.cases).toBe(Number(insurer.n));

    expect(await report('trustDate_begin=2026-13-45')).toMatchObject({ success: false });
    expect((await report('trustDate_begin=2026-13-45')).message).toContain('委托日期');
  });

  it('counts only the tenant’s cases', async () => {
    await sql`INSERT INTO biz_receive (id, tenant_id, receive_number, receive_name, receive_status, trust_date, fee_amount, create_by, create_time)
      VALUES (${randomUUID().replaceAll('-', '')}, 77, ${`GA-T77-${kind}`}, '他租户案件', 'handle', ${`${year}-02-01`}, 99999, 'admin', now())`.execute(server.database.db);
    const again = (await report(period)).result;
    expect(again.rows.at(-1)?.cases).toBe(answer.rows.at(-1)?.cases);
    expect(again.rows.at(-1)?.fee).toBe(answer.rows.at(-1)?.fee);
  });

  it('a 部门经理 sees figures over the cases his data rule lets him list, narrowed further by a rule on the report’s own menu', async () => {
    const listed = await server.get<{ total: number }>(`/receive/receive/list?${period}&pageSize=1`, zhangsan);
    const his = await report(period, zhangsan);
    expect(his.success, his.message).toBe(true);
    expect(his.result.rows.at(-1)?.cases).toBe(listed.result.total);
    expect(listed.result.total).toBeLessThan(Number(answer.rows.at(-1)?.cases));

    // A rule on 案件统计's menu item, granted to 部门经理: only closed cases.
    const [menu] = (await sql<{ id: string }>`SELECT id FROM sys_permission WHERE component = 'schema/receive/receive/caseReport'`.execute(server.database.db)).rows;
    const ruleId = randomUUID().replaceAll('-', '');
    await sql`INSERT INTO sys_permission_data_rule (id, permission_id, rule_name, rule_column, rule_conditions, rule_value, status, create_time)
      VALUES (${ruleId}, ${menu.id}, '只看已结案', 'receiveStatus', '=', 'over', '1', now())`.execute(server.database.db);
    await sql`UPDATE sys_role_permission SET data_rule_ids = ${ruleId} WHERE permission_id = ${menu.id}
      AND role_id = (SELECT id FROM sys_role WHERE role_code = 'manager')`.execute(server.database.db);
    // Rules written beside the server: tell its auth cache, as a write through the API does.
    await sql`SELECT pg_notify('lossdesk_auth_changed', 'statistics-test')`.execute(server.database.db);
    try {
      await expect.poll(async () => rowsOf((await report(period, zhangsan)).result, 'row').every((r) => r.receiveStatus === 'over')).toBe(true);
      const narrowed = (await report(period, zhangsan)).result;
      const over = await server.get<{ total: number }>(`/receive/receive/list?${period}&receiveStatus=over&pageSize=1`, zhangsan);
      expect(narrowed.rows.at(-1)?.cases).toBe(over.result.total);
      expect(rowsOf(narrowed, 'row').every((r) => r.receiveStatus === 'over')).toBe(true);
    } finally {
      await sql`UPDATE sys_role_permission SET data_rule_ids = NULL WHERE permission_id = ${menu.id}`.execute(server.database.db);
      await sql`DELETE FROM sys_permission_data_rule WHERE id = ${ruleId}`.execute(server.database.db);
    }
  });

  it('exports the figures shown, 小计 and 合计 in the group columns', async () => {
    const response = await server.app.inject({ method: 'GET', url: `${API}${REPORT}/exportXls?${period}`, headers: authHeaders(server.admin) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('案件统计'));
    const sheet = await readWorkbook(response.rawPayload, 'report.xlsx');
    const cells = sheet.rows.map((r) => r.cells);
    const head = cells.findIndex((c) => c[0] === '承办部门');
    expect(cells[head]).toEqual(answer.columns.map((c) => c.title));
    const body = cells.slice(head + 1);
    expect(body).toHaveLength(answer.rows.length);
    answer.rows.forEach((row, i) => {
      const line = body[i];
      if (row.type === 'total') expect(line[0]).toBe('合计');
      else expect(line[0]).toBe(row.departId_text);
      if (row.type === 'subtotal') expect(line[1]).toBe('小计');
      if (row.type === 'row') expect(line[1]).toBe(row.receiveStatus_text);
      expect(Number(line[2])).toBe(row.cases);
      expect(Number(line[5])).toBe(Number(row.fee));
      expect(line[4]).toBe(row.closeRate === null ? null : `${Math.round(Number(row.closeRate) * 10000) / 100}%`.replace(/\.0+%$/, '%'));
    });
  });

  it('answers 510 per endpoint to a user without its code', async () => {
    const wangwu = (await login(server.app, 'wangwu')).token;
    expect(await report(period, wangwu)).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
    const refused = await server.app.inject({ method: 'GET', url: `${API}${REPORT}/exportXls?${period}`, headers: authHeaders(wangwu) });
    expect(JSON.parse(refused.body)).toMatchObject({ code: 510 });
    // zhangsan may see the report; without the export code he may not export it.
    await sql`UPDATE sys_permission SET status = '0' WHERE perms = 'receiveReport:exportXls'`.execute(server.database.db);
    try {
      const noExport = await server.app.inject({ method: 'GET', url: `${API}${REPORT}/exportXls?${period}`, headers: authHeaders(zhangsan) });
      expect(JSON.parse(noExport.body)).toMatchObject({ code: 510 });
      expect((await report(period, zhangsan)).success).toBe(true);
    } finally {
      await sql`UPDATE sys_permission SET status = '1' WHERE perms = 'receiveReport:exportXls'`.execute(server.database.db);
    }
  });
});

/**
 * The language's other shapes, run by the same executor on the same demo data (as H5's reports use
 * them): a group over a comma list (被保险人), and a report over costs with its case joined to-one —
 * filtered and grouped by the case's fields — whose 公估费 is split over the case's costs.
 */
describe.each(DATABASE_KINDS)('统计报表 executor: comma lists, to-one joins and split (%s)', (kind) => {
  const server = signedInCrudApp(kind);

  function run(source: string, report: StatisticsReport, params: Record<string, string> = {}) {
    const pages = server.pages;
    const dicts = new EntityDictionaries(server.database.db, server.app.dictionaries, pages);
    const services = new Map<string, EntityService>(pages.map((p) => [`${p.entity.module}/${p.entity.name}`, new EntityService(entityModel(p), dicts)]));
    const owner = services.get(source) as EntityService;
    const plan = planReport(compileStatisticsReport(report, owner.model.page.entity.apiPath), owner, services);
    // admin, in tenant 0, holds no data rule: the request's session is all the executor reads.
    const request = { sessionUser: { userId: 'admin-test', username: 'admin', realname: '管理员', orgCode: null, tenantIds: [], tokenHash: '' }, sessionTenantId: 0, server: server.app, log: server.app.log, url: '/test' };
    const asker = { request: request as unknown as FastifyRequest, db: server.database.db, tenantId: 0, scope: { session: { userId: 'admin-test', username: 'admin', tenantId: 0 }, pages: server.app.pageModels } };
    return runReport(plan, params, asker, services);
  }

  it('counts a case under each of its 被保险人, and once in the 合计', async () => {
    const answer = await run('receive/receive', {
      key: 'byCustomer', title: '客户统计', permissionPrefix: 'x',
      groups: [{ field: 'customerIds' }],
      measures: [{ key: 'cases', title: '案件数', agg: 'count' }],
    });
    const hand = (await sql<{ customer: string | null; n: string }>`
      SELECT NULLIF(u.v, '') AS customer, count(*) AS n FROM biz_receive r
      LEFT JOIN LATERAL unnest(string_to_array(r.customer_ids, ',')) AS u(v) ON TRUE
      WHERE r.tenant_id = 0 GROUP BY 1`.execute(server.database.db)).rows;
    const rows = answer.rows.filter((r) => r.type === 'row');
    expect(rows).toHaveLength(hand.length);
    for (const h of hand) expect(rows.find((r) => r.customerIds === h.customer)?.cases).toBe(Number(h.n));
    const [{ n }] = (await sql<{ n: string }>`SELECT count(*) AS n FROM biz_receive WHERE tenant_id = 0`.execute(server.database.db)).rows;
    expect(answer.rows.at(-1)?.cases).toBe(Number(n));
    const customer = rows.find((r) => r.customerIds !== null);
    const [named] = (await sql<{ customer_name: string }>`SELECT customer_name FROM mnt_customer WHERE id = ${customer?.customerIds}`.execute(server.database.db)).rows;
    expect(customer?.customerIds_text).toBe(named.customer_name);
  });

  it('costs by the case’s 委托方, filtered by the case’s department, the case fee split over its costs', async () => {
    const [depart] = (await sql<{ depart_id: string }>`SELECT depart_id FROM biz_receive WHERE tenant_id = 0 AND depart_id IS NOT NULL
      GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`.execute(server.database.db)).rows;
    const answer = await run(
      'cost/caseCost',
      {
        key: 'byInsurer', title: '费用统计', permissionPrefix: 'x',
        joins: { case: { page: 'receive/receive', by: 'receiveId' } },
        filters: [{ join: 'case', field: 'departId' }],
        groups: [{ join: 'case', field: 'insurerCode' }],
        measures: [
          { key: 'costs', title: '费用笔数', agg: 'count' },
          { key: 'amount', title: '费用金额', agg: 'sum', field: 'amount' },
          { key: 'fee', title: '公估费', agg: 'sum', join: 'case', field: 'feeAmount', split: true },
        ],
      },
      { 'case.departId': depart.depart_id },
    );
    const hand = (await sql<{ insurer: string | null; n: string; amount: string; fee: string }>`
      SELECT r.insurer_code AS insurer, count(*) AS n, sum(c.amount) AS amount,
        (SELECT COALESCE(sum(fee_amount), 0) FROM biz_receive r2 WHERE r2.tenant_id = 0 AND r2.depart_id = ${depart.depart_id}
           AND r2.insurer_code IS NOT DISTINCT FROM r.insurer_code
           AND EXISTS (SELECT 1 FROM biz_case_cost c2 WHERE c2.receive_id = r2.id AND c2.tenant_id = 0)) AS fee
      FROM biz_case_cost c JOIN biz_receive r ON r.id = c.receive_id AND r.tenant_id = 0
      WHERE c.tenant_id = 0 AND r.depart_id = ${depart.depart_id} GROUP BY r.insurer_code`.execute(server.database.db)).rows;
    const rows = answer.rows.filter((r) => r.type === 'row');
    expect(rows.length).toBe(hand.length);
    for (const h of hand) {
      const row = rows.find((r) => r['case.insurerCode'] === h.insurer);
      expect(row, String(h.insurer)).toMatchObject({ costs: Number(h.n), amount: Number(h.amount).toFixed(2) });
      expect(Number(row?.fee)).toBeCloseTo(Number(h.fee), 1);
    }
  });
});
