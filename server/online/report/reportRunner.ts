/**
 * Runs guarded report SQL (reportSql.ts) read-only and bounded: a READ ONLY transaction, a statement
 * timeout, and on the main database the role `lossdesk_report_reader` (readerRole.ts) with the
 * caller's tenant set for its row-level security. On a 数据源 the connection's own user reads, under
 * the same READ ONLY transaction and timeout. Every `${name}` is a bound parameter; a blank or
 * missing value is NULL. Before each statement runs, the planner's estimate of its cost (EXPLAIN,
 * nothing executed) is compared with a limit: PGlite has no statement timeout, so this is what keeps
 * a cross join of large tables from running there at all, and the first wall on PostgreSQL.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import pg from 'pg';
import type { DB } from '../../db/types';
import { inTransaction } from '../../db/transaction';
import { BusinessError } from '../../http/envelope';
import { DataSourceError, type DataSources } from '../../sys/dataSource/dataSources';
import { ensureReaderRole, ReaderRoleError, REPORT_READER_ROLE, REPORT_TENANT_SETTING, syncReaderGrants } from './readerRole';
import type { GuardedSql } from './reportSql';

/** How long one report statement may run; PGlite has no timeout (the guard keeps sleeps out). */
export const REPORT_STATEMENT_TIMEOUT_MS = 15_000;
/** Most rows one answer reads: a page is at most 1000, an export at most this. */
export const REPORT_ROW_CAP = 10_000;
/**
 * Highest planner cost (PostgreSQL's units, a sequential page read = 1) one report statement may
 * have: a grouped report over a million rows plans at a few hundred thousand, a cross join of two
 * tables of ten thousand rows at millions.
 */
export const REPORT_MAX_COST = 5_000_000;

export type ParamValues = Readonly<Record<string, string | null | undefined>>;
export type Row = Record<string, unknown>;
export type RunQuery = (query: RawBuilder<Row>) => Promise<Row[]>;

export interface ReportTarget {
  db: Kysely<DB>;
  dataSources: DataSources;
  /** A 数据源 code; null or '' = the main database. */
  dbSource: string | null;
  /** The caller's session tenant (currentTenant): the rows of tenant-scoped tables a report sees. */
  tenantId: number;
  timeoutMs?: number;
  /** Highest planner cost of one statement (ONLINE_REPORT_MAX_COST); REPORT_MAX_COST when omitted. */
  maxCost?: number;
}

/** The report SQL with its parameters bound, as a subquery to wrap. */
export function boundSql(guarded: GuardedSql, values: ParamValues): RawBuilder<Row> {
  const parts = guarded.pieces.map((piece) => {
    if ('text' in piece) return sql.raw(piece.text);
    const value = values[piece.param];
    return sql.val(value === undefined || value === '' ? null : value);
  });
  return sql<Row>`${sql.join(parts, sql.raw(''))}`;
}

// A 数据源's rows read like the main database's: timestamps as 'YYYY-MM-DD HH:mm:ss', dates as text,
// bigint counts as numbers, numerics as exact text.
const TIMESTAMP = 1114;
const TIMESTAMPTZ = 1184;
const DATE = 1082;
const INT8 = 20;
const dataSourceTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) => {
    if (oid === TIMESTAMP || oid === TIMESTAMPTZ) return (v: string) => v.slice(0, 19);
    if (oid === DATE) return (v: string) => v;
    if (oid === INT8) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format as 'text');
  }) as pg.CustomTypesConfig['getTypeParser'],
};

interface PgError {
  code?: string;
  message?: string;
}

const TABLE_DENIED = /permission denied for (?:table|relation|view) ([\w$]+)/;

/** A database refusal of report SQL as the user's Chinese answer. */
export function reportSqlFailure(err: unknown, timeoutMs: number): BusinessError {
  if (err instanceof BusinessError) return err;
  const { code, message = String(err) } = err as PgError;
  switch (code) {
    case '57014':
      return new BusinessError(`查询超时（超过 ${Math.round(timeoutMs / 1000)} 秒），请简化 SQL 或缩小查询范围`);
    case '42501': {
      const table = TABLE_DENIED.exec(message)?.[1];
      return new BusinessError(table ? `在线报表不能读取表 ${table}` : `在线报表没有执行该操作的权限：${message}`);
    }
    case '25006':
      return new BusinessError('在线报表只允许查询，不能修改数据');
    case '42P01':
      return new BusinessError(`SQL 中的表不存在：${message}`);
    case '42703':
      return new BusinessError(`SQL 中的列不存在：${message}`);
    case '42601':
      return new BusinessError(`SQL 语法错误：${message}`);
    case '42P18':
      return new BusinessError(`无法确定参数的类型，请在参数后加类型转换（如 \${参数}::date）：${message}`);
    default:
      return new BusinessError(`SQL 执行失败：${message}`);
  }
}

