import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type {} from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Expression, type SqlBool } from 'kysely';
import { entityEndpoint } from '../../../runtime/contract/entityEndpoints';
import { LIST_PARAMS } from '../../../runtime/contract/listQuery';
import type { CompiledPage } from '../../../runtime/schema/compiledPageTypes';
import { currentTenant, currentUser } from '../../auth/guard';
import { BusinessError, ok, okMessage } from '../../http/envelope';
import { contentDispositionFor, ExcelFileError, XLSX_CONTENT_TYPE } from '../../excel';
import { readTable } from '../ddl';
import { translateListQuery, type RawQuery } from '../query';
import { isSystemTable, PageLoadError } from '../pages';
import { isServedByModule } from '../servedPages';
import { actorOf, idList } from './context';
import { EntityDictionaries } from './dictionaries';
import { fillRuleProblems } from './fillRules';
import { ERROR_FILES_FOLDER, ImportErrorFiles } from './errorFiles';
import type { ExportSession } from './exportCursor';
import { importFailureMessage, importFiles, writeExport, writeImportTemplate, type UploadedFile } from './excelIo';
import { toRecords } from './records';
import type { ListPage } from './store';
import { EntityService, EntityValidationError, NOT_FOUND_RECORD } from './service';
import { entityModel, type EntityModel } from './model';
import { ReferenceGraph } from './references';
import { cascadeOwnsChildList, registerCascade } from './cascadeRoutes';
import { registerTreePicker } from './treePickerRoutes';
import { bothConditions, dataRuleCondition, rulesImpliedBy } from './dataRuleScope';
import { viewCondition, viewListConditions } from './viewFilter';
import { keptEqualities } from './keptEqualities';
import { searchArms, viewSearchArms } from './searchArms';
import { recordPageProblems } from '../record/recordChecks';
import { registerRecordSummary } from '../record/recordSummary';
import { registerStatistics } from '../statistics/routes';
import { registerGridBatch } from './gridBatch';
import { attachFormChildren } from './formChildren';
import { hasRecycleBin, registerRecycleBin } from './recycleRoutes';
import type { EntityHooks } from './hooks';
import { pageKey, type WorkflowContext } from '../workflow/engine';
import { registerTransitions } from '../workflow/transitionRoutes';
import { setWorkflowEngine } from '../workflow/registry';
import { whenCommitted } from '../workflow/afterCommit';
import { workflowProblems } from '../workflow/workflowChecks';
import { addInput, editInput } from '../workflow/stateField';

/** Serves the endpoints of a page that names it as `entity.server`, with the page's service. */
export type EntityServerModule = (app: FastifyInstance, service: EntityService) => void;

export interface EntityRoutesOptions {
  pages: readonly CompiledPage[];
  /** PGlite's one session lets an export's cursor outlive its statements; PostgreSQL's pool does not. */
  databaseKind?: 'pglite' | 'postgres';
  /**
   * Generic endpoints a server module serves itself ('GET /sys/annountCement/queryById': the bell's
   * reader and the page's editor share JeecgBoot's one path); they are not registered here.
   */
  servedElsewhere?: ReadonlySet<string>;
  /** The named server modules pages may name in `entity.server`. */
  modules?: Readonly<Partial<Record<NonNullable<CompiledPage['entity']['server']>, EntityServerModule>>>;
  /** By table: server behaviour around deletes of the table's rows (a role its users hold is kept). */
  hooks?: Readonly<Record<string, EntityHooks>>;
  /**
   * By table: routes a server module serves beside the generic ones of the page over that table, with
   * the page's service (数据规则's JeecgBoot paths under /sys/permission).
   */
  companions?: Readonly<Record<string, EntityServerModule>>;
  /**
   * Told the table of a page after each call that may have written it (any method but GET), so
   * what is cached from that table (the dictionaries) is read again.
   */
  onWrite?: (table: string) => void;
}

type EntityRouteHandler = (request: FastifyRequest, reply: FastifyReply) => unknown;
type EntityMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What an endpoint of a page declares: the permission code it asks for and the shape of its input. */
export interface EntityRouteOptions {
  config: { permission: string };
  schema: { querystring?: object; body?: object };
}

