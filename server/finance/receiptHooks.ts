/**
 * 发票 and 发票关联 around the generic add, edit and delete (schemas/pages/receipt/receipt.json,
 * receiptLink.json): the server keeps 已关联金额 + 待关联金额 = 发票金额 and each case's 已开票金额 in
 * the write's own transaction; red and reversed invoices are settled records (红冲, redReceipt.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import type { EntityHooks } from '../crud/entity';
import type { EntityRow } from '../crud/entity/records';
import type { EntityValues } from '../crud/entity/validate';
import { fen, yuan } from './money';
import { linkRefusal, lockReceipt, refreshLinked } from './receiptTotals';

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** Links of an invoice: how many, and their sum. */
async function linksOf(trx: Kysely<DB>, receiptId: string, tenantId: number): Promise<{ count: number; total: bigint }> {
  const { rows } = await sql<{ count: string | number; total: string | null }>`
    SELECT COUNT(*) AS count, SUM(amount) AS total FROM biz_receipt_link WHERE receipt_id = ${receiptId} AND tenant_id = ${tenantId}`.execute(trx);
  return { count: Number(rows[0]?.count ?? 0), total: fen(rows[0]?.total) };
}

/** 发票: amounts, red flag and the linked-case summary are the server's; settled invoices stay as they are. */
export const receiptHooks: EntityHooks = {
  async beforeWrite(trx, values, before, actor) {
    if (!before) {
      if (fen(values.amount) <= 0n) return '发票金额必须大于0（红字发票请用「红冲」开具）';
      Object.assign(values, { refAmount: '0.00', waitAmount: yuan(fen(values.amount)), redFlag: '0', redStatus: '0', origReceiptId: null, receiveNumber: null, receiveName: null });
      return undefined;
    }
    const receipt = await lockReceipt(trx, text(before.id), actor.tenantId);
    if (!receipt) return '发票不存在';
    if (receipt.red) return `发票「${receipt.number}」是红字发票，不能修改`;
    if (receipt.reversed) return `发票「${receipt.number}」已红冲，不能修改`;
    const amount = Object.hasOwn(values, 'amount') ? fen(values.amount) : receipt.amount;
    if (amount <= 0n) return '发票金额必须大于0';
    const { total } = await linksOf(trx, receipt.id, actor.tenantId);
    if (amount < total) return `发票金额不能小于已关联金额 ${yuan(total)}`;
    Object.assign(values, { refAmount: yuan(total), waitAmount: yuan(amount - total) });
    return undefined;
  },
  // A reversal is one record in two rows: the red invoice and its original go together or not at all.
  async deleteRefusal(trx, rows, actor) {
    const deleting = new Set(rows.map((r) => text(r.id)));
    for (const row of rows) {
      const number = text(row.number);
      if (row.red_flag === '1' && !deleting.has(text(row.orig_receipt_id))) return `红字发票「${number}」只能与原发票一起删除`;
      if (row.red_status === '1') {
        const { rows: reds } = await sql<{ id: string }>`
          SELECT id FROM biz_receipt WHERE orig_receipt_id = ${text(row.id)} AND red_flag = '1' AND tenant_id = ${actor.tenantId}`.execute(trx);
        if (reds.some((red) => !deleting.has(red.id))) return `发票「${number}」已红冲，只能与其红字发票一起删除`;
      }
      if ((await linksOf(trx, text(row.id), actor.tenantId)).count > 0) return `发票「${number}」已关联案件，请先取消关联`;
    }
    return undefined;
  },
};

/** The case a link names, with the number and name the link keeps beside its key. */
async function caseOf(trx: Kysely<DB>, receiveId: string, tenantId: number): Promise<{ receive_number: string | null; receive_name: string | null } | undefined> {
  const { rows } = await sql<{ receive_number: string | null; receive_name: string | null }>`
    SELECT receive_number, receive_name FROM biz_receive WHERE id = ${receiveId} AND tenant_id = ${tenantId}`.execute(trx);
  return rows[0];
}

const receiptOf = (values: EntityValues, before: EntityRow | undefined): string => text(before ? before.receipt_id : values.receiptId);

/** 发票关联: only a blue invoice not reversed takes links, never beyond its amount; the totals follow every write. */
export const receiptLinkHooks: EntityHooks = {
  async beforeWrite(trx, values, before, actor) {
    // A link belongs to its invoice: an edit changes the case or the amount, never the invoice.
    const receiptId = receiptOf(values, before);
    if (before) values.receiptId = receiptId;
    const refusal = linkRefusal(await lockReceipt(trx, receiptId, actor.tenantId));
    if (refusal) return refusal;
    const amount = Object.hasOwn(values, 'amount') ? fen(values.amount) : fen(before?.amount);
    if (amount <= 0n) return '关联金额必须大于0';
    const receiveId = text(Object.hasOwn(values, 'receiveId') ? values.receiveId : before?.receive_id);
    const linkedCase = await caseOf(trx, receiveId, actor.tenantId);
    if (!linkedCase) return '案件不存在';
    const { rows: twice } = await sql<{ id: string }>`
      SELECT id FROM biz_receipt_link WHERE receipt_id = ${receiptId} AND receive_id = ${receiveId} AND tenant_id = ${actor.tenantId}
        AND id <> ${text(before?.id)}`.execute(trx);
    if (twice.length > 0) return `该发票已关联案件「${linkedCase.receive_number ?? ''}」，请修改原关联金额`;
    Object.assign(values, { receiveId, receiveNumber: linkedCase.receive_number, receiveName: linkedCase.receive_name });
    return undefined;
  },
  async afterWrite(trx, changes, actor) {
    const rows = changes.flatMap((c) => [c.before, c.after]).filter((r): r is EntityRow => r !== undefined);
    return refreshLinked(
      trx,
      rows.map((r) => text(r.receipt_id)),
      rows.map((r) => text(r.receive_id)),
      actor.tenantId,
      actor.username,
    );
  },
};
