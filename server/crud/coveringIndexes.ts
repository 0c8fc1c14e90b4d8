/**
 * Indexes that let a list count the rows of a data rule or a view from the index alone. A list
 * counts up to LIST_COUNT_LIMIT + 1 rows (query/limits.ts); under a 公估师's rule (本部门 or a case
 * naming him) with a filter (在办, 委托方 CPIC …) the rows were found by reading the table — ten to
 * sixty thousand rows visited for the 10,001 that pass, 100–600 ms at a million cases — because the
 * department the rule tests is not in the filter's index. The list's index for an `eq` query field,
 * (tenant_id, field, sort, id) (ddl/listIndexes.ts), is derived here again with the columns the
 * page's views and named scopes test by value (a fixed value, the user's departments) INCLUDEd: the
 * count reads the index entries and tests those columns on them; the cases naming the user are a
 * hashed list of ids (rowConditionSql.ts), which the index holds too. Tests of the user's name
 * (主办, 登记) are left out: a lookup or dash_case_name serves them.
 *
 * Derived from the page documents; built by derivedIndexes.ts after the page tables.
 */
import type { CompiledPage } from '../../runtime/schema/compiledPageTypes';
import type { RowCondition } from '../../runtime/generated/page';
import { indexNameFor } from './ddl/identifiers';
import { listShapeOf } from './pages';

/** A btree of the list's (key columns) with the tested columns stored beside them (INCLUDE). */
export interface CoveringIndex {
  table: string;
  name: string;
  columns: string[];
  include: string[];
}

/** The fields a condition tests on the row itself by value: a fixed value, or the user's departments. */
function valueFields(condition: RowCondition, into: Set<string>): void {
  if ('field' in condition) {
    const byValue = condition.session === undefined && condition.op !== 'contains' && condition.otherField === undefined;
    if (byValue || condition.session === 'departs' || condition.session === 'departTree') into.add(condition.field);
  } else if ('anyOf' in condition) condition.anyOf.forEach((c) => valueFields(c, into));
  else if ('allOf' in condition) condition.allOf.forEach((c) => valueFields(c, into));
  // A child condition tests another page's rows (a list of ids: the index holds `id`).
}

/** The condition tests the user's departments somewhere (the branch of a rule no lookup serves: a third of the rows). */
function testsDepartments(condition: RowCondition): boolean {
  if ('field' in condition) return condition.session === 'departs' || condition.session === 'departTree';
  if ('anyOf' in condition) return condition.anyOf.some(testsDepartments);
  if ('allOf' in condition) return condition.allOf.some(testsDepartments);
  return false;
}

/**
 * The covering twin of each list index for an `eq` query field, on pages a named scope of which tests
 * the user's departments (a rule of 本部门 or …); the columns the page's scopes and views test by value
 * are included.
 */
export function coveringIndexes(pages: readonly CompiledPage[]): CoveringIndex[] {
  const out = new Map<string, CoveringIndex>();
  for (const page of pages) {
    if (!Object.values(page.entity.scopes).some(testsDepartments)) continue;
    const fields = new Set<string>();
    for (const view of page.views) view.filter.forEach((c) => valueFields(c, fields));
    for (const scope of Object.values(page.entity.scopes)) valueFields(scope, fields);
    const tested = [...fields].flatMap((name) => page.fields.find((f) => f.name === name && !f.link)?.column ?? []).sort();
    if (tested.length === 0) continue;
    const table = page.entity.table;
    const shape = listShapeOf(page);
    const head = shape.tenantScoped ? ['tenant_id'] : [];
    for (const query of shape.query) {
      if (query.mode !== 'eq') continue;
      const columns = [...new Set([...head, query.column, shape.sortColumn, 'id'])];
      const include = tested.filter((c) => !columns.includes(c));
      if (include.length === 0) continue;
      const name = indexNameFor(table, [...columns, 'with', ...include], false);
      out.set(name, { table, name, columns, include });
    }
  }
  return [...out.values()];
}