/**
 * Where a page's generic endpoints go: the Fastify app itself for file pages (routes fixed at start),
 * or the route table of an online form, built while the server runs (server/online/form).
 */
export interface EntityRouter {
  add(method: EntityMethod, url: string, options: EntityRouteOptions, handler: EntityRouteHandler): void;
}

/** The app's own router: each endpoint a Fastify route, its permission checked by the auth guard. */
export function appRouter(app: FastifyInstance): EntityRouter {
  return {
    add(method, url, options, handler) {
      app.route({ method, url, ...options, handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> });
    },
  };
}

/** Upload limit per file, as JeecgBoot's '文件大小超出10MB限制'. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const UPLOAD_FIELDS = new Set(['file', 'files', 'files[]']);

const stringOrList = { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] };
/** List filters are the page's own fields; their names vary per page, so any string parameter passes here and translateListQuery decides. */
const listQuerySchema = {
  type: 'object',
  properties: {
    [LIST_PARAMS.pageNo]: { type: 'string' },
    [LIST_PARAMS.pageSize]: { type: 'string' },
    [LIST_PARAMS.column]: { type: 'string' },
    [LIST_PARAMS.order]: { type: 'string' },
    [LIST_PARAMS.superQueryParams]: { type: 'string' },
    [LIST_PARAMS.superQueryMatchType]: { type: 'string' },
    [LIST_PARAMS.selections]: { type: 'string' },
    [LIST_PARAMS.hasQuery]: { type: 'string' },
    [LIST_PARAMS.cursor]: { type: 'string' },
  },
  additionalProperties: stringOrList,
} as const;
const idQuery = { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 64 } } } as const;
const idsQuery = { type: 'object', required: ['ids'], properties: { ids: { type: 'string', minLength: 1, maxLength: 100_000 } } } as const;
const recordBody = { type: 'object' } as const;
const noInput = { type: 'object', properties: { _t: { type: 'string' }, token: { type: 'string' } } } as const;

/** Answers a field-level refusal with the errors listed, so a form can mark each field. */
function sendValidation(reply: FastifyReply, err: EntityValidationError) {
  return reply.code(200).send({ success: false, message: err.message, code: 500, result: { errors: err.errors }, timestamp: Date.now() });
}

async function writing<T>(reply: FastifyReply, action: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await action();
  } catch (err) {
    if (err instanceof EntityValidationError) return sendValidation(reply, err);
    throw err;
  }
}

/**
 * JeecgBoot's page plus `totalExact` (false: counting stopped at LIST_COUNT_LIMIT and `total` is a
 * lower bound that still reaches the next page) and `nextCursor` (send it back as `cursor` with the
 * next page number to read that page without OFFSET).
 */
function pageEnvelope(records: unknown[], page: Omit<ListPage, 'rows'>, pageNo: number, pageSize: number) {
  const { total, totalExact, nextCursor } = page;
  return ok({ records, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize), totalExact, ...(nextCursor ? { nextCursor } : {}) });
}

/** The ids of `selections=a,b` as a filter, or undefined. */
function selectionFilter(query: RawQuery): Expression<SqlBool> | undefined {
  const raw = query.selections;
  const ids = idList(Array.isArray(raw) ? raw.join(',') : raw);
  return ids.length > 0 ? sql<SqlBool>`${sql.ref('id')} IN (${sql.join(ids)})` : undefined;
}

async function readUploads(request: FastifyRequest): Promise<UploadedFile[]> {
  if (!request.isMultipart()) throw new BusinessError('请选择要导入的文件');
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 20 } })) {
      if (part.type !== 'file') continue;
      const content = await part.toBuffer();
      if (UPLOAD_FIELDS.has(part.fieldname) || part.fieldname.startsWith('file')) files.push({ fileName: part.filename, content });
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new BusinessError('文件大小超出10MB限制');
    throw err;
  }
  if (files.length === 0) throw new BusinessError('请选择要导入的文件');
  return files;
}

