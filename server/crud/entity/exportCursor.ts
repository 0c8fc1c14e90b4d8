/**
 * Reads a whole list for an export through ONE server-side cursor: the filter and the sort run
 * once, however many rows there are (keyset pages re-ran them for every page: without an index
 * on the sort, each page scanned the filtered rows again, so a large export cost pages × scan).
 *
 * - On the embedded database (one session behind a one-connection pool) the cursor is declared
 *   WITH HOLD outside any transaction: PostgreSQL keeps its result in the session, and every FETCH
 *   is a short statement of its own — other requests run between them, no connection is held.
 * - On PostgreSQL the cursor lives in a read-only transaction on a connection this export holds
 *   until its last row; at most EXPORT_CURSOR_SLOTS exports per node hold one at a time (the others
 *   wait for a slot), and the server's idle-in-transaction timeout ends one whose download stalls.
 */
import crypto from 'node:crypto';
import { CompiledQuery, type Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { inTransaction } from '../../db/transaction';

/** How the database hands out sessions: 'shared' for PGlite's single session, 'pooled' for PostgreSQL. */
export type ExportSession = 'shared' | 'pooled';

export const EXPORT_FETCH_ROWS = 5000;
/** Exports that may hold a PostgreSQL connection at once on one node; the pool keeps the rest. */
export const EXPORT_CURSOR_SLOTS = 2;

class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(count: number) {
    this.free = count;
  }

  async take(): Promise<() => void> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    };
  }
}

const slots = new Slots(EXPORT_CURSOR_SLOTS);

/** One batch of rows and the handle to read what goes with them (links) on the same session. */
export interface CursorBatch<R> {
  rows: R[];
  reader: Kysely<DB>;
}

async function* fetchAll<R>(reader: Kysely<DB>, name: string, fetchRows: number): AsyncGenerator<CursorBatch<R>> {
  // The statement is our own text: the cursor's name is generated, the count a constant.
  const fetch = () => reader.executeQuery<R>(CompiledQuery.raw(`FETCH ${fetchRows} FROM ${name}`)).then((r) => r.rows);
  let pending: Promise<R[]> | undefined = fetch();
  while (pending) {
    const rows: R[] = await pending;
    // The next batch is asked for while this one is written out.
    pending = rows.length < fetchRows ? undefined : fetch();
    pending?.catch(() => undefined);
    if (rows.length > 0) yield { rows, reader };
  }
}

/** The rows of `query` in its order, a batch at a time, through one cursor (see above). */
export async function* cursorBatches<R>(
  db: Kysely<DB>,
  session: ExportSession,
  query: CompiledQuery,
  fetchRows = EXPORT_FETCH_ROWS,
): AsyncGenerator<CursorBatch<R>> {
  const name = `lossdesk_export_${crypto.randomBytes(8).toString('hex')}`;
  const declare = (hold: boolean) => CompiledQuery.raw(`DECLARE ${name} NO SCROLL CURSOR ${hold ? 'WITH HOLD ' : ''}FOR ${query.sql}`, [...query.parameters]);
  if (session === 'shared') {
    await db.executeQuery(declare(true));
    try {
      yield* fetchAll<R>(db, name, fetchRows);
    } finally {
      await db.executeQuery(CompiledQuery.raw(`CLOSE ${name}`)).catch(() => undefined);
    }
    return;
  }
  const release = await slots.take();
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  let holding: Promise<void> | undefined;
  try {
    const reader = await new Promise<Kysely<DB>>((resolve, reject) => {
      holding = inTransaction(db, async (trx) => {
        resolve(trx);
        await finished;
      });
      holding.catch(reject);
    });
    await reader.executeQuery(CompiledQuery.raw('SET TRANSACTION READ ONLY'));
    await reader.executeQuery(declare(false));
    yield* fetchAll<R>(reader, name, fetchRows);
  } finally {
    done();
    await holding?.catch(() => undefined);
    release();
  }
}
