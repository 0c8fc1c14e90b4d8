import { sql, type Kysely } from 'kysely';

// Stored files are served only to users who may see them (server/files/fileAccess.ts): their
// uploader (sys_file_upload), readers of a record that uses them (sys_file_ref, kept by the entity
// service in the record's own transaction, looked up by path), readers of an announcement that
// shows them, and everybody for an avatar. sys_file_ref_scan remembers which file columns of a
// page table have been read into sys_file_ref, so rows written before (or by an older page
// document) are filled in once at start, not on every start.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sys_file_upload (
      path varchar(500) PRIMARY KEY,
      user_id varchar(32) NOT NULL,
      create_time timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE sys_file_ref (
      entity_table varchar(64) NOT NULL,
      record_id varchar(64) NOT NULL,
      path varchar(500) NOT NULL,
      tenant_id integer,
      PRIMARY KEY (entity_table, record_id, path)
    )`.execute(db);
  await sql`CREATE INDEX sys_file_ref_path ON sys_file_ref (path, entity_table)`.execute(db);
  await sql`
    CREATE TABLE sys_file_ref_scan (
      entity_table varchar(64) PRIMARY KEY,
      file_columns varchar(1000) NOT NULL,
      scanned_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX sys_user_avatar ON sys_user (avatar)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS sys_user_avatar`.execute(db);
  await sql`DROP TABLE IF EXISTS sys_file_ref_scan`.execute(db);
  await sql`DROP TABLE IF EXISTS sys_file_ref`.execute(db);
  await sql`DROP TABLE IF EXISTS sys_file_upload`.execute(db);
}
