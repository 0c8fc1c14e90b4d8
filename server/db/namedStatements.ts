import crypto from 'node:crypto';
import type pg from 'pg';
import type { PostgresPoolClient } from 'kysely';

/**
 * Named prepared statements for the pool Kysely draws from (PostgreSQL only).
 *
 * Planning was ≈ 45 % of PostgreSQL's statement time under the users bench (pg_stat_statements
 * with track_planning): every statement went as an unnamed one, parsed and planned again each time.
 * A statement sent under a name is parsed once per connection, and once PostgreSQL has seen that a
 * generic plan costs no more than the custom ones (after 5 runs) it stops planning it. What keeps
 * this safe:
 * - The name is a hash of the statement's text: the same text is the same statement, a different
 *   text (another column list, an IN list of another length) another name.
 * - Only statements whose plan cannot hinge on the values are named: lookups by equality and IN
 *   lists, inserts, updates. A text with a pattern (LIKE), a range, an ORDER BY, a LIMIT or an
 *   OFFSET, or one that counts or groups a set of rows (a figure), goes unnamed as before, planned
 *   for its own values each time: a generic plan of a list searching for a rare name would walk the
 *   sort index through the whole table, one of a count could read a user's many rows by index.
 * - A table altered while the server runs (表单开发, a node started with newer pages): PostgreSQL
 *   replans a named statement itself, but refuses one whose result columns changed (`select *` after
 *   ADD COLUMN: "cached plan must not change result type", SQLSTATE 0A000) or whose parameter types
 *   no longer fit (42804). Such a statement failed before running, so it is run again unnamed at
 *   once, its old name dropped (DEALLOCATE) and the next run prepares it afresh under a new name.
 *   Inside a transaction that failure would have aborted the transaction, so nothing is named there.
 * - Each connection keeps at most MAX_NAMED_PER_CONNECTION statements, and only texts seen twice on
 *   this node are named (one-off texts stay unnamed); the pool's maxUses renews connections, and
 *   with them the set, now and then.
 */

/** Most statements one connection keeps prepared; later texts go unnamed on it. */
export const MAX_NAMED_PER_CONNECTION = 200;
/** Texts this node remembers (whether to name them, their hash); past it, it starts over. */
const MAX_COUNTED_TEXTS = 5_000;
/** Checkouts after which the pool replaces a connection (and so its prepared statements). */
export const CONNECTION_MAX_USES = 20_000;

/** PostgreSQL's errors for a prepared statement that a change of its tables made stale. */
const STALE_PLAN_CODES = new Set(['0A000', '42804']);
const STALE_PLAN_MESSAGE = /cached plan must not change result type|is of type|but expression is of type/;

// The statement kinds whose plan is the same whatever the values, by their text: DML and queries
// only (never a utility statement), and none that compares by pattern, range or order.
const DML = /^\s*(select|insert|update|delete|with)\b/i;
const VALUE_SENSITIVE = /\b(like|ilike|similar|order\s+by|limit|offset|between|tablesample|group\s+by|having|count\s*\()|[<>~]|&&|\|\|\s*'%/i;

/** Whether a statement text may go under a name (plan independent of its values; see above). */
export function nameable(text: string): boolean {
  return DML.test(text) && !VALUE_SENSITIVE.test(text);
}

interface ConnectionState {
  /** Statement name by text hash; a stale one is replaced by a new generation. */
  names: Map<string, string>;
  generation: number;
  inTransaction: boolean;
}

const TRANSACTION_START = /^\s*(begin|start\s+transaction)\b/i;
const TRANSACTION_END = /^\s*(commit|rollback|end|abort)\b(?!\s+to\b)/i;

type QueryResult = { command: string; rowCount: number; rows: unknown[] };

/**
 * What this node knows of the texts it sent (bounded): not to be named, seen once, or the hash that
 * names it — so a text is tested and hashed once, not at every run.
 */
class KnownTexts {
  private texts = new Map<string, string | null>();

  /** The name's hash from the second time a nameable `text` is seen; undefined before, or never. */
  keyOf(text: string): string | undefined {
    const known = this.texts.get(text);
    if (known === null) return undefined;
    if (known !== undefined && known !== '') return known;
    if (this.texts.size >= MAX_COUNTED_TEXTS) this.texts.clear();
    if (known === undefined) {
      this.texts.set(text, nameable(text) ? '' : null);
      return undefined;
    }
    const key = crypto.createHash('sha1').update(text).digest('base64url');
    this.texts.set(text, key);
    return key;
  }
}

function stalePlan(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as Error & { code?: unknown }).code;
  return typeof code === 'string' && STALE_PLAN_CODES.has(code) && STALE_PLAN_MESSAGE.test(err.message);
}

/**
 * Wraps the connections of `pool` (as Kysely draws them) so that statements go as named prepared
 * statements where that is safe (see the file's comment). Returns the connection Kysely uses in
 * place of `client`, the same object for the same connection.
 */
export function namingStatements(): (client: pg.PoolClient) => PostgresPoolClient {
  const texts = new KnownTexts();
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return (client) => {
    const known = wrapped.get(client);
    if (known) return known;
    const state: ConnectionState = { names: new Map(), generation: 0, inTransaction: false };
    const unnamed = (text: string, values: readonly unknown[] | undefined) => client.query(text, values as unknown[]) as unknown as Promise<QueryResult>;
    const query = async (text: string, values: readonly unknown[] | undefined): Promise<QueryResult> => {
      if (TRANSACTION_START.test(text)) {
        const result = await unnamed(text, values);
        state.inTransaction = true;
        return result;
      }
      if (TRANSACTION_END.test(text)) {
        // Whatever the answer, the transaction is over (a failed COMMIT rolls back).
        state.inTransaction = false;
        return unnamed(text, values);
      }
      if (state.inTransaction) return unnamed(text, values);
      const key = texts.keyOf(text);
      if (key === undefined) return unnamed(text, values);
      let name = state.names.get(key);
      if (name === undefined) {
        if (state.names.size >= MAX_NAMED_PER_CONNECTION) return unnamed(text, values);
        name = `ld_${key}_${state.generation}`;
        state.names.set(key, name);
      }
      try {
        return (await client.query({ name, text, values: values as unknown[] })) as unknown as QueryResult;
      } catch (err) {
        if (!stalePlan(err)) throw err;
        // The statement was refused before it ran: drop its name (the next run prepares it afresh)
        // and run it unnamed now, as it would have run without names.
        state.names.delete(key);
        state.generation += 1;
        await client.query(`DEALLOCATE ${client.escapeIdentifier(name)}`);
        return unnamed(text, values);
      }
    };
    const connection: PostgresPoolClient = {
      query: ((textOrCursor: unknown, values?: readonly unknown[]) =>
        // Kysely streams through a cursor object: passed on as it is.
        typeof textOrCursor === 'string' ? query(textOrCursor, values) : client.query(textOrCursor as never)) as PostgresPoolClient['query'],
      release: () => client.release(),
    };
    wrapped.set(client, connection);
    return connection;
  };
}
