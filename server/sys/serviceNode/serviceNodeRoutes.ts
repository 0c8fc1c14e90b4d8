import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { ok } from '../../http/envelope';
import { MISSED_BEATS, type NodeHeartbeat } from './heartbeat';

export const SERVICE_NODE_PERMISSIONS = { list: 'serviceNode:list' } as const;
export const ONLINE = '在线';
export const OFFLINE = '离线';

export interface ServiceNodeRecord {
  id: string;
  address: string;
  hostName: string;
  pid: number;
  version: string;
  databaseKind: string;
  heartbeatSeconds: number;
  startTime: string;
  lastHeartbeat: string;
  /** 在线, or 离线 after MISSED_BEATS intervals without a beat. */
  status: string;
  /** The node answering this request. */
  current: boolean;
}

const MAX_PAGE_SIZE = 100;
const stamp = (column: 'start_time' | 'last_heartbeat') => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD HH24:MI:SS')`;

/**
 * 服务节点 (in place of JeecgBoot's 网关路由): `GET /sys/serviceNode/list`, the API nodes sharing this
 * database, read-only. Freshness is judged by the database's clock against each node's own interval.
 */
export const serviceNodeRoutes: FastifyPluginAsync<{ heartbeat: NodeHeartbeat }> = async (app, opts) => {
  app.get<{ Querystring: { pageNo: number; pageSize: number } }>(
    '/sys/serviceNode/list',
    {
      config: { permission: SERVICE_NODE_PERMISSIONS.list },
      schema: {
        querystring: {
          type: 'object',
          properties: {
            pageNo: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
            pageSize: { type: 'integer', minimum: 1, default: 10 },
            column: { type: 'string', maxLength: 64 },
            order: { type: 'string', maxLength: 10 },
            _t: { type: 'string' },
          },
        },
      },
    },
    async (request) => {
      const pageNo = request.query.pageNo;
      const pageSize = Math.min(request.query.pageSize, MAX_PAGE_SIZE);
      const fresh = sql<boolean>`last_heartbeat > CAST(now() AS timestamp) - (heartbeat_ms * ${MISSED_BEATS}) * interval '1 millisecond'`;
      const [rows, count] = await Promise.all([
        app.db
          .selectFrom('sys_service_node')
          .select(['id', 'address', 'host_name', 'pid', 'version', 'database_kind', 'heartbeat_ms', stamp('start_time').as('start'), stamp('last_heartbeat').as('beat'), fresh.as('fresh')])
          .orderBy('start_time')
          .orderBy('id')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
        app.db.selectFrom('sys_service_node').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      ]);
      const records: ServiceNodeRecord[] = rows.map((r) => ({
        id: r.id,
        address: r.address,
        hostName: r.host_name,
        pid: r.pid,
        version: r.version,
        databaseKind: r.database_kind === 'postgres' ? 'PostgreSQL' : '内置数据库（PGlite）',
        heartbeatSeconds: r.heartbeat_ms / 1000,
        startTime: r.start,
        lastHeartbeat: r.beat,
        status: r.fresh ? ONLINE : OFFLINE,
        current: r.id === opts.heartbeat.id,
      }));
      const total = Number(count.n);
      return ok({ records, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) });
    },
  );
};