/** add, edit, delete and deleteBatch of a page that users write. */
function registerWrites(app: FastifyInstance, router: EntityRouter, service: EntityService): void {
  const { model } = service;
  const { apiPath } = model.page.entity;
  const perms = model.page.permissions;

  router.add('POST', entityEndpoint(apiPath, 'add'), { config: { permission: perms.add }, schema: { body: recordBody } }, async (request, reply) =>
    writing(reply, async () => {
      await service.add(app.db, addInput(model.page, (request.body ?? {}) as Record<string, unknown>), actorOf(request));
      return okMessage('添加成功！');
    }),
  );

  // 数据规则 close writes as they close reads: a row the user may not see is one that does not exist.
  const mustSee = async (request: FastifyRequest, ids: readonly string[]) => {
    const rules = await dataRuleCondition(request, app.db, model);
    if (!rules) return;
    for (const id of ids) {
      if (!(await service.store.findById(app.db, id, currentTenant(request), rules))) throw new BusinessError(NOT_FOUND_RECORD);
    }
  };

  const edit = async (request: FastifyRequest, reply: FastifyReply) =>
    writing(reply, async () => {
      const input = (request.body ?? {}) as Record<string, unknown>;
      if (typeof input.id === 'string' || typeof input.id === 'number') await mustSee(request, [String(input.id)]);
      await service.edit(app.db, await editInput(app.db, service, app.dictionaries, input, actorOf(request).tenantId), actorOf(request));
      return okMessage('编辑成功！');
    });
  router.add('PUT', entityEndpoint(apiPath, 'edit'), { config: { permission: perms.edit }, schema: { body: recordBody } }, edit);
  router.add('POST', entityEndpoint(apiPath, 'edit'), { config: { permission: perms.edit }, schema: { body: recordBody } }, edit);

  router.add('DELETE', entityEndpoint(apiPath, 'delete'), { config: { permission: perms.delete }, schema: { querystring: idQuery } }, async (request) => {
    const { id } = request.query as { id: string };
    await mustSee(request, [id]);
    await service.delete(app.db, [id], actorOf(request));
    return okMessage('删除成功！');
  });

  router.add('DELETE', entityEndpoint(apiPath, 'deleteBatch'), { config: { permission: perms.delete }, schema: { querystring: idsQuery } }, async (request) => {
    const ids = idList((request.query as { ids: string }).ids);
    if (ids.length === 0) throw new BusinessError('请选择一条记录！');
    await mustSee(request, ids);
    await service.delete(app.db, ids, actorOf(request), true);
    return okMessage('批量删除成功！');
  });
}

/** What a page's generic endpoints share with every other page's. */
export interface EntityEndpointContext {
  errorFiles: ImportErrorFiles;
  /** Generic endpoints a server module serves itself; not registered here. */
  servedElsewhere: ReadonlySet<string>;
  exportSession: ExportSession;
}

/**
 * list, queryById, add, edit, delete, deleteBatch, exportXls, exportXlsTemplate, importExcel and
 * importErrorFile of one page, on `router`: the same handlers serve a file page (at start) and an
 * online form (server/online/form, built when it is synced).
 */
