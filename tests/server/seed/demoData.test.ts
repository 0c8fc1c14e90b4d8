/**
 * The demo firm (server/seed/demo): what `npm start` seeds into an empty database and what
 * `npm run seed:demo` writes at any size hold the rules of cases, costs and invoices — every invoice's
 * linked + waiting amount is its amount, every case's invoiced amount is the sum of its links, paid
 * costs are paid in full and approved ones not beyond, each case's last transition is its state —
 * and every state of the lifecycle has cases. The generator refuses a database that has cases.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMissingPageMenus } from '../../../server/crud/pageMenus';
import { loadEntityPages } from '../../../server/crud/pages';
import { openPglite, openPostgres, type Database } from '../../../server/db/open';
import type { DB } from '../../../server/db/types';
import { SeedError } from '../../../server/seed';
import { DEMO_ENTITIES } from '../../../server/seed/demo/caseLife';
import { seedDemoDatabase } from '../../../server/seed/demo/generator';
import { takeNumbers } from '../../../server/sys/fillRule';
import { createPostgresDatabase, DATABASE_KINDS, openTestDatabase, type DatabaseKind } from '../../support/database';
import { API, authHeaders, body, login, startTestApp, type TestApp } from '../support/app';

const CASE_STATES = ['new', 'handle', 'approve', 'over', 'wait_receipt', 'receipted', 'old'];

async function rows<T>(db: Kysely<DB>, query: ReturnType<typeof sql<T>>): Promise<T[]> {
  return (await query.execute(db)).rows;
}

/** Each rule of the demo as the rows that break it (none expected), so a failure names them. */
async function brokenRules(db: Kysely<DB>): Promise<Record<string, unknown[]>> {
  return {
    invoiceAmounts: await rows(db, sql`SELECT number, amount, ref_amount, wait_amount FROM biz_receipt WHERE ref_amount + wait_amount <> amount`),
    invoiceLinks: await rows(db, sql`
      SELECT r.number, r.ref_amount, coalesce(sum(l.amount), 0) AS linked FROM biz_receipt r LEFT JOIN biz_receipt_link l ON l.receipt_id = r.id
      GROUP BY r.id, r.number, r.ref_amount HAVING r.ref_amount <> coalesce(sum(l.amount), 0)`),
    caseInvoiced: await rows(db, sql`
      SELECT c.receive_number, c.invoiced_amount, coalesce(sum(l.amount), 0) AS linked FROM biz_receive c LEFT JOIN biz_receipt_link l ON l.receive_id = c.id
      GROUP BY c.id, c.receive_number, c.invoiced_amount HAVING c.invoiced_amount <> coalesce(sum(l.amount), 0)`),
    receiptedUnderFee: await rows(db, sql`
      SELECT receive_number FROM biz_receive WHERE receive_status IN ('receipted', 'old') AND (fee_amount IS NULL OR invoiced_amount < fee_amount)`),
    waitingFullyInvoiced: await rows(db, sql`
      SELECT receive_number FROM biz_receive WHERE receive_status = 'wait_receipt' AND (fee_amount IS NULL OR invoiced_amount >= fee_amount)`),
    closingWithoutFee: await rows(db, sql`
      SELECT receive_number FROM biz_receive WHERE receive_status NOT IN ('new', 'handle') AND fee_amount IS NULL`),
    costPayments: await rows(db, sql`
      SELECT c.id, c.cost_status, c.amount, c.paid_amount, coalesce(sum(p.amount), 0) AS paid FROM biz_case_cost c LEFT JOIN biz_cost_payment p ON p.cost_id = c.id
      GROUP BY c.id, c.cost_status, c.amount, c.paid_amount
      HAVING c.paid_amount <> coalesce(sum(p.amount), 0)
          OR (c.cost_status = 'paid' AND coalesce(sum(p.amount), 0) <> c.amount)
          OR (c.cost_status = 'approved' AND coalesce(sum(p.amount), 0) >= c.amount)
          OR (c.cost_status NOT IN ('paid', 'approved') AND coalesce(sum(p.amount), 0) <> 0)`),
    lastTransition: await rows(db, sql`
      SELECT c.receive_number, c.receive_status, last.to_status FROM biz_receive c
      LEFT JOIN LATERAL (
        SELECT to_status FROM biz_receive_progress p WHERE p.receive_id = c.id AND p.to_status IS NOT NULL ORDER BY p.progress_time DESC LIMIT 1
      ) last ON true
      WHERE c.receive_status <> 'new' AND last.to_status IS DISTINCT FROM c.receive_status
         OR c.receive_status = 'new' AND last.to_status IS NOT NULL`),
    progressChain: await rows(db, sql`
      SELECT receive_number, progress_time, from_status, prev FROM (
        SELECT receive_number, progress_time, from_status,
               lag(to_status) OVER (PARTITION BY receive_id ORDER BY progress_time) AS prev
        FROM biz_receive_progress WHERE to_status IS NOT NULL) t
      WHERE prev IS NOT NULL AND prev <> from_status`),
    reversedStillLinked: await rows(db, sql`
      SELECT o.number FROM biz_receipt red JOIN biz_receipt o ON o.id = red.orig_receipt_id
      WHERE red.red_flag = '1' AND (red.amount <> -o.amount OR EXISTS (SELECT 1 FROM biz_receipt_link l WHERE l.receipt_id = o.id))`),
    duplicateNumbers: await rows(db, sql`SELECT receive_number FROM biz_receive GROUP BY receive_number HAVING count(*) > 1`),
    orphanChildren: await rows(db, sql`
      SELECT 'progress' AS t, receive_id FROM biz_receive_progress WHERE receive_id NOT IN (SELECT id FROM biz_receive)
      UNION ALL SELECT 'hour', case_id FROM cost_work_hour WHERE case_id NOT IN (SELECT id FROM biz_receive)
      UNION ALL SELECT 'payment', cost_id FROM biz_cost_payment WHERE cost_id NOT IN (SELECT id FROM biz_case_cost)`),
  };
}

