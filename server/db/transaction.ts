import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely, Transaction } from 'kysely';

/** An open transaction of the current async call chain; `open` turns false when it ends. */
interface TransactionScope {
  open: boolean;
}

const scope = new AsyncLocalStorage<TransactionScope>();

/**
 * True while the calling code runs inside a transaction opened by `inTransaction` (work it started
 * in the background and that outlives the transaction sees false again).
 */
export function insideTransaction(): boolean {
  return scope.getStore()?.open === true;
}

/**
 * Runs `work` in the caller's transaction, or in a new one when the caller has none. The one way
 * the server opens a transaction (lint keeps it so): the embedded database has a single connection,
 * and a query sent through the pool from inside a transaction would wait for that connection
 * forever, so the pool refuses it at once (server/db/open.ts) — which it can tell only for
 * transactions opened here.
 */
export function inTransaction<D, T>(db: Kysely<D>, work: (trx: Transaction<D>) => Promise<T>): Promise<T> {
  // Kysely marks a Transaction by isTransaction; its type is lost where callers take Kysely<D>.
  if (db.isTransaction) return work(db as Transaction<D>);
  // eslint-disable-next-line no-restricted-syntax -- the one place a transaction is opened
  return db.transaction().execute(async (trx) => {
    const state: TransactionScope = { open: true };
    try {
      return await scope.run(state, () => work(trx));
    } finally {
      state.open = false;
    }
  });
}
