/**
 * 发票 linked to 案件 (schemas/pages/receipt/receipt.json, receiptLink.json; server/finance): the
 * server keeps 已关联金额 + 待关联金额 = 发票金额 and each case's 已开票金额 = the sum of its links after
 * every write, refuses links beyond the amount, to red or reversed invoices and of no amount, and
 * moves a case between 待开票 and 已开票 as its links cover its 公估费. 红冲 (receipt:red) reverses an
 * invoice once, releasing its links. A random sequence of link / unlink / change / 红冲 checks the
 * invariant after each step.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/database';
import { login } from '../support/app';
import { signedInCrudApp } from '../crud/support';
import { upgradeSingleCaseInvoices } from '../../../server/finance/upgradeLinks';

type Rec = Record<string, unknown>;
interface Page {
  records: Rec[];
  total: number;
}

const NO_PERMISSION = { success: false, code: 510, message: '没有权限，请联系管理员授权' };

/** Small fast deterministic PRNG (mulberry32), so a failing sequence replays. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe.each(DATABASE_KINDS)('invoices linked to cases and 红冲 (%s)', (kind) => {
  const server = signedInCrudApp(kind);
  const { get, send } = server;
  const db = () => server.database.db;

  const receiptByNumber = async (number: string): Promise<Rec> =>
    (await get<Page>(`/receipt/receipt/list?number=${encodeURIComponent(number)}`)).result.records[0];
  const caseById = async (id: string): Promise<Rec> => (await get<Rec>(`/receive/receive/queryById?id=${id}`)).result;
  const linksOf = async (receiptId: string): Promise<Rec[]> => (await get<Page>(`/receipt/receiptLink/list?receiptId=${receiptId}&pageSize=100`)).result.records;
  const addInvoice = async (number: string, amount: number, extra: Rec = {}): Promise<Rec> => {
    const added = await send('POST', '/receipt/receipt/add', { number, receiptType: '2', openDate: '2026-11-20', currencyType: 'CNY', amount, ...extra });
    expect(added.success, added.message).toBe(true);
    return receiptByNumber(number);
  };
  const link = (receiptId: unknown, receiveId: unknown, amount: unknown) => send('POST', '/receipt/receiptLink/add', { receiptId, receiveId, amount });
  /** A case of its own for a test: waiting for its invoice (待开票) with the given 公估费. */
  const caseWaitingFor = async (name: string, fee: string): Promise<string> => {
    const added = await send('POST', '/receive/receive/add', { receiveName: name, receiveStatus: 'new', trustDate: '2026-11-20' });
    expect(added.success, added.message).toBe(true);
    const [made] = (await get<Page>(`/receive/receive/list?receiveName=${encodeURIComponent(name)}`)).result.records;
    await sql`UPDATE biz_receive SET receive_status = 'wait_receipt', fee_amount = ${fee} WHERE id = ${String(made.id)}`.execute(db());
    return String(made.id);
  };

  /** Every invoice: 已关联 + 待关联 = 金额 and 已关联 = its links; every case: 已开票 = its links. In fen, exactly. */
  const invariantProblems = async (): Promise<string[]> => {
    const problems: string[] = [];
    const { rows: receipts } = await sql<{ number: string; amount: string; ref_amount: string; wait_amount: string; linked: string | null }>`
      SELECT r.number, r.amount, r.ref_amount, r.wait_amount, (SELECT SUM(l.amount) FROM biz_receipt_link l WHERE l.receipt_id = r.id) AS linked
      FROM biz_receipt r`.execute(db());
    const fen = (v: string | null) => Math.round(Number(v ?? 0) * 100);
    for (const r of receipts) {
      if (fen(r.ref_amount) + fen(r.wait_amount) !== fen(r.amount)) problems.push(`${r.number}: ${r.ref_amount} + ${r.wait_amount} ≠ ${r.amount}`);
      if (fen(r.ref_amount) !== fen(r.linked)) problems.push(`${r.number}: 已关联 ${r.ref_amount} ≠ 关联合计 ${String(r.linked)}`);
      if (fen(r.ref_amount) > fen(r.amount) && fen(r.amount) > 0) problems.push(`${r.number}: 超额关联`);
    }
    const { rows: cases } = await sql<{ receive_number: string; invoiced_amount: string | null; linked: string | null }>`
      SELECT c.receive_number, c.invoiced_amount, (SELECT SUM(l.amount) FROM biz_receipt_link l WHERE l.receive_id = c.id) AS linked
      FROM biz_receive c`.execute(db());
    for (const c of cases) if (fen(c.invoiced_amount) !== fen(c.linked)) problems.push(`${c.receive_number}: 已开票 ${String(c.invoiced_amount)} ≠ ${String(c.linked)}`);
    return problems;
  };

  it('seeds the demo invoices with their cases as links, the amounts adding up', async () => {
    expect(await invariantProblems()).toEqual([]);
    // An invoice issued in advance waits whole for its case (schemas/seed/entities/receipt/receipt.json).
    expect(await receiptByNumber('48594056')).toMatchObject({ amount: '66511.05', refAmount: '0.00', waitAmount: '66511.05', redFlag: '0', redStatus: '0' });
  });

  it('links one invoice to several cases, keeping the amounts whatever the client sends', async () => {
    const invoice = await addInvoice('T1000001', 1000, { refAmount: 999, waitAmount: 1, redFlag: '1', redStatus: '1' });
    expect(invoice).toMatchObject({ amount: '1000.00', refAmount: '0.00', waitAmount: '1000.00', redFlag: '0', redStatus: '0' });
    const [a, b] = ['R0020', 'R0021'];
    const aBefore = Number((await caseById(a)).invoicedAmount ?? 0);

    expect(await link(invoice.id, a, 600)).toMatchObject({ success: true });
    expect(await receiptByNumber('T1000001')).toMatchObject({ refAmount: '600.00', waitAmount: '400.00' });
    expect(Number((await caseById(a)).invoicedAmount)).toBeCloseTo(aBefore + 600, 2);
    expect(await link(invoice.id, b, 400)).toMatchObject({ success: true });
    expect(await receiptByNumber('T1000001')).toMatchObject({ refAmount: '1000.00', waitAmount: '0.00', receiveNumber: expect.stringContaining('等2件') });

    // Over the amount, of no amount, the same case twice: refused, nothing written.
    expect(await link(invoice.id, 'R0022', 0.01)).toMatchObject({ success: false, message: '关联金额合计 1000.01 超过发票「T1000001」的金额 1000.00' });
    expect((await link(invoice.id, 'R0022', 0)).success).toBe(false);
    expect((await link(invoice.id, 'R0022', -5)).success).toBe(false);
    expect(await link(invoice.id, a, 1)).toMatchObject({ success: false, message: expect.stringContaining('该发票已关联案件') });
    expect(await linksOf(String(invoice.id))).toHaveLength(2);

    // Changing a link's amount and removing a link: the totals follow.
    const linkA = (await linksOf(String(invoice.id))).find((l) => l.receiveId === a)!;
    expect(await send('PUT', '/receipt/receiptLink/edit', { id: linkA.id, amount: 700 })).toMatchObject({ success: false, message: expect.stringContaining('超过发票') });
    expect(await send('PUT', '/receipt/receiptLink/edit', { id: linkA.id, amount: 500 })).toMatchObject({ success: true });
    expect(await receiptByNumber('T1000001')).toMatchObject({ refAmount: '900.00', waitAmount: '100.00' });
    const linkB = (await linksOf(String(invoice.id))).find((l) => l.receiveId === b)!;
    expect(await send('DELETE', `/receipt/receiptLink/delete?id=${String(linkB.id)}`)).toMatchObject({ success: true });
    expect(await receiptByNumber('T1000001')).toMatchObject({ refAmount: '500.00', waitAmount: '500.00' });
    expect(Number((await caseById(a)).invoicedAmount)).toBeCloseTo(aBefore + 500, 2);

    // The invoice's amount cannot drop below what is linked; its linked amounts are never the client's.
    expect(await send('PUT', '/receipt/receipt/edit', { id: invoice.id, amount: 400 })).toMatchObject({ success: false, message: '发票金额不能小于已关联金额 500.00' });
    expect(await send('PUT', '/receipt/receipt/edit', { id: invoice.id, amount: 800, refAmount: 1, waitAmount: 1 })).toMatchObject({ success: true });
    expect(await receiptByNumber('T1000001')).toMatchObject({ amount: '800.00', refAmount: '500.00', waitAmount: '300.00' });
    // A case's 已开票金额 is not the client's either.
    expect(await send('PUT', '/receive/receive/edit', { id: a, invoicedAmount: 1 })).toMatchObject({ success: true });
    expect(Number((await caseById(a)).invoicedAmount)).toBeCloseTo(aBefore + 500, 2);
    // An invoice with links is not deleted under them.
    expect(await send('DELETE', `/receipt/receipt/delete?id=${String(invoice.id)}`)).toMatchObject({ success: false, message: '发票「T1000001」已关联案件，请先取消关联' });
    expect(await invariantProblems()).toEqual([]);
  });

  it('moves a case to 已开票 when its links cover the 公估费 and back to 待开票 when they no longer do', async () => {
    const caseId = await caseWaitingFor('测试案件：开票状态', '800.00');
    const first = await addInvoice('T1000002', 500);
    const second = await addInvoice('T1000003', 500);
    expect(await link(first.id, caseId, 500)).toMatchObject({ success: true });
    expect(await caseById(caseId)).toMatchObject({ receiveStatus: 'wait_receipt', invoicedAmount: '500.00' });
    expect(await link(second.id, caseId, 300)).toMatchObject({ success: true });
    expect(await caseById(caseId)).toMatchObject({ receiveStatus: 'receipted', invoicedAmount: '800.00' });
    const [secondLink] = await linksOf(String(second.id));
    expect(await send('PUT', '/receipt/receiptLink/edit', { id: secondLink.id, amount: 200 })).toMatchObject({ success: true });
    expect(await caseById(caseId)).toMatchObject({ receiveStatus: 'wait_receipt', invoicedAmount: '700.00' });
  });

  it('红冲 issues the red invoice, releases the links, and reverses an invoice only once', async () => {
    const caseId = await caseWaitingFor('测试案件：红冲', '1200.00');
    const invoice = await addInvoice('T1000004', 1200);
    expect(await link(invoice.id, caseId, 1200)).toMatchObject({ success: true });
    expect((await caseById(caseId)).receiveStatus).toBe('receipted');

    expect(await send('POST', '/receipt/receipt/red', { id: invoice.id })).toMatchObject({ success: false, message: '请填写红冲原因' });
    const wangwu = (await login(server.app, 'wangwu')).token;
    const red = await send<{ id: string }>('POST', '/receipt/receipt/red', { id: invoice.id, redReason: '开票信息有误' }, wangwu);
    expect(red).toMatchObject({ success: true, message: '红冲成功！' });

    expect(await receiptByNumber('T1000004H')).toMatchObject({
      id: red.result.id, amount: '-1200.00', redFlag: '1', origReceiptId: invoice.id, origReceiptId_dictText: 'T1000004',
      refAmount: '0.00', waitAmount: '-1200.00', redReason: '开票信息有误',
    });
    expect(await receiptByNumber('T1000004')).toMatchObject({ redStatus: '1', refAmount: '0.00', waitAmount: '1200.00', receiveNumber: null });
    expect(await linksOf(String(invoice.id))).toEqual([]);
    expect(await caseById(caseId)).toMatchObject({ receiveStatus: 'wait_receipt', invoicedAmount: '0.00' });
    expect((await get<Page>('/receipt/receipt/list?redFlag=1')).result.records.map((r) => r.number)).toContain('T1000004H');

    // Once only; a red invoice is not reversed; neither takes links, edits or deletes.
    expect(await send('POST', '/receipt/receipt/red', { id: invoice.id, redReason: '再次红冲' })).toMatchObject({ success: false, message: '该发票已红冲' });
    expect(await send('POST', '/receipt/receipt/red', { id: red.result.id, redReason: '红冲红字' })).toMatchObject({ success: false, message: '发票「T1000004H」是红字发票，不能红冲' });
    expect(await link(invoice.id, caseId, 1)).toMatchObject({ success: false, message: '发票「T1000004」已红冲，不能关联案件' });
    expect(await link(red.result.id, caseId, 1)).toMatchObject({ success: false, message: '发票「T1000004H」是红字发票，不能关联案件' });
    expect(await send('PUT', '/receipt/receipt/edit', { id: invoice.id, remark: '改' })).toMatchObject({ success: false, message: '发票「T1000004」已红冲，不能修改' });
    expect(await send('PUT', '/receipt/receipt/edit', { id: red.result.id, remark: '改' })).toMatchObject({ success: false, message: '发票「T1000004H」是红字发票，不能修改' });
    expect(await send('DELETE', `/receipt/receipt/delete?id=${String(invoice.id)}`)).toMatchObject({ success: false, message: '发票「T1000004」已红冲，只能与其红字发票一起删除' });
    expect(await send('DELETE', `/receipt/receipt/deleteBatch?ids=${red.result.id}`)).toMatchObject({ success: false, message: '红字发票「T1000004H」只能与原发票一起删除' });
    // A red invoice comes only from 红冲, never from the add form.
    expect(await send('POST', '/receipt/receipt/add', { number: 'T1000005', receiptType: '2', openDate: '2026-11-20', currencyType: 'CNY', amount: -10 })).toMatchObject({
      success: false,
      message: '发票金额必须大于0（红字发票请用「红冲」开具）',
    });
    expect(await invariantProblems()).toEqual([]);
  });

  it('refuses 红冲 and links to users without their codes (510)', async () => {
    const invoice = await addInvoice('T1000006', 100);
    const lisi = (await login(server.app, 'lisi')).token;
    expect(await send('POST', '/receipt/receipt/red', { id: invoice.id, redReason: '无权' }, lisi)).toMatchObject(NO_PERMISSION);
    expect(await send('POST', '/receipt/receiptLink/add', { receiptId: invoice.id, receiveId: 'R0001', amount: 1 }, lisi)).toMatchObject(NO_PERMISSION);
    expect((await receiptByNumber('T1000006')).redStatus).toBe('0');
    // 财务 links invoices.
    const wangwu = (await login(server.app, 'wangwu')).token;
    expect(await send('POST', '/receipt/receiptLink/add', { receiptId: invoice.id, receiveId: 'R0001', amount: 1 }, wangwu)).toMatchObject({ success: true });
  });

  it('turns an older database’s one case per invoice into a link of its whole amount, once', async () => {
    const invoice = await addInvoice('T1000007', 321.5);
    const caseId = await caseWaitingFor('测试案件：旧发票', '321.50');
    // As an older server stored it: the case on the invoice itself (a column the page no longer has), no link.
    await sql`ALTER TABLE biz_receipt ADD COLUMN IF NOT EXISTS receive_id varchar(32)`.execute(db());
    await sql`UPDATE biz_receipt SET receive_id = ${caseId} WHERE id = ${String(invoice.id)}`.execute(db());
    expect(await upgradeSingleCaseInvoices(db())).toBe(1);
    expect(await linksOf(String(invoice.id))).toEqual([expect.objectContaining({ receiveId: caseId, amount: '321.50' })]);
    expect(await receiptByNumber('T1000007')).toMatchObject({ refAmount: '321.50', waitAmount: '0.00' });
    expect(await caseById(caseId)).toMatchObject({ invoicedAmount: '321.50', receiveStatus: 'receipted' });
    expect(await upgradeSingleCaseInvoices(db())).toBe(0);
    expect(await invariantProblems()).toEqual([]);
  });

  it('never lets links made at the same moment together exceed an invoice', async () => {
    const invoice = await addInvoice('T1000008', 1000);
    const cases = Array.from({ length: 10 }, (_, i) => `R00${40 + i}`);
    const answers = await Promise.all(cases.map((caseId) => link(invoice.id, caseId, 150)));
    expect(answers.filter((a) => a.success)).toHaveLength(6);
    for (const refused of answers.filter((a) => !a.success)) expect(refused.message).toBe('关联金额合计 1050.00 超过发票「T1000008」的金额 1000.00');
    expect(await receiptByNumber('T1000008')).toMatchObject({ refAmount: '900.00', waitAmount: '100.00' });
    expect(await invariantProblems()).toEqual([]);
  });

  it('holds the invariant after every step of a random link / unlink / change / 红冲 sequence', async () => {
    const random = prng(20261126);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
    const cases = ['R0030', 'R0031', 'R0032', 'R0033', 'R0034'];
    let serial = 0;
    const newInvoice = async (): Promise<string> => String((await addInvoice(`RND${String(++serial).padStart(5, '0')}`, 200 + Math.floor(random() * 1800))).id);
    const invoices = [await newInvoice(), await newInvoice(), await newInvoice(), await newInvoice()];
    const counts = { link: 0, refused: 0, unlink: 0, change: 0, red: 0 };
    for (let step = 0; step < 300; step++) {
      const roll = random();
      const receiptId = pick(invoices);
      const links = await linksOf(receiptId);
      let answer: { success: boolean; message: string };
      if (roll < 0.45 || links.length === 0) {
        answer = await link(receiptId, pick(cases), (1 + Math.floor(random() * 90000)) / 100);
        counts.link++;
      } else if (roll < 0.65) {
        answer = await send('DELETE', `/receipt/receiptLink/delete?id=${String(pick(links).id)}`);
        counts.unlink++;
      } else if (roll < 0.95) {
        answer = await send('PUT', '/receipt/receiptLink/edit', { id: pick(links).id, amount: (1 + Math.floor(random() * 90000)) / 100 });
        counts.change++;
      } else {
        answer = await send('POST', '/receipt/receipt/red', { id: receiptId, redReason: `随机步骤 ${step}` });
        expect(answer.success, answer.message).toBe(true);
        invoices[invoices.indexOf(receiptId)] = await newInvoice();
        counts.red++;
      }
      if (!answer.success) {
        counts.refused++;
        expect(answer.message, `step ${step}`).toMatch(/超过发票|已关联案件/);
      }
      expect(await invariantProblems(), `step ${step}`).toEqual([]);
    }
    // The sequence did exercise every kind of step, refusals included.
    expect(Object.values(counts).every((n) => n > 0), JSON.stringify(counts)).toBe(true);
  });
});
