/**
 * Indexes for the pages' child-row conditions (我的案件, the 公估师 rule: a member row of the case
 * names me), which compile to `id IN (SELECT <link> FROM <child> WHERE tenant_id = ? AND <field> = ?
 * …)` (entity/rowConditionSql.ts): a btree on the child's tenant, the fields its `where` tests for
 * equality and then the link lets the database read the user's links from the index alone — the list
 * index on (tenant_id, user_name, create_time, id) finds the member rows too, but then visits the
 * table for every receive_id (tens of thousands of reads for a 公估师 of a million cases, on every
 * list request). Derived from the views and named scopes of the page documents; built by derivedIndexes.ts
 * after the page tables.
 */
import type { CompiledPage } from '../../runtime/schema/compiledPageTypes';
import type { RowCondition } from '../../runtime/generated/page';

type ChildCondition = Extract<RowCondition, { child: unknown }>;

function childConditions(condition: RowCondition, into: ChildCondition[]): void {
  if ('child' in condition) into.push(condition);
  else if ('anyOf' in condition) condition.anyOf.forEach((c) => childConditions(c, into));
  else if ('allOf' in condition) condition.allOf.forEach((c) => childConditions(c, into));
}

/** The (table, columns) of the btree each child condition of a page's views or scopes reads by. */
export function childLinkIndexes(pages: readonly CompiledPage[]): Array<{ table: string; columns: string[] }> {
  const byKey = new Map(pages.map((p) => [`${p.entity.module}/${p.entity.name}`, p]));
  const out = new Map<string, { table: string; columns: string[] }>();
  for (const page of pages) {
    const found: ChildCondition[] = [];
    for (const view of page.views) view.filter.forEach((c) => childConditions(c, found));
    for (const scope of Object.values(page.entity.scopes)) childConditions(scope, found);
    for (const { child } of found) {
      const target = byKey.get(child.page);
      if (!target) continue;
      const columnOf = (name: string) => target.fields.find((f) => f.name === name && !f.link)?.column;
      const link = columnOf(child.link);
      if (!link) continue;
      // Equality tests of the child's own fields come first (the user's name), in the order written.
      const tested = (child.where ?? []).flatMap((c) =>
        'field' in c && c.op === 'eq' && c.otherField === undefined ? [columnOf(c.field)].filter((x): x is string => x !== undefined) : [],
      );
      const columns = [...new Set([...(target.entity.tenantScoped ? ['tenant_id'] : []), ...tested, link])];
      if (tested.length === 0) continue;
      out.set(`${target.entity.table}.${columns.join()}`, { table: target.entity.table, columns });
    }
  }
  return [...out.values()];
}
