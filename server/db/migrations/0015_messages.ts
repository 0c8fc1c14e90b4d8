import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// 消息模板 and 消息 (JeecgBoot's sys_sms_template and sys_sms): templates with `${name}` placeholders
// and the record of every message sent from one — receiver, channel (es_type: '1' 短信, '2' 邮件,
// '4' 系统), status ('1' 成功, '2' 失败) with the reason in es_result. The pages
// schemas/pages/sys/sysMessageTemplate.json and sysMessage.json edit and list them through the
// generic CRUD (which keeps sys_org_code and tenant_id like every entity table).
// A database seeded before gets the menus of 系统通告 / 消息 / 消息模板 pointed at those pages here;
// a new one gets them from schemas/seed/menus.json (the seed runs after the migrations).
const audit = sql.raw(`
  create_by varchar(50),
  create_time timestamp NOT NULL DEFAULT now(),
  update_by varchar(50),
  update_time timestamp,
  sys_org_code varchar(64),
  tenant_id integer NOT NULL DEFAULT 0`);

const MENUS = [
  ['system/SysAnnouncementList', 'schema/sys/annountCement'],
  ['system/SysMessageTemplateList', 'schema/sys/sysMessageTemplate'],
  ['system/SysMessageList', 'schema/sys/sysMessage'],
] as const;

/** The buttons of schemas/seed/menus.json, for menus seeded before they existed. */
const BUTTONS: Record<string, ReadonlyArray<readonly [string, string]>> = {
  'schema/sys/annountCement': [
    ['新增通告', 'announcement:add'], ['编辑通告', 'announcement:edit'], ['删除通告', 'announcement:delete'],
    ['发布通告', 'announcement:release'], ['撤销通告', 'announcement:revoke'], ['查看通告', 'announcement:list'],
  ],
  'schema/sys/sysMessageTemplate': [
    ['查看消息模板', 'messageTemplate:list'], ['新增消息模板', 'messageTemplate:add'], ['编辑消息模板', 'messageTemplate:edit'],
    ['删除消息模板', 'messageTemplate:delete'], ['发送测试消息', 'messageTemplate:sendMsg'],
  ],
  'schema/sys/sysMessage': [
    ['查看消息', 'message:list'], ['删除消息', 'message:delete'], ['导出消息', 'message:exportXls'], ['重发消息', 'message:resend'],
  ],
};

const newId = () => randomUUID().replaceAll('-', '');

/** The dictionaries of schemas/seed/dicts.json the pages read, for databases seeded before them. */
const DICTS = [
  { code: 'msg_open_type', name: '通告打开方式', items: [['url', '链接'], ['component', '页面']] },
  { code: 'msg_template_type', name: '消息模板类型', items: [['4', '系统'], ['2', '邮件'], ['1', '短信']] },
  { code: 'msg_send_status', name: '消息发送状态', items: [['0', '未发送'], ['1', '成功'], ['2', '失败']] },
] as const;

/**
 * A database seeded before gets these; an empty one (the seed runs after the migrations) gets them
 * from the seed, so nothing is added here. Seeded means it has users: an earlier migration of this
 * release may already have put a dictionary of its own into an otherwise empty database.
 */
export async function addDictionaries(db: Kysely<unknown>): Promise<void> {
  const seeded = await sql<{ n: number }>`SELECT count(*)::int AS n FROM sys_user`.execute(db);
  if (Number(seeded.rows[0]?.n ?? 0) === 0) return;
  for (const dict of DICTS) {
    const taken = await sql`SELECT 1 FROM sys_dict WHERE dict_code = ${dict.code}`.execute(db);
    if (taken.rows.length > 0) continue;
    const id = newId();
    await sql`INSERT INTO sys_dict (id, dict_name, dict_code, type, create_by) VALUES (${id}, ${dict.name}, ${dict.code}, 0, 'admin')`.execute(db);
    let order = 0;
    for (const [value, text] of dict.items) {
      order += 1;
      await sql`
        INSERT INTO sys_dict_item (id, dict_id, item_text, item_value, sort_order, status, create_by)
        VALUES (${newId()}, ${id}, ${text}, ${value}, ${order}, 1, 'admin')`.execute(db);
    }
  }
}

