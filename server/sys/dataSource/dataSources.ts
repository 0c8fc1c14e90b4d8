/**
 * The 数据源 other server code connects through (online reports, issue 17): `pool(code)` answers a
 * pg Pool for the data source with that code — a few connections at most, statements ended after
 * STATEMENT_TIMEOUT_MS. Each call reads the row again, so an edit (on any API node) gives the next
 * caller a pool with the new settings and ends the old one; a deleted data source's pool is ended.
 */
import type { Kysely, Selectable } from 'kysely';
import pg from 'pg';
import type { DB, SysDataSource } from '../../db/types';
import type { SecretBox } from '../../secrets/secretBox';
import { connectionFailure } from './connectionErrors';
import { connectionOf, type Connection, type DataSourceSettings } from './connection';

export const POOL_MAX = 3;
export const CONNECT_TIMEOUT_MS = 5_000;
export const STATEMENT_TIMEOUT_MS = 60_000;

/** The data source cannot be used; `message` is Chinese and names what to fix. */
export class DataSourceError extends Error {}

type Row = Selectable<SysDataSource>;

/** The settings of a stored row, its password opened (SecretOpenError when under another key). */
export function storedSettings(row: Row, secrets: () => SecretBox): DataSourceSettings {
  return {
    dbType: row.db_type,
    dbUrl: row.db_url,
    dbName: row.db_name,
    dbUsername: row.db_username,
    password: row.db_password ? secrets().open(row.db_password) : '',
  };
}

function clientConfig(connection: Connection): pg.ClientConfig {
  return { ...connection, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, application_name: 'lossdesk' };
}

/** Connects once with these settings and runs `SELECT 1`; the reason it failed, or undefined. */
export async function tryConnection(connection: Connection): Promise<string | undefined> {
  const client = new pg.Client({ ...clientConfig(connection), query_timeout: CONNECT_TIMEOUT_MS });
  // A socket error after connect must not become an unhandled 'error' event.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (err) {
    return connectionFailure(err, connection);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export class DataSources {
  private readonly pools = new Map<string, { stamp: string; pool: pg.Pool }>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly secrets: () => SecretBox,
  ) {}

  async find(code: string): Promise<Row | undefined> {
    return this.db.selectFrom('sys_data_source').selectAll().where('code', '=', code).executeTakeFirst();
  }

  /** A pool for the data source `code`; DataSourceError when there is none or it cannot be used. */
  async pool(code: string): Promise<pg.Pool> {
    const row = await this.find(code);
    const cached = this.pools.get(code);
    if (!row) {
      if (cached) await this.end(code);
      throw new DataSourceError(`数据源「${code}」不存在`);
    }
    const stamp = JSON.stringify([row.id, row.db_type, row.db_url, row.db_name, row.db_username, row.db_password]);
    if (cached?.stamp === stamp) return cached.pool;
    if (cached) await this.end(code);
    let connection: Connection;
    try {
      connection = connectionOf(storedSettings(row, this.secrets));
    } catch (err) {
      throw new DataSourceError(`数据源「${row.name}」不可用：${(err as Error).message}`);
    }
    const pool = new pg.Pool({ ...clientConfig(connection), max: POOL_MAX, idleTimeoutMillis: 30_000, statement_timeout: STATEMENT_TIMEOUT_MS });
    pool.on('error', () => undefined);
    this.pools.set(code, { stamp, pool });
    return pool;
  }

  /** Ends every pool (the server stops, or the rows were written on this node). */
  async closeAll(): Promise<void> {
    await Promise.all([...this.pools.keys()].map((code) => this.end(code)));
  }

  /** How many pools are open (for tests and the log). */
  get openPools(): number {
    return this.pools.size;
  }

  private async end(code: string): Promise<void> {
    const entry = this.pools.get(code);
    this.pools.delete(code);
    await entry?.pool.end().catch(() => undefined);
  }
}
