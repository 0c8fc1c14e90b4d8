import type { FastifyInstance } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { ok } from '../../http/envelope';
import { translateListQuery } from '../query';
import { currentTenant } from '../../auth/guard';
import { toRecords, type EntityRecord } from './records';
import type { EntityService } from './service';
import { escapeLike } from '../query/conditions';

const AREA_PATH = '/maintenance/area';
const CUSTOMER_PATH = '/maintenance/custom';
/** Areas and customers are lists people pick from; far more than this is a query, not a pick list. */
const MAX_PICK_ROWS = 5000;
const MAX_SEARCH_ROWS = 50;

/** Tree pages whose childList is registered here rather than by the generic routes. */
export function hasOwnChildList(apiPath: string): boolean {
  return apiPath === AREA_PATH;
}

type AreaMap = Record<string, Record<string, string>>;

/**
 * JeecgBoot's whole area map below `rootId` (widgets spec §7: childList with id '86' answers
 * `result.records` = {parent code: {child code: name}}), each parent listed only when it has children.
 */
function areaMap(rows: readonly EntityRecord[], rootId: string, parentName: string, nameName: string): AreaMap {
  const children = new Map<string, EntityRecord[]>();
  for (const row of rows) {
    const pid = String(row[parentName] ?? '');
    children.set(pid, [...(children.get(pid) ?? []), row]);
  }
  const map: AreaMap = {};
  const seen = new Set<string>();
  const walk = (parent: string) => {
    const kids = children.get(parent);
    if (!kids || seen.has(parent)) return;
    seen.add(parent);
    map[parent] = Object.fromEntries(kids.map((kid) => [String(kid.id), String(kid[nameName] ?? '')]));
    for (const kid of kids) walk(String(kid.id));
  };
  walk(rootId);
  return map;
}

/**
 * The few endpoints issue 3 names beside the generic ones: `/maintenance/area/city` and the customer
 * tree's `/maintenance/custom/queryCustomerList` and `/maintenance/custom/searchBy`. Each registers
 * only when its page exists, and uses the page's own permission code and fields.
 */
export function specialRoutes(app: FastifyInstance, services: ReadonlyMap<string, EntityService>): void {
  const area = services.get(AREA_PATH);
  const level = area?.model.page.fieldByName.get('level');
  if (area?.model.tree && level) {
    const { model } = area;
    const parent = model.tree!.parent;
    app.get(
      `${AREA_PATH}/city`,
      {
        config: { permission: model.page.permissions.list },
        schema: { querystring: { type: 'object', properties: { pid: { type: 'string', maxLength: 64 }, _t: { type: 'string' } } } },
      },
      async (request) => {
        const pid = (request.query as { pid?: string }).pid?.trim();
        // The cities of a province when it is named, otherwise every city (level 2).
        const where = pid
          ? sql<SqlBool>`${sql.ref(parent.column)} = ${pid}`
          : sql<SqlBool>`${sql.ref(level.column)} = 2`;
        const query = translateListQuery(model.queryFields, { pageSize: String(1000) }, model.listOptions);
        const rows = await area.store.rows(app.db, currentTenant(request)).where(where).orderBy(sql.ref(query.orderBy[0].column), query.orderBy[0].direction).limit(MAX_PICK_ROWS).execute();
        return ok(await toRecords(model, rows, area.dicts));
      },
    );
    const tree = model.tree!;
    const nameField = model.page.fieldByName.get('areaName');
    app.get(
      `${AREA_PATH}/childList`,
      {
        config: { permission: model.page.permissions.list },
        schema: {
          querystring: {
            type: 'object',
            properties: { id: { type: 'string', maxLength: 64 }, pid: { type: 'string', maxLength: 64 }, _t: { type: 'string' } },
          },
        },
      },
      async (request) => {
        const { id, pid } = request.query as { id?: string; pid?: string };
        const query = translateListQuery(model.queryFields, { pageSize: String(1000) }, model.listOptions);
        const ordered = (qb: ReturnType<typeof area.store.rows>) =>
          qb.orderBy(sql.ref(query.orderBy[0].column), query.orderBy[0].direction).limit(MAX_PICK_ROWS).execute();
        if (id?.trim() && !pid?.trim() && nameField) {
          // The whole map at once: the picker needs no further request (areas are a few thousand rows).
          const rows = await ordered(area.store.rows(app.db, currentTenant(request)));
          const records = await toRecords(model, rows, area.dicts);
          return ok({ records: areaMap(records, id.trim(), tree.parent.name, nameField.name) });
        }
        // The tree list's rows under one parent (the generic childList's answer).
        const parentId = pid?.trim() || tree.rootValue;
        const rows = await ordered(area.store.rows(app.db, currentTenant(request)).where(sql<SqlBool>`${sql.ref(parent.column)} = ${parentId}`));
        return ok(await toRecords(model, rows, area.dicts));
      },
    );
  }

  const customer = services.get(CUSTOMER_PATH);
  if (customer?.model.tree) {
    const { model } = customer;
    const tree = model.tree!;
    const nameField = model.page.fieldByName.get('customerName');
    const codeField = model.page.fieldByName.get('customerCode');
    app.get(
      `${CUSTOMER_PATH}/queryCustomerList`,
      { config: { permission: model.page.permissions.list }, schema: { querystring: { type: 'object', properties: { _t: { type: 'string' } } } } },
      async (request) => {
        const query = translateListQuery(model.queryFields, {}, model.listOptions);
        const rows = await customer.store.rows(app.db, currentTenant(request)).orderBy(sql.ref(query.orderBy[0].column), query.orderBy[0].direction).limit(MAX_PICK_ROWS).execute();
        const records = await toRecords(model, rows, customer.dicts);
        // The whole customer tree: each record with its children, roots under the root value.
        const children = new Map<string, EntityRecord[]>();
        for (const record of records) {
          const pid = String(record[tree.parent.name] ?? tree.rootValue);
          children.set(pid, [...(children.get(pid) ?? []), record]);
        }
        const ids = new Set(records.map((r) => String(r.id)));
        const attach = (record: EntityRecord): EntityRecord => {
          const kids = children.get(String(record.id)) ?? [];
          return kids.length > 0 ? { ...record, children: kids.map(attach) } : { ...record };
        };
        const roots = records.filter((r) => !ids.has(String(r[tree.parent.name] ?? '')));
        return ok(roots.map(attach));
      },
    );
    if (nameField) {
      app.get(
        `${CUSTOMER_PATH}/searchBy`,
        {
          config: { permission: model.page.permissions.list },
          schema: { querystring: { type: 'object', properties: { keyWord: { type: 'string', maxLength: 100 }, _t: { type: 'string' } } } },
        },
        async (request) => {
          const keyWord = (request.query as { keyWord?: string }).keyWord?.trim() ?? '';
          let qb = customer.store.rows(app.db, currentTenant(request));
          if (keyWord) {
            const pattern = `%${escapeLike(keyWord)}%`;
            const byCode = codeField ? sql`OR ${sql.ref(codeField.column)} LIKE ${pattern} ESCAPE '\\'` : sql``;
            qb = qb.where(sql<SqlBool>`(${sql.ref(nameField.column)} LIKE ${pattern} ESCAPE '\\' ${byCode})`);
          }
          const rows = await qb.orderBy(sql.ref(nameField.column)).limit(MAX_SEARCH_ROWS).execute();
          return ok(await toRecords(model, rows, customer.dicts));
        },
      );
    }
  }
}