function timeoutOf(target: ReportTarget): number {
  return Math.max(1, Math.floor(target.timeoutMs ?? REPORT_STATEMENT_TIMEOUT_MS));
}

type Execute = (query: RawBuilder<Row>) => Promise<Row[]>;

const costFormat = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 });

/** The planner's total cost of the statement (EXPLAIN without ANALYZE: it is planned, not run). */
export async function plannedCost(execute: Execute, query: RawBuilder<Row>): Promise<number> {
  const [row] = await execute(sql<Row>`EXPLAIN (FORMAT JSON) ${query}`);
  const raw = row?.['QUERY PLAN'];
  const plans = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan?: { 'Total Cost'?: number } }> | undefined;
  const cost = plans?.[0]?.Plan?.['Total Cost'];
  if (typeof cost !== 'number' || !Number.isFinite(cost)) throw new Error(`EXPLAIN 没有给出查询成本：${JSON.stringify(raw)}`);
  return cost;
}

/** Runs each statement only after its planned cost is found within the target's limit. */
function bounded(target: ReportTarget, execute: Execute): RunQuery {
  const limit = target.maxCost ?? REPORT_MAX_COST;
  return async (query) => {
    // EXPLAIN checks privileges but not READ ONLY: a statement it cannot plan is left to run and be
    // refused by the database for its real reason, the savepoint keeping the transaction usable.
    await execute(sql<Row>`SAVEPOINT lossdesk_report_cost`);
    let cost: number;
    try {
      cost = await plannedCost(execute, query);
    } catch (err) {
      if (typeof (err as PgError).code !== 'string') throw err;
      await execute(sql<Row>`ROLLBACK TO SAVEPOINT lossdesk_report_cost`);
      return execute(query);
    }
    await execute(sql<Row>`RELEASE SAVEPOINT lossdesk_report_cost`);
    if (cost > limit) {
      throw new BusinessError(`查询的预估成本过高（${costFormat.format(cost)}，上限 ${costFormat.format(limit)}），未执行：请增加查询条件、避免无连接条件的多表关联或缩小数据范围`);
    }
    return execute(query);
  };
}

async function onMainDatabase<T>(target: ReportTarget, work: (run: RunQuery) => Promise<T>): Promise<T> {
  try {
    await ensureReaderRole(target.db);
  } catch (err) {
    if (err instanceof ReaderRoleError) throw new BusinessError(`在线报表暂不可用：${err.message}`);
    throw err;
  }
  const attempt = () =>
    inTransaction(target.db, async (trx) => {
      await sql`SET TRANSACTION READ ONLY`.execute(trx);
      await sql.raw(`SET LOCAL statement_timeout = ${timeoutOf(target)}`).execute(trx);
      // The tenant before the role: the policies of readerRole.ts read it; report SQL cannot touch it.
      await sql`SELECT set_config(${REPORT_TENANT_SETTING}, ${String(target.tenantId)}, true)`.execute(trx);
      await sql`SET LOCAL ROLE ${sql.id(REPORT_READER_ROLE)}`.execute(trx);
      return work(bounded(target, async (query) => (await query.execute(trx)).rows));
    });
  try {
    return await attempt();
  } catch (err) {
    // A table made since the grants were last brought in line (an online form synced just now).
    if ((err as PgError).code !== '42501') throw err;
    await syncReaderGrants(target.db);
    return attempt();
  }
}

async function onDataSource<T>(target: ReportTarget, code: string, work: (run: RunQuery) => Promise<T>): Promise<T> {
  let pool: pg.Pool;
  try {
    pool = await target.dataSources.pool(code);
  } catch (err) {
    if (err instanceof DataSourceError) throw new BusinessError(err.message);
    throw err;
  }
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (err) {
    throw new BusinessError(`数据源「${code}」连接失败：${(err as Error).message}`);
  }
  try {
    await client.query('BEGIN READ ONLY');
    await client.query(`SET LOCAL statement_timeout = ${timeoutOf(target)}`);
    const result = await work(
      bounded(target, async (query) => {
        const compiled = query.compile(target.db);
        const answer = await client.query<Row>({ text: compiled.sql, values: [...compiled.parameters], types: dataSourceTypes });
        return answer.rows;
      }),
    );
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** Runs `work` read-only on the report's database; database refusals become Chinese BusinessErrors. */
export async function readOnly<T>(target: ReportTarget, work: (run: RunQuery) => Promise<T>): Promise<T> {
  try {
    return target.dbSource ? await onDataSource(target, target.dbSource, work) : await onMainDatabase(target, work);
  } catch (err) {
    // Database refusals (they carry a SQLSTATE) are the user's; anything else is the server's own fault.
    if (err instanceof BusinessError || typeof (err as PgError).code === 'string') throw reportSqlFailure(err, timeoutOf(target));
    throw err;
  }
}
