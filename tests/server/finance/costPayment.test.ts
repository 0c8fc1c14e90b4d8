/**
 * 支付 of 案件费用 (schemas/pages/cost/caseCost.json's row action, server/finance/costPayment.ts):
 * only an approved cost is paid, never beyond what is still unpaid (the refusal names it); each
 * payment is a 费用支付 row and raises 已支付金额, which the client never writes; a fully paid cost
 * becomes 已支付. 费用支付 is written only by 支付 (no add endpoint).
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMissingPageMenus } from '../../../server/crud/pageMenus';
import { DATABASE_KINDS } from '../../support/database';
import { login } from '../support/app';
import { signedInCrudApp } from '../crud/support';

type Rec = Record<string, unknown>;
interface Page {
  records: Rec[];
  total: number;
}

describe.each(DATABASE_KINDS)('paying case costs (%s)', (kind) => {
  const server = signedInCrudApp(kind);
  const { get, send } = server;
  // As main.ts does at start: 案件费用 gets its menu item and buttons (支付 among them), granted to admin.
  beforeAll(async () => {
    await addMissingPageMenus(server.database.db, server.pages);
  });

  const cost = async (id: string): Promise<Rec> => (await get<Rec>(`/cost/caseCost/queryById?id=${id}`)).result;
  /** A cost of case R0001 in the given state. */
  const costIn = async (status: string, amount: number, description: string): Promise<string> => {
    const added = await send('POST', '/cost/caseCost/add', { receiveId: 'R0001', costCategory: 'travel', currency: 'CNY', amount, occurDate: '2026-11-20', description });
    expect(added.success, added.message).toBe(true);
    const [made] = (await get<Page>(`/cost/caseCost/list?description=${encodeURIComponent(description)}`)).result.records;
    await sql`UPDATE biz_case_cost SET cost_status = ${status} WHERE id = ${String(made.id)}`.execute(server.database.db);
    return String(made.id);
  };
  const pay = (id: string, amount: unknown, token?: string) =>
    send('POST', '/cost/caseCost/pay', { id, payDate: '2026-11-26', amount, payMethod: 'bank', remark: '测试支付' }, token);

  it('pays an approved cost in parts, refuses paying more than is unpaid, and marks it 已支付 when fully paid', async () => {
    const id = await costIn('approved', 1000, '测试费用：分次支付');
    expect(await pay(id, 300)).toMatchObject({ success: true, message: '支付成功！' });
    expect(await cost(id)).toMatchObject({ paidAmount: '300.00', costStatus: 'approved' });

    expect(await pay(id, 800)).toMatchObject({ success: false, message: '支付金额 800.00 超过未支付金额 700.00' });
    expect(await pay(id, 0)).toMatchObject({ success: false, message: expect.stringContaining('支付金额必须大于0') });
    expect((await pay(id, undefined)).success).toBe(false);
    expect(await cost(id)).toMatchObject({ paidAmount: '300.00' });

    expect(await pay(id, 700)).toMatchObject({ success: true });
    expect(await cost(id)).toMatchObject({ paidAmount: '1000.00', costStatus: 'paid' });
    expect(await pay(id, 1)).toMatchObject({ success: false, message: '只有已审批的费用可以支付，该费用当前为「已支付」' });

    // 支付记录: the cost's payments, as the drawer lists them.
    const payments = (await get<Page>(`/cost/costPayment/list?costId=${id}`)).result.records;
    expect(payments.map((p) => p.amount).sort()).toEqual(['300.00', '700.00']);
    expect(payments[0]).toMatchObject({ receiveId: 'R0001', payMethod: 'bank', payMethod_dictText: '银行转账', remark: '测试支付', createBy: 'admin' });
  });

  it('never lets payments made at the same moment together exceed the cost', async () => {
    const id = await costIn('approved', 100, '测试费用：同时支付');
    const answers = await Promise.all(Array.from({ length: 6 }, () => pay(id, 30)));
    expect(answers.filter((a) => a.success)).toHaveLength(3);
    for (const refused of answers.filter((a) => !a.success)) expect(refused.message).toBe('支付金额 30.00 超过未支付金额 10.00');
    expect(await cost(id)).toMatchObject({ paidAmount: '90.00', costStatus: 'approved' });
    expect((await get<Page>(`/cost/costPayment/list?costId=${id}`)).result.total).toBe(3);
  });

  it('refuses paying a cost that is not approved, naming its state', async () => {
    for (const [status, text] of [['draft', '草稿'], ['submitted', '待审批'], ['rejected', '已驳回']]) {
      const id = await costIn(status, 100, `测试费用：${text}`);
      expect(await pay(id, 10)).toMatchObject({ success: false, message: `只有已审批的费用可以支付，该费用当前为「${text}」` });
      expect(await cost(id)).toMatchObject({ paidAmount: '0.00' });
    }
    expect(await pay('nope', 10)).toMatchObject({ success: false, message: '费用不存在' });
  });

  it('never takes 已支付金额 from the client, and offers no other way to write a payment', async () => {
    const id = await costIn('approved', 500, '测试费用：客户端金额');
    expect((await send('PUT', '/cost/caseCost/edit', { id, paidAmount: 500, description: '测试费用：客户端金额' })).success).toBe(true);
    expect(await cost(id)).toMatchObject({ paidAmount: '0.00', costStatus: 'approved' });
    const add = await server.app.inject({ method: 'POST', url: '/insurance/cost/costPayment/add', payload: { costId: id, amount: 500 }, headers: { 'x-access-token': server.admin } });
    expect(add.statusCode).toBe(404);
  });

  it('asks for caseCost:pay (510 without it)', async () => {
    const id = await costIn('approved', 100, '测试费用：无权支付');
    const lisi = (await login(server.app, 'lisi')).token;
    expect(await pay(id, 10, lisi)).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
    expect(await cost(id)).toMatchObject({ paidAmount: '0.00' });
  });
});
