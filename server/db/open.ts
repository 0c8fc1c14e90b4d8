import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { DB } from './types';
import { lockDataDir } from './lock';
import { guardedPool } from './pool';
import { CONNECTION_MAX_USES, namingStatements } from './namedStatements';
import { AuthWriteWatcher } from '../auth/authWrites';

/**
 * How long a request may wait for a database connection, and (PostgreSQL only) run one statement or
 * sit idle inside a transaction, before it is answered with an error instead of hanging. PGlite runs
 * statements on the server's own thread and has no statement timeout; the bounded wait is its guard.
 */
export interface DatabaseLimits {
  poolWaitMs: number;
  statementTimeoutMs: number;
}

export const DEFAULT_DATABASE_LIMITS: DatabaseLimits = { poolWaitMs: 20_000, statementTimeoutMs: 60_000 };

export interface Database {
  db: Kysely<DB>;
  /** 'pglite' for the embedded database, 'postgres' for a server reached by DATABASE_URL. */
  kind: 'pglite' | 'postgres';
  /**
   * Subscribes to `NOTIFY` on a channel named by our own code (not user input); resolves once
   * listening, with a function that stops. On PostgreSQL this is a dedicated connection outside the
   * pool; if it breaks, `onLost` is called and the subscription is over (the caller listens again).
   */
  listen(channel: string, onPayload: (payload: string) => void, onLost?: (err: Error) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

// Business timestamps travel as JeecgBoot's 'yyyy-MM-dd HH:mm:ss' strings and bigint counts as
// numbers; node-postgres would otherwise turn them into Date objects in the server's local zone.
const TIMESTAMP = 1114;
const TIMESTAMPTZ = 1184;
const DATE = 1082;
const INT8 = 20;
const typeParsers: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) => {
    if (oid === TIMESTAMP) return (v: string) => v.slice(0, 19);
    if (oid === DATE) return (v: string) => v;
    if (oid === INT8) return (v: string) => Number(v);
    if (oid === TIMESTAMPTZ) return (v: string) => new Date(v);
    return pg.types.getTypeParser(oid, format as 'text');
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/** The firm works in China Standard Time; `now()` in timestamp columns must mean Beijing time. */
const TIME_ZONE = 'Asia/Shanghai';

function poolOf(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool({ ...config, types: typeParsers });
  // An idle connection that the server ends (restart, failover, DROP DATABASE … FORCE) is emitted as
  // an error on the pool; unhandled it would crash the process. The pool discards that connection
  // and the next query opens a new one, where any lasting failure surfaces to its caller.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.query(`SET TIME ZONE '${TIME_ZONE}'`).catch(() => undefined);
    // A connection the server ends while it is checked out between queries (idle-in-transaction
    // timeout, restart) emits an error with nobody listening, which would crash the process; the
    // holder's next query fails instead, and the pool drops the connection when it comes back.
    client.on('error', () => undefined);
  });
  return pool;
}

/** `namedStatements`: send value-independent statements as named prepared statements (namedStatements.ts). */
export async function openPostgres(databaseUrl: string, max = 10, limits: DatabaseLimits = DEFAULT_DATABASE_LIMITS, namedStatements = true): Promise<Database> {
  const pool = poolOf({
    connectionString: databaseUrl,
    max,
    connectionTimeoutMillis: limits.poolWaitMs,
    // The server ends a statement that runs too long, and a transaction its caller left idle for
    // twice that, so no connection is held forever.
    statement_timeout: limits.statementTimeoutMs,
    idle_in_transaction_session_timeout: 2 * limits.statementTimeoutMs,
    // A case list under a 公估师's data rule (an OR over child-row subqueries) looks expensive to the
    // planner, which then JIT-compiled every such list: 0.2–1 s of compiling for a query that runs
    // in milliseconds (bench/caseLists.bench.ts). Our queries are short OLTP reads; JIT never pays.
    options: '-c jit=off',
    // Each connection keeps the statements it prepared (namedStatements.ts): renewed now and then.
    maxUses: CONNECTION_MAX_USES,
  });
  const guarded = guardedPool(pool, { waitMs: limits.poolWaitMs, singleConnection: false, ...(namedStatements ? { connection: namingStatements() } : {}) });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: guarded }), plugins: [new AuthWriteWatcher()] });
  await db.selectNoFrom((eb) => eb.val(1).as('ok')).execute();
  return { db, kind: 'postgres', listen: (...args) => listenOnPostgres(databaseUrl, ...args), close: () => db.destroy() };
}

