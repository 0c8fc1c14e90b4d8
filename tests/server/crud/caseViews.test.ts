/**
 * 案件 lists as views of the one page, and who sees which case (schemas/pages/receive/receive.json
 * `views` and `entity.scopes`, the roles' seeded SCOPE rules): each view answers only its rows, the
 * server refuses a view it does not know, and 公估师, 部门经理, 财务 and admin see the cases their rules
 * give them in the list, the detail, the export and the picker; a case's progress and costs follow.
 * The test writes its own cases (marker 视图测试) and reads only those.
 */
import { sql } from 'kysely';
import { describe, expect, it, beforeAll } from 'vitest';
import { forgetTableSizes, isLargeTable } from '../../../server/crud/entity/largeTables';
import { readWorkbook } from '../../../server/excel';
import { DATABASE_KINDS } from '../../support/database';
import { API, authHeaders, login } from '../support/app';
import { signedInCrudApp } from './support';

type Rec = Record<string, unknown>;
interface Page {
  records: Rec[];
  total: number;
}

const MARK = '视图测试';
const A01A01 = '00000000000000000000000000a01a01';
const A01A02 = '00000000000000000000000000a01a02';
const A01A04 = '00000000000000000000000000a01a04';
const A02A01 = '00000000000000000000000000a02a01';
const SUB = '0000000000000000000000a01a02a01';

/** name → [status, department, handler, assistants, feeAmount, invoicedAmount] */
const CASES: Record<string, [string, string, string | null, string | null, number | null, number | null]> = {
  A: ['handle', A01A01, 'zhaoliu', null, null, null],
  B: ['handle', A01A02, 'lisi', null, null, null],
  C: ['new', A01A02, 'zhaoliu', 'zhaoliu,lisi', null, null],
  D: ['approve', A01A02, 'zhaoliu', null, null, null],
  E: ['wait_receipt', A02A01, 'zhaoliu', null, 1000, 200],
  F: ['wait_receipt', A02A01, 'zhaoliu', null, 1000, 1000],
  G: ['old', A02A01, 'zhaoliu', null, 500, 500],
  H: ['old', A02A01, 'zhaoliu', null, null, null],
  I: ['receipted', A01A04, 'zhaoliu', null, 800, 800],
  K: ['over', SUB, 'zhaoliu', 'lisia', null, null],
};

