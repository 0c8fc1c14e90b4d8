import { sql, type Kysely } from 'kysely';

// Tables of the JeecgBoot system module that the shell needs (names and columns follow
// ../shared/reference/jeecgboot-contract.md §3), plus our own session, captcha and lockout state.
// Ids are varchar(32) strings like JeecgBoot's; business timestamps are `timestamp` in Beijing time.
const audit = sql.raw(`
  create_by varchar(50),
  create_time timestamp NOT NULL DEFAULT now(),
  update_by varchar(50),
  update_time timestamp`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sys_depart (
      id varchar(32) PRIMARY KEY,
      parent_id varchar(32),
      depart_name varchar(100) NOT NULL,
      depart_name_abbr varchar(100),
      depart_order integer NOT NULL DEFAULT 0,
      description varchar(500),
      org_category varchar(10) NOT NULL DEFAULT '1',
      org_type varchar(10),
      org_code varchar(64) NOT NULL UNIQUE,
      mobile varchar(32),
      address varchar(100),
      status varchar(1) NOT NULL DEFAULT '1',
      del_flag varchar(1) NOT NULL DEFAULT '0',
      ${audit}
    )`.execute(db);
  await sql`CREATE INDEX sys_depart_parent ON sys_depart (parent_id)`.execute(db);

  await sql`
    CREATE TABLE sys_position (
      id varchar(32) PRIMARY KEY,
      code varchar(100) NOT NULL UNIQUE,
      name varchar(100) NOT NULL,
      post_rank varchar(2),
      hour_cost numeric(12,2) NOT NULL DEFAULT 0,
      sys_org_code varchar(64),
      ${audit}
    )`.execute(db);

  await sql`
    CREATE TABLE sys_role (
      id varchar(32) PRIMARY KEY,
      role_name varchar(200) NOT NULL,
      role_code varchar(100) NOT NULL UNIQUE,
      description varchar(255),
      ${audit}
    )`.execute(db);

  await sql`
    CREATE TABLE sys_user (
      id varchar(32) PRIMARY KEY,
      username varchar(100) NOT NULL UNIQUE,
      realname varchar(100) NOT NULL,
      password varchar(255) NOT NULL,
      avatar varchar(255),
      birthday date,
      sex smallint NOT NULL DEFAULT 0,
      email varchar(45) UNIQUE,
      phone varchar(45) UNIQUE,
      org_code varchar(64),
      status smallint NOT NULL DEFAULT 1,
      del_flag smallint NOT NULL DEFAULT 0,
      work_no varchar(100) UNIQUE,
      post varchar(100),
      telephone varchar(45),
      rel_tenant_ids varchar(100),
      login_fail_count integer NOT NULL DEFAULT 0,
      locked_until timestamptz,
      ${audit}
    )`.execute(db);

  await sql`
    CREATE TABLE sys_user_role (
      id varchar(32) PRIMARY KEY,
      user_id varchar(32) NOT NULL REFERENCES sys_user (id) ON DELETE CASCADE,
      role_id varchar(32) NOT NULL REFERENCES sys_role (id) ON DELETE CASCADE,
      UNIQUE (user_id, role_id)
    )`.execute(db);

  await sql`
    CREATE TABLE sys_user_depart (
      id varchar(32) PRIMARY KEY,
      user_id varchar(32) NOT NULL REFERENCES sys_user (id) ON DELETE CASCADE,
      dep_id varchar(32) NOT NULL REFERENCES sys_depart (id) ON DELETE CASCADE,
      UNIQUE (user_id, dep_id)
    )`.execute(db);

  // menu_type: 0 top menu, 1 sub menu, 2 button/permission. perms_type: '1' show, '2' disable.
  // status (buttons): '1' valid, '0' invalid.
  await sql`
    CREATE TABLE sys_permission (
      id varchar(32) PRIMARY KEY,
      parent_id varchar(32),
      name varchar(100) NOT NULL,
      url varchar(255),
      component varchar(255),
      component_name varchar(100),
      redirect varchar(255),
      menu_type integer NOT NULL,
      perms varchar(1000),
      perms_type varchar(10) NOT NULL DEFAULT '1',
      sort_no numeric(8,2) NOT NULL DEFAULT 0,
      always_show boolean NOT NULL DEFAULT false,
      icon varchar(100),
      is_route boolean NOT NULL DEFAULT true,
      is_leaf boolean NOT NULL DEFAULT true,
      keep_alive boolean NOT NULL DEFAULT false,
      hidden boolean NOT NULL DEFAULT false,
      hide_tab boolean NOT NULL DEFAULT false,
      description text,
      status varchar(2) NOT NULL DEFAULT '1',
      del_flag integer NOT NULL DEFAULT 0,
      internal_or_external boolean NOT NULL DEFAULT false,
      ${audit}
    )`.execute(db);
  await sql`CREATE INDEX sys_permission_parent ON sys_permission (parent_id)`.execute(db);

  await sql`
    CREATE TABLE sys_role_permission (
      id varchar(32) PRIMARY KEY,
      role_id varchar(32) NOT NULL REFERENCES sys_role (id) ON DELETE CASCADE,
      permission_id varchar(32) NOT NULL REFERENCES sys_permission (id) ON DELETE CASCADE,
      data_rule_ids varchar(1000),
      UNIQUE (role_id, permission_id)
    )`.execute(db);

  await sql`
    CREATE TABLE sys_dict (
      id varchar(32) PRIMARY KEY,
      dict_name varchar(100) NOT NULL,
      dict_code varchar(100) NOT NULL UNIQUE,
      description varchar(255),
      del_flag integer NOT NULL DEFAULT 0,
      type integer NOT NULL DEFAULT 0,
      ${audit}
    )`.execute(db);

  await sql`
    CREATE TABLE sys_dict_item (
      id varchar(32) PRIMARY KEY,
      dict_id varchar(32) NOT NULL REFERENCES sys_dict (id) ON DELETE CASCADE,
      item_text varchar(100) NOT NULL,
      item_value varchar(100) NOT NULL,
      description varchar(255),
      sort_order integer NOT NULL DEFAULT 0,
      status integer NOT NULL DEFAULT 1,
      ${audit},
      UNIQUE (dict_id, item_value)
    )`.execute(db);

  // `titile` is spelled as in JeecgBoot; the wire name stays the same.
  await sql`
    CREATE TABLE sys_announcement (
      id varchar(32) PRIMARY KEY,
      titile varchar(100) NOT NULL,
      msg_content text,
      start_time timestamp,
      end_time timestamp,
      sender varchar(100),
      priority varchar(255) NOT NULL DEFAULT 'L',
      msg_category varchar(10) NOT NULL DEFAULT '2',
      msg_type varchar(10) NOT NULL DEFAULT 'ALL',
      send_status varchar(10) NOT NULL DEFAULT '0',
      send_time timestamp,
      cancel_time timestamp,
      del_flag varchar(1) NOT NULL DEFAULT '0',
      bus_type varchar(20),
      bus_id varchar(50),
      open_type varchar(20),
      open_page varchar(255),
      user_ids text,
      msg_abstract text,
      ${audit}
    )`.execute(db);

  await sql`
    CREATE TABLE sys_announcement_send (
      id varchar(32) PRIMARY KEY,
      annt_id varchar(32) NOT NULL REFERENCES sys_announcement (id) ON DELETE CASCADE,
      user_id varchar(32) NOT NULL REFERENCES sys_user (id) ON DELETE CASCADE,
      read_flag varchar(10) NOT NULL DEFAULT '0',
      read_time timestamp,
      ${audit},
      UNIQUE (annt_id, user_id)
    )`.execute(db);

  await sql`
    CREATE TABLE sys_check_rule (
      id varchar(32) PRIMARY KEY,
      rule_name varchar(100) NOT NULL,
      rule_code varchar(100) NOT NULL UNIQUE,
      rule_json varchar(1024) NOT NULL,
      rule_description varchar(200),
      ${audit}
    )`.execute(db);

  // Sessions live in the database so API nodes stay stateless; only a hash of the token is kept.
  await sql`
    CREATE TABLE sys_session (
      token_hash varchar(64) PRIMARY KEY,
      user_id varchar(32) NOT NULL REFERENCES sys_user (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz,
      ip varchar(64),
      user_agent varchar(255)
    )`.execute(db);
  await sql`CREATE INDEX sys_session_user ON sys_session (user_id)`.execute(db);

  await sql`
    CREATE TABLE sys_captcha (
      check_key varchar(64) PRIMARY KEY,
      code_hash varchar(64) NOT NULL,
      expires_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'sys_captcha', 'sys_session', 'sys_check_rule', 'sys_announcement_send', 'sys_announcement',
    'sys_dict_item', 'sys_dict', 'sys_role_permission', 'sys_permission', 'sys_user_depart',
    'sys_user_role', 'sys_user', 'sys_role', 'sys_position', 'sys_depart',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
