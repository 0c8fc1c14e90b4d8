/**
 * The 8 统计报表 (statistics entries of receive/receive, cost/caseCost, receipt/receipt and
 * receive/receiveMember) answer figures equal to hand-written SQL over the demo data (handSql.ts), for this
 * year and for all time: every leaf group, and the 合计. Filters narrow them as the SQL does; a 公估师's data
 * rule (lisi) and the session's tenant restrict them; a user without the report's code gets 510; the export
 * carries the same 合计.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../../server/db/types';
import { readWorkbook } from '../../../server/excel';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, body, login, startTestApp, type TestApp } from '../support/app';
import {
  areaReport,
  circularReport,
  costReport,
  customerReport,
  departmentReport,
  receiptReport,
  receiveReport,
  shareReport,
  type HandFilter,
  type HandReport,
} from './handSql';

type Rec = Record<string, unknown>;
interface Column {
  key: string;
  title: string;
  kind: 'group' | 'measure';
}
interface Answer {
  columns: Column[];
  rows: Array<Rec & { type: 'row' | 'subtotal' | 'total'; level: number }>;
}

interface Report {
  title: string;
  url: string;
  menu: string;
  prefix: string;
  /** The query parameters of the period (a to-one joined field is `<join>.<field>`). */
  period: string;
  /** Query parameter names of the 承办部门 / 委托方 filters, where the report has them. */
  depart?: string;
  insurer?: string;
  hand: (db: Kysely<DB>, f: HandFilter) => Promise<HandReport>;
  /** Money split among members is rounded per member: allow a cent per row added up. */
  cents?: boolean;
}

const REPORTS: Report[] = [
  { title: '区域统计', url: '/receive/receive/statistics/areaReport', menu: '/report/area', prefix: 'areaReport', period: 'trustDate', depart: 'departId', insurer: 'insurerCode', hand: areaReport },
  { title: '通报统计', url: '/receive/receive/statistics/circularReport', menu: '/report/circular', prefix: 'circularReport', period: 'trustDate', depart: 'departId', insurer: 'insurerCode', hand: circularReport },
  { title: '费用统计', url: '/cost/caseCost/statistics/costReport', menu: '/report/cost', prefix: 'costReport', period: 'occurDate', depart: 'bearDepart', insurer: 'case.insurerCode', hand: costReport },
  { title: '客户统计', url: '/receive/receive/statistics/customerReport', menu: '/report/customer', prefix: 'customerReport', period: 'trustDate', depart: 'departId', insurer: 'insurerCode', hand: customerReport },
  { title: '部门统计', url: '/receive/receive/statistics/departmentReport', menu: '/report/department', prefix: 'departmentReport', period: 'trustDate', depart: 'departId', insurer: 'insurerCode', hand: departmentReport },
  { title: '发票统计', url: '/receipt/receipt/statistics/receiptReport', menu: '/report/receipt', prefix: 'receiptReport', period: 'openDate', hand: receiptReport },
  { title: '案件统计', url: '/receive/receive/statistics/caseReport', menu: '/report/receive', prefix: 'receiveReport', period: 'trustDate', depart: 'departId', insurer: 'insurerCode', hand: receiveReport },
  { title: '分摊统计', url: '/receive/receiveMember/statistics/shareReport', menu: '/report/share', prefix: 'shareReport', period: 'case.trustDate', depart: 'case.departId', hand: shareReport, cents: true },
];

const A01A02 = '00000000000000000000000000a01a02';
const OTHER_TENANT = 61;

/** This year in Beijing time, and all time. */
function periods(): Array<{ label: string; begin: string; end: string }> {
  const year = new Date(Date.now() + 8 * 3600_000).getUTCFullYear();
  return [
    { label: '本年', begin: `${year}-01-01`, end: `${year}-12-31` },
    { label: '全部', begin: '2000-01-01', end: '2099-12-31' },
  ];
}

function query(report: Report, f: HandFilter): string {
  const params = new URLSearchParams({ [`${report.period}_begin`]: f.begin, [`${report.period}_end`]: f.end });
  if (f.departId && report.depart) params.set(report.depart, f.departId);
  if (f.insurerCode && report.insurer) params.set(report.insurer, f.insurerCode);
  return params.toString();
}

const num = (v: unknown): number => (v === null || v === undefined || v === '' ? 0 : Number(v));

