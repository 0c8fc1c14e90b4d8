import { sql, type Kysely } from 'kysely';
import { addMenuButtons } from './support/menuButtons';

// 系统监控 (issue 18): the seven 建设中 entries open their page documents (schemas/pages/monitor/*),
// named by what they show, each with its own permission codes granted to the roles holding the entry.
// A database seeded before gets that here; a new one from schemas/seed/menus.json.
const SCREENS = [
  { from: 'monitor/DiskMonitoring', to: 'schema/monitor/disk', title: '磁盘监控', buttons: [['查看磁盘监控', 'monitorDisk:list']] },
  { from: 'monitor/HttpTrace', to: 'schema/monitor/httpTrace', title: '请求追踪', buttons: [['查看请求追踪', 'httpTrace:list']] },
  { from: 'monitor/JvmInfo', to: 'schema/monitor/runtime', title: 'Node 运行时', buttons: [['查看Node运行时', 'nodeRuntime:list']] },
  { from: 'monitor/RedisInfo', to: 'schema/monitor/database', title: '数据库监控', buttons: [['查看数据库监控', 'dbMonitor:list']] },
  { from: 'monitor/SystemInfo', to: 'schema/monitor/system', title: '系统信息', buttons: [['查看系统信息', 'systemInfo:list']] },
  { from: 'monitor/TomcatInfo', to: 'schema/monitor/httpServer', title: 'HTTP 服务', buttons: [['查看HTTP服务', 'httpServer:list']] },
  {
    from: 'monitor/FileStorageList',
    to: 'schema/monitor/fileStorage',
    title: '文件存储',
    buttons: [
      ['查看文件存储', 'fileStorage:list'],
      ['删除文件', 'fileStorage:delete'],
    ],
  },
] as const;


export async function up(db: Kysely<unknown>): Promise<void> {
  for (const screen of SCREENS) {
    const menus = await sql<{ id: string }>`
      SELECT id FROM sys_permission WHERE component IN (${screen.from}, ${screen.to}) AND del_flag = 0 AND menu_type <> 2`.execute(db);
    for (const menu of menus.rows) {
      await sql`UPDATE sys_permission SET component = ${screen.to}, name = ${screen.title} WHERE id = ${menu.id}`.execute(db);
      await addMenuButtons(db, { id: menu.id, title: screen.title }, screen.buttons);
      await sql`UPDATE sys_permission SET is_leaf = false WHERE id = ${menu.id}`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const codes = SCREENS.flatMap((s) => s.buttons.map(([, perms]) => perms));
  for (const perms of codes) {
    await sql`DELETE FROM sys_role_permission WHERE permission_id IN (SELECT id FROM sys_permission WHERE perms = ${perms} AND menu_type = 2)`.execute(db);
    await sql`DELETE FROM sys_permission WHERE perms = ${perms} AND menu_type = 2`.execute(db);
  }
  const old: Record<string, string> = { 'Node 运行时': 'JVM信息', 数据库监控: 'Redis监控', 'HTTP 服务': 'Tomcat信息' };
  for (const screen of SCREENS) {
    await sql`UPDATE sys_permission SET component = ${screen.from}, name = ${old[screen.title] ?? screen.title}, is_leaf = true WHERE component = ${screen.to} AND menu_type <> 2`.execute(db);
  }
}
