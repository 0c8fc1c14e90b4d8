import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DB } from '../../db/types';

type Stamp = ColumnType<string, string | undefined, string>;
type NullableStamp = ColumnType<string | null, string | null | undefined, string | null>;

/** 表单开发's head row (migration 0027): an online form and its page document. */
export type OnlCgformHead = {
  id: string;
  table_name: string;
  table_txt: string;
  table_type: Generated<string>;
  table_version: Generated<number>;
  is_db_synch: Generated<string>;
  document: string;
  /** The document 同步数据库 last applied: the page served at run time. */
  synced_document: string | null;
  /** table_version of synced_document: a node serving an older one builds the page again. */
  synced_version: number | null;
  sub_table_str: string | null;
  main_table: string | null;
  main_field: string | null;
  del_flag: Generated<number>;
  create_by: string | null;
  create_time: Stamp;
  update_by: string | null;
  update_time: NullableStamp;
  sys_org_code: string | null;
};

/** One saved document of a head (版本). */
export type OnlCgformVersion = {
  id: string;
  head_id: string;
  version: number;
  document: string;
  create_by: string | null;
  create_time: Stamp;
  update_by: string | null;
  update_time: NullableStamp;
  sys_org_code: string | null;
};

export type OnlineFormTables = {
  onl_cgform_head: OnlCgformHead;
  onl_cgform_version: OnlCgformVersion;
};

export type OnlineDb = Kysely<DB & OnlineFormTables>;

/** The app's database handle that also knows the online form tables (they live beside DB's, in this module). */
export function onlineDb(db: Kysely<DB>): OnlineDb {
  return db.withTables<OnlineFormTables>();
}
