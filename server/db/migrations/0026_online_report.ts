import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// 报表配置 (JeecgBoot's online reports, issue 17): a head per report (its SQL, code and data source —
// null is the main database), its result columns and its ${param}s, in JeecgBoot's shapes. The head
// has the standard entity columns because the page schemas/pages/online/cgreportHead.json lists it
// through the generic CRUD; items and params are written only by server/online/report. A database
// seeded before gets the 报表配置 menu item pointed at that page, with its buttons, here.
const MENU_FROM = 'modules/online/cgreport/OnlCgreportHeadList';
const MENU_TO = 'schema/online/cgreportHead';
const BUTTONS: ReadonlyArray<readonly [string, string]> = [
  ['查看报表配置', 'onlCgreport:list'],
  ['新增报表', 'onlCgreport:add'],
  ['编辑报表', 'onlCgreport:edit'],
  ['删除报表', 'onlCgreport:delete'],
  ['解析SQL', 'onlCgreport:parse'],
  ['预览报表', 'onlCgreport:preview'],
  ['使用在线报表', 'onlCgreport:data'],
];

const newId = () => randomUUID().replaceAll('-', '');

/** The old 建设中 menu item opens the page and gets its buttons (granted to the roles holding the menu); idempotent. */
export async function switchReportMenu(db: Kysely<unknown>): Promise<void> {
  const found = await sql<{ id: string }>`
    SELECT id FROM sys_permission WHERE component IN (${MENU_FROM}, ${MENU_TO}) AND del_flag = 0 AND menu_type <> 2`.execute(db);
  for (const row of found.rows) {
    await sql`UPDATE sys_permission SET component = ${MENU_TO} WHERE id = ${row.id}`.execute(db);
    const holders = await sql<{ role_id: string }>`SELECT DISTINCT role_id FROM sys_role_permission WHERE permission_id = ${row.id}`.execute(db);
    let sortNo = 0;
    for (const [name, perms] of BUTTONS) {
      sortNo += 1;
      const taken = await sql`SELECT 1 FROM sys_permission WHERE perms = ${perms} AND menu_type = 2 AND del_flag = 0`.execute(db);
      if (taken.rows.length > 0) continue;
      const id = newId();
      await sql`
        INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, status, sort_no, is_route, is_leaf, description, create_by)
        VALUES (${id}, ${row.id}, ${name}, 2, ${perms}, '1', '1', ${sortNo}, false, true, ${`报表配置：${name}`}, 'admin')`.execute(db);
      for (const { role_id } of holders.rows) {
        await sql`INSERT INTO sys_role_permission (id, role_id, permission_id) VALUES (${newId()}, ${role_id}, ${id})`.execute(db);
      }
    }
    await sql`UPDATE sys_permission SET is_leaf = false WHERE id = ${row.id}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE onl_cgreport_head (
      id varchar(32) PRIMARY KEY,
      code varchar(64) NOT NULL,
      name varchar(100) NOT NULL,
      cgr_sql text NOT NULL,
      db_source varchar(100),
      create_by varchar(50),
      create_time timestamp NOT NULL DEFAULT now(),
      update_by varchar(50),
      update_time timestamp,
      sys_org_code varchar(64),
      tenant_id integer NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX onl_cgreport_head_code_key ON onl_cgreport_head (code)`.execute(db);
  await sql`
    CREATE TABLE onl_cgreport_item (
      id varchar(32) PRIMARY KEY,
      cgrhead_id varchar(32) NOT NULL,
      field_name varchar(64) NOT NULL,
      field_txt varchar(100),
      field_width integer,
      field_type varchar(20) NOT NULL DEFAULT 'String',
      search_mode varchar(10),
      is_order integer NOT NULL DEFAULT 0,
      is_search integer NOT NULL DEFAULT 0,
      dict_code varchar(500),
      is_show integer NOT NULL DEFAULT 1,
      is_total integer NOT NULL DEFAULT 0,
      order_num integer NOT NULL DEFAULT 0,
      create_by varchar(50),
      create_time timestamp NOT NULL DEFAULT now(),
      update_by varchar(50),
      update_time timestamp
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX onl_cgreport_item_field_key ON onl_cgreport_item (cgrhead_id, field_name)`.execute(db);
  await sql`
    CREATE TABLE onl_cgreport_param (
      id varchar(32) PRIMARY KEY,
      cgrhead_id varchar(32) NOT NULL,
      param_name varchar(64) NOT NULL,
      param_txt varchar(100),
      param_value varchar(200),
      order_num integer NOT NULL DEFAULT 0,
      create_by varchar(50),
      create_time timestamp NOT NULL DEFAULT now(),
      update_by varchar(50),
      update_time timestamp
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX onl_cgreport_param_name_key ON onl_cgreport_param (cgrhead_id, param_name)`.execute(db);
  await switchReportMenu(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE sys_permission SET component = ${MENU_FROM} WHERE component = ${MENU_TO}`.execute(db);
  await sql`DROP TABLE IF EXISTS onl_cgreport_param`.execute(db);
  await sql`DROP TABLE IF EXISTS onl_cgreport_item`.execute(db);
  await sql`DROP TABLE IF EXISTS onl_cgreport_head`.execute(db);
}