const NO_BROKEN_RULES = {
  invoiceAmounts: [], invoiceLinks: [], caseInvoiced: [], receiptedUnderFee: [], waitingFullyInvoiced: [], closingWithoutFee: [],
  costPayments: [], lastTransition: [], progressChain: [], reversedStillLinked: [], duplicateNumbers: [], orphanChildren: [],
};

async function valuesOf(db: Kysely<DB>, table: string, column: string): Promise<string[]> {
  const found = await rows<{ v: string }>(db, sql`SELECT DISTINCT ${sql.ref(column)} AS v FROM ${sql.table(table)} WHERE ${sql.ref(column)} IS NOT NULL`);
  return found.map((r) => r.v).sort();
}

/** An empty database of the kind, as a fresh install has before its first start. */
async function openEmpty(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lossdesk-demo-test-'));
    const database = await openPglite(dir);
    return { ...database, close: async () => { await database.close(); fs.rmSync(dir, { recursive: true, force: true }); } };
  }
  const created = await createPostgresDatabase('demo');
  const database = await openPostgres(created.url, 3);
  return { ...database, close: async () => { await database.close(); await created.drop(); } };
}

describe.each(DATABASE_KINDS)('demo data (%s)', (kind) => {
  describe('seeded by the first start', () => {
    let database: Database;
    beforeAll(async () => {
      database = await openTestDatabase(kind);
    });
    afterAll(async () => {
      await database?.close();
    });

    it('is a firm of about 300 cases in every state, the hand-written ones among them', async () => {
      const db = database.db;
      const [{ n }] = await rows<{ n: string }>(db, sql`SELECT count(*) AS n FROM biz_receive`);
      expect(Number(n)).toBe(300);
      expect(await valuesOf(db, 'biz_receive', 'receive_status')).toEqual([...CASE_STATES].sort());
      const [first] = await rows<Record<string, unknown>>(db, sql`SELECT handler, insurer_code, receive_status FROM biz_receive WHERE id = 'R0001'`);
      expect(first).toEqual({ handler: 'zhangsan', insurer_code: 'GSCX', receive_status: 'handle' });
      // Dates spread over the last 18 months.
      const [span] = await rows<{ days: number }>(db, sql`SELECT (max(trust_date) - min(trust_date))::int AS days FROM biz_receive`);
      expect(span.days).toBeGreaterThan(450);
    });

    it('keeps every rule of cases, costs and invoices', async () => {
      expect(await brokenRules(database.db)).toEqual(NO_BROKEN_RULES);
    });

    it('has costs, complaints, members and invoices in each of their states', async () => {
      const db = database.db;
      expect(await valuesOf(db, 'biz_case_cost', 'cost_status')).toEqual(['approved', 'draft', 'paid', 'rejected', 'submitted']);
      expect(await valuesOf(db, 'biz_complaint', 'complaint_status')).toEqual(['closed', 'handling', 'registered']);
      expect(await valuesOf(db, 'biz_receive_member', 'member_role')).toEqual(expect.arrayContaining(['assistant', 'handler', 'reviewer']));
      expect(await valuesOf(db, 'biz_receive_mail', 'mail_type')).toEqual(['email', 'letter']);
      const [invoices] = await rows<{ red: string; partly: string; loose: string; rejected: string }>(db, sql`
        SELECT count(*) FILTER (WHERE red_flag = '1') AS red,
               count(*) FILTER (WHERE ref_amount > 0 AND wait_amount > 0) AS partly,
               count(*) FILTER (WHERE ref_amount = 0 AND red_flag = '0' AND red_status = '0') AS loose,
               (SELECT count(*) FROM biz_receive_progress WHERE action = '退回' AND content LIKE '退回原因：%') AS rejected
        FROM biz_receipt`);
      expect(Number(invoices.red)).toBeGreaterThan(5);
      expect(Number(invoices.partly)).toBeGreaterThan(0);
      expect(Number(invoices.loose)).toBeGreaterThan(0);
      expect(Number(invoices.rejected)).toBeGreaterThan(5);
      // An approved cost partly paid, waiting for the rest.
      const [partlyPaid] = await rows<{ n: string }>(db, sql`SELECT count(*) AS n FROM biz_case_cost WHERE cost_status = 'approved' AND paid_amount > 0`);
      expect(Number(partlyPaid.n)).toBeGreaterThan(0);
      const [hours] = await rows<{ n: string }>(db, sql`SELECT count(*) AS n FROM cost_work_hour`);
      expect(Number(hours.n)).toBeGreaterThan(300);
    });

    it('gives each adjuster and the manager a list of their own: cases they handle, assist or are members of', async () => {
      const db = database.db;
      const mine = await rows<{ username: string; handled: string; member: string }>(db, sql`
        SELECT u.username,
               (SELECT count(*) FROM biz_receive c WHERE c.handler = u.username) AS handled,
               (SELECT count(DISTINCT m.receive_id) FROM biz_receive_member m WHERE m.user_name = u.username) AS member
        FROM sys_user u WHERE u.username IN ('lisi', 'zhaoliu', 'zhangsan') ORDER BY u.username`);
      for (const row of mine) {
        expect(Number(row.handled), row.username).toBeGreaterThan(30);
        expect(Number(row.member), row.username).toBeGreaterThanOrEqual(Number(row.handled));
      }
      // Cases sit in the adjusters' departments (车险理赔部, 财产险理赔部), so department rules find them.
      const departs = await rows<{ org_code: string; n: string }>(db, sql`
        SELECT d.org_code, count(*) AS n FROM biz_receive c JOIN sys_depart d ON d.id = c.depart_id GROUP BY d.org_code ORDER BY d.org_code`);
      expect(departs.map((d) => d.org_code)).toEqual(expect.arrayContaining(['A01A01', 'A01A02']));
    });

    it('numbers the cases with the case number rule, so a case added now gets a number no demo case has', async () => {
      const db = database.db;
      const rule = await db.selectFrom('sys_fill_rule').select(['prefix']).where('rule_code', '=', 'receive_number').executeTakeFirstOrThrow();
      const numbers = await valuesOf(db, 'biz_receive', 'receive_number');
      expect(numbers.every((n) => n.startsWith(rule.prefix ?? ''))).toBe(true);
      const [next] = await takeNumbers(db, 'receive_number', 1);
      expect(numbers).not.toContain(next);
    });
  });

  describe('read and saved back through the pages', () => {
    let ctx: TestApp;
    let admin: string;
    beforeAll(async () => {
      ctx = await startTestApp(kind);
      // As main.ts does at start: pages without a menu item get one, granted to admin.
      await addMissingPageMenus(ctx.database.db, loadEntityPages());
      admin = (await login(ctx.app, 'admin')).token;
    }, 120_000);
    afterAll(async () => ctx?.close());

    it('passes the server’s own checks: every demo page lists its rows and saves them again unchanged', async () => {
      const call = async <T>(method: 'GET' | 'PUT', url: string, payload?: Record<string, unknown>) =>
        body<T>(await ctx.app.inject({ method, url: `${API}${url}`, ...(payload ? { payload } : {}), headers: authHeaders(admin) }));
      const pages = loadEntityPages();
      for (const entity of Object.values(DEMO_ENTITIES)) {
        const page = pages.find((p) => `${p.entity.module}/${p.entity.name}` === entity);
        if (!page) throw new Error(`no page ${entity}`);
        const listed = await call<{ records: Record<string, unknown>[]; total: number }>('GET', `${page.entity.apiPath}/list?pageSize=3`);
        expect(listed.success, `${entity}: ${listed.message}`).toBe(true);
        expect(listed.result.total, entity).toBeGreaterThan(0);
        // A page only the server writes (费用支付) has no edit to save back through.
        if (page.entity.readOnly) continue;
        for (const record of listed.result.records) {
          const read = await call<Record<string, unknown>>('GET', `${page.entity.apiPath}/queryById?id=${encodeURIComponent(String(record.id))}`);
          const payload: Record<string, unknown> = { id: record.id };
          for (const field of page.fields) if (!field.readOnly) payload[field.name] = read.result[field.name];
          const saved = await call('PUT', `${page.entity.apiPath}/edit`, payload);
          expect(saved.success, `${entity} ${String(record.id)}: ${saved.message}`).toBe(true);
        }
      }
    });
  });

  describe('written by the generator', () => {
    let database: Database;
    beforeAll(async () => {
      database = await openEmpty(kind);
    });
    afterAll(async () => {
      await database?.close();
    });

    it('fills an empty database with 2000 cases that keep the same rules, printing its progress', async () => {
      const lines: string[] = [];
      const summary = await seedDemoDatabase(database, loadEntityPages(), { cases: 2000, chunkSize: 500, reportEvery: 1000, log: (l) => lines.push(l) });
      expect(summary.cases).toBe(2000);
      expect(lines).toEqual([
        expect.stringMatching(/^已生成 1,000 \/ 2,000 个案件，用时 [\d.]+ 秒，每秒 [\d,]+ 个$/),
        expect.stringMatching(/^已生成 2,000 \/ 2,000 个案件/),
      ]);
      const db = database.db;
      const [{ n }] = await rows<{ n: string }>(db, sql`SELECT count(*) AS n FROM biz_receive`);
      expect(Number(n)).toBe(2000);
      expect(await valuesOf(db, 'biz_receive', 'receive_status')).toEqual([...CASE_STATES].sort());
      expect(await brokenRules(db)).toEqual(NO_BROKEN_RULES);
      // The demo staff exist (the generator seeds the organisation of an empty database first).
      expect(await valuesOf(db, 'biz_receive', 'handler')).toEqual(['lisi', 'zhangsan', 'zhaoliu']);
    });

    it('refuses a second run into the database that now has cases, writing nothing', async () => {
      const before = await rows<{ n: string }>(database.db, sql`SELECT count(*) AS n FROM biz_receive_progress`);
      const second = seedDemoDatabase(database, loadEntityPages(), { cases: 10 });
      await expect(second).rejects.toThrow(SeedError);
      await expect(second).rejects.toThrow('案件表（biz_receive）已有 2000 条案件，演示数据只能生成到空数据库中，请换一个空数据库后重试');
      expect(await rows(database.db, sql`SELECT count(*) AS n FROM biz_receive_progress`)).toEqual(before);
    });
  });
});
