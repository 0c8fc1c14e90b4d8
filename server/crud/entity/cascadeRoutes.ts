import type { FastifyInstance } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { entityEndpoint } from '../../../runtime/contract/entityEndpoints';
import type { CompiledCascade } from '../../../runtime/schema/compiledPageTypes';
import { currentTenant } from '../../auth/guard';
import { ok } from '../../http/envelope';
import { pickRows } from './pickRows';
import { bothConditions, dataRuleCondition } from './dataRuleScope';
import { toRecords, type EntityRecord } from './records';
import type { EntityService } from './service';

type CascadeMap = Record<string, Record<string, string>>;

const idQuery = { type: 'string', maxLength: 64 } as const;

/** The cascade of a page's tree (entity.tree.cascade), if it declares one. */
export function cascadeOf(service: EntityService): CompiledCascade | undefined {
  return service.model.page.entity.tree?.cascade;
}

/** The cascade's map endpoint is named childList: it answers childList's pid question, so the generic one steps aside. */
export function cascadeOwnsChildList(service: EntityService): boolean {
  const cascade = cascadeOf(service);
  return cascade !== undefined && cascade.mapUrl === entityEndpoint(service.model.page.entity.apiPath, 'childList');
}

/**
 * JeecgBoot's whole map below `rootId` (widgets spec §7: childList with id '86' answers
 * `result.records` = {parent id: {child id: name}}), each parent listed only when it has children.
 */
function cascadeMap(records: readonly EntityRecord[], rootId: string, parentName: string, nameName: string): CascadeMap {
  const children = new Map<string, EntityRecord[]>();
  for (const record of records) {
    const pid = String(record[parentName] ?? '');
    children.set(pid, [...(children.get(pid) ?? []), record]);
  }
  const map: CascadeMap = {};
  const walk = (parent: string) => {
    const kids = children.get(parent);
    if (!kids || map[parent]) return;
    map[parent] = Object.fromEntries(kids.map((kid) => [String(kid.id), String(kid[nameName] ?? '')]));
    for (const kid of kids) walk(String(kid.id));
  };
  walk(rootId);
  return map;
}

/**
 * The endpoints of a page whose tree declares a cascade (the area widget's province / city / district):
 * the map endpoint (the whole map for `id`, else the rows under `pid` or the root) and one endpoint per
 * declared level (the children of `pid`, else every row of that level). Names and fields come from the
 * document; each endpoint is behind the page's list permission, in the caller's tenant.
 */
export function registerCascade(app: FastifyInstance, service: EntityService): void {
  const cascade = cascadeOf(service);
  const tree = service.model.tree;
  if (!cascade || !tree) return;
  const { model } = service;
  const permission = model.page.permissions.list;
  const parentIs = (pid: string) => sql<SqlBool>`${sql.ref(tree.parent.column)} = ${pid}`;

  app.get(
    cascade.mapUrl,
    { config: { permission }, schema: { querystring: { type: 'object', properties: { id: idQuery, pid: idQuery, _t: { type: 'string' } } } } },
    async (request) => {
      const { id, pid } = request.query as { id?: string; pid?: string };
      const tenant = currentTenant(request);
      const rules = await dataRuleCondition(request, app.db, model);
      if (id?.trim() && !pid?.trim()) {
        // The whole map at once: the cascader needs no further request (areas are a few thousand rows).
        const records = await toRecords(model, await pickRows(service, app.db, tenant, rules), service.dicts);
        return ok({ records: cascadeMap(records, id.trim(), tree.parent.name, cascade.nameField.name) });
      }
      const rows = await pickRows(service, app.db, tenant, bothConditions(parentIs(pid?.trim() || tree.rootValue), rules));
      return ok(await toRecords(model, rows, service.dicts));
    },
  );

  for (const { level, url } of cascade.levelUrls) {
    app.get(
      url,
      { config: { permission }, schema: { querystring: { type: 'object', properties: { pid: idQuery, _t: { type: 'string' } } } } },
      async (request) => {
        const pid = (request.query as { pid?: string }).pid?.trim();
        const where = pid ? parentIs(pid) : sql<SqlBool>`${sql.ref(cascade.levelField.column)} = ${level}`;
        const rows = await pickRows(service, app.db, currentTenant(request), bothConditions(where, await dataRuleCondition(request, app.db, model)));
        return ok(await toRecords(model, rows, service.dicts));
      },
    );
  }
}
