import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely, Transaction } from 'kysely';

/** An open transaction of the current async call chain; `open` turns false when it ends. */
interface TransactionScope {
  open: boolean;
  /** Work to do once the transaction has ended (committed or rolled back): afterTransaction. */
  afterEnd?: Set<() => Promise<void> | void>;
}

const scope = new AsyncLocalStorage<TransactionScope>();
/**
 * Transactions of `inTransaction` open now in this process. Node 20 keeps async hooks on every
 * promise from an AsyncLocalStorage's first run until it is disabled: ≈ 3 % of a busy API node's CPU
 * (bench/users.bench.ts), spent for every request although only code inside a transaction reads the
 * scope. So the scope is disabled whenever the last open transaction ends, and the next `run` turns
 * it on again: with none open there is no scope to find, and `getStore()` answers undefined either way.
 */
let openTransactions = 0;

/**
 * True while the calling code runs inside a transaction opened by `inTransaction` (work it started
 * in the background and that outlives the transaction sees false again).
 */
export function insideTransaction(): boolean {
  return scope.getStore()?.open === true;
}

/**
 * Inside a transaction opened by `inTransaction`, runs `done` once it has ended (committed or rolled
 * back; the same function given twice runs once; awaited before the transaction's caller goes on,
 * so it must not throw); outside one, does nothing — the caller's statement
 * has committed by itself. Caches of rows a transaction writes are dropped this way, so that nobody
 * refills them from the rows as they were before the commit.
 */
export function afterTransaction(done: () => Promise<void> | void): void {
  const state = scope.getStore();
  if (!state?.open) return;
  (state.afterEnd ??= new Set()).add(done);
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
  const state: TransactionScope = { open: true };
  // eslint-disable-next-line no-restricted-syntax -- the one place a transaction is opened
  const ended = db.transaction().execute(async (trx) => {
    openTransactions += 1;
    try {
      return await scope.run(state, () => work(trx));
    } finally {
      state.open = false;
      openTransactions -= 1;
      if (openTransactions === 0) scope.disable();
    }
  });
  const runAfterEnd = async () => {
    await Promise.all([...(state.afterEnd ?? [])].map((done) => done()));
  };
  return ended.then(
    async (value) => {
      await runAfterEnd();
      return value;
    },
    async (err: unknown) => {
      await runAfterEnd();
      throw err;
    },
  );
}
