import type { FastifyInstance } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { currentTenant } from '../../auth/guard';
import { ok } from '../../http/envelope';
import { escapeLike } from '../query/conditions';
import { pickRows } from './pickRows';
import { dataRuleCondition } from './dataRuleScope';
import { toRecords, type EntityRecord } from './records';
import type { EntityService } from './service';

/** A search box finds a few nodes to pick, not a list to page through. */
export const MAX_SEARCH_ROWS = 50;

/** Each record with its children (recursively); roots are the records whose parent is not among them. */
function nest(records: readonly EntityRecord[], parentName: string, rootValue: string): EntityRecord[] {
  const children = new Map<string, EntityRecord[]>();
  for (const record of records) {
    const pid = String(record[parentName] ?? rootValue);
    children.set(pid, [...(children.get(pid) ?? []), record]);
  }
  const ids = new Set(records.map((r) => String(r.id)));
  const seen = new Set<string>();
  const attach = (record: EntityRecord): EntityRecord => {
    const id = String(record.id);
    // A cycle in bad data would recurse forever; each node is nested once.
    const kids = seen.has(id) ? [] : (children.get(id) ?? []);
    seen.add(id);
    return kids.length > 0 ? { ...record, children: kids.map(attach) } : { ...record };
  };
  return records.filter((r) => !ids.has(String(r[parentName] ?? ''))).map(attach);
}

/**
 * The tree picker's endpoints of any page whose `picker.tree` names them (widgets spec §2, the customer
 * tree 选择客户): `load` answers the whole tree, records with children; `search` the nodes whose search
 * fields contain `keyWord`. Both behind the page's list permission, in the caller's tenant.
 */
export function registerTreePicker(app: FastifyInstance, service: EntityService): void {
  const { model } = service;
  const pickerTree = model.page.picker?.tree;
  const tree = model.tree;
  if (!pickerTree || !tree) return;
  const permission = model.page.permissions.list;

  app.get(
    pickerTree.loadUrl,
    { config: { permission }, schema: { querystring: { type: 'object', properties: { _t: { type: 'string' } } } } },
    async (request) => {
      const rows = await pickRows(service, app.db, currentTenant(request), await dataRuleCondition(request, app.db, model));
      const records = await toRecords(model, rows, service.dicts);
      return ok(nest(records, tree.parent.name, tree.rootValue));
    },
  );

  if (!pickerTree.searchUrl) return;
  const searched = pickerTree.searchFields;
  const textField = model.page.picker!.textField;
  app.get(
    pickerTree.searchUrl,
    {
      config: { permission },
      schema: { querystring: { type: 'object', properties: { keyWord: { type: 'string', maxLength: 100 }, _t: { type: 'string' } } } },
    },
    async (request) => {
      const keyWord = (request.query as { keyWord?: string }).keyWord?.trim() ?? '';
      let rows = service.store.rows(app.db, currentTenant(request));
      const rules = await dataRuleCondition(request, app.db, model);
      if (rules) rows = rows.where(rules);
      if (keyWord) {
        const pattern = `%${escapeLike(keyWord)}%`;
        const matches = searched.map((field) => sql<SqlBool>`${sql.ref(field.column)} LIKE ${pattern} ESCAPE '\\'`);
        rows = rows.where(sql<SqlBool>`(${sql.join(matches, sql` OR `)})`);
      }
      const found = await rows.orderBy(sql.ref(textField.column)).limit(MAX_SEARCH_ROWS).execute();
      return ok(await toRecords(model, found, service.dicts));
    },
  );
}
