/**
 * 专家费 (schemas/pages/cost/expertCost.json) saved from its grid: 合计金额 is computed by the
 * server from 金额 and 差旅费 whatever the client sends, kept to two decimals; 服务内容 holds
 * several dictionary values and refuses one the dictionary lacks; the popup's 收款人 fields are kept
 * and its mobile number checked.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/database';
import { signedInCrudApp } from './support';

type Rec = Record<string, unknown>;
interface Saved {
  total_amount: string | null;
  service_items: string | null;
  payee_name: string | null;
  payee_mobile: string | null;
}

describe.each(DATABASE_KINDS)('专家费 grid save on %s', (kind) => {
  const server = signedInCrudApp(kind);
  const first = async (table: 'biz_receive' | 'mnt_expert') =>
    (await sql<{ id: string }>`SELECT id FROM ${sql.table(table)} ORDER BY id LIMIT 1`.execute(server.database.db)).rows[0].id;

  const save = async (added: Rec[]) =>
    server.send('POST', '/cost/expertCost/saveBatch', { added: added.map((values, i) => ({ row: i + 1, values })), updated: [], removedIds: [] });
  const row = async (billNo: string, extra: Rec = {}): Promise<Rec> => ({
    caseId: await first('biz_receive'),
    expertId: await first('mnt_expert'),
    occurTime: '2026-11-02 09:30:00',
    billNo,
    ...extra,
  });
  const stored = async (billNo: string) =>
    (
      await sql<Saved>`SELECT CAST(total_amount AS text) AS total_amount, service_items, payee_name, payee_mobile
        FROM cost_expert_cost WHERE bill_no = ${billNo}`.execute(server.database.db)
    ).rows[0];

  it('computes 合计金额 from 金额 and 差旅费, to two decimals, ignoring what the client sends', async () => {
    const res = await save([await row('ZJ001', { amount: 100.1, travelFee: 200.2, totalAmount: 99999 }), await row('ZJ002', { amount: 800 })]);
    expect(res).toMatchObject({ success: true, message: '保存成功！' });
    // 100.1 + 200.2 is 300.29999999999995 in binary: the field's check would refuse it unrounded.
    expect((await stored('ZJ001')).total_amount).toBe('300.30');
    // An empty 差旅费 adds nothing.
    expect(Number((await stored('ZJ002')).total_amount)).toBe(800);
  });

  it('keeps several 服务内容 values and the 收款人 the popup copied', async () => {
    const res = await save([await row('ZJ003', { serviceItems: 'survey,report', payeeName: '王建国', payeeMobile: '13800138000' })]);
    expect(res.success, res.message).toBe(true);
    expect(await stored('ZJ003')).toMatchObject({ service_items: 'survey,report', payee_name: '王建国', payee_mobile: '13800138000' });
  });

  it('refuses a 服务内容 value the dictionary lacks and a bad mobile number, naming row and field, and writes nothing', async () => {
    const res = await save([await row('ZJ004', { serviceItems: 'survey,lunch' }), await row('ZJ005', { payeeMobile: '12345' })]);
    expect(res.success).toBe(false);
    expect(res.message).toContain('第1行');
    expect(res.message).toContain('服务内容');
    expect(res.message).toContain('第2行');
    expect(res.message).toContain('收款人手机');
    expect(await stored('ZJ004')).toBeUndefined();
    expect(await stored('ZJ005')).toBeUndefined();
  });
});
