import Ajv, { type ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadPageSchema, type CompiledPage } from '../../../runtime/schema/loadPageSchema';
import { currentUser } from '../../auth/guard';
import { permissionCodesOf } from '../../auth/permissions';
import { EntityDictionaries, EntityService, entityModel } from '../../crud/entity';
import { ReferenceGraph } from '../../crud/entity/references';
import { registerEntityEndpoints, type EntityEndpointContext, type EntityRouteOptions, type EntityRouter } from '../../crud/entity/routes';
import { onlineSource } from './documentRules';
import { formNameOf, ONLINE_MODULE, ONLINE_TEST_CODE } from './naming';
import { childLink, FormChildren, type FormChildLink } from '../../crud/entity/formChildren';

export { ONLINE_TEST_CODE } from './naming';
import { onlineDb, type OnlineDb } from './tables';


type Handler = (request: FastifyRequest, reply: FastifyReply) => unknown;

export interface OnlineRoute {
  permission: string;
  query?: ValidateFunction;
  handler: Handler;
}

/** Fastify's own reading of a query string: strings coerced to the schema's types, defaults filled. */
const ajv = new Ajv({ coerceTypes: 'array', useDefaults: true, allErrors: false, strict: false });

/** An online form's endpoints, registered by the same code as a file page's, kept by `METHOD path`. */
class RouteTable implements EntityRouter {
  readonly routes = new Map<string, OnlineRoute>();

  add(method: string, url: string, options: EntityRouteOptions, handler: Handler): void {
    const query = options.schema.querystring ? ajv.compile(options.schema.querystring) : undefined;
    this.routes.set(`${method} ${url}`, { permission: options.config.permission, ...(query ? { query } : {}), handler });
  }
}

/** One synced online form as the server serves it. */
export interface ServedForm {
  headId: string;
  tableTxt: string;
  /** table_version of the synced document, and of each 附表's: a change of either builds the form again. */
  version: string;
  page: CompiledPage;
  service: EntityService;
  routes: ReadonlyMap<string, OnlineRoute>;
  /** The 附表's page documents by reference ('online/policyItem'): the browser compiles them for the 主表's form. */
  childDocuments: Readonly<Record<string, unknown>>;
}

/**
 * The online forms the server serves: each synced head's `synced_document`, compiled by the
 * runtime's loader and given the generic endpoints of server/crud/entity. Every lookup reads the
 * head's synced version, so a sync on any node (or a delete into the recycle bin) takes effect on
 * the next call here without a restart; a page is built again only when its version changed.
 */
export class OnlineForms {
  private readonly built = new Map<string, ServedForm>();
  private readonly db: OnlineDb;

  constructor(
    private readonly app: FastifyInstance,
    private readonly filePages: readonly CompiledPage[],
    private readonly context: EntityEndpointContext,
  ) {
    this.db = onlineDb(app.db);
  }

  /** Dictionaries of an online page: code dictionaries, and table ones over the allow-list or a file page's table. */
  dictionaries(page: CompiledPage): EntityDictionaries {
    return new EntityDictionaries(this.app.db, this.app.dictionaries, [...this.filePages, page]);
  }

  /** The served form whose page is named so (`carInfo` of `/online/form/carInfo/list`). */
  async byName(name: string): Promise<ServedForm | undefined> {
    const heads = await this.db
      .selectFrom('onl_cgform_head')
      .select(['id', 'table_name', 'synced_version'])
      .where('del_flag', '=', 0)
      .where('synced_version', 'is not', null)
      .execute();
    const head = heads.find((h) => formNameOf(h.table_name) === name);
    return head ? this.byId(head.id) : undefined;
  }

  /** The served form of a head (`{code}` of JeecgBoot's online endpoints), undefined when not synced or deleted. */
  async byId(id: string): Promise<ServedForm | undefined> {
    const head = await this.db
      .selectFrom('onl_cgform_head')
      .select(['id', 'table_name', 'table_txt', 'synced_version'])
      .where('id', '=', id)
      .where('del_flag', '=', 0)
      .executeTakeFirst();
    if (!head || head.synced_version === null) {
      this.built.delete(id);
      return undefined;
    }
    const known = this.built.get(id);
    if (known && known.version === (await this.versionOf(head.synced_version, known.page))) return known;
    const form = await this.build(id);
    if (form) this.built.set(id, form);
    return form;
  }

  /** The unique columns of the served form over `tableName` (重复校验 of its form), undefined when none serves it. */
  async uniqueColumns(tableName: string): Promise<readonly string[] | undefined> {
    const head = await this.db
      .selectFrom('onl_cgform_head')
      .select('id')
      .where('table_name', '=', tableName)
      .where('del_flag', '=', 0)
      .executeTakeFirst();
    const form = head ? await this.byId(head.id) : undefined;
    return form?.page.fields.filter((f) => f.unique).map((f) => f.column);
  }

