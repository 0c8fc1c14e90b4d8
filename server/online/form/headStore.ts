import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { newId } from '../../db/ids';
import { readTable } from '../../crud/ddl';
import { BusinessError } from '../../http/envelope';
import { formNameOf, tableNameProblem } from './naming';
import type { Selectable } from 'kysely';
import { onlineDb, type OnlCgformHead } from './tables';

export type HeadRow = Selectable<OnlCgformHead>;

export const HEAD_NOT_FOUND = '在线表单不存在';

/** A head that is not in the recycle bin, or a refusal. */
export async function headById(db: Kysely<DB>, id: string): Promise<HeadRow> {
  const head = await onlineDb(db).selectFrom('onl_cgform_head').selectAll().where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
  if (!head) throw new BusinessError(HEAD_NOT_FOUND);
  return head;
}

/**
 * Why `tableName` cannot be a new online form's table: a bad or reserved name, a table the database
 * already holds (a file page's, a migration's or anyone's), or another form (also in the recycle
 * bin) with that table or that page name.
 */
export async function newTableRefusal(db: Kysely<DB>, tableName: string): Promise<string | undefined> {
  const problem = tableNameProblem(tableName);
  if (problem) return problem;
  const heads = await onlineDb(db).selectFrom('onl_cgform_head').select(['table_name']).execute();
  if (heads.some((h) => h.table_name === tableName)) return `表名 ${tableName} 已被其他在线表单使用`;
  const clash = heads.find((h) => formNameOf(h.table_name) === formNameOf(tableName));
  if (clash) return `表名 ${tableName} 与在线表单 ${clash.table_name} 的页面名 ${formNameOf(tableName)} 相同`;
  if (await readTable(db, tableName)) return `数据库中已有表 ${tableName}，不能用作在线表单`;
  return undefined;
}

/** Keeps `document` as version `version` of the head (版本). */
export async function keepVersion(db: Kysely<DB>, headId: string, version: number, document: string, username: string): Promise<void> {
  await onlineDb(db)
    .insertInto('onl_cgform_version')
    .values({ id: newId(), head_id: headId, version, document, create_by: username })
    .execute();
}
