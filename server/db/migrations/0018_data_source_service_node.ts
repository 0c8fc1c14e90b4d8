import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// 数据源 (JeecgBoot's sys_data_source, JeecgBoot's column names): connections to other PostgreSQL
// databases for online reports. db_password holds the AES-256-GCM sealed text (server/secrets),
// longer than any password, so the column is wider than JeecgBoot's. The page
// schemas/pages/sys/dataSource.json edits it through the generic CRUD.
// 服务节点 (sys_service_node) replaces JeecgBoot's Spring Cloud gateway routes: every API node sharing
// this database writes its row at start and every few seconds (server/sys/serviceNode), and removes it
// when it stops cleanly. A database seeded before gets both menu items pointed at their pages here
// (网关路由 becomes 服务节点 in its place); a new one gets them from schemas/seed/menus.json.
const MENUS = [
  {
    from: 'system/SysDataSourceList',
    to: 'schema/sys/dataSource',
    label: '数据源',
    rename: undefined,
    buttons: [
      ['查看数据源', 'dataSource:list'],
      ['新增数据源', 'dataSource:add'],
      ['编辑数据源', 'dataSource:edit'],
      ['删除数据源', 'dataSource:delete'],
      ['导出数据源', 'dataSource:exportXls'],
      ['测试连接', 'dataSource:testConnection'],
    ],
  },
  {
    from: 'system/SysGatewayRouteList',
    to: 'schema/sys/serviceNode',
    label: '服务节点',
    rename: { name: '服务节点', url: '/isystem/service-node', icon: 'ClusterOutlined' },
    buttons: [['查看服务节点', 'serviceNode:list']],
  },
] as const;

const DATABASE_TYPE = { id: 'd_database_type', code: 'database_type', name: '数据库类型', items: [['6', 'PostgreSQL']] } as const;

const newId = () => randomUUID().replaceAll('-', '');

async function addButtons(db: Kysely<unknown>, menuId: string, label: string, buttons: readonly (readonly [string, string])[], roles: readonly string[]): Promise<void> {
  let sortNo = 0;
  for (const [name, perms] of buttons) {
    sortNo += 1;
    const taken = await sql`SELECT 1 FROM sys_permission WHERE perms = ${perms} AND menu_type = 2 AND del_flag = 0`.execute(db);
    if (taken.rows.length > 0) continue;
    const id = newId();
    await sql`
      INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, status, sort_no, is_route, is_leaf, description, create_by)
      VALUES (${id}, ${menuId}, ${name}, 2, ${perms}, '1', '1', ${sortNo}, false, true, ${`${label}：${name}`}, 'admin')`.execute(db);
    for (const role of roles) await sql`INSERT INTO sys_role_permission (id, role_id, permission_id) VALUES (${newId()}, ${role}, ${id})`.execute(db);
  }
  await sql`UPDATE sys_permission SET is_leaf = false WHERE id = ${menuId}`.execute(db);
}

/** The old 建设中 menus open the pages, keeping their place, and get their buttons (granted to the roles holding the menu). */
export async function switchMenus(db: Kysely<unknown>): Promise<void> {
  for (const menu of MENUS) {
    const found = await sql<{ id: string }>`
      SELECT id FROM sys_permission WHERE component IN (${menu.from}, ${menu.to}) AND del_flag = 0 AND menu_type <> 2`.execute(db);
    for (const row of found.rows) {
      await sql`UPDATE sys_permission SET component = ${menu.to} WHERE id = ${row.id}`.execute(db);
      if (menu.rename) {
        const { name, url, icon } = menu.rename;
        await sql`UPDATE sys_permission SET name = ${name}, url = ${url}, icon = ${icon} WHERE id = ${row.id}`.execute(db);
      }
      const holders = await sql<{ role_id: string }>`SELECT DISTINCT role_id FROM sys_role_permission WHERE permission_id = ${row.id}`.execute(db);
      await addButtons(db, row.id, menu.label, menu.buttons, holders.rows.map((r) => r.role_id));
    }
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sys_data_source (
      id varchar(32) PRIMARY KEY,
      code varchar(100) NOT NULL,
      name varchar(100) NOT NULL,
      remark varchar(200),
      db_type varchar(10) NOT NULL DEFAULT '6',
      db_driver varchar(100),
      db_url varchar(500) NOT NULL,
      db_name varchar(100),
      db_username varchar(100),
      db_password varchar(1000),
      create_by varchar(50),
      create_time timestamp NOT NULL DEFAULT now(),
      update_by varchar(50),
      update_time timestamp,
      sys_org_code varchar(64),
      tenant_id integer NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX uniq_sys_data_source_code ON sys_data_source (code)`.execute(db);
  await sql`
    CREATE TABLE sys_service_node (
      id varchar(32) PRIMARY KEY,
      address varchar(200) NOT NULL,
      host_name varchar(200) NOT NULL,
      pid integer NOT NULL,
      version varchar(50) NOT NULL,
      database_kind varchar(20) NOT NULL,
      heartbeat_ms integer NOT NULL,
      start_time timestamp NOT NULL DEFAULT now(),
      last_heartbeat timestamp NOT NULL DEFAULT now()
    )`.execute(db);
  const inserted = await sql<{ id: string }>`
    INSERT INTO sys_dict (id, dict_name, dict_code, type, create_by)
    VALUES (${DATABASE_TYPE.id}, ${DATABASE_TYPE.name}, ${DATABASE_TYPE.code}, 0, 'admin')
    ON CONFLICT (dict_code) DO NOTHING
    RETURNING id`.execute(db);
  if (inserted.rows.length > 0) {
    let order = 0;
    for (const [value, text] of DATABASE_TYPE.items) {
      order += 1;
      await sql`
        INSERT INTO sys_dict_item (id, dict_id, item_value, item_text, sort_order, status, create_by)
        VALUES (${`${DATABASE_TYPE.id}_${order}`}, ${DATABASE_TYPE.id}, ${value}, ${text}, ${order}, 1, 'admin')`.execute(db);
    }
  }
  await switchMenus(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const menu of MENUS) await sql`UPDATE sys_permission SET component = ${menu.from} WHERE component = ${menu.to}`.execute(db);
  await sql`UPDATE sys_permission SET name = '网关路由', url = '/isystem/gateway-route', icon = 'GatewayOutlined' WHERE component = 'system/SysGatewayRouteList'`.execute(db);
  await sql`DELETE FROM sys_dict_item WHERE dict_id = ${DATABASE_TYPE.id}`.execute(db);
  await sql`DELETE FROM sys_dict WHERE id = ${DATABASE_TYPE.id}`.execute(db);
  await sql`DROP TABLE IF EXISTS sys_service_node`.execute(db);
  await sql`DROP TABLE IF EXISTS sys_data_source`.execute(db);
}
