/**
 * 首页's summaries (dash_case_summary, dash_progress_summary: server/dashboard/caseSummary.ts) stay
 * equal to the cases and progress entries grouped by hand through every way they are written — the
 * list's add, edit and delete, import, a workflow transition, SQL by hand — and 首页's figures read
 * from them stay equal to hand-written counts (结案 to a range's last second, as the list counts);
 * a database older than the summary gets it filled on start.
 */
import ExcelJS from 'exceljs';
import { sql, type RawBuilder } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DashboardAnswer } from '../../../runtime/dashboard/figures';
import { beijingToday, monthPeriod, yearPeriod } from '../../../runtime/dashboard/periods';
import { ensureCaseSummary } from '../../../server/dashboard/caseSummary';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, body } from '../support/app';
import { multipart, signedInCrudApp } from '../crud/support';
import { newCaseBody } from './newCase';

const DEPART = '00000000000000000000000000a01a02';

describe.each(DATABASE_KINDS)('首页 case summary (%s)', (kind) => {
  const server = signedInCrudApp(kind);
  const today = beijingToday();
  const month = monthPeriod(today);
  const year = yearPeriod(today);
  const db = () => server.database.db;

  const grouped = (query: RawBuilder<Record<string, unknown>>) =>
    query.execute(db()).then((r) => r.rows.map((row) => ({ ...row, n: Number(row.n), dn: Number(row.dn), da: Number(row.da) })));

  /** The summary's groups that hold something, and the cases grouped by hand: the same. */
  async function expectSummaryCurrent(): Promise<void> {
    const summary = await grouped(sql`
      SELECT tenant_id, trust_month::text AS m, receive_status AS s, insurer_code AS i, province AS p, depart_id AS d,
             sum(cases) AS n, sum(due_cases) AS dn, sum(due_amount) AS da
      FROM dash_case_summary GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(cases) <> 0 OR sum(due_cases) <> 0 OR sum(due_amount) <> 0
      ORDER BY 1, 2, 3, 4, 5, 6`);
    const hand = await grouped(sql`
      SELECT tenant_id, date_trunc('month', trust_date)::date::text AS m, receive_status::text AS s, insurer_code::text AS i,
             left(area_code, 2) AS p, depart_id::text AS d, count(*) AS n,
             count(*) FILTER (WHERE COALESCE(invoiced_amount, 0) < COALESCE(fee_amount, 0)) AS dn,
             COALESCE(sum(COALESCE(fee_amount, 0) - COALESCE(invoiced_amount, 0)) FILTER (WHERE COALESCE(invoiced_amount, 0) < COALESCE(fee_amount, 0)), 0) AS da
      FROM biz_receive GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6`);
    expect(summary).toEqual(hand);
    // Entries and costs per their case's 承办部门 (the case of the same id and tenant; blank without one).
    const entries = await grouped(sql`
      SELECT tenant_id AS t, to_status AS s, day::text AS d, depart_id AS o, sum(entries) AS n, sum(late) AS dn, 0 AS da FROM dash_progress_summary
      GROUP BY 1, 2, 3, 4 HAVING sum(entries) <> 0 OR sum(late) <> 0 ORDER BY 1, 2, 3, 4`);
    const byHand = await grouped(sql`
      SELECT p.tenant_id AS t, p.to_status::text AS s, p.progress_time::date::text AS d, c.depart_id::text AS o, count(*) AS n,
             count(*) FILTER (WHERE p.progress_time > p.progress_time::date + interval '23:59:59') AS dn, 0 AS da
      FROM biz_receive_progress p LEFT JOIN biz_receive c ON c.id = p.receive_id AND c.tenant_id = p.tenant_id
      WHERE p.to_status IS NOT NULL AND p.progress_time IS NOT NULL GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`);
    expect(entries).toEqual(byHand);
    const costs = await grouped(sql`
      SELECT tenant_id AS t, cost_status AS s, depart_id AS o, sum(costs) AS n, 0 AS dn, sum(amount) AS da FROM dash_cost_summary
      GROUP BY 1, 2, 3 HAVING sum(costs) <> 0 OR sum(amount) <> 0 ORDER BY 1, 2, 3`);
    const costsByHand = await grouped(sql`
      SELECT k.tenant_id AS t, k.cost_status::text AS s, c.depart_id::text AS o, count(*) AS n, 0 AS dn, sum(COALESCE(k.amount, 0)) AS da
      FROM biz_case_cost k LEFT JOIN biz_receive c ON c.id = k.receive_id AND c.tenant_id = k.tenant_id GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);
    expect(costs).toEqual(costsByHand);
    const days = (query: RawBuilder<{ t: number; d: string; n: string; a: string }>) =>
      query.execute(db()).then((r) => r.rows.map((row) => ({ ...row, n: Number(row.n), a: Number(row.a) })));
    expect(
      await days(sql`SELECT tenant_id AS t, day::text AS d, sum(receipts) AS n, sum(amount) AS a FROM dash_receipt_summary
        GROUP BY 1, 2 HAVING sum(receipts) <> 0 OR sum(amount) <> 0 ORDER BY 1, 2`),
    ).toEqual(
      await days(sql`SELECT tenant_id AS t, open_date::text AS d, count(*) AS n, sum(amount) AS a FROM biz_receipt WHERE open_date IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2`),
    );
  }

  const count = async (query: RawBuilder<{ n: string; s?: string }>) => {
    const { rows } = await query.execute(db());
    return { count: Number(rows[0].n), value: Number(rows[0].s ?? rows[0].n) };
  };

  /** 首页 as admin (no data rule: the figures come from the summary) against hand-written counts. */
  async function expectFiguresCurrent(): Promise<void> {
    const answer = body<DashboardAnswer>(await server.app.inject({ method: 'GET', url: `${API}/dashboard/analysis`, headers: authHeaders(server.admin) }));
    expect(answer.success, answer.message).toBe(true);
    const card = (key: string) => answer.result.cards.find((f) => f.key === key);
    const tenant = 0;
    expect({ count: card('monthOpened')?.count, value: card('monthOpened')?.value }).toEqual(
      await count(sql`SELECT count(*) AS n FROM biz_receive WHERE tenant_id = ${tenant} AND trust_date BETWEEN ${month.begin} AND ${month.end}`),
    );
    expect({ count: card('toInvoice')?.count, value: card('toInvoice')?.value }).toEqual(
      await count(sql`SELECT count(*) AS n, COALESCE(sum(COALESCE(fee_amount, 0) - COALESCE(invoiced_amount, 0)), 0) AS s FROM biz_receive
        WHERE tenant_id = ${tenant} AND receive_status = 'wait_receipt' AND COALESCE(invoiced_amount, 0) < COALESCE(fee_amount, 0)`),
    );
    // A list's range ends at 23:59:59 of its last day.
    const closings = (b: string, e: string) =>
      count(sql`SELECT count(*) AS n FROM biz_receive_progress WHERE tenant_id = ${tenant} AND to_status = 'over'
        AND progress_time >= ${b}::timestamp AND progress_time <= ${`${e} 23:59:59`}::timestamp`);
    expect({ count: card('monthClosed')?.count, value: card('monthClosed')?.value }).toEqual(await closings(month.begin, month.end));
    expect({ count: card('yearClosed')?.count, value: card('yearClosed')?.value }).toEqual(await closings(year.begin, year.end));
    expect({ count: card('yearInvoiced')?.count, value: card('yearInvoiced')?.value }).toEqual(
      await count(sql`SELECT count(*) AS n, COALESCE(sum(amount), 0) AS s FROM biz_receipt WHERE tenant_id = ${tenant} AND open_date BETWEEN ${year.begin} AND ${year.end}`),
    );
    const thisMonth = answer.result.trend[answer.result.trend.length - 1];
    expect(thisMonth.closed?.count).toBe((await closings(month.begin, month.end)).count);
    const states = (await sql<{ s: string; n: string }>`SELECT receive_status AS s, count(*) AS n FROM biz_receive WHERE tenant_id = ${tenant} GROUP BY 1`.execute(db())).rows;
    expect(answer.result.states.map((f) => [f.key, f.count])).toEqual(
      answer.result.states.map((f) => [f.key, Number(states.find((s) => `state.${s.s}` === f.key)?.n ?? 0)]),
    );
    const insurers = (await sql<{ code: string; n: string }>`SELECT insurer_code AS code, count(*) AS n FROM biz_receive
      WHERE tenant_id = ${tenant} AND trust_date BETWEEN ${year.begin} AND ${year.end} AND insurer_code IS NOT NULL
      GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 5`.execute(db())).rows;
    expect(answer.result.insurers.map((f) => [f.key, f.count])).toEqual(insurers.map((r) => [`insurer.${r.code}`, Number(r.n)]));
    const areas = (await sql<{ code: string; n: string }>`SELECT left(area_code, 2) AS code, count(*) AS n FROM biz_receive
      WHERE tenant_id = ${tenant} AND trust_date BETWEEN ${year.begin} AND ${year.end} AND area_code ~ '^[0-9]{2}'
      GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 5`.execute(db())).rows;
    expect(answer.result.areas.map((f) => [f.key, f.count])).toEqual(areas.map((r) => [`area.${r.code}`, Number(r.n)]));
  }

  const idOf = async (name: string) =>
    (await sql<{ id: string }>`SELECT id FROM biz_receive WHERE receive_name = ${name}`.execute(db())).rows[0].id;

  it('follows add, edit, a transition, SQL by hand, import and delete, and 首页 with it', async () => {
    await expectSummaryCurrent();
    await expectFiguresCurrent();

    const name = `首页汇总案件${kind}`;
    const added = await server.send('POST', '/receive/receive/add', newCaseBody(name, month.begin, DEPART, { handler: 'zhangsan', feeAmount: 8000 }));
    expect(added.success, added.message).toBe(true);
    const id = await idOf(name);
    await expectSummaryCurrent();
    await expectFiguresCurrent();

    const edited = await server.send('PUT', '/receive/receive/edit', { id, insurerCode: 'GSCX', insurerName: '中国人寿财产保险股份有限公司', areaCode: '440305', feeAmount: 9000 });
    expect(edited.success, edited.message).toBe(true);
    await expectSummaryCurrent();

    const accepted = await server.send('POST', '/receive/receive/transition', { id, transition: 'accept' });
    expect(accepted.success, accepted.message).toBe(true);
    await expectSummaryCurrent();
    await expectFiguresCurrent();

    // Closings on the month's last day, one in its last second but after 23:59:59: the list leaves that one out.
    for (const [n, at] of [['1', `${month.end} 12:00:00`], ['2', `${month.end} 23:59:59.5`]]) {
      await sql`INSERT INTO biz_receive_progress (id, receive_id, action, from_status, to_status, content, progress_time, tenant_id)
        VALUES (${`dashsummaryclose${n}`.padEnd(32, '0')}, ${id}, '通过', 'approve', 'over', '结案审批 → 已结案', ${at}::timestamp, 0)`.execute(db());
    }
    await expectSummaryCurrent();
    await expectFiguresCurrent();

    // A case waiting for its invoice, part of the fee invoiced: 待开票公估费 counts what is left; the invoice counts in 本年已开票.
    await sql`UPDATE biz_receive SET receive_status = 'wait_receipt', invoiced_amount = 2500 WHERE id = ${id}`.execute(db());
    await sql`INSERT INTO biz_receipt (id, number, receipt_type, open_date, currency_type, amount, red_flag, tenant_id)
      VALUES (${'dashsummaryinvoice'.padEnd(32, '0')}, 'FPDASH0001', '1', ${month.begin}, 'CNY', 2500, '0', 0)`.execute(db());
    await expectSummaryCurrent();
    await expectFiguresCurrent();
    await sql`UPDATE biz_receipt SET amount = 2600 WHERE number = 'FPDASH0001'`.execute(db());
    await expectSummaryCurrent();
    await expectFiguresCurrent();

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('案件');
    sheet.addRow(['案件']);
    sheet.addRow(['导入']);
    sheet.addRow(['案件名称', '案件状态', '委托日期', '委托方编码', '出险地区']);
    sheet.addRow([`${name}导入1`, '新建', month.begin, 'PAIC', '310104']);
    sheet.addRow([`${name}导入2`, '新建', year.begin, 'GSCX', '440305']);
    const upload = multipart([{ field: 'file', name: '案件.xlsx', content: Buffer.from(await workbook.xlsx.writeBuffer()) }]);
    const imported = body(
      await server.app.inject({ method: 'POST', url: `${API}/receive/receive/importExcel`, payload: upload.payload, headers: { ...authHeaders(server.admin), ...upload.headers } }),
    );
    expect(imported).toMatchObject({ success: true, message: expect.not.stringContaining("失败") });
    expect(await idOf(`${name}导入2`)).toBeTruthy();
    await expectSummaryCurrent();
    await expectFiguresCurrent();

    // A case with progress entries is kept (its 进度 refers to it): the entry goes first.
    await sql`DELETE FROM biz_receive_progress WHERE receive_id = ${id}`.execute(db());
    const deleted = await server.send('DELETE', `/receive/receive/delete?id=${id}`);
    expect(deleted.success, deleted.message).toBe(true);
    const batch = await server.send('DELETE', `/receive/receive/deleteBatch?ids=${await idOf(`${name}导入1`)},${await idOf(`${name}导入2`)}`);
    expect(batch.success, batch.message).toBe(true);
    expect(Number((await sql<{ n: string }>`SELECT count(*) AS n FROM biz_receive WHERE receive_name LIKE ${`${name}%`}`.execute(db())).rows[0].n)).toBe(0);
    await expectSummaryCurrent();
    await expectFiguresCurrent();
  });

  it('fills the summary of a database written before it, once', async () => {
    for (const t of ['ins', 'upd', 'del', 'trunc']) await sql.raw(`DROP TRIGGER dash_case_summary_${t} ON biz_receive`).execute(db());
    await sql`DELETE FROM dash_case_summary`.execute(db());
    await sql`INSERT INTO biz_receive (id, receive_number, receive_name, receive_status, trust_date, insurer_code, area_code, tenant_id, create_by)
      VALUES (${'dashsummaryold'.padEnd(32, '0')}, 'DS2026000001', '汇总之前的案件', 'handle', ${month.begin}, 'PICC', '440305', 0, 'admin')`.execute(db());
    expect(await ensureCaseSummary(db())).toBe(true);
    await expectSummaryCurrent();
    expect(await ensureCaseSummary(db())).toBe(false);
    await sql`DELETE FROM biz_receive WHERE receive_number = 'DS2026000001'`.execute(db());
    await expectSummaryCurrent();
  });
});
