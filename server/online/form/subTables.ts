/**
 * 主表/附表 of online forms. A 主表's page document lists its 附表 in `form.children` (page
 * online/<name>, foreignKey, key = the 附表's table name); the heads mirror it as JeecgBoot keeps it —
 * the 主表's sub_table_str, each 附表's main_table and main_field (here: the 附表's column holding the
 * main row's id) — written when the 主表's document is saved.
 */
import type { Kysely } from 'kysely';
import type { CompiledPage } from '../../../runtime/schema/compiledPageTypes';
import { childPageProblems } from '../../../runtime/schema/formChildren';
import { camelToUnderline } from '../../../runtime/schema/naming';
import type { PageDocument } from '../../../runtime/generated/page';
import type { DB } from '../../db/types';
import type { DocumentError } from './documentRules';
import { formNameOf, ONLINE_MODULE } from './naming';
import { onlineDb, type OnlCgformHead } from './tables';
import type { Selectable } from 'kysely';

export const TABLE_TYPE = { single: '1', main: '2', sub: '3', tree: '4' } as const;

type Head = Pick<Selectable<OnlCgformHead>, 'id' | 'table_name' | 'table_type' | 'document' | 'main_table' | 'synced_document' | 'synced_version' | 'is_db_synch' | 'table_version'>;

/** The live heads a 主表's children name, by child index (undefined: no such online form). */
export async function childHeads(db: Kysely<DB>, page: CompiledPage): Promise<(Head | undefined)[]> {
  if (page.form.children.length === 0) return [];
  const heads = await onlineDb(db)
    .selectFrom('onl_cgform_head')
    .select(['id', 'table_name', 'table_type', 'document', 'main_table', 'synced_document', 'synced_version', 'is_db_synch', 'table_version'])
    .where('del_flag', '=', 0)
    .execute();
  return page.form.children.map((child) => {
    const [module, name] = child.page.split('/');
    return module === ONLINE_MODULE ? heads.find((h) => formNameOf(h.table_name) === name) : undefined;
  });
}

function documentOf(text: string): Pick<PageDocument, 'fields' | 'form'> {
  const doc = JSON.parse(text) as Partial<PageDocument>;
  return { fields: Array.isArray(doc.fields) ? doc.fields : [], form: doc.form ?? {} };
}

/**
 * Problems of a 主表's 附表 list: each must be a live online form of type 附表 (or 单表) belonging to no other
 * 主表, with the foreign-key field (and any listed field) in its document. `tableType`: the type the
 * head has or is given; only a 主表 lists 附表, and a 主表 lists at least one.
 */
export async function subTableProblems(db: Kysely<DB>, page: CompiledPage, tableName: string, tableType: string): Promise<DocumentError[]> {
  const { children } = page.form;
  if (tableType !== TABLE_TYPE.main) {
    return children.length > 0 ? [{ pointer: '/form/children', message: '只有主表可以有附表，请把表类型设为主表' }] : [];
  }
  if (children.length === 0) return [{ pointer: '/form/children', message: '主表至少需要一个附表' }];
  const heads = await childHeads(db, page);
  const errors: DocumentError[] = [];
  children.forEach((child, i) => {
    const at = child.pointer;
    const head = heads[i];
    const name = child.page.slice(child.page.indexOf('/') + 1);
    if (!child.page.startsWith(`${ONLINE_MODULE}/`)) errors.push({ pointer: `${at}/page`, message: '在线表单的附表必须是在线表单（online/<名称>）' });
    else if (!head) errors.push({ pointer: `${at}/page`, message: `附表 ${child.key} 不存在（没有页面名为 ${name} 的在线表单）` });
    else if (head.table_type !== TABLE_TYPE.sub && head.table_type !== TABLE_TYPE.single) {
      errors.push({ pointer: `${at}/page`, message: `表 ${head.table_name} 是${head.table_type === TABLE_TYPE.main ? '主表' : '树表'}，不能作为附表` });
    }
    else if (head.main_table && head.main_table !== tableName) errors.push({ pointer: `${at}/page`, message: `附表 ${head.table_name} 已是主表 ${head.main_table} 的附表` });
    else {
      // The analyst works in table and column names: the page language's names are translated back.
      const inColumns = (message: string) =>
        [child.foreignKey, ...(child.fields ?? [])].reduce((text, name) => text.replaceAll(` ${name}`, ` ${camelToUnderline(name)}`), message.replaceAll(child.page, head.table_name));
      for (const problem of childPageProblems(child, documentOf(head.document))) errors.push({ pointer: `${at}${problem.at}`, message: inColumns(problem.message) });
    }
  });
  return errors;
}

/**
 * The heads as the saved 主表 document says: its sub_table_str, and main_table/main_field of the
 * 附表 it lists (those it no longer lists are let go).
 */
export async function linkSubTables(trx: Kysely<DB>, headId: string, tableName: string, page: CompiledPage | undefined): Promise<void> {
  const odb = onlineDb(trx);
  const children = page?.form.children ?? [];
  const heads = page ? await childHeads(trx, page) : [];
  const listed = heads.flatMap((h) => (h ? [h.table_name] : []));
  await odb.updateTable('onl_cgform_head').set({ sub_table_str: listed.length > 0 ? listed.join(',') : null }).where('id', '=', headId).execute();
  let release = odb.updateTable('onl_cgform_head').set({ main_table: null, main_field: null }).where('main_table', '=', tableName);
  if (listed.length > 0) release = release.where('table_name', 'not in', listed);
  await release.execute();
  for (const [i, head] of heads.entries()) {
    if (!head) continue;
    const childDoc = documentOf(head.document);
    const foreignKey = childDoc.fields.find((f) => f.name === children[i].foreignKey);
    const column = foreignKey?.column ?? camelToUnderline(children[i].foreignKey);
    // A form listed as a 附表 is one (an imported 附表 arrives as 单表: its document cannot say).
    await odb.updateTable('onl_cgform_head').set({ main_table: tableName, main_field: column, table_type: TABLE_TYPE.sub }).where('id', '=', head.id).execute();
  }
}
