/**
 * 数据库监控 (Redis监控's counterpart): size, connections, cache hit ratio, the largest tables and
 * the slowest statements of the database this node uses — PostgreSQL or the embedded PGlite. What
 * the database cannot answer is null with a note saying why, never a made-up figure.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';

export type DatabaseKind = 'pglite' | 'postgres';

export interface TableRow {
  id: string;
  tableName: string;
  totalBytes: number;
  tableBytes: number;
  indexBytes: number;
  rowEstimate: number | null;
}

export interface SlowStatement {
  query: string;
  calls: number;
  meanMs: number;
  totalMs: number;
  rows: number;
}

export const NOTES = {
  pgliteConnections: '内置数据库（PGlite）在本进程内运行，只有一个连接，没有连接上限',
  noStatements: '未安装 pg_stat_statements 扩展，无法列出慢语句（PostgreSQL：在 shared_preload_libraries 中加载它并执行 CREATE EXTENSION pg_stat_statements）',
  pgliteStatements: '内置数据库（PGlite）不提供 pg_stat_statements，无法列出慢语句',
  statementsUnreadable: '已安装 pg_stat_statements，但读取失败（可能未在 shared_preload_libraries 中加载）',
  noHits: '数据库还没有读取统计，命中率暂不可算',
} as const;

const SLOW_LIMIT = 10;
const num = (value: unknown): number => Number(value ?? 0);

async function slowStatements(db: Kysely<DB>, kind: DatabaseKind): Promise<{ rows: SlowStatement[]; note?: string }> {
  if (kind === 'pglite') return { rows: [], note: NOTES.pgliteStatements };
  const installed = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_extension WHERE extname = 'pg_stat_statements'`.execute(db);
  if ((installed.rows[0]?.n ?? 0) === 0) return { rows: [], note: NOTES.noStatements };
  try {
    // Statements are kept normalised ($1 for each constant), so no value typed by a user shows here.
    const result = await sql<{ query: string; calls: string; mean: number; total: number; rows: string }>`
      SELECT query, calls, mean_exec_time AS mean, total_exec_time AS total, rows
      FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
      ORDER BY mean_exec_time DESC LIMIT ${SLOW_LIMIT}`.execute(db);
    return {
      rows: result.rows.map((r) => ({ query: r.query.slice(0, 500), calls: num(r.calls), meanMs: Math.round(num(r.mean) * 100) / 100, totalMs: Math.round(num(r.total)), rows: num(r.rows) })),
    };
  } catch {
    return { rows: [], note: NOTES.statementsUnreadable };
  }
}

export async function databaseSummary(db: Kysely<DB>, kind: DatabaseKind) {
  const notes: string[] = [];
  const facts = await sql<{ size: string; version: string; max: string; hit: string; read: string; commits: string; rollbacks: string }>`
    SELECT pg_database_size(current_database()) AS size, version() AS version, current_setting('max_connections') AS max,
           d.blks_hit AS hit, d.blks_read AS read, d.xact_commit AS commits, d.xact_rollback AS rollbacks
    FROM pg_stat_database d WHERE d.datname = current_database()`.execute(db);
  const activity = await sql<{ state: string | null; n: number }>`
    SELECT state, count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() OR backend_type = 'standalone backend' GROUP BY state`.execute(db);
  const row = facts.rows[0];
  const hit = num(row?.hit);
  const read = num(row?.read);
  if (hit + read === 0) notes.push(NOTES.noHits);
  const connections = activity.rows.reduce((sum, r) => sum + r.n, 0);
  const active = activity.rows.filter((r) => r.state === 'active').reduce((sum, r) => sum + r.n, 0);
  if (kind === 'pglite') notes.push(NOTES.pgliteConnections);
  const slow = await slowStatements(db, kind);
  if (slow.note) notes.push(slow.note);
  return {
    kind: kind === 'postgres' ? 'PostgreSQL' : '内置数据库（PGlite）',
    version: (row?.version ?? '').split(' on ')[0],
    sizeBytes: num(row?.size),
    connections,
    activeConnections: active,
    maxConnections: kind === 'postgres' ? num(row?.max) : null,
    cacheHitPercent: hit + read === 0 ? null : Math.round((hit / (hit + read)) * 10000) / 100,
    commits: num(row?.commits),
    rollbacks: num(row?.rollbacks),
    slowStatements: slow.rows,
    notes,
  };
}

/** The tables of the public schema, largest first, a page at a time. */
export async function largestTables(db: Kysely<DB>, pageNo: number, pageSize: number): Promise<{ records: TableRow[]; total: number }> {
  const rows = await sql<{ name: string; total: string; table: string; reltuples: number }>`
    SELECT c.relname AS name, pg_total_relation_size(c.oid) AS total, pg_relation_size(c.oid) AS "table", c.reltuples
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
    ORDER BY pg_total_relation_size(c.oid) DESC, c.relname
    LIMIT ${pageSize} OFFSET ${(pageNo - 1) * pageSize}`.execute(db);
  const count = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`.execute(db);
  return {
    total: count.rows[0]?.n ?? 0,
    records: rows.rows.map((r) => ({
      id: r.name,
      tableName: r.name,
      totalBytes: num(r.total),
      tableBytes: num(r.table),
      indexBytes: num(r.total) - num(r.table),
      // -1 (PostgreSQL 14+) or 0 before the first ANALYZE: not known yet.
      rowEstimate: r.reltuples > 0 ? Math.round(r.reltuples) : null,
    })),
  };
}
