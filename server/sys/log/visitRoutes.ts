import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { ok } from '../../http/envelope';
import { LOG_TYPE_LOGIN, RESULT_SUCCESS } from './sysLog';

/** The permission code of the log screen, which the dashboard figures come from as well. */
export const LOG_LIST_PERMISSION = 'log:list';
const VISIT_DAYS = 7;
const noInput = { type: 'object', properties: { _t: { type: 'string' } } } as const;

export interface VisitDay {
  /** Successful sign-ins that day. */
  visit: number;
  /** Distinct addresses signing in that day. */
  ip: number;
  /** The day's label on the chart, MM-DD. */
  tian: string;
  /** The day, YYYY-MM-DD. */
  type: string;
}

/**
 * The home dashboard's figures from 登录日志 (successful sign-ins, log_type 1), in Beijing time like
 * every stored time: `GET /sys/loginfo` → {totalVisitCount, todayVisitCount, todayIp} and
 * `GET /sys/visitInfo` → the last 7 days, oldest first, days without a sign-in included with 0.
 */
export const visitRoutes: FastifyPluginAsync = async (app) => {
  app.get('/sys/loginfo', { config: { permission: LOG_LIST_PERMISSION }, schema: { querystring: noInput } }, async () => {
    const { rows } = await sql<{ total: string; today: string; today_ip: string }>`
      SELECT count(*) AS total,
             count(*) FILTER (WHERE create_time >= current_date) AS today,
             count(DISTINCT ip) FILTER (WHERE create_time >= current_date) AS today_ip
      FROM sys_log WHERE log_type = ${LOG_TYPE_LOGIN} AND result = ${RESULT_SUCCESS}`.execute(app.db);
    const [row] = rows;
    return ok({ totalVisitCount: Number(row.total), todayVisitCount: Number(row.today), todayIp: Number(row.today_ip) });
  });

  app.get('/sys/visitInfo', { config: { permission: LOG_LIST_PERMISSION }, schema: { querystring: noInput } }, async () => {
    const { rows } = await sql<VisitDay>`
      SELECT to_char(d.day, 'YYYY-MM-DD') AS type, to_char(d.day, 'MM-DD') AS tian,
             count(l.id)::int AS visit, count(DISTINCT l.ip)::int AS ip
      FROM generate_series((current_date - ${VISIT_DAYS - 1}::int)::timestamp, current_date::timestamp, interval '1 day') AS d(day)
      LEFT JOIN sys_log l ON l.log_type = ${LOG_TYPE_LOGIN} AND l.result = ${RESULT_SUCCESS}
        AND l.create_time >= d.day AND l.create_time < d.day + interval '1 day'
      GROUP BY d.day ORDER BY d.day`.execute(app.db);
    return ok(rows.map((r) => ({ visit: Number(r.visit), ip: Number(r.ip), tian: r.tian, type: r.type })));
  });
};
