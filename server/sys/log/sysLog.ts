import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { newId } from '../../db/ids';

export const LOG_TYPE_LOGIN = 1;
export const LOG_TYPE_OPERATION = 2;

/** JeecgBoot's operate_type (CommonConstant): 1 查询 2 添加 3 更新 4 删除 5 导入 6 导出. */
export const OPERATE_TYPE = { query: 1, add: 2, edit: 3, delete: 4, import: 5, export: 6 } as const;

export const RESULT_SUCCESS = '1';
export const RESULT_FAILURE = '0';

export interface LogEntry {
  logType: typeof LOG_TYPE_LOGIN | typeof LOG_TYPE_OPERATION;
  content: string;
  operateType?: number;
  userId?: string | null;
  username?: string | null;
  ip: string;
  method?: string;
  requestUrl?: string;
  requestParam?: string;
  requestType?: string;
  costMs?: number;
  browser?: string;
  success: boolean;
  orgCode?: string | null;
  tenantId?: number;
}

const cut = (text: string | undefined | null, max: number): string | null => (text ? (text.length > max ? text.slice(0, max) : text) : null);

/**
 * Writes one sys_log row. A log that cannot be written (database busy, a column overflowing) is
 * reported to the server log and never fails the request that caused it.
 */
export async function writeLog(db: Kysely<DB>, log: FastifyBaseLogger, entry: LogEntry): Promise<void> {
  try {
    await db
      .insertInto('sys_log')
      .values({
        id: newId(),
        log_type: entry.logType,
        log_content: cut(entry.content, 1000),
        operate_type: entry.operateType ?? null,
        userid: cut(entry.userId, 32),
        username: cut(entry.username, 100),
        ip: cut(entry.ip, 100),
        method: cut(entry.method, 500),
        request_url: cut(entry.requestUrl, 500),
        request_param: entry.requestParam || null,
        request_type: cut(entry.requestType, 10),
        cost_time: entry.costMs ?? null,
        browser: cut(entry.browser, 200),
        result: entry.success ? RESULT_SUCCESS : RESULT_FAILURE,
        create_by: cut(entry.username, 50),
        sys_org_code: entry.orgCode ?? null,
        tenant_id: entry.tenantId ?? 0,
      })
      .execute();
  } catch (err) {
    log.warn({ err }, 'sys_log write failed');
  }
}