/** Each menu gets its missing buttons, granted to the roles that hold the menu (the admin role of the seed). */
async function addButtons(db: Kysely<unknown>, component: string): Promise<void> {
  const menus = await sql<{ id: string }>`
    SELECT id FROM sys_permission WHERE component = ${component} AND del_flag = 0 AND menu_type <> 2`.execute(db);
  for (const menu of menus.rows) {
    const holders = await sql<{ role_id: string }>`SELECT DISTINCT role_id FROM sys_role_permission WHERE permission_id = ${menu.id}`.execute(db);
    let sortNo = 1;
    for (const [name, perms] of BUTTONS[component] ?? []) {
      sortNo += 1;
      const taken = await sql`SELECT 1 FROM sys_permission WHERE perms = ${perms} AND del_flag = 0`.execute(db);
      if (taken.rows.length > 0) continue;
      const id = newId();
      await sql`
        INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, status, sort_no, is_route, is_leaf, create_by)
        VALUES (${id}, ${menu.id}, ${name}, 2, ${perms}, '1', '1', ${sortNo}, false, true, 'admin')`.execute(db);
      for (const holder of holders.rows) {
        await sql`INSERT INTO sys_role_permission (id, role_id, permission_id) VALUES (${newId()}, ${holder.role_id}, ${id})`.execute(db);
      }
    }
    await sql`UPDATE sys_permission SET is_leaf = false WHERE id = ${menu.id}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sys_sms_template (
      id varchar(32) PRIMARY KEY,
      template_name varchar(50) NOT NULL,
      template_code varchar(32) NOT NULL,
      template_type varchar(1) NOT NULL DEFAULT '4' CHECK (template_type IN ('1', '2', '4')),
      template_content text NOT NULL,
      template_test_json text,
      ${audit}
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX uniq_sys_sms_template_template_code ON sys_sms_template (template_code)`.execute(db);
  await sql`
    CREATE TABLE sys_sms (
      id varchar(32) PRIMARY KEY,
      es_title varchar(100),
      es_type varchar(1) NOT NULL,
      es_receiver varchar(100) NOT NULL,
      es_param text,
      es_content text,
      es_send_time timestamp,
      es_send_status varchar(1) NOT NULL DEFAULT '0',
      es_send_num integer NOT NULL DEFAULT 0,
      es_result varchar(1000),
      remark varchar(500),
      template_code varchar(32),
      ${audit}
    )`.execute(db);
  await sql`CREATE INDEX sys_sms_tenant_id_create_time_idx ON sys_sms (tenant_id, create_time)`.execute(db);
  // 系统通告's page edits sys_announcement through the generic CRUD, which keeps these on every row.
  await sql`ALTER TABLE sys_announcement ADD COLUMN sys_org_code varchar(64), ADD COLUMN tenant_id integer NOT NULL DEFAULT 0`.execute(db);
  await sql`CREATE INDEX sys_announcement_tenant_id_create_time_idx ON sys_announcement (tenant_id, create_time)`.execute(db);
  await pointMenusAtPages(db);
  await addDictionaries(db);
}

/** The old 建设中 menus open the pages and get their buttons; running it again changes nothing. */
export async function pointMenusAtPages(db: Kysely<unknown>): Promise<void> {
  for (const [from, to] of MENUS) {
    await sql`UPDATE sys_permission SET component = ${to} WHERE component = ${from}`.execute(db);
    await addButtons(db, to);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [from, to] of MENUS) {
    await sql`UPDATE sys_permission SET component = ${from} WHERE component = ${to}`.execute(db);
  }
  await sql`ALTER TABLE sys_announcement DROP COLUMN sys_org_code, DROP COLUMN tenant_id`.execute(db);
  await sql`DROP TABLE IF EXISTS sys_sms`.execute(db);
  await sql`DROP TABLE IF EXISTS sys_sms_template`.execute(db);
}
