/**
 * Cases naming a user (migration 0044's dash_case_name: one row per case and user it names, `ways`
 * saying how — 登记, 主办, 协办, 成员 — as bits). A data rule's or a view's condition whose branches
 * all name the signed-in user (`createBy = me`, `handler = me`, `assistants contains me`, a
 * 案件成员 row of me) is read from those rows: an index range over the user's rows instead of one
 * lookup per branch over the cases. Which branches name the user is read from their definition and
 * the page's columns, never from who the user is; any other branch is not recognised (undefined),
 * and the caller counts live.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { RowCondition } from '../../runtime/generated/page';
import type { EntityModel } from '../crud/entity/model';
import type { PageModels } from '../crud/entity/pageModels';
import { NAMING_WAYS } from '../db/migrations/0044_dashboard_case_names';
import { CASE_TABLE, MEMBER_TABLE } from './caseSummary';

export const CASE_NAME_TABLE = 'dash_case_name';

/** The case columns naming a user by equality, or (assistants) as one of a comma-separated list. */
const BY_COLUMN: Readonly<Record<string, { op: string; way: number }>> = {
  create_by: { op: 'eq', way: NAMING_WAYS.createBy },
  handler: { op: 'eq', way: NAMING_WAYS.handler },
  assistants: { op: 'contains', way: NAMING_WAYS.assistants },
};

const onlyKeys = (o: object, keys: readonly string[]) => Object.keys(o).every((k) => keys.includes(k));

/** How a branch names the signed-in user (a bit of `ways`), or undefined when it is not such a branch. */
function wayOf(model: EntityModel, pages: PageModels, b: RowCondition): number | undefined {
  if ('field' in b) {
    const column = model.queryFields.get(b.field)?.column;
    const known = column !== undefined && Object.hasOwn(BY_COLUMN, column) ? BY_COLUMN[column] : undefined;
    const named = b.session === 'username' && onlyKeys(b, ['field', 'op', 'session']);
    return known && named && b.op === known.op ? known.way : undefined;
  }
  if (!('child' in b) || !onlyKeys(b, ['child']) || !onlyKeys(b.child, ['page', 'link', 'where'])) return undefined;
  const child = pages.get(b.child.page);
  const where = b.child.where ?? [];
  if (!child || child.table !== MEMBER_TABLE || !child.tenantScoped || child.softDeleted || where.length !== 1) return undefined;
  if (child.queryFields.get(b.child.link)?.column !== 'receive_id') return undefined;
  const [user] = where;
  const byUser = 'field' in user && onlyKeys(user, ['field', 'op', 'session']) && user.op === 'eq' && user.session === 'username';
  return byUser && child.queryFields.get(user.field)?.column === 'user_name' ? NAMING_WAYS.member : undefined;
}

/**
 * The `ways` of branches every one of which names the user (their bits or'ed), or undefined when one
 * does not — or the page is not the case table as the rows keep it.
 */
export function namingWays(model: EntityModel, pages: PageModels, branches: readonly RowCondition[]): number | undefined {
  if (model.table !== CASE_TABLE || !model.tenantScoped || model.softDeleted || branches.length === 0) return undefined;
  let ways = 0;
  for (const b of branches) {
    const way = wayOf(model, pages, b);
    if (way === undefined) return undefined;
    ways |= way;
  }
  return ways;
}

/** The ways of a view's filter that is one naming branch or an anyOf of them (我的案件: 主办 or 成员; 协办), else undefined. */
export function viewWays(model: EntityModel, pages: PageModels, filter: readonly RowCondition[]): number | undefined {
  if (filter.length !== 1) return undefined;
  const [only] = filter;
  return namingWays(model, pages, 'anyOf' in only ? only.anyOf : [only]);
}

/** The rows (read as `q`) of cases naming `user` in one of `ways`. */
export function namedBy(user: string, ways: number): (q: string) => RawBuilder<SqlBool> {
  return (q) => sql<SqlBool>`${sql.ref(`${q}.user_name`)} = ${user} AND (${sql.ref(`${q}.ways`)} & ${sql.lit(ways)}) <> 0`;
}

/**
 * Case columns dash_case_name copies from its case as they are (as text, kept in the writing
 * transaction by 0044's triggers): a list's equality on one of them holds on the case's rows there
 * too.
 */
export const KEPT_CASE_COLUMNS: ReadonlySet<string> = new Set(['depart_id', 'receive_status', 'insurer_code']);

/** A case column (one of KEPT_CASE_COLUMNS) and the values a list asks it to have (one of them). */
export interface KeptEquality {
  column: string;
  values: readonly string[];
}

/**
 * The equalities as a test on rows of dash_case_name (read as `q`), each ` AND q.column IN (…)`, or
 * nothing. A list whose every row passes them reads only those of the user's rows — the ids of his
 * 委托方's or state's cases (2,390 of a 公估师's 21,271 for one insurer at a million cases), not all of
 * them hashed against the list's rows.
 */
export function keptTest(q: string, equalities: readonly KeptEquality[] | undefined): RawBuilder<unknown> {
  const kept = (equalities ?? []).filter((e) => KEPT_CASE_COLUMNS.has(e.column) && e.values.length > 0);
  if (kept.length === 0) return sql``;
  return sql.join(
    kept.map((e) => sql` AND ${sql.ref(`${q}.${e.column}`)} IN (${sql.join(e.values)})`),
    sql``,
  );
}
