/**
 * Indexes for the pages' `contains` conditions (a comma list holding a value: 协办人 holds me), which
 * compile to `string_to_array(column, ',') @> ARRAY[value]` (entity/rowConditionSql.ts): a GIN index
 * on that expression answers the 协办案件 view and 首页's 我协办的 without reading every case. Derived
 * from the views and named scopes of the page documents; built by derivedIndexes.ts after the page
 * tables.
 */
import type { CompiledPage } from '../../runtime/schema/compiledPageTypes';
import type { RowCondition } from '../../runtime/generated/page';

function containsFields(condition: RowCondition, into: Set<string>): void {
  if ('field' in condition) {
    if (condition.op === 'contains') into.add(condition.field);
  } else if ('anyOf' in condition) condition.anyOf.forEach((c) => containsFields(c, into));
  else if ('allOf' in condition) condition.allOf.forEach((c) => containsFields(c, into));
  // A child condition tests another page's rows: that page's own documents name its fields.
}

/** The (table, column) pairs a `contains` condition of a page's views or scopes tests. */
export function containsColumns(pages: readonly CompiledPage[]): Array<{ table: string; column: string }> {
  const out = new Map<string, { table: string; column: string }>();
  for (const page of pages) {
    const fields = new Set<string>();
    for (const view of page.views) view.filter.forEach((c) => containsFields(c, fields));
    for (const scope of Object.values(page.entity.scopes)) containsFields(scope, fields);
    for (const name of fields) {
      const column = page.fields.find((f) => f.name === name)?.column;
      if (column) out.set(`${page.entity.table}.${column}`, { table: page.entity.table, column });
    }
  }
  return [...out.values()];
}
