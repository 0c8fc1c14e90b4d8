import type pg from 'pg';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { insideTransaction } from './transaction';

/** No connection became free within the configured wait: the caller gets a clear answer, not a hang. */
export class DatabaseBusyError extends Error {
  constructor(waitMs: number) {
    super(`数据库繁忙，请稍后重试（等待数据库连接超过${Math.round(waitMs / 1000)}秒）`);
    this.name = 'DatabaseBusyError';
  }
}

/**
 * A query reached the pool from inside a transaction. On the embedded database the transaction holds
 * the one connection, so the query would wait for itself forever (and with it every later request):
 * a programming error, refused at once so a test finds it instead of a user.
 */
export class PoolReentryError extends Error {
  constructor() {
    super('事务进行中的查询没有使用该事务：嵌入式数据库只有一个连接，这个查询会永远等待（请把事务传给它）');
    this.name = 'PoolReentryError';
  }
}

// pg-pool's own words when connectionTimeoutMillis runs out.
const POOL_TIMEOUT = /timeout exceeded when trying to connect/i;

/**
 * The pool Kysely draws connections from: waits at most `waitMs` for one (DatabaseBusyError after),
 * and with `singleConnection` refuses a draw from inside a transaction (PoolReentryError).
 * `connection` turns a drawn client into what Kysely uses (namedStatements.ts); default: itself.
 */
export function guardedPool(
  pool: pg.Pool,
  opts: { waitMs: number; singleConnection: boolean; connection?: (client: pg.PoolClient) => PostgresPoolClient },
): PostgresPool {
  return {
    async connect() {
      if (opts.singleConnection && insideTransaction()) throw new PoolReentryError();
      try {
        const client = await pool.connect();
        return opts.connection ? opts.connection(client) : client;
      } catch (err) {
        if (err instanceof Error && POOL_TIMEOUT.test(err.message)) throw new DatabaseBusyError(opts.waitMs);
        throw err;
      }
    },
    end: () => pool.end(),
  };
}