/** The answer's leaf rows by their group values, and its 合计, as numbers. */
function figures(answer: Answer): { leaves: Map<string, Rec>; total: Rec | undefined } {
  const groupKeys = answer.columns.filter((c) => c.kind === 'group').map((c) => c.key);
  const leaves = new Map<string, Rec>();
  for (const row of answer.rows.filter((r) => r.type === 'row')) {
    leaves.set(groupKeys.map((k) => (row[k] === null || row[k] === undefined ? '' : String(row[k]))).join('|'), row);
  }
  return { leaves, total: answer.rows.find((r) => r.type === 'total') };
}

/** Every hand figure equals the answer's (leaf rows and 合计); nothing extra in the answer. */
function expectEqual(report: Report, answer: Answer, hand: HandReport): void {
  const { leaves, total } = figures(answer);
  const close = (got: unknown, want: number, rows: number, where: string) => {
    const tolerance = report.cents ? 0.01 * Math.max(rows, 1) + 1e-9 : 0.001;
    expect(Math.abs(num(got) - want), `${report.title} ${where}: ${String(got)} ≠ ${want}`).toBeLessThanOrEqual(tolerance);
  };
  expect([...leaves.keys()].sort(), `${report.title}: groups`).toEqual(hand.rows.map((r) => r.keys.join('|')).sort());
  for (const row of hand.rows) {
    const got = leaves.get(row.keys.join('|'))!;
    for (const [measure, want] of Object.entries(row.figures)) close(got[measure], want, row.figures.cases ?? 1, `${row.keys.join('/')} ${measure}`);
  }
  expect(total, `${report.title}: 合计`).toBeDefined();
  for (const [measure, want] of Object.entries(hand.total)) close(total![measure], want, hand.total.cases ?? 1, `合计 ${measure}`);
}

