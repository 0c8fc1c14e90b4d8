/**
 * Partial indexes for the pages' views that compare two fields of the row (待开票: 已开票金额 <
 * 公估费), which no index on columns serves: the list then read every case of the status and tested
 * each (a million cases: the first page 0.1–0.3 s, its bounded count up to 2 s). A btree on the
 * list's order — (tenant_id, sort column, id) — WHERE the view's whole filter holds the view's rows
 * alone, in the order the list reads them, and the database proves the list's condition implies the
 * predicate (the same expressions: rendered here by rowConditionSql, the values written as literals;
 * the list binds them as parameters, which a one-shot plan folds into constants). Derived from the
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
import { allRowConditions, type ConditionScope } from './entity/rowConditionSql';

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

/** The partial index each view comparing two fields reads by; `db` renders the predicate in its dialect. */
export function viewIndexes(db: Kysely<DB>, pages: readonly CompiledPage[]): ViewIndex[] {
  const models = new PageModels(pages);
  const scope: ConditionScope = { session: NO_SESSION, pages: models };
  const out: ViewIndex[] = [];
  for (const page of pages) {
    const model = models.get(`${page.entity.module}/${page.entity.name}`);
    if (!model) continue;
    const table = page.entity.table;
    const sort = page.list.defaultSort.field.column;
    const columns = [...new Set([...(page.entity.tenantScoped && model.hasColumn('tenant_id') ? ['tenant_id'] : []), sort, 'id'])];
    for (const view of page.views) {
      if (!view.filter.some(comparesFields) || !view.filter.every(fixed)) continue;
      const condition = allRowConditions(model, view.filter, table, scope);
      if (!condition) continue;
      const compiled = condition.compile(db);
      const predicate = compiled.sql.replace(/\$(\d+)/g, (_, n: string) => literal(compiled.parameters[Number(n) - 1]));
      out.push({ table, view: view.key, columns, predicate });
    }
  }
  return out;
}

/** The index's name: the view, and a hash of the predicate, so a changed filter builds a new index. */
export function viewIndexName(index: ViewIndex): string {
  const hash = crypto.createHash('sha256').update(`${index.columns.join()}|${index.predicate}`).digest('hex').slice(0, 8);
  return indexNameFor(index.table, [index.view.toLowerCase(), hash], false, 'view_idx');
}