async function listenOnPostgres(
  databaseUrl: string,
  channel: string,
  onPayload: (payload: string) => void,
  onLost?: (err: Error) => void,
): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  let over = false;
  const lost = (err: Error) => {
    if (over) return;
    over = true;
    client.end().catch(() => undefined);
    onLost?.(err);
  };
  client.on('notification', (n) => {
    if (n.channel === channel) onPayload(n.payload ?? '');
  });
  client.on('error', lost);
  client.on('end', () => lost(new Error(`LISTEN ${channel}: 数据库连接已断开`)));
  try {
    await client.connect();
    await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
  } catch (err) {
    over = true;
    await client.end().catch(() => undefined);
    throw err;
  }
  return async () => {
    if (over) return;
    over = true;
    await client.end();
  };
}

/**
 * Opens the embedded PGlite database in `dataDir/pgdata`, reached through its PostgreSQL socket
 * adapter so the rest of the server speaks plain node-postgres. One pooled connection: PGlite has a
 * single session, and one connection keeps transactions isolated from each other.
 */
export async function openPglite(dataDir: string, limits: DatabaseLimits = DEFAULT_DATABASE_LIMITS): Promise<Database> {
  const release = lockDataDir(dataDir);
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  // The same extensions on every open (a data directory copied from a template too): a database
  // that created an extension cannot be opened without it.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  let pglite: InstanceType<typeof PGlite> | undefined;
  let socketServer: InstanceType<typeof PGLiteSocketServer> | undefined;
  // Unix socket paths are limited to ~107 bytes, so the socket lives in a short temp folder.
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lossdesk-pg-'));
  try {
    pglite = await PGlite.create(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm, btree_gin } });
    socketServer = new PGLiteSocketServer({ db: pglite, path: path.join(socketDir, '.s.PGSQL.5432') });
    await socketServer.start();
    const pool = poolOf({ host: socketDir, port: 5432, user: 'postgres', database: 'postgres', max: 1, connectionTimeoutMillis: limits.poolWaitMs });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: guardedPool(pool, { waitMs: limits.poolWaitMs, singleConnection: true }) }), plugins: [new AuthWriteWatcher()] });
    // PGlite's one session holds LISTEN across reconnections of the single pooled connection, and
    // hands notifications to whichever connection is open, so they are read from the pool.
    const listeners = new Map<string, Set<(payload: string) => void>>();
    pool.on('connect', (client) => {
      client.on('notification', (n) => listeners.get(n.channel)?.forEach((onPayload) => onPayload(n.payload ?? '')));
    });
    const server = socketServer;
    const lite = pglite;
    return {
      db,
      kind: 'pglite',
      async listen(channel, onPayload) {
        let subscribers = listeners.get(channel);
        if (!subscribers) {
          subscribers = new Set();
          listeners.set(channel, subscribers);
          try {
            await sql`LISTEN ${sql.id(channel)}`.execute(db);
          } catch (err) {
            listeners.delete(channel);
            throw err;
          }
        }
        subscribers.add(onPayload);
        const own = subscribers;
        return async () => {
          if (!own.delete(onPayload) || own.size > 0) return;
          listeners.delete(channel);
          await sql`UNLISTEN ${sql.id(channel)}`.execute(db);
        };
      },
      async close() {
        await db.destroy();
        await server.stop();
        await lite.close();
        fs.rmSync(socketDir, { recursive: true, force: true });
        release();
      },
    };
  } catch (err) {
    await socketServer?.stop().catch(() => undefined);
    await pglite?.close().catch(() => undefined);
    fs.rmSync(socketDir, { recursive: true, force: true });
    release();
    throw err;
  }
}

/**
 * `poolMax`: pooled connections to PostgreSQL (DB_POOL_MAX, default 10); PGlite always has one.
 * `namedStatements` (DB_NAMED_STATEMENTS, default on): PostgreSQL only — PGlite's single in-process
 * session is reached through its socket adapter and names nothing.
 */
export function openDatabase(opts: { databaseUrl?: string; dataDir: string; limits?: DatabaseLimits; poolMax?: number; namedStatements?: boolean }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.poolMax ?? 10, opts.limits, opts.namedStatements ?? true) : openPglite(opts.dataDir, opts.limits);
}
