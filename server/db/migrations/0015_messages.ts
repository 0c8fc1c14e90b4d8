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
  for (const [from, to] of MENUS) {
    await sql`UPDATE sys_permission SET component = ${to} WHERE component = ${from}`.execute(db);
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
