/**
 * 发票管理 and 费用支付's server behaviour, named by table: the entity hooks keep the invoice and case
 * totals (the seed writes through them too), the companions serve 红冲 and 支付.
 */
import type { EntityHooks } from '../crud/entity';
import type { EntityServerModule } from '../crud/entity/routes';
import { costPaymentRoutes } from './costPayment';
import { receiptHooks, receiptLinkHooks } from './receiptHooks';
import { redReceiptRoutes } from './redReceipt';

export const FINANCE_HOOKS: Readonly<Record<string, EntityHooks>> = {
  biz_receipt: receiptHooks,
  biz_receipt_link: receiptLinkHooks,
};

export const FINANCE_COMPANIONS: Readonly<Record<string, EntityServerModule>> = {
  biz_receipt: redReceiptRoutes,
  biz_cost_payment: costPaymentRoutes,
};