  /** The served 主表 forms listing the 附表 over `tableName` (subform/list asks through them). */
  async mainsOf(tableName: string): Promise<ServedForm[]> {
    const heads = await this.db
      .selectFrom('onl_cgform_head')
      .select(['id', 'sub_table_str'])
      .where('del_flag', '=', 0)
      .where('synced_version', 'is not', null)
      .where('sub_table_str', 'is not', null)
      .execute();
    const mains: ServedForm[] = [];
    for (const head of heads.filter((h) => (h.sub_table_str ?? '').split(',').includes(tableName))) {
      const form = await this.byId(head.id);
      if (form?.service.children?.links.some((link) => link.service.model.table === tableName)) mains.push(form);
    }
    return mains;
  }

  /** Builds every synced form now (at start), so a broken one is logged before anyone calls it. */
  async loadAll(): Promise<void> {
    const heads = await this.db.selectFrom('onl_cgform_head').select('id').where('del_flag', '=', 0).where('synced_version', 'is not', null).execute();
    for (const head of heads) await this.byId(head.id);
  }

  private async build(id: string): Promise<ServedForm | undefined> {
    const head = await this.db
      .selectFrom('onl_cgform_head')
      .select(['table_name', 'table_txt', 'synced_document', 'synced_version'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!head?.synced_document || head.synced_version === null) return undefined;
    const loaded = loadPageSchema(JSON.parse(head.synced_document) as unknown, onlineSource(head.table_name));
    if (!loaded.ok) {
      this.app.log.warn({ errors: loaded.errors, table: head.table_name }, '在线表单的页面定义无法加载');
      return undefined;
    }
    const service = this.serviceOf(loaded.page);
    if (loaded.page.form.children.length > 0) {
      const links: FormChildLink[] = [];
      for (const child of loaded.page.form.children) {
        const childPage = await this.syncedChild(child.page);
        const link = childLink(child, childPage ? this.serviceOf(childPage) : undefined);
        if (typeof link === 'string') {
          this.app.log.warn({ table: head.table_name }, `在线表单的附表无法使用：${link}`);
          return undefined;
        }
        links.push(link);
      }
      service.children = new FormChildren(links);
    }
    const table = new RouteTable();
    registerEntityEndpoints(this.app, table, service, this.context);
    const version = await this.versionOf(head.synced_version, loaded.page);
    const childDocuments = Object.fromEntries((service.children?.links ?? []).map((link) => [link.child.page, link.service.model.page.document]));
    return { headId: id, tableTxt: head.table_txt, version, page: loaded.page, service, routes: table.routes, childDocuments };
  }

  private serviceOf(page: CompiledPage): EntityService {
    const model = entityModel(page);
    return new EntityService(model, this.dictionaries(page), new ReferenceGraph([model]), undefined, this.app.secrets);
  }

  /** The synced page of the online form a 主表 names as its child ('online/policyItem'). */
  private async syncedChild(ref: string): Promise<CompiledPage | undefined> {
    const head = await this.childHead(ref);
    if (!head?.synced_document) return undefined;
    const loaded = loadPageSchema(JSON.parse(head.synced_document) as unknown, onlineSource(head.table_name));
    return loaded.ok ? loaded.page : undefined;
  }

  private async childHead(ref: string) {
    const [module, name] = ref.split('/');
    if (module !== ONLINE_MODULE) return undefined;
    const heads = await this.db
      .selectFrom('onl_cgform_head')
      .select(['table_name', 'synced_document', 'synced_version'])
      .where('del_flag', '=', 0)
      .where('synced_version', 'is not', null)
      .execute();
    return heads.find((h) => formNameOf(h.table_name) === name);
  }

  /** The form's version with its 附表's synced versions: a 附表 synced again rebuilds its 主表. */
  private async versionOf(ownVersion: number, page: CompiledPage): Promise<string> {
    const parts = [String(ownVersion)];
    for (const child of page.form.children) parts.push(String((await this.childHead(child.page))?.synced_version ?? '-'));
    return parts.join('.');
  }
}

/** Whether the caller may use `code` of an online form page: holding it, or 功能测试. */
export async function mayUseFormCode(request: FastifyRequest, code: string): Promise<boolean> {
  const codes = await permissionCodesOf(request.server.db, currentUser(request).userId);
  return codes.has(code) || codes.has(ONLINE_TEST_CODE);
}

/** The codes of a form page the caller may use (功能测试 holders: all of them). */
export async function formCodesOf(request: FastifyRequest, page: CompiledPage): Promise<string[]> {
  const codes = await permissionCodesOf(request.server.db, currentUser(request).userId);
  const all = [...new Set(Object.values(page.permissions))];
  return codes.has(ONLINE_TEST_CODE) ? all : all.filter((code) => codes.has(code));
}
