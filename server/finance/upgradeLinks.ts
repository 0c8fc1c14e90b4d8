/**
 * Databases from before 发票关联 held one case per invoice (biz_receipt.receive_id): each such
 * invoice becomes one link of its whole amount, and the originals of red invoices are marked
 * reversed. Runs at every start after the pages' tables (the link table must exist first) and finds
 * nothing to do once done: the old key is cleared as it is turned into a link.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import { inTransaction } from '../db/transaction';
import { newId } from '../db/ids';
import { readTable } from '../crud/ddl';
import { refreshLinked } from './receiptTotals';

const UPGRADE_ACTOR = 'system';

interface OldLink {
  id: string;
  tenant_id: number;
  receive_id: string;
  amount: string;
}

/** Returns how many invoices got their case as a link. */
export async function upgradeSingleCaseInvoices(db: Kysely<DB>): Promise<number> {
  const receipts = await readTable(db, 'biz_receipt');
  const links = await readTable(db, 'biz_receipt_link');
  if (!receipts?.columns.some((c) => c.name === 'receive_id') || !links || !receipts.columns.some((c) => c.name === 'red_status')) return 0;
  return inTransaction(db, async (trx) => {
    await sql`
      UPDATE biz_receipt o SET red_status = '1'
      WHERE COALESCE(o.red_status, '0') <> '1'
        AND EXISTS (SELECT 1 FROM biz_receipt r WHERE r.orig_receipt_id = o.id AND r.red_flag = '1' AND r.tenant_id = o.tenant_id)`.execute(trx);
    const { rows } = await sql<OldLink>`
      SELECT r.id, r.tenant_id, r.receive_id, r.amount FROM biz_receipt r
      WHERE r.receive_id IS NOT NULL AND r.receive_id <> '' AND COALESCE(r.red_flag, '0') <> '1' AND COALESCE(r.red_status, '0') <> '1'
        AND r.amount > 0 AND EXISTS (SELECT 1 FROM biz_receive c WHERE c.id = r.receive_id AND c.tenant_id = r.tenant_id)
        AND NOT EXISTS (SELECT 1 FROM biz_receipt_link l WHERE l.receipt_id = r.id)`.execute(trx);
    for (const row of rows) {
      await sql`
        INSERT INTO biz_receipt_link (id, create_by, tenant_id, receipt_id, receive_id, receive_number, receive_name, amount)
        SELECT ${newId()}, ${UPGRADE_ACTOR}, ${row.tenant_id}, ${row.id}, c.id, c.receive_number, c.receive_name, ${row.amount}
        FROM biz_receive c WHERE c.id = ${row.receive_id} AND c.tenant_id = ${row.tenant_id}`.execute(trx);
    }
    await sql`UPDATE biz_receipt SET receive_id = NULL WHERE receive_id IS NOT NULL`.execute(trx);
    for (const row of rows) {
      const refusal = await refreshLinked(trx, [row.id], [row.receive_id], row.tenant_id, UPGRADE_ACTOR);
      if (refusal) throw new Error(`发票关联升级失败：${refusal}`);
    }
    return rows.length;
  });
}