describe.each(DATABASE_KINDS)('统计报表 equal the hand SQL over the demo data (%s)', (kind) => {
  let t: TestApp;
  let admin = '';
  const db = () => t.database.db;
  const ask = async (report: Report, qs: string, token = admin, tenant = 0) =>
    body<Answer>(await t.app.inject({ method: 'GET', url: `${API}${report.url}?${qs}`, headers: { ...authHeaders(token), 'tenant-id': String(tenant) } }));

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await login(t.app, 'admin')).token;
  }, 120_000);
  afterAll(async () => t?.close());

  it.each(REPORTS.map((r) => [r.title, r] as const))('%s: every group and the 合计, this year and all time', async (_title, report) => {
    for (const p of periods()) {
      const f: HandFilter = { tenant: 0, begin: p.begin, end: p.end };
      const answer = await ask(report, query(report, f));
      expect(answer.success, `${report.title} ${p.label}: ${answer.message}`).toBe(true);
      const hand = await report.hand(db(), f);
      expect(hand.rows.length, `${report.title} ${p.label}: the demo has figures`).toBeGreaterThan(0);
      expectEqual(report, answer.result, hand);
    }
  });

  it.each(REPORTS.filter((r) => r.depart || r.insurer).map((r) => [r.title, r] as const))(
    '%s: the 承办部门 and 委托方 filters narrow the figures as the SQL does',
    async (_title, report) => {
      const [, all] = periods();
      const f: HandFilter = { tenant: 0, begin: all.begin, end: all.end, departId: report.depart ? A01A02 : undefined, insurerCode: report.insurer ? 'PICC' : undefined };
      const answer = await ask(report, query(report, f));
      expect(answer.success, answer.message).toBe(true);
      expectEqual(report, answer.result, await report.hand(db(), f));
    },
  );

  it('refuses a user without the report’s code (lisi, 公估师) with 510', async () => {
    const lisi = (await login(t.app, 'lisi')).token;
    for (const report of REPORTS) {
      expect(await ask(report, query(report, { tenant: 0, ...periods()[1] }), lisi)).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
    }
  });

  it('shows lisi, once granted the reports, only figures over the cases his 公估师 rule lets through', async () => {
    // The 公估师 role gets the 统计报表 menu items and their buttons (as an administrator would in 角色管理).
    const role = await db().selectFrom('sys_role').select('id').where('role_code', '=', 'adjuster').executeTakeFirstOrThrow();
    const granted = await sql<{ id: string }>`
      SELECT p.id FROM sys_permission p WHERE p.url LIKE '/report%' AND p.menu_type <> 2
      UNION SELECT b.id FROM sys_permission b JOIN sys_permission m ON m.id = b.parent_id WHERE m.url LIKE '/report/%' AND b.menu_type = 2`.execute(db());
    for (const { id } of granted.rows) await sql`INSERT INTO sys_role_permission (id, role_id, permission_id) VALUES (${randomUUID().replaceAll('-', '')}, ${role.id}, ${id})`.execute(db());
    const lisi = (await login(t.app, 'lisi')).token;
    for (const report of REPORTS) {
      const f: HandFilter = { tenant: 0, ...periods()[1], scopeUser: 'lisi' };
      const answer = await ask(report, query(report, f), lisi);
      expect(answer.success, `${report.title}: ${answer.message}`).toBe(true);
      const hand = await report.hand(db(), f);
      expectEqual(report, answer.result, hand);
      // The rule does narrow what is case-scoped: lisi sees fewer cases than admin. Invoices belong to no one
      // case (an invoice may cover several), so 发票统计 counts the tenant's invoices for everyone holding it.
      if (report.prefix === 'receiptReport') continue;
      const everything = await report.hand(db(), { tenant: 0, ...periods()[1] });
      expect(hand.total.cases ?? hand.total.count, report.title).toBeLessThan(everything.total.cases ?? everything.total.count);
    }
  });

  it('counts only the session tenant’s rows', async () => {
    // A third of the demo cases, with their costs, members and invoices, move to another tenant.
    await db().insertInto('sys_tenant').values({ id: OTHER_TENANT, name: '统计租户' }).execute();
    const moved = sql`SELECT id FROM biz_receive WHERE right(id, 1) IN ('0', '3', '6', '9')`;
    await sql`UPDATE biz_case_cost SET tenant_id = ${OTHER_TENANT} WHERE receive_id IN (${moved})`.execute(db());
    await sql`UPDATE biz_receive_member SET tenant_id = ${OTHER_TENANT} WHERE receive_id IN (${moved})`.execute(db());
    await sql`UPDATE cost_work_hour SET tenant_id = ${OTHER_TENANT} WHERE case_id IN (${moved})`.execute(db());
    await sql`UPDATE biz_receipt SET tenant_id = ${OTHER_TENANT} WHERE id IN (SELECT receipt_id FROM biz_receipt_link WHERE receive_id IN (${moved}))`.execute(db());
    await sql`UPDATE biz_receipt_link SET tenant_id = ${OTHER_TENANT} WHERE receive_id IN (${moved})`.execute(db());
    await sql`UPDATE biz_receive SET tenant_id = ${OTHER_TENANT} WHERE id IN (${moved})`.execute(db());
    await sql`UPDATE sys_user SET rel_tenant_ids = ${String(OTHER_TENANT)} WHERE username = 'admin'`.execute(db());
    const adminAgain = (await login(t.app, 'admin')).token;
    for (const report of REPORTS) {
      for (const tenant of [0, OTHER_TENANT]) {
        const f: HandFilter = { tenant, ...periods()[1] };
        const answer = await ask(report, query(report, f), adminAgain, tenant);
        expect(answer.success, `${report.title} tenant ${tenant}: ${answer.message}`).toBe(true);
        expectEqual(report, answer.result, await report.hand(db(), f));
      }
    }
  });

  it('exports the same 合计 as the report shows (.xlsx)', async () => {
    for (const report of REPORTS) {
      const qs = query(report, { tenant: 0, ...periods()[1] });
      const shown = figures((await ask(report, qs)).result).total!;
      const res = await t.app.inject({ method: 'GET', url: `${API}${report.url}/exportXls?${qs}`, headers: authHeaders(admin) });
      expect(res.statusCode, report.title).toBe(200);
      const sheet = await readWorkbook(res.rawPayload, 'report.xlsx');
      const rows = sheet.rows.map((r) => r.cells.map((c) => (c === null ? '' : String(c))));
      const totalRow = rows.find((r) => r.includes('合计'));
      expect(totalRow, `${report.title}: 合计 row in the export`).toBeDefined();
      const cases = String(shown.cases ?? shown.count);
      expect(totalRow, report.title).toContain(cases);
    }
  });
});
