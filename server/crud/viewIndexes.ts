/**
 * Partial indexes for the pages' views that compare two fields of the row (待开票: 已开票金额 <
 * 公估费), which no index on columns serves: the list then read every case of the status and tested
 * each (a million cases: the first page 0.1–0.3 s, its bounded count up to 2 s). A btree on the
 * list's order — (tenant_id, sort column, id) — WHERE the view's whole filter holds the view's rows
 * alone, in the order the list reads them, and the database proves the list's condition implies the
 * predicate (the same expressions: rendered here by rowConditionSql, the values written as literals;
 * the list binds them as parameters, which a one-shot plan folds into constants). Beside it, one per
 * `eq` query field of the list, the field in front (the view filtered by 委托方). Derived from the
 * views of the page documents; built by derivedIndexes.ts after the page tables. A view whose filter names the signed-in user or other rows gets none: its
 * predicate would not be fixed.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CompiledPage } from '../../runtime/schema/compiledPageTypes';
import type { RowCondition } from '../../runtime/generated/page';
import type { DB } from '../db/types';
import { indexNameFor } from './ddl/identifiers';
import { PageModels } from './entity/pageModels';
import { allRowConditions } from './entity/rowConditionSql';
import { listShapeOf } from './pages';

/** A partial index of one view: the table, its columns, and the view's filter as its predicate. */
export interface ViewIndex {
  table: string;
  view: string;
  columns: string[];
  /** The view's filter ANDed, every value a literal. */
  predicate: string;
}

/** The condition compares two fields somewhere (the part no column index serves). */
function comparesFields(condition: RowCondition): boolean {
  if ('field' in condition) return condition.otherField !== undefined;
  if ('anyOf' in condition) return condition.anyOf.some(comparesFields);
  if ('allOf' in condition) return condition.allOf.some(comparesFields);
  return false;
}

/** The condition is the same for every user and reads only the row itself. */
function fixed(condition: RowCondition): boolean {
  if ('field' in condition) return condition.session === undefined && condition.op !== 'contains';
  if ('anyOf' in condition) return condition.anyOf.every(fixed);
  if ('allOf' in condition) return condition.allOf.every(fixed);
  return false;
}

/** A bound value of a page document as an SQL literal (text quoted, '' doubled). */
function literal(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  throw new Error(`视图索引的条件值只能是文本、数字或布尔：${String(value)}`);
}

/** No session is read for a fixed condition; the scope only satisfies the signature. */
const NO_SESSION = { userId: '', username: '', tenantId: 0 };

/** The view's whole filter as an index predicate (values as literals), or undefined when it is not fixed (names the user, other rows). */
export function viewPredicate(db: Kysely<DB>, models: PageModels, page: CompiledPage, filter: readonly RowCondition[]): string | undefined {
  const model = models.get(`${page.entity.module}/${page.entity.name}`);
  if (!model || filter.length === 0 || !filter.every(fixed)) return undefined;
  const condition = allRowConditions(model, filter, page.entity.table, { session: NO_SESSION, pages: models });
  if (!condition) return undefined;
  const compiled = condition.compile(db);
  return compiled.sql.replace(/\$(\d+)/g, (_, n: string) => literal(compiled.parameters[Number(n) - 1]));
}

/** The columns a view's filter tests on the row itself (a filter on one of them within the view narrows nothing an index could). */
function filteredColumns(page: CompiledPage, filter: readonly RowCondition[]): Set<string> {
  const names = new Set<string>();
  const visit = (c: RowCondition): void => {
    if ('field' in c) names.add(c.field);
    else if ('anyOf' in c) c.anyOf.forEach(visit);
    else if ('allOf' in c) c.allOf.forEach(visit);
  };
  filter.forEach(visit);
  return new Set(page.fields.flatMap((f) => (names.has(f.name) ? [f.column] : [])));
}

/** The `eq` query fields of the page's list (dictionaries, 委托方) the view does not fix: a view's rows filtered by one are read by its own partial index. */
function eqQueryColumns(page: CompiledPage, filter: readonly RowCondition[]): string[] {
  const fixedByView = filteredColumns(page, filter);
  return listShapeOf(page).query.flatMap((q) => (q.mode === 'eq' && !fixedByView.has(q.column) ? [q.column] : []));
}

/**
 * The partial indexes of each view comparing two fields: one on the list's order, and one per `eq`
 * query field of the list in front of it (待开票 · 委托方 CPIC read ≈ 10% of the view's rows through
 * the first and tested 委托方 on the table: 100+ ms at a million cases; its own index reads a page
 * and counts from the index alone). `db` renders the predicate in its dialect.
 */
export function viewIndexes(db: Kysely<DB>, pages: readonly CompiledPage[]): ViewIndex[] {
  const models = new PageModels(pages);
  const out: ViewIndex[] = [];
  for (const page of pages) {
    const model = models.get(`${page.entity.module}/${page.entity.name}`);
    if (!model) continue;
    const table = page.entity.table;
    const sort = page.list.defaultSort.field.column;
    const head = page.entity.tenantScoped && model.hasColumn('tenant_id') ? ['tenant_id'] : [];
    const columns = [...new Set([...head, sort, 'id'])];
    for (const view of page.views) {
      if (!view.filter.some(comparesFields)) continue;
      const predicate = viewPredicate(db, models, page, view.filter);
      if (predicate === undefined) continue;
      out.push({ table, view: view.key, columns, predicate });
      for (const column of eqQueryColumns(page, view.filter)) {
        if (!model.hasColumn(column)) continue;
        out.push({ table, view: view.key, columns: [...new Set([...head, column, sort, 'id'])], predicate });
      }
    }
  }
  return out;
}

/** The index's name: the view, and a hash of the predicate, so a changed filter builds a new index. */
export function viewIndexName(index: ViewIndex): string {
  const hash = crypto.createHash('sha256').update(`${index.columns.join()}|${index.predicate}`).digest('hex').slice(0, 8);
  return indexNameFor(index.table, [index.view.toLowerCase(), hash], false, 'view_idx');
}
