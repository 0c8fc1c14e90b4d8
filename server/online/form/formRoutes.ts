import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { entityEndpoint, type EntityEndpoint } from '../../../runtime/contract/entityEndpoints';
import type { Envelope } from '../../../runtime/contract/envelope';
import { actorOf } from '../../crud/entity/context';
import { dataRuleCondition } from '../../crud/entity/dataRuleScope';
import { currentTenant } from '../../auth/guard';
import { EntityValidationError } from '../../crud/entity';
import { BusinessError, fail, NO_PERMISSION_MESSAGE, ok } from '../../http/envelope';
import { SIGNED_IN } from '../../http/routeConfig';
import { ONLINE_FORM_API } from './naming';
import { formCodesOf, mayUseFormCode, type OnlineForms, type ServedForm } from './servedForms';

export interface OnlineFormRouteOptions {
  forms: OnlineForms;
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
const NAME = { type: 'string', pattern: '^[a-z][A-Za-z0-9]{0,63}$' } as const;
const CODE = { type: 'string', minLength: 1, maxLength: 64 } as const;
const anyQuery = { type: 'object', additionalProperties: true } as const;
export const FORM_NOT_SERVED = '在线表单不存在或尚未同步数据库';

/**
 * Calls one generic endpoint of a served online form, as its Fastify route would be called: the
 * caller must hold the endpoint's own code of that page (or 功能测试), and the query passes the
 * endpoint's own schema. The handler is the one file pages use (server/crud/entity/routes.ts).
 */
async function callEndpoint(request: FastifyRequest, reply: FastifyReply, form: ServedForm, method: string, endpoint: string): Promise<unknown> {
  const route = form.routes.get(`${method} ${form.page.entity.apiPath}/${endpoint}`);
  if (!route) throw new BusinessError('在线表单没有这个接口', 404);
  if (!(await mayUseFormCode(request, route.permission))) return reply.code(200).send(fail(NO_PERMISSION_MESSAGE, 510));
  if (route.query && !route.query(request.query)) throw new BusinessError('请求参数不正确');
  return route.handler(request, reply);
}

async function servedByName(forms: OnlineForms, name: string): Promise<ServedForm> {
  const form = await forms.byName(name);
  if (!form) throw new BusinessError(FORM_NOT_SERVED);
  return form;
}

async function servedById(forms: OnlineForms, code: string): Promise<ServedForm> {
  const form = await forms.byId(code);
  if (!form) throw new BusinessError(FORM_NOT_SERVED);
  return form;
}

/** The query object of the request, given more parameters (a path's id, JeecgBoot's paramsStr). */
function withQuery(request: FastifyRequest, values: Record<string, string>): void {
  Object.assign(request.query as Record<string, unknown>, values);
}

const endpointOf = (name: EntityEndpoint) => entityEndpoint('', name).slice(1);

/**
 * Serves every synced online form at `/online/form/<name>/<endpoint>` (list, queryById, add, edit,
 * delete, deleteBatch, exportXls, exportXlsTemplate, importExcel, importErrorFile, childList), and
 * JeecgBoot's `/online/cgform/api/…` endpoints (contract §4.1) over the same handlers, `{code}`
 * being the head's id. These routes only ask for a session; each call checks the page's own code.
 */
export const onlineFormRoutes: FastifyPluginAsync<OnlineFormRouteOptions> = async (app, { forms }) => {
  const config = { permission: SIGNED_IN };
  for (const method of METHODS) {
    app.route({
      method,
      url: `${ONLINE_FORM_API}/:name/:endpoint`,
      config,
      schema: { params: { type: 'object', required: ['name', 'endpoint'], properties: { name: NAME, endpoint: NAME } }, querystring: anyQuery },
      handler: async (request, reply) => {
        const { name, endpoint } = request.params as { name: string; endpoint: string };
        return callEndpoint(request, reply, await servedByName(forms, name), method, endpoint);
      },
    });
  }

  const api = '/online/cgform/api';
  const codeParams = { type: 'object', required: ['code'], properties: { code: CODE } } as const;

  /** The page document the runtime route `/online/cgformList/:code` renders, with the caller's codes of it. */
  app.get(`${api}/document/:code`, { config, schema: { params: codeParams } }, async (request) => {
    const form = await servedById(forms, (request.params as { code: string }).code);
    const permissions = await formCodesOf(request, form.page);
    if (!permissions.includes(form.page.permissions.list)) throw new BusinessError(NO_PERMISSION_MESSAGE, 510);
    return ok({ document: form.page.document, tableTxt: form.tableTxt, permissions, children: form.childDocuments });
  });

  app.get(`${api}/getColumns/:code`, { config, schema: { params: codeParams } }, async (request, reply) => {
    const form = await servedById(forms, (request.params as { code: string }).code);
    if (!(await mayUseFormCode(request, form.page.permissions.list))) return reply.send(fail(NO_PERMISSION_MESSAGE, 510));
    const { page } = form;
    const dictOptions: Record<string, Array<{ value: string; text: string; title: string; label: string }>> = {};
    for (const column of page.list.columns) {
      if (!column.field.dict) continue;
      const options = await form.service.dicts.options(column.field);
      dictOptions[column.field.name] = options.map((o) => ({ value: o.value, text: o.text, title: o.text, label: o.text }));
    }
    return ok({
      code: form.headId,
      tableType: page.form.children.length > 0 ? 2 : page.entity.tree ? 3 : 1,
      formTemplate: '1',
      description: form.tableTxt,
      currentTableName: page.entity.table,
      paginationFlag: 'Y',
      checkboxFlag: 'Y',
      scrollFlag: 1,
      relationType: 0,
      columns: page.list.columns.map((c) => ({
        title: c.title,
        dataIndex: c.field.name,
        align: 'center',
        ...(c.field.dict ? { customRender: c.field.name } : {}),
        showLength: c.ellipsis,
        sorter: c.sortable,
      })),
      dictOptions,
      fieldHrefSlots: [],
      foreignKeys: (form.service.children?.links ?? []).map((link) => ({ table: link.service.model.table, field: link.foreignKey.column })),
      hideColumns: [],
      cgButtonList: [],
      enhanceJs: '',
      isDesForm: 'N',
      desFormCode: '',
    });
  });

  /**
   * getData answers JeecgBoot's `{total, records}` (no current/size) from the generic list, each
   * record keyed by column (`car_no`, `brand_dictText`) as JeecgBoot's online list reads them.
   */
  app.get(`${api}/getData/:code`, { config, schema: { params: codeParams, querystring: anyQuery } }, async (request, reply) => {
    const form = await servedById(forms, (request.params as { code: string }).code);
    const answer = (await callEndpoint(request, reply, form, 'GET', endpointOf('list'))) as Envelope<{ total: number; records: Record<string, unknown>[] }> | FastifyReply;
    if (!('success' in answer) || !answer.success) return answer;
    const columns = new Map(form.service.model.fields.map((f) => [f.name, f.column]));
    const byColumn = (record: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(record).map(([key, value]) => {
          const dictText = key.endsWith('_dictText') ? key.slice(0, -'_dictText'.length) : undefined;
          const column = columns.get(dictText ?? key);
          return [column ? (dictText ? `${column}_dictText` : column) : key, value];
        }),
      );
    return ok({ total: answer.result.total, records: answer.result.records.map(byColumn) });
  });

  /** JeecgBoot's online insert answers the new record's id as `result`. */
  app.post(`${api}/form/:code`, { config, schema: { params: codeParams, body: { type: 'object' } } }, async (request, reply) => {
    const form = await servedById(forms, (request.params as { code: string }).code);
    if (!(await mayUseFormCode(request, form.page.permissions.add))) return reply.send(fail(NO_PERMISSION_MESSAGE, 510));
    try {
      const id = await form.service.add(request.server.db, { ...(request.body as Record<string, unknown>) }, actorOf(request));
      return ok(id, '添加成功！');
    } catch (err) {
      if (err instanceof EntityValidationError) return reply.send({ success: false, message: err.message, code: 500, result: { errors: err.errors }, timestamp: Date.now() });
      throw err;
    }
  });
  app.put(`${api}/form/:code`, { config, schema: { params: codeParams, body: { type: 'object' } } }, async (request, reply) =>
    callEndpoint(request, reply, await servedById(forms, (request.params as { code: string }).code), 'PUT', endpointOf('edit')),
  );
  const recordParams = { type: 'object', required: ['code', 'id'], properties: { code: CODE, id: { type: 'string', minLength: 1, maxLength: 100_000 } } } as const;
  app.get(`${api}/form/:code/:id`, { config, schema: { params: recordParams, querystring: anyQuery } }, async (request, reply) => {
    const { code, id } = request.params as { code: string; id: string };
    withQuery(request, { id });
    return callEndpoint(request, reply, await servedById(forms, code), 'GET', endpointOf('queryById'));
  });
  app.delete(`${api}/form/:code/:id`, { config, schema: { params: recordParams, querystring: anyQuery } }, async (request, reply) => {
    const { code, id } = request.params as { code: string; id: string };
    withQuery(request, { ids: id });
    return callEndpoint(request, reply, await servedById(forms, code), 'DELETE', endpointOf('deleteBatch'));
  });
  /**
   * JeecgBoot's one-to-many rows of a 附表 under a main row (`subform/list/{table}/{mainId}`): asked
   * through a served 主表 listing that 附表, whose list code (or 功能测试) the caller must hold.
   */
  const subformParams = {
    type: 'object',
    required: ['table', 'mainId'],
    properties: { table: { type: 'string', pattern: '^[a-z][a-z0-9_]{0,62}$' }, mainId: { type: 'string', minLength: 1, maxLength: 64 } },
  } as const;
  app.get(`${api}/subform/list/:table/:mainId`, { config, schema: { params: subformParams, querystring: anyQuery } }, async (request, reply) => {
    const { table, mainId } = request.params as { table: string; mainId: string };
    const mains = await forms.mainsOf(table);
    if (mains.length === 0) throw new BusinessError(FORM_NOT_SERVED);
    for (const main of mains) {
      if (!(await mayUseFormCode(request, main.page.permissions.list))) continue;
      // The main row must be one the caller may see (tenant, data rules): its children are its own.
      const rules = await dataRuleCondition(request, request.server.db, main.service.model);
      if (!(await main.service.store.findById(request.server.db, mainId, currentTenant(request), rules))) continue;
      return ok((await main.service.children?.readOne(request.server.db, table, mainId, currentTenant(request))) ?? []);
    }
    if (!(await Promise.all(mains.map((m) => mayUseFormCode(request, m.page.permissions.list)))).some(Boolean)) return reply.send(fail(NO_PERMISSION_MESSAGE, 510));
    throw new BusinessError('未找到对应数据');
  });

  /** JeecgBoot sends the list's query as `paramsStr` (JSON); its keys become query parameters. */
  app.get(`${api}/exportXls/:code`, { config, schema: { params: codeParams, querystring: anyQuery } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    if (typeof query.paramsStr === 'string') {
      let params: unknown;
      try {
        params = JSON.parse(query.paramsStr);
      } catch {
        throw new BusinessError('paramsStr 不是合法的 JSON');
      }
      delete query.paramsStr;
      if (params && typeof params === 'object') {
        withQuery(request, Object.fromEntries(Object.entries(params as Record<string, unknown>).filter(([, v]) => v !== null && v !== undefined).map(([k, v]) => [k, String(v)])));
      }
    }
    return callEndpoint(request, reply, await servedById(forms, (request.params as { code: string }).code), 'GET', endpointOf('exportXls'));
  });
  app.post(`${api}/importXls/:code`, { config, schema: { params: codeParams, querystring: anyQuery } }, async (request, reply) =>
    callEndpoint(request, reply, await servedById(forms, (request.params as { code: string }).code), 'POST', endpointOf('importExcel')),
  );
};
