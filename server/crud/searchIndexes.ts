/**
 * GIN indexes that let a text search under a data rule of departments find its rows inside the index.
 * A 公估师's rule is 本部门 or a case naming him; a search on 案件名称 (`LIKE '%仓库火灾%'`, trigram
 * GIN) found every case whose name matches — ≈ 58,000 at a million cases, in ≈ 35,000 heap blocks —
 * and tested his department and the view's state on each row: 100–200 ms whatever the view. With
 * btree_gin (migration 0045) a GIN index holds the department column beside the name's trigrams, and
 * a bitmap scan intersects the two posting lists before the table is read (the list counts the rule's
 * department part and its other part apart: entity/searchArms.ts). Derived per page whose named
 * scopes test the user's departments, for each `like` query field on a text column:
 *   - `(department column, field gin_trgm_ops)` over every row (全部案件, views naming the user);
 *   - the same WHERE the view's filter, for each view whose filter is fixed (已结, 历史, 待开票 …):
 *     its rows alone, so the state is not tested on the table either (viewIndexes.ts renders the
 *     predicate as it does for its own partial indexes).
 * And for each field a view's filter tests as the signed-in user's name by equality (我的案件: 主办 is
 * me), `(that field, searched field gin_trgm_ops)` over every row: a 公估师's 我的案件 · 案件名称 fetched his
 * 21,000 cases by id to test the name on each (or read the 58,000 name matches from the table) —
 * 80 ms at a million; the cases he handles and whose name matches are found inside this index, the
 * few thousand naming him otherwise fetched by id (entity/searchArms.ts `viewSearchArms`).
 * No tenant_id column: every row of a tenant shares its one key, and intersecting with that posting
 * list cost more than the table reads it saved (measured: 66–117 ms for the index scan alone at 1M).
 * A unique field (案件编号) is left out: a search names a row or two, which the trigram index alone
 * finds. Built by derivedIndexes.ts after the page tables.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CompiledPage } from '../../runtime/schema/compiledPageTypes';
import type { RowCondition } from '../../runtime/generated/page';
import type { DB } from '../db/types';
import { indexNameFor } from './ddl/identifiers';
import { PageModels } from './entity/pageModels';
import { listShapeOf } from './pages';
import { viewPredicate } from './viewIndexes';

/** One search index: (department or user column, searched column's trigrams), on the rows of a view or every row. */
export interface SearchIndex {
  table: string;
  name: string;
  /** The column beside the trigrams: a department column of a scope, or a column a view compares with the user's name. */
  keyColumn: string;
  column: string;
  /** The view's filter with its values as literals; absent: every row. */
  predicate?: string;
}

/** The fields a condition tests against the user's departments. */
function departFields(condition: RowCondition, into: Set<string>): void {
  if ('field' in condition) {
    if (condition.session === 'departs' || condition.session === 'departTree') into.add(condition.field);
  } else if ('anyOf' in condition) condition.anyOf.forEach((c) => departFields(c, into));
  else if ('allOf' in condition) condition.allOf.forEach((c) => departFields(c, into));
}

/** The fields a condition tests as the signed-in user's name by equality (主办 is me). */
function userFields(condition: RowCondition, into: Set<string>): void {
  if ('field' in condition) {
    if (condition.session === 'username' && condition.op === 'eq' && condition.otherField === undefined) into.add(condition.field);
  } else if ('anyOf' in condition) condition.anyOf.forEach((c) => userFields(c, into));
  else if ('allOf' in condition) condition.allOf.forEach((c) => userFields(c, into));
}

function nameOf(table: string, parts: string[], predicate: string | undefined): string {
  const hash = crypto.createHash('sha256').update(`${parts.join()}|${predicate ?? ''}`).digest('hex').slice(0, 8);
  return indexNameFor(table, [...parts, hash], false, 'search_idx');
}

const searchedByPage = new WeakMap<CompiledPage, readonly string[]>();

/** The columns the page's search indexes hold beside the department: `like` query fields on non-unique text columns. */
export function searchedColumns(page: CompiledPage): readonly string[] {
  // Asked on every list request that searches (entity/searchArms.ts): derived once per page.
  const known = searchedByPage.get(page);
  if (known) return known;
  const unique = new Set(page.fields.filter((f) => f.unique).map((f) => f.column));
  const columns = [...new Set(listShapeOf(page).query.filter((q) => q.mode === 'like' && q.text && !unique.has(q.column)).map((q) => q.column))];
  searchedByPage.set(page, columns);
  return columns;
}

/** The department columns the page's named scopes test against the user's departments. */
export function departColumns(page: CompiledPage): string[] {
  const names = new Set<string>();
  for (const scope of Object.values(page.entity.scopes)) departFields(scope, names);
  return [...names].flatMap((name) => page.fields.find((f) => f.name === name && !f.link)?.column ?? []).sort();
}

const userColumnsByPage = new WeakMap<CompiledPage, readonly string[]>();

/** The columns the page's views compare with the signed-in user's name by equality (我的案件's 主办). */
export function userColumns(page: CompiledPage): readonly string[] {
  // Asked on every search in a view that names the user (entity/searchArms.ts): derived once per page.
  const known = userColumnsByPage.get(page);
  if (known) return known;
  const names = new Set<string>();
  for (const view of page.views) view.filter.forEach((c) => userFields(c, names));
  const columns = [...names].flatMap((name) => page.fields.find((f) => f.name === name && !f.link)?.column ?? []).sort();
  userColumnsByPage.set(page, columns);
  return columns;
}

/** Every search index the pages ask for; `db` renders the views' predicates in its dialect. */
export function searchIndexes(db: Kysely<DB>, pages: readonly CompiledPage[]): SearchIndex[] {
  const models = new PageModels(pages);
  const out = new Map<string, SearchIndex>();
  for (const page of pages) {
    const departs = departColumns(page);
    const users = userColumns(page);
    if (departs.length === 0 && users.length === 0) continue;
    const searched = searchedColumns(page);
    const table = page.entity.table;
    const predicates: Array<{ key: string; predicate: string | undefined }> = [{ key: 'all', predicate: undefined }];
    for (const view of page.views) {
      const predicate = viewPredicate(db, models, page, view.filter);
      if (predicate !== undefined) predicates.push({ key: view.key.toLowerCase(), predicate });
    }
    for (const departColumn of departs) {
      for (const column of searched) {
        for (const { key, predicate } of predicates) {
          const name = nameOf(table, [departColumn, column, key], predicate);
          out.set(name, { table, name, keyColumn: departColumn, column, ...(predicate !== undefined ? { predicate } : {}) });
        }
      }
    }
    // A view naming the user is not fixed: one index over every row serves it.
    for (const userColumn of users) {
      for (const column of searched) {
        const name = nameOf(table, [userColumn, column, 'all'], undefined);
        out.set(name, { table, name, keyColumn: userColumn, column });
      }
    }
  }
  return [...out.values()];
}
