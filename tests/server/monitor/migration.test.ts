import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/open';
import { up } from '../../../server/db/migrations/0029_monitor_pages';
import { DATABASE_KINDS, openTestDatabase } from '../../support/database';

/** The 系统监控 entries as a database seeded before issue 18 has them. */
const OLD = [
  ['/monitor/disk', '磁盘监控', 'monitor/DiskMonitoring'],
  ['/monitor/http-trace', '请求追踪', 'monitor/HttpTrace'],
  ['/monitor/jvm', 'JVM信息', 'monitor/JvmInfo'],
  ['/monitor/redis', 'Redis监控', 'monitor/RedisInfo'],
  ['/monitor/system', '系统信息', 'monitor/SystemInfo'],
  ['/monitor/tomcat', 'Tomcat信息', 'monitor/TomcatInfo'],
  ['/monitor/file', '文件存储', 'monitor/FileStorageList'],
] as const;
const CODES = ['monitorDisk:list', 'httpTrace:list', 'nodeRuntime:list', 'dbMonitor:list', 'systemInfo:list', 'httpServer:list', 'fileStorage:list', 'fileStorage:delete'];

describe.each(DATABASE_KINDS)('migration 0029: 系统监控 in a database seeded before (%s)', (kind) => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const db = database.db;
    // Back to what an older seed wrote: 建设中 components, the Java titles, no buttons.
    const buttons = await db.selectFrom('sys_permission').select('id').where('perms', 'in', CODES).execute();
    await db.deleteFrom('sys_role_permission').where('permission_id', 'in', buttons.map((b) => b.id)).execute();
    await db.deleteFrom('sys_permission').where('perms', 'in', CODES).execute();
    for (const [url, name, component] of OLD) await db.updateTable('sys_permission').set({ name, component, is_leaf: true }).where('url', '=', url).execute();
  }, 120_000);
  afterAll(async () => database?.close());

  const screens = () =>
    database.db.selectFrom('sys_permission').select(['id', 'url', 'name', 'component', 'is_leaf']).where('url', 'like', '/monitor/%').orderBy('sort_no').execute();

  it('opens the pages under the titles of what they show, with their codes granted to the roles holding the entries', async () => {
    await up(database.db as never);
    await up(database.db as never);
    expect((await screens()).map((m) => [m.url, m.name, m.component, m.is_leaf])).toEqual([
      ['/monitor/disk', '磁盘监控', 'schema/monitor/disk', false],
      ['/monitor/http-trace', '请求追踪', 'schema/monitor/httpTrace', false],
      ['/monitor/jvm', 'Node 运行时', 'schema/monitor/runtime', false],
      ['/monitor/redis', '数据库监控', 'schema/monitor/database', false],
      ['/monitor/system', '系统信息', 'schema/monitor/system', false],
      ['/monitor/tomcat', 'HTTP 服务', 'schema/monitor/httpServer', false],
      ['/monitor/file', '文件存储', 'schema/monitor/fileStorage', false],
    ]);
    // Once each, though the migration ran twice.
    const granted = await sql<{ perms: string; roles: string }>`
      SELECT p.perms, string_agg(r.role_code, ',' ORDER BY r.role_code) AS roles
      FROM sys_permission p JOIN sys_role_permission rp ON rp.permission_id = p.id JOIN sys_role r ON r.id = rp.role_id
      WHERE p.perms IN (${sql.join(CODES)}) GROUP BY p.perms ORDER BY p.perms`.execute(database.db);
    expect(granted.rows).toEqual([...CODES].sort().map((perms) => ({ perms, roles: 'admin' })));
  });
});
