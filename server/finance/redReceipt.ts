/**
 * 红冲: reverses a blue invoice with a red one (negative amount, pointing at the original) and
 * releases the original's links — the cases' 已开票金额 drop and a case no longer covered goes back to
 * 待开票 — all in one transaction. An invoice is reversed at most once; red and reversed invoices take
 * no links and no edits (receiptHooks.ts).
 *   POST {base}/receipt/receipt/red  {id, redReason}   code receipt:red
 */
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { beijingDate } from '../../runtime/contract/tenantUse';
import type { DB } from '../db/types';
import { inTransaction } from '../db/transaction';
import { BusinessError, ok } from '../http/envelope';
import { actorOf } from '../crud/entity/context';
import type { EntityService } from '../crud/entity';
import type { Actor } from '../crud/entity/store';
import { fen, yuan } from './money';
import { lockReceipt, refreshLinked } from './receiptTotals';

export const RED_PERMISSION = 'receipt:red';
export const ALREADY_REVERSED = '该发票已红冲';
const NUMBER_LENGTH = 32;

/** The red invoice's number: the original's with 'H' (红) appended. */
export function redNumberOf(number: string): string {
  return `${number.slice(0, NUMBER_LENGTH - 1)}H`;
}

/** Reverses invoice `id` of the actor's tenant in the caller's transaction; returns the red invoice's id. */
export async function reverseReceipt(db: Kysely<DB>, receipts: EntityService, id: string, reason: string, actor: Actor): Promise<string> {
  return inTransaction(db, async (trx) => {
    const receipt = await lockReceipt(trx, id, actor.tenantId);
    if (!receipt) throw new BusinessError('发票不存在');
    if (receipt.red) throw new BusinessError(`发票「${receipt.number}」是红字发票，不能红冲`);
    if (receipt.reversed) throw new BusinessError(ALREADY_REVERSED);
    const before = await receipts.store.findById(trx, id, actor.tenantId);
    if (!before) throw new BusinessError('发票不存在');
    const number = redNumberOf(receipt.number);
    const numberField = receipts.model.page.fieldByName.get('number');
    if (numberField && (await receipts.store.existingValues(trx, numberField, [number])).size > 0) {
      throw new BusinessError(`红字发票号码「${number}」已存在`);
    }
    const [redId] = await receipts.store.insert(
      trx,
      [
        {
          number,
          receiptType: before.receipt_type as string,
          openDate: beijingDate(new Date()),
          currencyType: before.currency_type as string,
          amount: yuan(-receipt.amount),
          redFlag: '1',
          redStatus: '0',
          origReceiptId: id,
          redReason: reason,
          refAmount: '0.00',
          waitAmount: yuan(-receipt.amount),
          remark: `红冲发票「${receipt.number}」：${reason}`,
        },
      ],
      actor,
    );
    const { rows: released } = await sql<{ receive_id: string }>`
      DELETE FROM biz_receipt_link WHERE receipt_id = ${id} AND tenant_id = ${actor.tenantId} RETURNING receive_id`.execute(trx);
    await receipts.store.update(
      trx,
      id,
      { redStatus: '1', redReason: reason, refAmount: '0.00', waitAmount: yuan(fen(before.amount)), receiveNumber: null, receiveName: null },
      actor,
      before,
    );
    const refusal = await refreshLinked(trx, [id], released.map((r) => r.receive_id), actor.tenantId, actor.username);
    if (refusal) throw new BusinessError(refusal);
    return redId;
  });
}

const redBody = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 }, redReason: { type: ['string', 'null'] } },
} as const;

/** The 红冲 row action of 发票 (served beside the page's generic endpoints, with its service). */
export function redReceiptRoutes(app: FastifyInstance, receipts: EntityService): void {
  const path = `${receipts.model.page.entity.apiPath}/red`;
  app.post<{ Body: { id: string; redReason?: string | null } }>(path, { config: { permission: RED_PERMISSION }, schema: { body: redBody } }, async (request) => {
    const reason = (request.body.redReason ?? '').trim();
    if (!reason) throw new BusinessError('请填写红冲原因');
    if ([...reason].length > 200) throw new BusinessError('红冲原因最多200个字');
    const redId = await reverseReceipt(app.db, receipts, request.body.id, reason, actorOf(request));
    return ok({ id: redId }, '红冲成功！');
  });
}
