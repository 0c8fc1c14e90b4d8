import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types';

export const DEFAULT_LOG_RETENTION_DAYS = 90;
const MAX_DAYS = 36_500;

/** A whole number of days (1 … 36500) from `text`; throws a Chinese message naming `source` otherwise. */
export function retentionDays(text: string | null | undefined, source: string): number | undefined {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return undefined;
  const days = Number(trimmed);
  if (!/^\d+$/.test(trimmed) || days < 1 || days > MAX_DAYS) throw new Error(`${source} 应为 1 到 ${MAX_DAYS} 之间的整数天数，当前为 "${trimmed}"`);
  return days;
}

/** How many days sys_log keeps: the job's parameter, else LOG_RETENTION_DAYS, else 90. */
export function logRetentionDays(parameter: string | null, env: NodeJS.ProcessEnv = process.env): number {
  return retentionDays(parameter, '任务参数') ?? retentionDays(env.LOG_RETENTION_DAYS, '环境变量 LOG_RETENTION_DAYS') ?? DEFAULT_LOG_RETENTION_DAYS;
}

/**
 * Deletes the sys_log entries older than `days` before `now` (stored times are Beijing wall-clock
 * times, so `now` is read in Asia/Shanghai); returns how many went.
 */
export async function purgeOldLogs(db: Kysely<DB>, now: Date, days: number): Promise<number> {
  const result = await sql`
    DELETE FROM sys_log
    WHERE create_time < (${now.toISOString()}::timestamptz AT TIME ZONE 'Asia/Shanghai') - make_interval(days => ${days}::int)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
