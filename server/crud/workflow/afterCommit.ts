/**
 * Kysely has no commit hook: code inside someone else's transaction learns of the commit by seeing
 * a row it wrote from outside. Polls until the row is visible (then runs `then`) or gives up after
 * `giveUpMs` (the transaction rolled back, or never ended).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types';

const POLL_MS = 200;

export function whenCommitted(
  db: Kysely<DB>,
  probe: { table: string; id: string },
  then: () => Promise<void>,
  options: { giveUpMs: number; onError(err: unknown): void },
): void {
  const until = Date.now() + options.giveUpMs;
  const look = async (): Promise<void> => {
    try {
      const { rows } = await sql<{ id: string }>`SELECT ${sql.ref('id')} FROM ${sql.table(probe.table)} WHERE ${sql.ref('id')} = ${probe.id}`.execute(db);
      if (rows.length > 0) return await then();
    } catch {
      // Refused while the transaction is still open on this call chain (the embedded database's one connection): look again.
    }
    if (Date.now() < until) setTimeout(() => void look().catch(options.onError), POLL_MS).unref();
  };
  setTimeout(() => void look().catch(options.onError), POLL_MS).unref();
}
