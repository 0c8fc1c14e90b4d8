/**
 * Minimal stand-in so the invoice and payment code runs on this branch; the workflow helper's file
 * replaces it at merge (same signature).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types';

interface SystemTransition {
  from: readonly string[];
  to: string;
}

const STATE_MACHINES: Readonly<Record<string, { table: string; column: string; transitions: Readonly<Record<string, SystemTransition>> }>> = {
  'receive/receive': {
    table: 'biz_receive',
    column: 'receive_status',
    transitions: { invoiced: { from: ['wait_receipt'], to: 'receipted' }, uninvoiced: { from: ['receipted'], to: 'wait_receipt' } },
  },
  'cost/caseCost': { table: 'biz_case_cost', column: 'cost_status', transitions: { paid: { from: ['approved'], to: 'paid' } } },
};

export async function applySystemTransition(
  trx: Kysely<DB>,
  input: { page: string; id: string; transition: string; actor: string; note?: string },
): Promise<boolean> {
  const machine = STATE_MACHINES[input.page];
  const transition = machine?.transitions[input.transition];
  if (!machine || !transition) throw new Error(`unknown system transition ${input.page}#${input.transition}`);
  const result = await sql`
    UPDATE ${sql.table(machine.table)} SET ${sql.ref(machine.column)} = ${transition.to}, update_by = ${input.actor}, update_time = now()
    WHERE id = ${input.id} AND ${sql.ref(machine.column)} IN (${sql.join([...transition.from])})`.execute(trx);
  return Number(result.numAffectedRows ?? 0) > 0;
}
