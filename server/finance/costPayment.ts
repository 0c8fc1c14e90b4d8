/**
 * 支付 of an approved 案件费用 (schemas/pages/cost/caseCost.json's row action; the payments are
 * cost/costPayment, written only here): the payment row and the cost's 已支付金额 in one transaction,
 * never beyond the approved amount; the cost becomes 已支付 once fully paid.
 *   POST {base}/cost/caseCost/pay  {id, payDate, amount, payMethod, remark}   code caseCost:pay
 */
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { DB } from '../db/types';
import { inTransaction } from '../db/transaction';
import { BusinessError, ok } from '../http/envelope';
import { actorOf } from '../crud/entity/context';
import type { EntityService } from '../crud/entity';
import type { Actor } from '../crud/entity/store';
import { applySystemTransition } from '../crud/workflow/systemTransition';
import { fen, yuan } from './money';

export const PAY_PERMISSION = 'caseCost:pay';
export const COST_PAGE = 'cost/caseCost';
const COST_PATH = '/cost/caseCost';

export interface PaymentInput {
  payDate?: unknown;
  amount?: unknown;
  payMethod?: unknown;
  remark?: unknown;
}

interface CostRow {
  amount: string;
  paid_amount: string | null;
  cost_status: string;
  receive_id: string;
  receive_number: string | null;
}

async function statusText(trx: Kysely<DB>, status: string): Promise<string> {
  const { rows } = await sql<{ item_text: string }>`
    SELECT i.item_text FROM sys_dict_item i JOIN sys_dict d ON d.id = i.dict_id
    WHERE d.dict_code = 'cost_status' AND i.item_value = ${status}`.execute(trx);
  return rows[0]?.item_text ?? status;
}

/** Records a payment of cost `costId` of the actor's tenant; returns the payment's id. */
export async function payCost(db: Kysely<DB>, payments: EntityService, costId: string, input: PaymentInput, actor: Actor): Promise<string> {
  return inTransaction(db, async (trx) => {
    const { rows } = await sql<CostRow>`
      SELECT amount, paid_amount, cost_status, receive_id, receive_number FROM biz_case_cost
      WHERE id = ${costId} AND tenant_id = ${actor.tenantId} FOR UPDATE`.execute(trx);
    const cost = rows[0];
    if (!cost) throw new BusinessError('费用不存在');
    if (cost.cost_status !== 'approved') throw new BusinessError(`只有已审批的费用可以支付，该费用当前为「${await statusText(trx, cost.cost_status)}」`);
    const paymentId = await payments.add(
      trx,
      { costId, receiveId: cost.receive_id, receiveNumber: cost.receive_number, payDate: input.payDate, amount: input.amount, payMethod: input.payMethod, remark: input.remark },
      actor,
    );
    const paid = fen(cost.paid_amount);
    const remaining = fen(cost.amount) - paid;
    const { rows: made } = await sql<{ amount: string }>`SELECT amount FROM biz_cost_payment WHERE id = ${paymentId}`.execute(trx);
    const amount = fen(made[0]?.amount);
    if (amount > remaining) throw new BusinessError(`支付金额 ${yuan(amount)} 超过未支付金额 ${yuan(remaining)}`);
    await sql`
      UPDATE biz_case_cost SET paid_amount = ${yuan(paid + amount)}, update_by = ${actor.username}, update_time = now()
      WHERE id = ${costId} AND tenant_id = ${actor.tenantId}`.execute(trx);
    if (amount === remaining) await applySystemTransition(trx, { page: COST_PAGE, id: costId, transition: 'paid', actor: actor.username, note: `已支付 ${yuan(paid + amount)}` });
    return paymentId;
  });
}

const payBody = { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 64 } } } as const;

/** The 支付 row action of 案件费用 (served beside 费用支付's read-only endpoints, with its service). */
export function costPaymentRoutes(app: FastifyInstance, payments: EntityService): void {
  app.post<{ Body: PaymentInput & { id: string } }>(`${COST_PATH}/pay`, { config: { permission: PAY_PERMISSION }, schema: { body: payBody } }, async (request) => {
    const { id, ...input } = request.body;
    const paymentId = await payCost(app.db, payments, id, input, actorOf(request));
    return ok({ id: paymentId }, '支付成功！');
  });
}