export function registerEntityEndpoints(app: FastifyInstance, router: EntityRouter, service: EntityService, context: EntityEndpointContext): void {
  const { model } = service;
  const { apiPath } = model.page.entity;
  const perms = model.page.permissions;
  const { errorFiles, servedElsewhere, exportSession } = context;

  const list = async (request: FastifyRequest) => {
    const raw = request.query as RawQuery;
    const query = translateListQuery(model.queryFields, raw, model.listOptions);
    const tree = model.tree;
    // A tree list opens on its roots; a query searches the whole tree.
    const roots =
      tree && !query.where && raw.hasQuery !== 'true'
        ? sql<SqlBool>`${sql.ref(tree.parent.column)} = ${tree.rootValue}`
        : undefined;
    // 数据规则: the rows the user's roles may see of this page; a named view narrows them further.
    const view = await viewListConditions(request, model, raw);
    // A view inside the user's rule (我的案件 within a 公估师's) is read without testing the rule: the same rows.
    // The list's own equalities (and its view's) on what dash_case_name keeps: the cases naming the user are read passing them.
    const kept = view?.kept ?? keptEqualities(model, raw);
    const rules = view && (await rulesImpliedBy(request, app.db, model, view.filter)) ? undefined : await dataRuleCondition(request, app.db, model, { caseNames: true, kept });
    const base = bothConditions(roots, rules);
    const set = bothConditions(base, view?.set);
    const ordered = bothConditions(base, view?.ordered);
    // A search under a rule of departments, or in a view naming the user without a rule to test, is
    // counted by disjoint parts, each through its own index.
    const searched = query.where !== undefined && !roots;
    const arms = !searched
      ? undefined
      : rules
        ? await searchArms(request, app.db, model, raw, view?.set, kept)
        : view && (await viewSearchArms(request, app.db, model, raw, view.filter, kept));
    // Without rule or roots, a view of the cases naming the user is exactly its ids: counted from them alone.
    const ids = base ? undefined : view?.ids;
    const { rows, ...page } = await service.store.list(
      app.db,
      query,
      currentTenant(request),
      set && ordered ? { set, ordered, ...(arms ? { arms } : {}), ...(ids ? { ids } : {}) } : set,
    );
    const records = await toRecords(model, rows, service.dicts);
    return pageEnvelope(records, page, query.page.pageNo, query.page.pageSize);
  };

  router.add('GET', entityEndpoint(apiPath, 'list'), { config: { permission: perms.list }, schema: { querystring: listQuerySchema } }, list);
  // A picker's own list endpoint (the case picker's porp_list): the same list behind the same permission.
  const pickerList = model.page.picker?.listUrl;
  if (pickerList && pickerList !== entityEndpoint(apiPath, 'list')) {
    router.add('GET', pickerList, { config: { permission: perms.list }, schema: { querystring: listQuerySchema } }, list);
  }

  if (!servedElsewhere.has(`GET ${entityEndpoint(apiPath, 'queryById')}`)) {
    router.add('GET', entityEndpoint(apiPath, 'queryById'), { config: { permission: perms.list }, schema: { querystring: idQuery } }, async (request) => {
      const { id } = request.query as { id: string };
      // A row outside the user's data rules is answered as one that does not exist.
      const rules = await dataRuleCondition(request, app.db, model);
      const row = await service.store.findById(app.db, id, currentTenant(request), rules);
      if (!row) throw new BusinessError(NOT_FOUND_RECORD);
      const [record] = await toRecords(model, [row], service.dicts);
      // A main record answers its children's rows under each child's key (form.children).
      return ok(service.children ? { ...record, ...(await service.children.read(app.db, id, currentTenant(request))) } : record);
    });
  }

  // A read-only page (logs) is written by the server alone: no write endpoint exists to be called.
  const writable = !model.page.entity.readOnly;
  if (writable) registerWrites(app, router, service);

  const sendWorkbook = (reply: FastifyReply, fileName: string, write: (out: PassThrough) => Promise<unknown>) => {
    const out = new PassThrough();
    write(out).catch((err: unknown) => {
      app.log.error({ err }, 'excel export failed');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    return reply.type(XLSX_CONTENT_TYPE).header('content-disposition', contentDispositionFor(fileName)).send(out);
  };

  router.add('GET', entityEndpoint(apiPath, 'exportXls'), { config: { permission: perms.exportXls }, schema: { querystring: listQuerySchema } }, async (request, reply) => {
    const raw = request.query as RawQuery;
    const query = translateListQuery(model.queryFields, raw, model.listOptions);
    const user = currentUser(request);
    const extra = bothConditions(
      bothConditions(selectionFilter(raw), await dataRuleCondition(request, app.db, model)),
      await viewCondition(request, model, raw),
    );
    return sendWorkbook(reply, `${model.title}.xlsx`, (out) =>
      writeExport(out, service, app.db, { query, tenantId: currentTenant(request), extra, exportedBy: user.realname, session: exportSession }),
    );
  });

  if (writable) {
    router.add('GET', entityEndpoint(apiPath, 'exportXlsTemplate'), { config: { permission: perms.importExcel }, schema: { querystring: noInput } }, async (_request, reply) =>
      sendWorkbook(reply, `${model.title}导入模板.xlsx`, (out) => writeImportTemplate(out, service, app.db)),
    );

    router.add('POST', entityEndpoint(apiPath, 'importExcel'), { config: { permission: perms.importExcel }, schema: { querystring: noInput } }, async (request) => {
      const files = await readUploads(request);
      const user = currentUser(request);
      try {
        const outcome = await importFiles(service, app.db, files, actorOf(request));
        if (outcome.ok) return okMessage(`文件导入成功！数据行数：${outcome.count}`);
        const fileName = `${model.title}导入错误数据.xlsx`;
        const key = await errorFiles.put(user.userId, fileName, outcome.writeErrorFile);
        const msg = importFailureMessage(outcome.badRows, key !== undefined);
        const result = key === undefined ? { msg } : { fileUrl: `${entityEndpoint(apiPath, 'importErrorFile')}?key=${key}`, fileName, msg };
        return { success: true, code: 201, message: msg, result, timestamp: Date.now() };
      } catch (err) {
        if (err instanceof ExcelFileError) throw new BusinessError(`文件导入失败：${err.message}`);
        throw err;
      }
    });

    router.add(
      'GET',
      entityEndpoint(apiPath, 'importErrorFile'),
      {
        config: { permission: perms.importExcel },
        schema: { querystring: { type: 'object', required: ['key'], properties: { key: { type: 'string', pattern: '^[0-9a-f]{48}$' }, token: { type: 'string' }, _t: { type: 'string' } } } },
      },
      async (request, reply) => {
        const { key } = request.query as { key: string };
        const file = await errorFiles.get(key, currentUser(request).userId);
        if (!file) throw new BusinessError('错误文件不存在或已过期');
        return reply
          .type(XLSX_CONTENT_TYPE)
          .header('content-disposition', contentDispositionFor(file.fileName))
          .header('content-length', String(file.size))
          .send(fs.createReadStream(file.path));
      },
    );
  }

  // A tree page's children (a cascade's own map endpoint replaces this one).
  if (model.tree && !cascadeOwnsChildList(service)) {
    const tree = model.tree;
    router.add(
      'GET',
      entityEndpoint(apiPath, 'childList'),
      { config: { permission: perms.list }, schema: { querystring: { type: 'object', properties: { pid: { type: 'string', maxLength: 64 }, _t: { type: 'string' } } } } },
      async (request: FastifyRequest) => {
        const pid = (request.query as { pid?: string }).pid?.trim() || tree.rootValue;
        const query = translateListQuery(model.queryFields, { pageSize: '1000' }, model.listOptions);
        const under = sql<SqlBool>`${sql.ref(tree.parent.column)} = ${pid}`;
        const { rows } = await service.store.list(app.db, query, currentTenant(request), bothConditions(under, await dataRuleCondition(request, app.db, model)));
        return ok(await toRecords(model, rows, service.dicts));
      },
    );
  }
}

/** A file page's endpoints: the generic ones, its workflow's transitions and its tree's. */
function registerPage(app: FastifyInstance, service: EntityService, context: EntityEndpointContext, workflows: WorkflowContext): void {
  registerEntityEndpoints(app, appRouter(app), service, context);
  if (!service.model.page.entity.readOnly) registerTransitions(app, service, workflows);
  registerTreePicker(app, service);
  registerCascade(app, service);
}

/**
 * The generic endpoints of every entity page at `{apiBase}{apiPath}/…` (list, queryById, add, edit,
 * delete, deleteBatch, exportXls, exportXlsTemplate, importExcel, importErrorFile, and childList for
 * trees) plus those the document names (a tree picker's load and search, a cascade's map and level
 * endpoints), each behind the page's permission code. Needs @fastify/multipart registered on the app.
 * Refuses to start (PageLoadError) when a page's fill-rule field names no rule of sys_fill_rule.
 */
export const entityRoutes: FastifyPluginAsync<EntityRoutesOptions> = async (app, opts) => {
  // A field numbered by a rule that does not exist (or cannot fit) stops the start, naming page, field and code.
  const problems = [...(await fillRuleProblems(app.db, opts.pages)), ...recordPageProblems(opts.pages)];
  if (problems.length > 0) throw new PageLoadError(problems);
  const dicts = new EntityDictionaries(app.db, app.dictionaries, opts.pages);
  const { uploadDir, importErrorFileMaxBytes, importErrorFilesMaxBytes } = app.appConfig;
  const errorFiles = new ImportErrorFiles(path.join(uploadDir, ERROR_FILES_FOLDER), {
    maxFileBytes: importErrorFileMaxBytes,
    maxTotalBytes: importErrorFilesMaxBytes,
  });
  errorFiles.start();
  app.addHook('onClose', async () => errorFiles.stop());
  const models: EntityModel[] = [];
  // A page served by a named module (servedPages.ts) gets no generic route.
  for (const page of opts.pages.filter((p) => !isServedByModule(p))) {
    let columns: Set<string> | undefined;
    if (isSystemTable(page)) {
      const state = await readTable(app.db, page.entity.table);
      columns = new Set(state?.columns.map((c) => c.name) ?? []);
    }
    // A table dictionary outside the allow-list stops the start, not a user's request.
    for (const field of page.fields) if (field.dict?.kind === 'table') dicts.tableSource(field.dict);
    models.push(entityModel(page, columns));
  }
  // Who uses whose rows is read once from all pages: every delete and key change of any page asks it.
  const references = new ReferenceGraph(models);
  const services = new Map(models.map((model) => [pageKey(model.page), new EntityService(model, dicts, references, opts.hooks?.[model.table], app.secrets)] as const));
  // A main page's children (form.children) are other pages' services; a child that is missing stops the start.
  const childProblems = attachFormChildren(services);
  if (childProblems.length > 0) throw new PageLoadError(childProblems);
  // A workflow naming a state its dictionary lacks, or a progress page not loaded, stops the start.
  const workflowTrouble = await workflowProblems(app.dictionaries, opts.pages);
  if (workflowTrouble.length > 0) throw new PageLoadError(workflowTrouble);
  const workflows: WorkflowContext = { services, pages: opts.pages, dictionaries: app.dictionaries };
  setWorkflowEngine({
    ...workflows,
    hub: app.noticeHub,
    log: app.log,
    afterCommit: (probe, push) =>
      whenCommitted(app.db, probe, push, { giveUpMs: 2 * app.appConfig.databaseLimits.statementTimeoutMs, onError: (err) => app.log.warn({ err }, '流程通知推送失败') }),
  });
  for (const model of models) {
    const service = services.get(pageKey(model.page)) as EntityService;
    const named = model.page.entity.server;
    if (named) {
      const module = opts.modules?.[named];
      if (!module) throw new Error(`${model.page.source}#/entity/server 服务模块 ${named} 不存在`);
      module(app, service);
      continue;
    }
    registerPage(app, service, { errorFiles, servedElsewhere: opts.servedElsewhere ?? new Set(), exportSession: opts.databaseKind === 'pglite' ? 'shared' : 'pooled' }, workflows);
    opts.companions?.[model.table]?.(app, service);
    if (model.page.document.grid) registerGridBatch(app, service);
    if (hasRecycleBin(service)) {
      if (!model.softDeleted) throw new PageLoadError([{ source: model.page.source, pointer: '/list/toolbar', message: `表 ${model.table} 没有 del_flag 字段，不能使用回收站（recycleBin）` }]);
      registerRecycleBin(app, service);
    }
  }
  // A record page's figures read other pages' rows: registered once every page has its service.
  for (const service of services.values()) registerRecordSummary(app, service, services);
  // 统计报表 (statistics) read their page's rows and other pages' alike.
  registerStatistics(app, services);
  const onWrite = opts.onWrite;
  if (onWrite) {
    const tables = models.map((model) => ({ path: `${model.page.entity.apiPath}/`, table: model.table }));
    app.addHook('onResponse', async (request) => {
      if (request.method === 'GET' || request.method === 'HEAD') return;
      const url = request.routeOptions.url ?? '';
      const written = tables.find((t) => url.includes(t.path));
      if (written) onWrite(written.table);
    });
  }
};