describe.each(DATABASE_KINDS)('case views and visibility (%s)', (kind) => {
  const server = signedInCrudApp(kind);
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const db = server.database.db;
    const tenant = (await sql<{ tenant_id: number }>`SELECT tenant_id FROM biz_receive LIMIT 1`.execute(db)).rows[0].tenant_id;
    // A department below 财产险理赔部: zhangsan's rule covers it, lisi's does not.
    await sql`INSERT INTO sys_depart (id, parent_id, depart_name, org_code, org_category, depart_order, del_flag)
      VALUES (${SUB}, ${A01A02}, '财产险理赔一组', 'A01A02A01', '3', 1, '0')`.execute(db);
    let n = 0;
    for (const [name, [status, depart, handler, assistants, fee, invoiced]] of Object.entries(CASES)) {
      n += 1;
      const id = `viewtest${name}`.padEnd(32, '0');
      ids[name] = id;
      await sql`INSERT INTO biz_receive (id, receive_number, receive_name, receive_status, trust_date, depart_id, handler, assistants, fee_amount, invoiced_amount, tenant_id, create_by)
        VALUES (${id}, ${`VT2026${String(n).padStart(6, '0')}`}, ${`${MARK}${name}`}, ${status}, '2026-11-01', ${depart}, ${handler}, ${assistants}, ${fee}, ${invoiced}, ${tenant}, 'admin')`.execute(db);
    }
    await sql`INSERT INTO biz_receive_member (id, receive_id, user_name, member_role, tenant_id) VALUES ('viewtestmemberD', ${ids.D}, 'lisi', 'surveyor', ${tenant})`.execute(db);
    await sql`INSERT INTO biz_receipt_link (id, receipt_id, receive_id, amount, tenant_id) VALUES ('viewtestlinkG', 'viewtestreceipt', ${ids.G}, 500, ${tenant})`.execute(db);
    for (const name of ['A', 'E']) {
      await sql`INSERT INTO biz_receive_progress (id, receive_id, receive_name, action, content, progress_time, tenant_id)
        VALUES (${`viewtestprog${name}`}, ${ids[name]}, ${`${MARK}${name}`}, '登记', ${`${MARK}进度${name}`}, now(), ${tenant})`.execute(db);
      await sql`INSERT INTO biz_case_cost (id, receive_id, receive_name, cost_category, currency, amount, occur_date, cost_status, tenant_id)
        VALUES (${`viewtestcost${name}`}, ${ids[name]}, ${`${MARK}${name}`}, 'expert', 'CNY', 100, '2026-11-02', 'approved', ${tenant})`.execute(db);
    }
    for (const user of ['lisi', 'zhangsan', 'wangwu']) tokens[user] = (await login(server.app, user)).token;
    tokens.admin = server.admin;
  }, 60_000);

  const mine = (records: Rec[]) => records.map((r) => String(r.receiveName).replace(MARK, '')).filter((n) => n.length === 1).sort();
  const list = async (user: string, query = '', path = '/receive/receive/list') => {
    const answer = await server.get<Page>(`${path}?receiveName=${encodeURIComponent(`*${MARK}*`)}&pageSize=100${query}`, tokens[user]);
    expect(answer.success, answer.message).toBe(true);
    return { names: mine(answer.result.records), total: answer.result.total };
  };

  it.each([
    ['handle', ['A', 'B']],
    ['new', ['C']],
    ['over', ['E', 'F', 'I', 'K']],
    ['old', ['G', 'H']],
    ['waitReceipt', ['E']],
    ['approve', ['D']],
  ])('view %s answers only its rows, and its total counts them', async (view, expected) => {
    const { names, total } = await list('admin', `&view=${view}`);
    expect(names).toEqual(expected);
    expect(total).toBe(expected.length);
  });

  it('我的案件 and 协办案件 are the signed-in user’s: 主办 or member, 协办人 in the list', async () => {
    expect((await list('lisi', '&view=personal')).names).toEqual(['B', 'D']);
    expect((await list('lisi', '&view=cooperate')).names).toEqual(['C']);
    // 'lisia' in a 协办人 list is not lisi.
    expect((await list('admin', '&view=cooperate')).names).toEqual([]);
  });

  it('refuses a view it does not know, and one whose permission the user lacks', async () => {
    const unknown = await server.get(`/receive/receive/list?view=everything`, tokens.lisi);
    expect(unknown).toMatchObject({ success: false, message: '案件没有名为「everything」的视图' });
    const export_ = await server.app.inject({ method: 'GET', url: `${API}/receive/receive/exportXls?view=nope`, headers: authHeaders(tokens.zhangsan) });
    expect(JSON.parse(export_.body)).toMatchObject({ success: false, message: '案件没有名为「nope」的视图' });
    const approve = await server.get(`/receive/receive/list?view=approve`, tokens.lisi);
    expect(approve).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
  });

  it('each role sees its cases in the list: 公估师 his department’s and his own, 部门经理 his departments’, 财务 the invoice stage', async () => {
    expect((await list('lisi')).names).toEqual(['A', 'B', 'C', 'D']);
    expect((await list('zhangsan')).names).toEqual(['A', 'B', 'C', 'D', 'K']);
    expect((await list('wangwu')).names).toEqual(['E', 'F', 'G', 'I']);
    expect((await list('admin')).names).toEqual(Object.keys(CASES).sort());
    // A view narrows what the rules let through; it never widens it.
    expect((await list('lisi', '&view=handle')).names).toEqual(['A', 'B']);
    expect((await list('wangwu', '&view=old')).names).toEqual(['G']);
  });

  it('the demo cases obey the rules too: lisi sees exactly the cases the database says he may', async () => {
    const expected = await sql<{ n: string }>`
      SELECT count(*) AS n FROM biz_receive r WHERE r.depart_id IN (${A01A01}) OR r.handler = 'lisi'
        OR 'lisi' = ANY (string_to_array(r.assistants, ','))
        OR EXISTS (SELECT 1 FROM biz_receive_member m WHERE m.receive_id = r.id AND m.user_name = 'lisi')`.execute(server.database.db);
    const all = await server.get<Page>('/receive/receive/list?pageSize=1', tokens.lisi);
    expect(all.result.total).toBe(Number(expected.rows[0].n));
  });

  it('the detail answers another’s case as not found', async () => {
    expect(await server.get(`/receive/receive/queryById?id=${ids.A}`, tokens.lisi)).toMatchObject({ success: true });
    expect(await server.get(`/receive/receive/queryById?id=${ids.E}`, tokens.lisi)).toMatchObject({ success: false, message: '未找到对应数据' });
    expect(await server.get(`/receive/receive/queryById?id=${ids.A}`, tokens.wangwu)).toMatchObject({ success: false, message: '未找到对应数据' });
    expect(await server.get(`/receive/receive/queryById?id=${ids.E}`, tokens.wangwu)).toMatchObject({ success: true });
  });

  it('a case the user may not see cannot be edited or deleted either', async () => {
    expect(await server.send('PUT', '/receive/receive/edit', { id: ids.E, remark: '越权修改' }, tokens.lisi)).toMatchObject({ success: false, message: '未找到对应数据' });
    expect(await server.send('DELETE', `/receive/receive/delete?id=${ids.E}`, undefined, tokens.zhangsan)).toMatchObject({ success: false, message: '未找到对应数据' });
    expect(await server.send('DELETE', `/receive/receive/deleteBatch?ids=${ids.A},${ids.E}`, undefined, tokens.zhangsan)).toMatchObject({ success: false, message: '未找到对应数据' });
    const [stored] = (await sql<{ remark: string | null }>`SELECT remark FROM biz_receive WHERE id = ${ids.E}`.execute(server.database.db)).rows;
    expect(stored.remark).toBeNull();
    expect(await server.send('PUT', '/receive/receive/edit', { id: ids.A, remark: '本部门案件' }, tokens.lisi)).toMatchObject({ success: true });
  });

  it('the export holds the same cases as the list, view and rules applied', async () => {
    const exported = async (query: string) => {
      const response = await server.app.inject({ method: 'GET', url: `${API}/receive/receive/exportXls?receiveName=${encodeURIComponent(`*${MARK}*`)}${query}`, headers: authHeaders(tokens.zhangsan) });
      expect(response.statusCode).toBe(200);
      const sheet = await readWorkbook(response.rawPayload, 'export.xlsx');
      return mine(sheet.rows.flatMap((r) => r.cells.filter((c) => typeof c === 'string' && c.startsWith(MARK)).map((c) => ({ receiveName: c }))));
    };
    expect(await exported('')).toEqual(['A', 'B', 'C', 'D', 'K']);
    expect(await exported('&view=handle')).toEqual(['A', 'B']);
  });

  it('the case picker lists only the cases the user may see', async () => {
    expect((await list('lisi', '', '/receive/receive/porp_list')).names).toEqual(['A', 'B', 'C', 'D']);
    expect((await list('wangwu', '', '/receive/receive/porp_list')).names).toEqual(['E', 'F', 'G', 'I']);
  });

  it('a case’s progress and costs follow the case; whoever pays costs sees every case’s', async () => {
    const progress = async (user: string) =>
      (await server.get<Page>(`/receive/receiveProgress/list?receiveName=${encodeURIComponent(`*${MARK}*`)}`, tokens[user])).result.records.map((r) => r.receiveName).sort();
    expect(await progress('lisi')).toEqual([`${MARK}A`]);
    expect(await progress('admin')).toEqual([`${MARK}A`, `${MARK}E`]);
    expect(await server.get(`/receive/receiveProgress/queryById?id=viewtestprogE`, tokens.lisi)).toMatchObject({ success: false, message: '未找到对应数据' });
    const costs = async (user: string) =>
      (await server.get<Page>(`/cost/caseCost/list?receiveName=${encodeURIComponent(`*${MARK}*`)}`, tokens[user])).result.records.map((r) => r.receiveName).sort();
    expect(await costs('lisi')).toEqual([`${MARK}A`]);
    expect(await costs('zhangsan')).toEqual([`${MARK}A`]);
    // 财务 holds caseCost:pay: the costs of cases it does not otherwise see, as 支付费用 needs.
    expect(await costs('wangwu')).toEqual([`${MARK}A`, `${MARK}E`]);
  });

  it('a case outside lisi’s department comes into his lists as it names him, and leaves as it stops', async () => {
    const db = server.database.db;
    const tenant = (await sql<{ tenant_id: number }>`SELECT tenant_id FROM biz_receive WHERE id = ${ids.E}`.execute(db)).rows[0].tenant_id;
    // E: 财务部's, handled by zhaoliu. As a member, then as 主办, then as 协办人, then none of them.
    await sql`INSERT INTO biz_receive_member (id, receive_id, user_name, member_role, tenant_id) VALUES ('viewtestmemberE', ${ids.E}, 'lisi', 'surveyor', ${tenant})`.execute(db);
    expect((await list('lisi')).names).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect((await list('lisi', '&view=personal')).names).toEqual(['B', 'D', 'E']);
    expect((await list('lisi', '&view=waitReceipt')).names).toEqual(['E']);
    await sql`DELETE FROM biz_receive_member WHERE id = 'viewtestmemberE'`.execute(db);
    await sql`UPDATE biz_receive SET handler = 'lisi' WHERE id = ${ids.E}`.execute(db);
    expect((await list('lisi', '&view=personal')).names).toEqual(['B', 'D', 'E']);
    await sql`UPDATE biz_receive SET handler = 'zhaoliu', assistants = 'wangwu,lisi' WHERE id = ${ids.E}`.execute(db);
    expect((await list('lisi')).names).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect((await list('lisi', '&view=personal')).names).toEqual(['B', 'D']);
    expect((await list('lisi', '&view=cooperate')).names).toEqual(['C', 'E']);
    await sql`UPDATE biz_receive SET assistants = NULL WHERE id = ${ids.E}`.execute(db);
    expect((await list('lisi')).names).toEqual(['A', 'B', 'C', 'D']);
    expect((await list('lisi', '&view=personal')).names).toEqual(['B', 'D']);
  });

  it('我的案件 without a search counts what the database says names lisi, within his rule', async () => {
    const db = server.database.db;
    const expected = await sql<{ n: string }>`
      SELECT count(*) AS n FROM biz_receive r WHERE r.handler = 'lisi'
        OR EXISTS (SELECT 1 FROM biz_receive_member m WHERE m.receive_id = r.id AND m.user_name = 'lisi')`.execute(db);
    const mineAll = await server.get<Page>('/receive/receive/list?view=personal&pageSize=1', tokens.lisi);
    expect(mineAll.result.total).toBe(Number(expected.rows[0].n));
    const none = await server.get<Page>('/receive/receive/list?view=personal&pageSize=1', tokens.admin);
    expect(none.result).toMatchObject({ total: 0, records: [] });
  });

  it('on a large case table, a 公估师’s search lists the cases hand-written SQL gives, in its order, page by page', async () => {
    const db = server.database.db;
    const tenant = (await sql<{ tenant_id: number }>`SELECT tenant_id FROM biz_receive WHERE id = ${ids.E}`.execute(db)).rows[0].tenant_id;
    // Another tenant's cases of ≈ 1.5 kB that do not compress make the table large (largeTables.ts): a
    // search is then counted first, by the rule's two parts (his departments; the cases naming him
    // outside them: entity/searchArms.ts), and its page read from the counted rows.
    await sql`
      INSERT INTO biz_receive (id, receive_number, receive_name, receive_status, trust_date, depart_id, remark, create_time, tenant_id, create_by)
      SELECT 'viewpad' || g, 'VP' || lpad(g::text, 8, '0'), ${`${MARK}填充`}, 'old', date '2024-01-01', ${A01A01},
             (SELECT string_agg(md5(g::text || '-' || k::text), '') FROM generate_series(1, 45) AS k), timestamp '2024-01-01', ${tenant + 9}, 'lisi'
      FROM generate_series(1, 6000) AS g`.execute(db);
    // E (财务部's) names lisi as a member: it is his through the second part only.
    await sql`INSERT INTO biz_receive_member (id, receive_id, user_name, member_role, tenant_id) VALUES ('viewtestmemberE2', ${ids.E}, 'lisi', 'surveyor', ${tenant})`.execute(db);
    forgetTableSizes();
    try {
      expect(await isLargeTable(db, 'biz_receive')).toBe(true);
      const hand = async (view: string) =>
        (
          await sql<{ id: string }>`
            SELECT r.id FROM biz_receive r WHERE r.tenant_id = ${tenant} AND r.receive_name LIKE ${`%${MARK}%`} AND ${sql.raw(view)}
              AND (r.create_by = 'lisi' OR r.depart_id IN (${A01A01}) OR r.handler = 'lisi' OR 'lisi' = ANY (string_to_array(r.assistants, ','))
                OR EXISTS (SELECT 1 FROM biz_receive_member m WHERE m.receive_id = r.id AND m.user_name = 'lisi'))
            ORDER BY r.create_time DESC, r.id DESC`.execute(db)
        ).rows.map((r) => r.id);
      for (const [view, condition, names] of [
        ['', 'TRUE', ['A', 'B', 'C', 'D', 'E']],
        ['&view=waitReceipt', `r.receive_status = 'wait_receipt' AND COALESCE(r.invoiced_amount, 0) < COALESCE(r.fee_amount, 0)`, ['E']],
        ['&view=handle', `r.receive_status = 'handle'`, ['A', 'B']],
      ] as const) {
        const expected = await hand(condition);
        expect((await list('lisi', view)).names, view).toEqual(names);
        const read: unknown[] = [];
        for (let pageNo = 1; pageNo <= Math.ceil(expected.length / 2); pageNo++) {
          const page = await server.get<Page>(`/receive/receive/list?receiveName=${encodeURIComponent(`*${MARK}*`)}&pageSize=2&pageNo=${pageNo}${view}`, tokens.lisi);
          expect(page.result.total, view).toBe(expected.length);
          read.push(...page.result.records.map((r) => r.id));
        }
        expect(read, view).toEqual(expected);
      }
      // 我的案件 implies his rule: a search in it is counted as the cases he handles (the (主办, 案件名称)
      // search index) and those naming him only as a member (dash_case_name, by id) — B is both, counted once.
      await sql`INSERT INTO biz_receive_member (id, receive_id, user_name, member_role, tenant_id) VALUES ('viewtestmemberB2', ${ids.B}, 'lisi', 'surveyor', ${tenant})`.execute(db);
      const personal = (
        await sql<{ id: string }>`
          SELECT r.id FROM biz_receive r WHERE r.tenant_id = ${tenant} AND r.receive_name LIKE ${`%${MARK}%`}
            AND (r.handler = 'lisi' OR EXISTS (SELECT 1 FROM biz_receive_member m WHERE m.receive_id = r.id AND m.user_name = 'lisi'))
          ORDER BY r.create_time DESC, r.id DESC`.execute(db)
      ).rows.map((r) => r.id);
      expect((await list('lisi', '&view=personal')).names).toEqual(['B', 'D', 'E']);
      const read: unknown[] = [];
      for (let pageNo = 1; pageNo <= 2; pageNo++) {
        const page = await server.get<Page>(`/receive/receive/list?receiveName=${encodeURIComponent(`*${MARK}*`)}&pageSize=2&pageNo=${pageNo}&view=personal`, tokens.lisi);
        expect(page.result.total).toBe(personal.length);
        read.push(...page.result.records.map((r) => r.id));
      }
      expect(read).toEqual(personal);
      // A case handed to him leaves the member part for the handled one; admin (no rule) has none.
      await sql`UPDATE biz_receive SET handler = 'lisi' WHERE id = ${ids.D}`.execute(db);
      expect(await list('lisi', '&view=personal')).toEqual({ names: ['B', 'D', 'E'], total: 3 });
      await sql`UPDATE biz_receive SET handler = 'zhaoliu' WHERE id = ${ids.D}`.execute(db);
      expect(await list('admin', '&view=personal')).toEqual({ names: [], total: 0 });
    } finally {
      await sql`DELETE FROM biz_receive_member WHERE id IN ('viewtestmemberE2', 'viewtestmemberB2')`.execute(db);
      await sql`DELETE FROM biz_receive WHERE tenant_id = ${tenant + 9}`.execute(db);
      forgetTableSizes();
    }
  });
  it('the list’s 委托方 / 状态 / 承办部门 equalities, alone or with a search, list what hand-written SQL gives — small table and large', async () => {
    const db = server.database.db;
    const tenant = (await sql<{ tenant_id: number }>`SELECT tenant_id FROM biz_receive WHERE id = ${ids.E}`.execute(db)).rows[0].tenant_id;
    // The cases naming lisi are read from his dash_case_name rows passing these equalities too (keptEqualities.ts):
    // the rows must be the same as testing them on the case alone, also after a case's 委托方 changes.
    const insurers: Record<string, string> = { A: 'CPIC', B: 'CPIC', C: 'CPIC', D: 'PICC', E: 'CPIC', G: 'CPIC', H: 'PICC', K: 'CPIC' };
    for (const [name, code] of Object.entries(insurers)) await sql`UPDATE biz_receive SET insurer_code = ${code} WHERE id = ${ids[name]}`.execute(db);
    await sql`INSERT INTO biz_receive_member (id, receive_id, user_name, member_role, tenant_id) VALUES ('viewtestmemberE3', ${ids.E}, 'lisi', 'surveyor', ${tenant})`.execute(db);
    const rule = `(r.create_by = 'lisi' OR r.depart_id IN ('${A01A01}') OR r.handler = 'lisi' OR 'lisi' = ANY (string_to_array(r.assistants, ','))
      OR EXISTS (SELECT 1 FROM biz_receive_member m WHERE m.receive_id = r.id AND m.user_name = 'lisi'))`;
    const personal = `(r.handler = 'lisi' OR EXISTS (SELECT 1 FROM biz_receive_member m WHERE m.receive_id = r.id AND m.user_name = 'lisi'))`;
    const hand = async (condition: string) =>
      (
        await sql<{ id: string }>`
          SELECT r.id FROM biz_receive r WHERE r.tenant_id = ${tenant} AND r.receive_name LIKE ${`%${MARK}%`} AND ${sql.raw(condition)}
          ORDER BY r.create_time DESC, r.id DESC`.execute(db)
      ).rows.map((r) => r.id);
    // Every page of two rows, by number: the ids in order and each page's total.
    const pages = async (query: string) => {
      const read: unknown[] = [];
      const totals = new Set<number>();
      for (let pageNo = 1; pageNo <= 5; pageNo++) {
        const page = await server.get<Page>(`/receive/receive/list?receiveName=${encodeURIComponent(`*${MARK}*`)}&pageSize=2&pageNo=${pageNo}${query}`, tokens.lisi);
        expect(page.success, page.message).toBe(true);
        totals.add(page.result.total);
        read.push(...page.result.records.map((r) => r.id));
        if (page.result.records.length < 2) break;
      }
      return { read, totals: [...totals] };
    };
    const cases: [string, string][] = [
      ['&insurerCode=CPIC', `${rule} AND r.insurer_code = 'CPIC'`],
      ['&insurerCode=CPIC,PICC', `${rule} AND r.insurer_code IN ('CPIC', 'PICC')`],
      [`&departId=${A01A02}`, `${rule} AND r.depart_id = '${A01A02}'`],
      ['&receiveStatus=new', `${rule} AND r.receive_status = 'new'`],
      ['&view=personal&insurerCode=CPIC', `${personal} AND r.insurer_code = 'CPIC'`],
      ['&view=personal&insurerCode=PICC', `${personal} AND r.insurer_code = 'PICC'`],
      ['&view=over&insurerCode=CPIC', `${rule} AND r.receive_status IN ('over', 'wait_receipt', 'receipted') AND r.insurer_code = 'CPIC'`],
      ['&view=handle&receiveStatus=new', 'FALSE'],
      ['&view=personal&receiveStatus=handle', `${personal} AND r.receive_status = 'handle'`],
    ];
    const check = async () => {
      for (const [query, condition] of cases) {
        const expected = await hand(condition);
        const { read, totals } = await pages(query);
        expect(read, query).toEqual(expected);
        expect(totals, query).toEqual([expected.length]);
      }
    };
    try {
      await check();
      // B's 委托方 changes: dash_case_name's copy follows, B leaves the CPIC lists and joins the PICC ones.
      await sql`UPDATE biz_receive SET insurer_code = 'PICC' WHERE id = ${ids.B}`.execute(db);
      await check();
      // On a large table the search is counted first, by the rule's or 我的案件's parts (searchArms.ts).
      await sql`
        INSERT INTO biz_receive (id, receive_number, receive_name, receive_status, trust_date, depart_id, remark, create_time, tenant_id, create_by)
        SELECT 'viewpad' || g, 'VP' || lpad(g::text, 8, '0'), ${`${MARK}填充`}, 'old', date '2024-01-01', ${A01A01},
               (SELECT string_agg(md5(g::text || '-' || k::text), '') FROM generate_series(1, 45) AS k), timestamp '2024-01-01', ${tenant + 9}, 'lisi'
        FROM generate_series(1, 6000) AS g`.execute(db);
      forgetTableSizes();
      expect(await isLargeTable(db, 'biz_receive')).toBe(true);
      await check();
    } finally {
      await sql`DELETE FROM biz_receive_member WHERE id = 'viewtestmemberE3'`.execute(db);
      await sql`DELETE FROM biz_receive WHERE tenant_id = ${tenant + 9}`.execute(db);
      await sql`UPDATE biz_receive SET insurer_code = NULL WHERE id IN (${sql.join(Object.keys(insurers).map((n) => ids[n]))})`.execute(db);
      forgetTableSizes();
    }
  });
});
