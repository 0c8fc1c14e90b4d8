import pg from 'pg';

export const INVALID_CHARACTER_MESSAGE = '参数不合法：输入包含无效字符';
export const DATABASE_FAILURE_MESSAGE = '操作失败，数据库处理出错，请联系管理员';
export const DATABASE_TIMEOUT_MESSAGE = '数据库操作超时，请稍后重试';

/** An error PostgreSQL (or PGlite) raised: its SQLSTATE, for the client to be told in our words. */
export interface DatabaseFailure {
  sqlState: string;
  /** Expected from bad input (classes 22, 23): logged as a warning, not as a server fault. */
  byInput: boolean;
  message: string;
}

// The SQLSTATEs a user can cause by what they send; every other one is a fault on our side.
const INPUT_MESSAGES: Readonly<Record<string, string>> = {
  '23505': '数据库中已存在该记录',
  '23502': '操作失败：缺少必填的数据',
  '23503': '操作失败：存在关联的数据，或关联的数据不存在',
  '23514': '操作失败：数据不满足约束条件',
  '22001': '参数不合法：内容超出字段长度',
  '22003': '参数不合法：数值超出范围',
  '22007': '参数不合法：日期时间格式不正确',
  '22008': '参数不合法：日期时间超出范围',
  '22021': INVALID_CHARACTER_MESSAGE,
  '22P05': INVALID_CHARACTER_MESSAGE,
};

const BUSY_STATES = new Set(['40001', '40P01', '55P03']);
// statement_timeout, or a transaction ended by idle_in_transaction_session_timeout (server/db/open.ts).
const TIMEOUT_STATES = new Set(['57014', '25P03']);

function sqlStateOf(err: unknown): string | undefined {
  if (err instanceof pg.DatabaseError) return err.code;
  // Errors that did not come through node-postgres' class but carry PostgreSQL's fields.
  if (typeof err === 'object' && err !== null && 'severity' in err && 'code' in err) {
    const code = (err as { code: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * The database failure behind `err` (itself or a cause a few levels down), or undefined when the
 * error did not come from the database. PostgreSQL's own text (table, column, constraint and value
 * names) never reaches the client; the caller logs `err` for the operator.
 */
export function databaseFailureOf(err: unknown): DatabaseFailure | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
    const sqlState = sqlStateOf(current);
    if (sqlState) {
      const known = INPUT_MESSAGES[sqlState];
      if (known) return { sqlState, byInput: true, message: known };
      if (sqlState.startsWith('22')) return { sqlState, byInput: true, message: '参数不合法：数据格式不正确' };
      if (sqlState.startsWith('23')) return { sqlState, byInput: true, message: '操作失败：数据不满足约束条件' };
      if (TIMEOUT_STATES.has(sqlState)) return { sqlState, byInput: false, message: DATABASE_TIMEOUT_MESSAGE };
      if (BUSY_STATES.has(sqlState)) return { sqlState, byInput: false, message: '操作失败：数据正忙，请稍后重试' };
      return { sqlState, byInput: false, message: DATABASE_FAILURE_MESSAGE };
    }
    current = current instanceof Error ? current.cause : undefined;
  }
  return undefined;
}
