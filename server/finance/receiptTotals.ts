/**
 * The amounts the server keeps for invoices and cases (发票关联): an invoice's 已关联金额 is the sum of
 * its links and 待关联金额 the rest of its amount; a case's 已开票金额 is the sum of its links. Each
 * refresh locks the row it rewrites first, so concurrent links of one invoice or one case add up in
 * turn (under READ COMMITTED the sum read after the lock sees the other's committed link).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import { applySystemTransition } from '../crud/workflow/systemTransition';
import { fen, yuan } from './money';

export const RECEIPT_PAGE = 'receipt/receipt';
export const CASE_PAGE = 'receive/receive';

export interface LockedReceipt {
  id: string;
  number: string;
  amount: bigint;
  red: boolean;
  reversed: boolean;
}

interface ReceiptRow {
  id: string;
  number: string;
  amount: string;
  red_flag: string | null;
  red_status: string | null;
}

/** The invoice of the tenant, locked for the rest of the transaction; undefined when there is none. */
export async function lockReceipt(trx: Kysely<DB>, id: string, tenantId: number): Promise<LockedReceipt | undefined> {
  const { rows } = await sql<ReceiptRow>`
    SELECT id, number, amount, red_flag, red_status FROM biz_receipt WHERE id = ${id} AND tenant_id = ${tenantId} FOR UPDATE`.execute(trx);
  const row = rows[0];
  if (!row) return undefined;
  return { id: row.id, number: row.number, amount: fen(row.amount), red: row.red_flag === '1', reversed: row.red_status === '1' };
}

/** Why this invoice takes no (new or changed) link, or undefined. */
export function linkRefusal(receipt: LockedReceipt | undefined): string | undefined {
  if (!receipt) return '发票不存在';
  if (receipt.red) return `发票「${receipt.number}」是红字发票，不能关联案件`;
  if (receipt.reversed) return `发票「${receipt.number}」已红冲，不能关联案件`;
  return undefined;
}

async function linkedSum(trx: Kysely<DB>, column: 'receipt_id' | 'receive_id', id: string, tenantId: number): Promise<bigint> {
  const { rows } = await sql<{ total: string | null }>`
    SELECT SUM(amount) AS total FROM biz_receipt_link WHERE ${sql.ref(column)} = ${id} AND tenant_id = ${tenantId}`.execute(trx);
  return fen(rows[0]?.total);
}

/** 'GG2026…0001' for one linked case, 'GG2026…0001 等3件' for several (the list's 案件编号 / 案件名称). */
async function linkedCasesSummary(trx: Kysely<DB>, receiptId: string, tenantId: number): Promise<{ number: string | null; name: string | null }> {
  const { rows } = await sql<{ receive_number: string | null; receive_name: string | null }>`
    SELECT receive_number, receive_name FROM biz_receipt_link WHERE receipt_id = ${receiptId} AND tenant_id = ${tenantId}
    ORDER BY create_time, id`.execute(trx);
  if (rows.length === 0) return { number: null, name: null };
  const more = rows.length > 1 ? ` 等${rows.length}件` : '';
  return { number: `${rows[0].receive_number ?? ''}${more}`.slice(0, 32), name: `${rows[0].receive_name ?? ''}${more}`.slice(0, 200) };
}

/**
 * Rewrites the invoice's 已关联金额, 待关联金额 and linked-case summary from its links; a message
 * when the links exceed its amount (the caller undoes the write).
 */
export async function refreshReceipt(trx: Kysely<DB>, receiptId: string, tenantId: number): Promise<string | undefined> {
  const receipt = await lockReceipt(trx, receiptId, tenantId);
  if (!receipt) return undefined;
  const linked = await linkedSum(trx, 'receipt_id', receiptId, tenantId);
  if (linked > 0n && (receipt.red || receipt.reversed)) return linkRefusal(receipt);
  if (linked > receipt.amount) {
    return `关联金额合计 ${yuan(linked)} 超过发票「${receipt.number}」的金额 ${yuan(receipt.amount)}`;
  }
  const summary = await linkedCasesSummary(trx, receiptId, tenantId);
  await sql`
    UPDATE biz_receipt SET ref_amount = ${yuan(linked)}, wait_amount = ${yuan(receipt.amount - linked)},
      receive_number = ${summary.number}, receive_name = ${summary.name}
    WHERE id = ${receiptId} AND tenant_id = ${tenantId}`.execute(trx);
  return undefined;
}

/**
 * Rewrites the case's 已开票金额 from its links and moves it between 待开票 and 已开票 as the sum
 * reaches its 公估费 or falls below it (the lifecycle's system transitions invoiced / uninvoiced).
 */
export async function refreshCase(trx: Kysely<DB>, receiveId: string, tenantId: number, actor: string): Promise<void> {
  const { rows } = await sql<{ fee_amount: string | null; receive_status: string | null }>`
    SELECT fee_amount, receive_status FROM biz_receive WHERE id = ${receiveId} AND tenant_id = ${tenantId} FOR UPDATE`.execute(trx);
  const row = rows[0];
  if (!row) return;
  const invoiced = await linkedSum(trx, 'receive_id', receiveId, tenantId);
  await sql`UPDATE biz_receive SET invoiced_amount = ${yuan(invoiced)} WHERE id = ${receiveId} AND tenant_id = ${tenantId}`.execute(trx);
  if (row.fee_amount === null) return;
  const covered = invoiced >= fen(row.fee_amount);
  if (covered && row.receive_status === 'wait_receipt') {
    await applySystemTransition(trx, { page: CASE_PAGE, id: receiveId, transition: 'invoiced', actor, note: `已开票金额 ${yuan(invoiced)}` });
  } else if (!covered && row.receive_status === 'receipted') {
    await applySystemTransition(trx, { page: CASE_PAGE, id: receiveId, transition: 'uninvoiced', actor, note: `已开票金额 ${yuan(invoiced)}` });
  }
}

/** Refreshes the invoices, then the cases (always in this order and by id, so two writers never wait on each other crosswise). */
export async function refreshLinked(
  trx: Kysely<DB>,
  receiptIds: Iterable<string>,
  receiveIds: Iterable<string>,
  tenantId: number,
  actor: string,
): Promise<string | undefined> {
  for (const id of [...new Set(receiptIds)].sort()) {
    const refusal = await refreshReceipt(trx, id, tenantId);
    if (refusal) return refusal;
  }
  for (const id of [...new Set(receiveIds)].sort()) await refreshCase(trx, id, tenantId, actor);
  return undefined;
}
