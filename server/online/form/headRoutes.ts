import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { currentUser } from '../../auth/guard';
import { actorOf } from '../../crud/entity/context';
import { applyEntityTables, EntityDdlError, schemaHash } from '../../crud/ddl';
import { entityTableOf } from '../../crud/pages';
import type { DB } from '../../db/types';
import { newId } from '../../db/ids';
import { inTransaction } from '../../db/transaction';
import { contentDispositionFor } from '../../excel';
import { BusinessError, ok, okMessage } from '../../http/envelope';
import { loadPageSchema } from '../../../runtime/schema/loadPageSchema';
import { checkOnlineDocument, onlineSource, renamedDocument, storedDocument, type DocumentCheck, type DocumentError } from './documentRules';
import { flattenDocument } from './compareDocument';
import { headById, keepVersion, newTableRefusal, type HeadRow } from './headStore';
import { FORM_ACTIONS, FORM_BUTTON_NAMES, formNameOf, permissionPrefixOf } from './naming';
import type { OnlineForms } from './servedForms';
import { onlineDb } from './tables';
import { childHeads, linkSubTables, subTableProblems, TABLE_TYPE } from './subTables';

export interface CgformHeadRouteOptions {
  forms: OnlineForms;
}

/** The runtime route of an online form (menu component and url, design of issue 17). */
export const FORM_LIST_COMPONENT = 'modules/online/cgform/auto/OnlCgformAutoList';
export const formListUrl = (headId: string) => `/online/cgformList/${headId}`;
const PAGE_SCHEMA_REF = '../../meta/page.schema.json';
const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;

const ID = { type: 'string', minLength: 1, maxLength: 64 } as const;
const idQuery = { type: 'object', required: ['id'], properties: { id: ID, _t: { type: 'string' }, token: { type: 'string' } } } as const;
const idBody = { type: 'object', required: ['id'], properties: { id: ID } } as const;
type Json = Record<string, unknown>;

/** A refusal by JSON pointer, as the designer marks the rows: `{success:false, message, result:{errors}}`. */
function refuseDocument(reply: FastifyReply, errors: readonly DocumentError[]) {
  const message = `页面定义有误：${errors
    .slice(0, 3)
    .map((e) => `${e.pointer || '/'} ${e.message}`)
    .join('；')}${errors.length > 3 ? ` 等 ${errors.length} 处` : ''}`;
  return reply.code(200).send({ success: false, message, code: 500, result: { errors }, timestamp: Date.now() });
}

function parseDocument(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BusinessError('页面定义不是合法的 JSON');
  }
}

/** Whether a document lists 附表 (form.children): it is a 主表's. */
function isMain(document: Json): boolean {
  const form = document.form as Json | undefined;
  return Array.isArray(form?.children) && form.children.length > 0;
}

function withoutChildren(document: Json): Json {
  const form = document.form as Json | undefined;
  if (!form || form.children === undefined) return document;
  const { children: _children, ...rest } = form;
  return { ...document, form: rest };
}

/** The table a document describes, by the DDL layer's hash: equal hashes need no sync. */
function tableHash(document: unknown, tableName: string): string | undefined {
  const loaded = loadPageSchema(document, onlineSource(tableName));
  return loaded.ok ? schemaHash(entityTableOf(loaded.page)) : undefined;
}

/**
 * 表单开发's own endpoints beside the generic ones of schemas/pages/online/cgformHead.json, each
 * behind its onlCgform code: the document (read, save with validation, versions), 同步数据库,
 * 生成菜单, 导出/导入, 复制; and the 版本 page's 数据比较 and 恢复.
 */
