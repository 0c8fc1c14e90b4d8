import { sql, type Kysely } from 'kysely';

// Saved advanced queries (JSuperQuery's 保存的查询). JeecgBoot keeps them only in the browser's
// localStorage; lossdesk keeps them per user on the server so they survive logout and another
// browser. One row per (user, list code, title): saving a title again overwrites it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sys_super_query (
      id varchar(32) PRIMARY KEY,
      user_id varchar(32) NOT NULL REFERENCES sys_user (id) ON DELETE CASCADE,
      save_code varchar(255) NOT NULL,
      title varchar(100) NOT NULL,
      match_type varchar(3) NOT NULL DEFAULT 'and' CHECK (match_type IN ('and', 'or')),
      records jsonb NOT NULL,
      create_by varchar(50),
      create_time timestamp NOT NULL DEFAULT now(),
      update_by varchar(50),
      update_time timestamp,
      UNIQUE (user_id, save_code, title)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS sys_super_query`.execute(db);
}
