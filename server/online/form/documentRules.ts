import type { Kysely } from 'kysely';
import { loadPageSchema, type CompiledPage } from '../../../runtime/schema/loadPageSchema';
import type { DB } from '../../db/types';
import { fillRuleProblems } from '../../crud/entity/fillRules';
import type { EntityDictionaries } from '../../crud/entity/dictionaries';
import { apiPathOf, formNameOf, ONLINE_MODULE, permissionPrefixOf } from './naming';

/** One refusal of a document, at a JSON pointer into it (the designer marks the row it names). */
export interface DocumentError {
  pointer: string;
  message: string;
}

export type DocumentCheck = { ok: true; page: CompiledPage; document: Record<string, unknown> } | { ok: false; errors: DocumentError[] };

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The document as stored: without the file's `$schema` (export adds it back for schemas/pages). */
export function storedDocument(doc: Json): Json {
  const { $schema: _schema, ...rest } = doc;
  return rest;
}

/** The source an online form's page is compiled under (errors and the loader's cache). */
export const onlineSource = (tableName: string) => `online:${tableName}`;

/**
 * What an online form's page may not use: each needs server parts only a file page has (a workflow's
 * transitions, a grid's batch save, a record page's figures, a module's endpoints, link tables from
 * migrations, del_flag for a recycle bin, endpoint actions nobody serves).
 */
function unsupportedParts(doc: Json): DocumentError[] {
  const errors: DocumentError[] = [];
  const refuse = (pointer: string, what: string) => errors.push({ pointer, message: `在线表单不支持${what}` });
  for (const key of ['workflow', 'grid', 'recordPage', 'treeManage'] as const) if (doc[key] !== undefined) refuse(`/${key}`, ` ${key}`);
  const entity = isObject(doc.entity) ? doc.entity : {};
  for (const key of ['server', 'servedBy', 'recycleBin', 'scopes', 'scopedBy'] as const) if (entity[key] !== undefined) refuse(`/entity/${key}`, ` entity.${key}`);
  if (isObject(entity.tree) && entity.tree.cascade !== undefined) refuse('/entity/tree/cascade', '级联树（tree.cascade）');
  const fields = Array.isArray(doc.fields) ? doc.fields : [];
  fields.forEach((field, i) => {
    if (isObject(field) && field.link !== undefined) refuse(`/fields/${i}/link`, '多对多关联字段（link）');
  });
  const list = isObject(doc.list) ? doc.list : {};
  const toolbar = Array.isArray(list.toolbar) ? list.toolbar : [];
  toolbar.forEach((action, i) => {
    if (action === 'recycleBin') refuse(`/list/toolbar/${i}`, '回收站');
  });
  if (list.uploads !== undefined) refuse('/list/uploads', '上传按钮（list.uploads）');
  const rowActions = Array.isArray(list.rowActions) ? list.rowActions : [];
  rowActions.forEach((action, i) => {
    if (isObject(action) && action.endpoint !== undefined) refuse(`/list/rowActions/${i}`, '调用接口的自定义行操作');
  });
  const form = isObject(doc.form) ? doc.form : {};
  if (form.actions !== undefined) refuse('/form/actions', '表单底部按钮（form.actions）');
  return errors;
}

/** The entity an online form over `tableName` must declare, by key. */
export function expectedEntity(tableName: string): Record<'module' | 'name' | 'table' | 'apiPath' | 'permissionPrefix', string> {
  return { module: ONLINE_MODULE, name: formNameOf(tableName), table: tableName, apiPath: apiPathOf(tableName), permissionPrefix: permissionPrefixOf(tableName) };
}

function entityErrors(doc: Json, tableName: string): DocumentError[] {
  const entity = isObject(doc.entity) ? doc.entity : {};
  return Object.entries(expectedEntity(tableName))
    .filter(([key, value]) => entity[key] !== value)
    .map(([key, value]) => ({ pointer: `/entity/${key}`, message: `在线表单的 entity.${key} 应为 ${value}` }));
}

/**
 * Checks an online form's document: the runtime's own loader (meta-schema, cross-references,
 * compile) and the online rules — the entity follows the table name, no part that needs a file
 * page's server code, table dictionaries of the allow-list, fill rules that exist.
 */
export async function checkOnlineDocument(
  db: Kysely<DB>,
  input: unknown,
  tableName: string,
  dictionaries: (page: CompiledPage) => EntityDictionaries,
): Promise<DocumentCheck> {
  if (!isObject(input)) return { ok: false, errors: [{ pointer: '', message: '页面定义应为 JSON 对象' }] };
  const document = storedDocument(input);
  const ruleErrors = [...entityErrors(document, tableName), ...unsupportedParts(document)];
  const loaded = loadPageSchema(document, onlineSource(tableName));
  if (!loaded.ok) return { ok: false, errors: [...ruleErrors, ...loaded.errors.map((e) => ({ pointer: e.pointer, message: e.message }))] };
  if (ruleErrors.length > 0) return { ok: false, errors: ruleErrors };
  const { page } = loaded;
  const errors: DocumentError[] = [];
  const dicts = dictionaries(page);
  for (const field of page.fields) {
    if (field.dict?.kind !== 'table') continue;
    try {
      dicts.tableSource(field.dict);
    } catch (err) {
      errors.push({ pointer: field.pointer, message: err instanceof Error ? err.message : String(err) });
    }
  }
  errors.push(...(await fillRuleProblems(db, [page])).map((e) => ({ pointer: e.pointer, message: e.message })));
  return errors.length > 0 ? { ok: false, errors } : { ok: true, page, document };
}

/** The first document of a new online form: its entity and no business field yet (the designer adds them). */
export function firstDocument(tableName: string, title: string): Json {
  return {
    schemaVersion: 1,
    entity: { ...expectedEntity(tableName), title },
    fields: [],
    list: {
      columns: [{ field: 'createTime', title: '创建时间', format: 'datetime', sortable: true }],
      query: [],
      toolbar: ['add', 'batchDelete', 'export', 'import'],
      rowActions: ['edit', 'detail', 'delete'],
    },
    form: { fields: [] },
  };
}

/** The document with its entity moved to another table (复制). */
export function renamedDocument(doc: Json, tableName: string): Json {
  const entity = isObject(doc.entity) ? doc.entity : {};
  return { ...doc, entity: { ...entity, ...expectedEntity(tableName) } };
}