export const cgformHeadRoutes: FastifyPluginAsync<CgformHeadRouteOptions> = async (app, { forms }) => {
  const db = app.db;
  const odb = onlineDb(db);
  const check = (trx: Kysely<DB>, document: unknown, tableName: string): Promise<DocumentCheck> =>
    checkOnlineDocument(trx, document, tableName, (page) => forms.dictionaries(page));

  /**
   * Stores `document` as the head's next version. The served page follows at once when the table's
   * shape is unchanged (labels, list, form); otherwise it waits for 同步数据库 (is_db_synch 'N').
   */
  async function saveDocument(trx: Kysely<DB>, head: HeadRow, document: Json, username: string, tableType = head.table_type): Promise<number> {
    const text = JSON.stringify(document);
    // Two saves at once number their versions one after the other.
    const locked = await onlineDb(trx).selectFrom('onl_cgform_head').select('table_version').where('id', '=', head.id).forUpdate().executeTakeFirstOrThrow();
    const version = locked.table_version + 1;
    const syncedHash = head.synced_document ? tableHash(JSON.parse(head.synced_document), head.table_name) : undefined;
    const sameTable = syncedHash !== undefined && syncedHash === tableHash(document, head.table_name);
    const title = (document.entity as Json | undefined)?.title;
    await onlineDb(trx)
      .updateTable('onl_cgform_head')
      .set({
        document: text,
        table_version: version,
        ...(typeof title === 'string' ? { table_txt: title } : {}),
        table_type: tableType,
        is_db_synch: sameTable ? 'Y' : 'N',
        ...(sameTable ? { synced_document: text, synced_version: version } : {}),
        update_by: username,
        update_time: new Date().toISOString().slice(0, 19).replace('T', ' '),
      })
      .where('id', '=', head.id)
      .execute();
    await keepVersion(trx, head.id, version, text, username);
    const loaded = loadPageSchema(document, onlineSource(head.table_name));
    await linkSubTables(trx, head.id, head.table_name, loaded.ok ? loaded.page : undefined);
    return version;
  }

  /** The online rules of a document and, for its type, of its 附表 list. */
  async function checkTyped(trx: Kysely<DB>, document: unknown, tableName: string, tableType: string): Promise<DocumentCheck> {
    const checked = await check(trx, document, tableName);
    if (!checked.ok) return checked;
    const errors = await subTableProblems(trx, checked.page, tableName, tableType);
    return errors.length > 0 ? { ok: false, errors } : checked;
  }

  /** A new head from a checked document (导入, 复制), version 1. */
  async function createHead(trx: Kysely<DB>, document: Json, request: FastifyRequest): Promise<string> {
    const entity = document.entity as Json;
    const tableName = String(entity.table);
    const refusal = await newTableRefusal(trx, tableName);
    if (refusal) throw new BusinessError(refusal);
    const id = newId();
    const actor = actorOf(request);
    const text = JSON.stringify(document);
    await onlineDb(trx)
      .insertInto('onl_cgform_head')
      .values({
        id,
        table_name: tableName,
        table_txt: String(entity.title),
        table_type: isMain(document) ? TABLE_TYPE.main : entity.tree ? TABLE_TYPE.tree : TABLE_TYPE.single,
        table_version: 1,
        is_db_synch: 'N',
        document: text,
        create_by: actor.username,
        sys_org_code: actor.orgCode,
      })
      .execute();
    await keepVersion(trx, id, 1, text, actor.username);
    const loaded = loadPageSchema(document, onlineSource(tableName));
    if (loaded.ok && isMain(document)) await linkSubTables(trx, id, tableName, loaded.page);
    return id;
  }

  app.get('/online/cgformHead/document', { config: { permission: 'onlCgform:list' }, schema: { querystring: idQuery } }, async (request) => {
    const head = await headById(db, (request.query as { id: string }).id);
    return ok({
      id: head.id,
      tableName: head.table_name,
      tableTxt: head.table_txt,
      tableType: head.table_type,
      tableVersion: head.table_version,
      isDbSynch: head.is_db_synch,
      subTableStr: head.sub_table_str,
      mainTable: head.main_table,
      mainField: head.main_field,
      document: JSON.parse(head.document) as unknown,
    });
  });

  app.put(
    '/online/cgformHead/document',
    {
      config: { permission: 'onlCgform:edit' },
      schema: {
        body: { type: 'object', required: ['id', 'document'], properties: { id: ID, document: { type: 'object' }, tableType: { type: 'string', enum: Object.values(TABLE_TYPE) } } },
      },
    },
    async (request, reply) => {
      const { id, document, tableType } = request.body as { id: string; document: Json; tableType?: string };
      const head = await headById(db, id);
      const type = tableType ?? head.table_type;
      if (type === TABLE_TYPE.sub && head.sub_table_str) throw new BusinessError(`该表是主表（附表：${head.sub_table_str}），请先在设计中移除附表`);
      const checked = await checkTyped(db, document, head.table_name, type);
      if (!checked.ok) return refuseDocument(reply, checked.errors);
      const version = await inTransaction(db, (trx) => saveDocument(trx, head, checked.document, currentUser(request).username, type));
      return ok({ tableVersion: version }, '保存成功！');
    },
  );

  /** 同步数据库: the table through the entity migration of file pages (additive only, all or nothing), then served. */
  const sync = async (request: FastifyRequest, reply: FastifyReply) => {
    const id = (request.body as { id?: string } | undefined)?.id ?? (request.query as { id?: string }).id ?? '';
    const head = await headById(db, id);
    const document = parseDocument(head.document);
    const checked = await checkTyped(db, document, head.table_name, head.table_type);
    if (!checked.ok) return refuseDocument(reply, checked.errors);
    // A 主表 is synced with its 附表 (their tables first), all or nothing: its page serves them together.
    const subs: { head: HeadRow; table: ReturnType<typeof entityTableOf> }[] = [];
    for (const sub of await childHeads(db, checked.page)) {
      if (!sub) continue;
      const subHead = await headById(db, sub.id);
      const subChecked = await check(db, parseDocument(subHead.document), subHead.table_name);
      if (!subChecked.ok) throw new BusinessError(`附表 ${subHead.table_name} 的页面定义有误，不能同步：${subChecked.errors[0].pointer} ${subChecked.errors[0].message}`);
      subs.push({ head: subHead, table: entityTableOf(subChecked.page) });
    }
    try {
      await inTransaction(db, async (trx) => {
        await applyEntityTables<DB>(trx, [...subs.map((s) => s.table), entityTableOf(checked.page)]);
        for (const synced of [...subs.map((s) => s.head), head]) {
          await onlineDb(trx)
            .updateTable('onl_cgform_head')
            .set({ is_db_synch: 'Y', synced_document: synced.document, synced_version: synced.table_version })
            .where('id', '=', synced.id)
            .execute();
        }
      });
    } catch (err) {
      if (err instanceof EntityDdlError) throw new BusinessError(`同步失败，数据库未作任何修改：${err.message}`);
      throw err;
    }
    await forms.byId(head.id);
    return okMessage(subs.length > 0 ? `同步数据库成功！（含附表 ${subs.map((s) => s.head.table_name).join('、')}）` : '同步数据库成功！');
  };
  const syncSchema = { body: { type: 'object', properties: { id: ID } }, querystring: { type: 'object', properties: { id: ID, _t: { type: 'string' } } } };
  app.post('/online/cgformHead/sync', { config: { permission: 'onlCgform:sync' }, schema: syncSchema }, sync);

  app.post(
    '/online/cgformHead/generateMenu',
    {
      config: { permission: 'onlCgform:menu' },
      schema: {
        body: {
          type: 'object',
          required: ['id', 'parentId'],
          properties: { id: ID, parentId: ID, roleIds: { anyOf: [{ type: 'string', maxLength: 10_000 }, { type: 'array', items: ID, maxItems: 200 }, { type: 'null' }] } },
        },
      },
    },
    async (request) => {
      const { id, parentId, roleIds } = request.body as { id: string; parentId: string; roleIds?: string | string[] | null };
      const head = await headById(db, id);
      if (!head.synced_document) throw new BusinessError('请先同步数据库，再生成菜单');
      const roles = [...new Set((Array.isArray(roleIds) ? roleIds : (roleIds ?? '').split(',')).map((r) => r.trim()).filter((r) => r !== ''))];
      await inTransaction(db, async (trx) => {
        const parent = await trx.selectFrom('sys_permission').select(['id', 'menu_type']).where('id', '=', parentId).where('del_flag', '=', 0).executeTakeFirst();
        if (!parent) throw new BusinessError('上级菜单不存在');
        if (parent.menu_type === 2) throw new BusinessError('按钮下不能添加菜单');
        const url = formListUrl(head.id);
        const existing = await trx.selectFrom('sys_permission').select('name').where('url', '=', url).where('del_flag', '=', 0).executeTakeFirst();
        if (existing) throw new BusinessError(`该表单已生成菜单「${existing.name}」`);
        const found = await trx.selectFrom('sys_role').select('id').where('id', 'in', roles.length > 0 ? roles : ['']).execute();
        const missing = roles.filter((r) => !found.some((f) => f.id === r));
        if (missing.length > 0) throw new BusinessError(`角色不存在：${missing.join(',')}`);
        const menuId = newId();
        const username = currentUser(request).username;
        const last = await trx.selectFrom('sys_permission').select((eb) => eb.fn.max('sort_no').as('max')).where('parent_id', '=', parentId).executeTakeFirst();
        await trx
          .insertInto('sys_permission')
          .values({
            id: menuId,
            parent_id: parentId,
            name: head.table_txt,
            url,
            component: FORM_LIST_COMPONENT,
            component_name: null,
            redirect: null,
            menu_type: 1,
            perms: null,
            sort_no: Number(last?.max ?? 0) + 1,
            icon: null,
            is_route: true,
            is_leaf: false,
            keep_alive: true,
            description: `在线表单 ${head.table_name}`,
            create_by: username,
          })
          .execute();
        const prefix = permissionPrefixOf(head.table_name);
        const granted = [menuId];
        let sortNo = 0;
        for (const action of FORM_ACTIONS) {
          const buttonId = newId();
          sortNo += 1;
          await trx
            .insertInto('sys_permission')
            .values({
              id: buttonId,
              parent_id: menuId,
              name: `${FORM_BUTTON_NAMES[action]}${head.table_txt}`,
              url: null,
              component: null,
              component_name: null,
              redirect: null,
              menu_type: 2,
              perms: `${prefix}:${action}`,
              sort_no: sortNo,
              icon: null,
              is_route: false,
              is_leaf: true,
              description: `${head.table_txt}：${FORM_BUTTON_NAMES[action]}`,
              create_by: username,
            })
            .execute();
          granted.push(buttonId);
        }
        // The parents a role lacks are granted too, or the new menu could not show in its tree.
        const ancestors: string[] = [];
        for (let at: string | null = parentId; at; ) {
          ancestors.push(at);
          const row: { parent_id: string | null } | undefined = await trx.selectFrom('sys_permission').select('parent_id').where('id', '=', at).executeTakeFirst();
          at = row?.parent_id ?? null;
          if (ancestors.length > 20) break;
        }
        for (const role of roles) {
          const held = new Set(
            (await trx.selectFrom('sys_role_permission').select('permission_id').where('role_id', '=', role).where('permission_id', 'in', ancestors).execute()).map((r) => r.permission_id),
          );
          for (const permissionId of [...ancestors.filter((a) => !held.has(a)), ...granted]) {
            await trx.insertInto('sys_role_permission').values({ id: newId(), role_id: role, permission_id: permissionId, data_rule_ids: null }).execute();
          }
        }
      });
      return okMessage('生成菜单成功！');
    },
  );

  app.get('/online/cgformHead/exportDocument', { config: { permission: 'onlCgform:export' }, schema: { querystring: idQuery } }, async (request, reply) => {
    const head = await headById(db, (request.query as { id: string }).id);
    const document = parseDocument(head.document);
    const checked = await check(db, document, head.table_name);
    if (!checked.ok) throw new BusinessError(`页面定义有误，不能导出：${checked.errors[0].pointer} ${checked.errors[0].message}`);
    const text = `${JSON.stringify({ $schema: PAGE_SCHEMA_REF, ...checked.document }, null, 2)}\n`;
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', contentDispositionFor(`${formNameOf(head.table_name)}.json`))
      .send(text);
  });

  /** 导入: a page document (uploaded .json file, or `{document}`) becomes a new form under its own table name. */
  app.post(
    '/online/cgformHead/importDocument',
    { config: { permission: 'onlCgform:import' }, schema: { querystring: { type: 'object', properties: { _t: { type: 'string' } } } } },
    async (request, reply) => {
      let input: unknown;
      if (request.isMultipart()) {
        const file = await request.file({ limits: { fileSize: MAX_DOCUMENT_BYTES } });
        if (!file) throw new BusinessError('请选择要导入的文件');
        const content = await file.toBuffer().catch(() => {
          throw new BusinessError('文件大小超出限制');
        });
        input = parseDocument(content.toString('utf8'));
      } else {
        input = (request.body as { document?: unknown } | undefined)?.document;
      }
      if (!input || typeof input !== 'object' || Array.isArray(input)) throw new BusinessError('页面定义应为 JSON 对象');
      const entity = (input as Json).entity;
      const tableName = entity && typeof entity === 'object' ? String((entity as Json).table ?? '') : '';
      const stored = storedDocument(input as Json);
      const checked = await checkTyped(db, stored, tableName, isMain(stored) ? TABLE_TYPE.main : TABLE_TYPE.single);
      if (!checked.ok) return refuseDocument(reply, checked.errors);
      const id = await inTransaction(db, (trx) => createHead(trx, checked.document, request));
      return ok({ id }, '导入成功！');
    },
  );

  app.post(
    '/online/cgformHead/copy',
    { config: { permission: 'onlCgform:copy' }, schema: { body: { type: 'object', required: ['id', 'tableName'], properties: { id: ID, tableName: { type: 'string', maxLength: 63 } } } } },
    async (request, reply) => {
      const { id, tableName } = request.body as { id: string; tableName: string };
      const head = await headById(db, id);
      const refusal = await newTableRefusal(db, tableName);
      if (refusal) throw new BusinessError(refusal);
      // A copy of a 主表 is a 单表: its 附表 belong to the original.
      const document = withoutChildren(renamedDocument(parseDocument(head.document) as Json, tableName));
      const loaded = loadPageSchema(document, onlineSource(tableName));
      // A form still without fields copies as it is; a designed one must stay valid under its new name.
      if (loaded.ok) {
        const checked = await check(db, document, tableName);
        if (!checked.ok) return refuseDocument(reply, checked.errors);
      }
      const newHead = await inTransaction(db, (trx) => createHead(trx, document, request));
      return ok({ id: newHead }, '复制成功！');
    },
  );

  // 版本 (schemas/pages/online/cgformVersion.json): 数据比较 of two versions, and 恢复.
  const versionColumns = ['id', 'head_id', 'version', 'document', 'create_by', 'create_time'] as const;
  app.get(
    '/online/cgformVersion/queryCompareList',
    {
      config: { permission: 'onlCgformVersion:list' },
      schema: { querystring: { type: 'object', required: ['dataId1', 'dataId2'], properties: { dataId1: ID, dataId2: ID, _t: { type: 'string' } } } },
    },
    async (request) => {
      const { dataId1, dataId2 } = request.query as { dataId1: string; dataId2: string };
      if (dataId1 === dataId2) throw new BusinessError('请选择两个不同的版本');
      const rows = await odb.selectFrom('onl_cgform_version').select(versionColumns).where('id', 'in', [dataId1, dataId2]).orderBy('version', 'asc').execute();
      if (rows.length !== 2) throw new BusinessError('未找到对应版本');
      if (rows[0].head_id !== rows[1].head_id) throw new BusinessError('请选择同一个表单的两个版本进行比较');
      const flat = rows.map((row) => flattenDocument(parseDocument(row.document)));
      const fieldLabels = { ...flat[0].labels, ...flat[1].labels };
      return ok(
        rows.map((row, i) => ({
          id: row.id,
          headId: row.head_id,
          version: row.version,
          dataContent: JSON.stringify(flat[i].content),
          createBy: row.create_by,
          createTime: row.create_time,
          fieldLabels,
          dictTexts: {},
        })),
      );
    },
  );

  app.post('/online/cgformVersion/restore', { config: { permission: 'onlCgform:version' }, schema: { body: idBody } }, async (request, reply) => {
    const { id } = request.body as { id: string };
    const row = await odb.selectFrom('onl_cgform_version').select(versionColumns).where('id', '=', id).executeTakeFirst();
    if (!row) throw new BusinessError('未找到对应版本');
    const head = await headById(db, row.head_id);
    const document = parseDocument(row.document) as Json;
    // A version listing 附表 restores a 主表; one without, of a 主表, a 单表.
    const restoredType = isMain(document) ? TABLE_TYPE.main : head.table_type === TABLE_TYPE.main ? TABLE_TYPE.single : head.table_type;
    // The first version (no field yet) is restored as it is; any other must still pass today's rules.
    const loaded = loadPageSchema(document, onlineSource(head.table_name));
    if (loaded.ok) {
      const checked = await checkTyped(db, document, head.table_name, restoredType);
      if (!checked.ok) return refuseDocument(reply, checked.errors);
    }
    const version = await inTransaction(db, (trx) => saveDocument(trx, head, document, currentUser(request).username, restoredType));
    return ok({ tableVersion: version }, `已恢复版本 ${row.version}，保存为版本 ${version}`);
  });
};
