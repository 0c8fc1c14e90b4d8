import { sql, type Expression, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { CompiledField } from '../../../runtime/schema/compiledPageTypes';
import { treeRootValues } from '../../../runtime/schema/treeRoots';
import type { DB } from '../../db/types';
import { inTransaction } from '../../db/transaction';
import { FileReferences } from '../../files/fileReferences';
import { newId } from '../../db/ids';
import { recordVersions } from '../../sys/log/dataLog';
import { applyListFilter, applyListOrder, LIST_COUNT_LIMIT, makeCursor, queryFingerprint, readCursor, type ListQuery, type SortOrder } from '../query';
import { afterKey, keyAlias, keyOf, keySelections, keysetOrder } from './keyset';
import { isLargeTable } from './largeTables';
import { writeLinks } from './links';
import type { EntityDictionaries } from './dictionaries';
import type { EntityModel } from './model';
import type { EntityRow } from './records';
import type { AllowedKeys, AllowedValues, EntityValues } from './validate';
import { STANDARD_COLUMN_NAMES as COLUMN } from '../../../runtime/contract/standardColumns';
import type { SecretBox } from '../../secrets/secretBox';

/**
 * Entity tables are named by page files, so Kysely cannot know their columns; every table and
 * column name used below comes from the compiled page (sql.ref / sql.table), every value is bound.
 */
type AnyTables = Record<string, Record<string, unknown>>;
type Rows = SelectQueryBuilder<AnyTables, string, EntityRow>;

/** Who writes, for the audit fields and tenant scoping. */
export interface Actor {
  username: string;
  orgCode: string | null;
  tenantId: number;
}

const INSERT_BATCH = 500;

/** A page of a list: its rows, the total (exact, or a lower bound past LIST_COUNT_LIMIT) and the continuation. */
export interface ListPage {
  rows: EntityRow[];
  total: number;
  totalExact: boolean;
  /** Present when a next row exists: the `cursor` that reads the next page after this one's last row. */
  nextCursor?: string;
}

/**
 * A list's extra condition written twice, the same rows both times: as a set (counted, and the
 * cursor's fingerprint) and for reading a page in the list's order (rowConditionSql.ts
 * ConditionScope.ordered) — the shape an index answers best differs between the two.
 */
export interface ListCondition {
  set: Expression<SqlBool>;
  ordered: Expression<SqlBool>;
  /**
   * The set again as disjoint parts (each row of it passes exactly one): a search is counted part by
   * part, each through its own indexes (a 公估师's rule: his departments through the search index
   * holding the department, the cases naming him outside them by id — entity/searchArms.ts), where
   * the OR of the parts let no index narrow the search by department.
   */
  arms?: Expression<SqlBool>[];
  /**
   * The ids of exactly the rows of the set, each once, each a visible row of the tenant (我的案件: the
   * user's rows of dash_case_name): a list that filters nothing more counts them alone — an index
   * range — instead of fetching each row by its key to count it (10,001 probes for a 公估师 at a million).
   */
  ids?: Expression<unknown>;
}

const KEY_PREFIX = keyAlias(0).replace(/0$/, '');
/** The bounded count read with a page (same prefix as the sort keys, so the row answered leaves it out too). */
const TOTAL_ALIAS = `${KEY_PREFIX}total`;

/** A row without the sort-key columns (and the count) the page was read with. */
function withoutKeys(row: EntityRow): EntityRow {
  const kept: EntityRow = {};
  for (const name in row) if (!name.startsWith(KEY_PREFIX)) kept[name] = row[name];
  return kept;
}

/** Column aliases of the search counted first (countMatches): none is a column a list sorts by. */
const MATCHED_TOTAL = '__matched_total';

/** A search counted first: how many rows match (at most the count limit + 1), and the ids of the page when the count is exact. */
interface CountedMatches {
  total: number;
  /** The ids of the page's rows (pageSize + 1 at most) in the list's order, read from the counted rows when at most the count limit match. */
  pageIds?: string[];
}

/**
 * Counts a search's matching rows (up to `countLimit` + 1) and, when the count is exact (at most
 * `countLimit` match), reads the ids of the sorted page from those same rows in the same statement:
 * the matching rows are read once with their sort columns (MATERIALIZED keeps PostgreSQL from folding
 * the filter back into a walk of the sort index, which is what it does when it guesses matches are
 * common), counted, then sorted and cut — all of them are there, and sorting ten thousand keys in
 * memory costs a few ms where walking the sort index for a page of a 1% search tested rule and view
 * on a thousand rows (50–60 ms for a 公估师's 已结 · 案件名称 at a million cases). The filter's own
 * indexes (trigram, characters, btree) find the rows; `matching` gives one query, or one per disjoint
 * part of the list's condition (ListCondition.arms), each bounded alike and appended. A search that
 * costs a few hundred milliseconds to find (cases naming a user by 案件名称) was read twice before:
 * once counted, once for its page.
 */
async function countMatches(
  db: Kysely<DB>,
  matching: (columns: readonly string[]) => Rows[],
  order: readonly SortOrder[],
  countLimit: number,
  page: { limit: number; offset: number; after: Expression<SqlBool> | undefined },
): Promise<CountedMatches> {
  const columns = [...new Set([...order.map((o) => o.column), 'id'])];
  const orderBy = sql.join(order.map((o) => sql`${sql.ref(o.column)} ${sql.raw(o.direction === 'desc' ? 'DESC' : 'ASC')}`));
  const after = page.after ? sql`AND ${page.after}` : sql``;
  const total = sql.ref(`counted.${MATCHED_TOTAL}`);
  const parts = matching(columns).map((q) => q.limit(countLimit + 1));
  const rowsMatching = parts.length === 1 ? parts[0] : sql`${sql.join(parts.map((q) => sql`(${q})`), sql` UNION ALL `)} LIMIT ${countLimit + 1}`;
  const { rows } = await sql<{ total: number | string; id: string | null }>`
    WITH matched AS MATERIALIZED (${rowsMatching}),
    counted AS (SELECT count(*) AS ${sql.ref(MATCHED_TOTAL)} FROM matched)
    SELECT ${total} AS total, few.id FROM counted LEFT JOIN LATERAL (
      SELECT CAST(${sql.ref('id')} AS text) AS id FROM matched WHERE ${total} <= ${countLimit} ${after}
      ORDER BY ${orderBy} LIMIT ${page.limit} OFFSET ${page.offset}
    ) AS few ON TRUE`.execute(db);
  const counted = Number(rows[0]?.total ?? 0);
  if (counted > countLimit) return { total: counted };
  return { total: counted, pageIds: rows.flatMap((r) => (r.id === null ? [] : [r.id])) };
}

/** Fields stored as varchar or text, whose values compare as text without a cast. */
const textTyped = (field: CompiledField): boolean => field.type === 'string' || field.type === 'text';

export function dynamic(db: Kysely<DB>): Kysely<AnyTables> {
  return db as unknown as Kysely<AnyTables>;
}

/** Table access for one entity, always within the caller's tenant when the entity is tenant-scoped. */
export class EntityStore {
  /** The stored files the rows use, written with the rows (server/files/fileReferences.ts). */
  readonly files: FileReferences;

  constructor(
    readonly model: EntityModel,
    private readonly dicts: EntityDictionaries,
    /** Seals the page's encrypted fields; a page without them needs none. */
    private readonly secrets?: () => SecretBox,
  ) {
    this.files = new FileReferences(model.table, model.page);
  }

  /**
   * Whether a row as its INSERT/UPDATE … RETURNING answers it is the row as the write leaves it, so
   * the data log need not read it again: not in a tree, whose has-child flags the write refreshes
   * afterwards (a batch may hold a parent and its child).
   */
  private get storedRowsFinal(): boolean {
    return !this.model.tree;
  }

  get scoped(): boolean {
    return this.model.tenantScoped && this.model.hasColumn(COLUMN.tenantId);
  }

  tenantCondition(tenantId: number): Expression<SqlBool> | undefined {
    return this.scoped ? sql<SqlBool>`${sql.ref(COLUMN.tenantId)} = ${tenantId}` : undefined;
  }

  /**
   * The rows a page shows: its tenant's, and on a table that keeps deleted rows (del_flag, JeecgBoot's
   * logical delete) only the live ones — del_flag is 0, '0' or a number in text, so it is compared as text.
   */
  visibleCondition(tenantId: number, deleted = false): Expression<SqlBool> | undefined {
    const tenant = this.tenantCondition(tenantId);
    if (!this.model.softDeleted) return tenant;
    const flag = deleted ? sql<SqlBool>`CAST(${sql.ref('del_flag')} AS text) <> '0'` : sql<SqlBool>`CAST(${sql.ref('del_flag')} AS text) = '0'`;
    return tenant ? sql<SqlBool>`${tenant} AND ${flag}` : flag;
  }

  /** Rows of the caller's tenant, with the computed has-child flag of a tree without a declared one. */
  rows(db: Kysely<DB>, tenantId: number): Rows {
    const { table, tree } = this.model;
    let qb = dynamic(db).selectFrom(table).selectAll() as unknown as Rows;
    if (tree && !tree.hasChild) {
      const child = sql<boolean>`EXISTS (SELECT 1 FROM ${sql.table(table)} AS c WHERE c.${sql.ref(tree.parent.column)} = ${sql.table(table)}.${sql.ref('id')})`;
      qb = qb.select(child.as('has_child')) as unknown as Rows;
    }
    const visible = this.visibleCondition(tenantId);
    return visible ? qb.where(visible) : qb;
  }

  /**
   * One page of the list and its total. The page is read one row long, which tells whether a next
   * page exists (then `nextCursor` continues after its last row, see query/cursor.ts); with the
   * request's `cursor` it is read as the rows after that key (no OFFSET). The total is counted only
   * up to `countLimit` (LIST_COUNT_LIMIT): past it `totalExact` is false and `total` is a lower bound
   * — countLimit + 1, or the end of the next page when that is further — so JeecgBoot's pager still
   * reaches the next page. The last page (no next row) knows its total without counting.
   *
   * A request that searches (its own conditions) a large table is counted first (by the condition's
   * disjoint `arms` when it has them): the sorted page of a search at most `countLimit` rows match is
   * read from those rows (countMatches, pageByIds), since walking the sort index
   * for rows that hardly occur reads the whole table (a name nobody has: seconds at a million rows);
   * none matching reads no page at all.
   */
  async list(
    db: Kysely<DB>,
    query: ListQuery,
    tenantId: number,
    condition?: Expression<SqlBool> | ListCondition,
    countLimit: number = LIST_COUNT_LIMIT,
  ): Promise<ListPage> {
    const extra = condition && 'set' in condition ? condition.set : condition;
    const pageExtra = condition && 'ordered' in condition ? condition.ordered : condition;
    const arms = condition && 'set' in condition && condition.arms && condition.arms.length > 0 ? condition.arms : undefined;
    const filtered = (qb: Rows, where: Expression<SqlBool> | undefined = extra) => {
      const visible = this.visibleCondition(tenantId);
      let q = visible ? qb.where(visible) : qb;
      if (where) q = q.where(where);
      return applyListFilter(q, query);
    };
    const matching = () => filtered(dynamic(db).selectFrom(this.model.table).select(sql<number>`1`.as('one')) as unknown as Rows);
    const matchingColumns = (columns: readonly string[]) =>
      (arms ?? [extra]).map((where) => filtered(dynamic(db).selectFrom(this.model.table).select(columns.map((c) => sql.ref(c).as(c))) as unknown as Rows, where));
    const ids = condition && 'set' in condition && query.where === undefined ? condition.ids : undefined;
    // The rows counted (up to the limit + 1): the set's own ids when the request filters nothing more.
    const counting = () => (ids ? sql`SELECT 1 FROM (${ids}) AS ids LIMIT ${countLimit + 1}` : matching().limit(countLimit + 1));
    const count = async (): Promise<number> => {
      const counted = await sql<{ total: number | string }>`
        SELECT count(*) AS total FROM (${counting()}) AS matched`.execute(db);
      return Number(counted.rows[0]?.total ?? 0);
    };
    // Ties in the sort (rows seeded or imported together share a create time) are broken by id as
    // the export breaks them: a page never repeats or skips a row of the one before, and the export
    // keeps the list's order.
    const order = keysetOrder(query.orderBy);
    const { pageNo, pageSize, offset, cursor } = query.page;
    const probe = matching().compile();
    const fingerprint = queryFingerprint([this.model.table, probe.sql, probe.parameters, order, pageSize]);
    const after = cursor === undefined ? undefined : afterKey(order, readCursor(cursor, pageNo, fingerprint, order.length));

    const skip = after ? 0 : offset;
    const counted =
      query.where !== undefined && (await isLargeTable(db, this.model.table))
        ? await countMatches(db, matchingColumns, order, countLimit, { limit: pageSize + 1, offset: skip, after })
        : undefined;
    const countedFirst = counted?.total;
    const answerOf = (rows: EntityRow[], nextCursor: string | undefined) => (total: number, totalExact: boolean): ListPage => ({
      rows,
      total,
      totalExact,
      ...(nextCursor ? { nextCursor } : {}),
    });
    if (countedFirst === 0) return answerOf([], undefined)(0, true);

    let page = applyListFilter(pageExtra ? this.rows(db, tenantId).where(pageExtra) : this.rows(db, tenantId), query);
    if (after) page = page.where(after);
    page = page.select(keySelections(order));
    // Not counted yet: the bounded count rides along with the page as an uncounted subquery (an
    // InitPlan, run once), so the list costs one round trip, not two.
    if (countedFirst === undefined) page = page.select(sql<number>`(SELECT count(*) FROM (${counting()}) AS matched)`.as(TOTAL_ALIAS));
    const read = counted?.pageIds
      ? await this.pageByIds(db, tenantId, counted.pageIds, order)
      : await applyListOrder(page, { orderBy: order }).limit(pageSize + 1).offset(skip).execute();
    const countedWithPage = read.length > 0 && read[0][TOTAL_ALIAS] !== undefined ? Number(read[0][TOTAL_ALIAS]) : undefined;
    const shown = read.slice(0, pageSize);
    const hasNext = read.length > pageSize;
    const last = shown.at(-1);
    const nextCursor = hasNext && last ? makeCursor(pageNo + 1, keyOf(last, order), fingerprint) : undefined;
    const answer = answerOf(shown.map(withoutKeys), nextCursor);

    if (!hasNext && (shown.length > 0 || offset === 0)) return answer(offset + shown.length, true);
    const total = countedFirst ?? countedWithPage ?? (await count());
    if (total <= countLimit) return answer(total, true);
    return answer(hasNext ? Math.max(countLimit + 1, offset + pageSize + 1) : countLimit + 1, false);
  }

  /** The rows of a page whose ids a count found (countMatches), with their sort keys, in the list's order. */
  private async pageByIds(db: Kysely<DB>, tenantId: number, ids: readonly string[], order: readonly SortOrder[]): Promise<EntityRow[]> {
    if (ids.length === 0) return [];
    const rows = this.rows(db, tenantId).where(sql<SqlBool>`${sql.ref('id')} IN (${sql.join(ids)})`).select(keySelections(order));
    return applyListOrder(rows, { orderBy: [...order] }).execute();
  }

  /** One row of the tenant; `extra` narrows further (the reader's data rules). */
  async findById(db: Kysely<DB>, id: string, tenantId: number, extra?: Expression<SqlBool>): Promise<EntityRow | undefined> {
    const rows = this.rows(db, tenantId).where(sql<SqlBool>`${sql.ref('id')} = ${id}`);
    return (extra ? rows.where(extra) : rows).executeTakeFirst();
  }

  async findByIds(db: Kysely<DB>, ids: readonly string[], tenantId: number): Promise<EntityRow[]> {
    if (ids.length === 0) return [];
    return this.rows(db, tenantId).where(sql<SqlBool>`${sql.ref('id')} IN (${sql.join(ids)})`).execute();
  }

  private columnsOf(values: EntityValues): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const field of this.model.page.fields) {
      if (field.link || !Object.hasOwn(values, field.name)) continue;
      const value = values[field.name];
      out[field.column] = field.encrypted && value !== null ? this.seal(String(value)) : value;
    }
    return out;
  }

  private seal(plain: string): string {
    if (!this.secrets) throw new Error(`${this.model.page.source}: 加密字段需要加密密钥，但服务未提供`);
    return this.secrets().seal(plain);
  }

  /**
   * Inserts records (batched, in the caller's transaction or a new one) with the files they use;
   * returns their ids in order.
   */
  async insert(db: Kysely<DB>, records: readonly EntityValues[], actor: Actor, ids?: readonly (string | undefined)[]): Promise<string[]> {
    const { model } = this;
    const made: string[] = [];
    const rows = records.map((values, i) => {
      const id = ids?.[i] ?? newId();
      made.push(id);
      const row: Record<string, unknown> = { id, ...this.columnsOf(values) };
      if (model.hasColumn(COLUMN.createBy)) row[COLUMN.createBy] = actor.username;
      if (model.hasColumn(COLUMN.sysOrgCode)) row[COLUMN.sysOrgCode] = actor.orgCode;
      if (this.scoped) row[COLUMN.tenantId] = actor.tenantId;
      if (model.tree?.hasChild) row[model.tree.hasChild.column] = model.tree.no;
      return row;
    });
    return inTransaction(db, async (trx) => {
      const stored: EntityRow[] = [];
      for (let i = 0; i < rows.length; i += INSERT_BATCH) {
        const insert = dynamic(trx).insertInto(model.table).values(rows.slice(i, i + INSERT_BATCH));
        if (this.storedRowsFinal) stored.push(...((await insert.returningAll().execute()) as EntityRow[]));
        else await insert.execute();
      }
      for (const [i, values] of records.entries()) await writeLinks(trx, model.links, made[i], values, false);
      await this.files.added(trx, rows.map((row, i) => ({ id: made[i], tenantId: this.scoped ? actor.tenantId : null, columns: row })));
      await this.refreshHasChild(trx, this.parentsOf(records));
      // 数据日志: version 1 of each new record, committed or rolled back with it.
      await recordVersions(trx, model, made, actor, this.storedRowsFinal ? stored : undefined);
      return made;
    });
  }

  /** Updates one record of the actor's tenant and, when a file field changes, the files it uses — in one transaction. */
  async update(db: Kysely<DB>, id: string, values: EntityValues, actor: Actor, before: EntityRow): Promise<void> {
    const { model } = this;
    const set: Record<string, unknown> = this.columnsOf(values);
    if (model.hasColumn(COLUMN.updateBy)) set[COLUMN.updateBy] = actor.username;
    if (model.hasColumn(COLUMN.updateTime)) set[COLUMN.updateTime] = sql`now()`;
    if (Object.keys(set).length === 0 && !model.links.some((f) => Object.hasOwn(values, f.name))) return;
    const tenant = this.tenantCondition(actor.tenantId);
    await inTransaction(db, async (trx) => {
      let stored: EntityRow[] | undefined;
      if (Object.keys(set).length > 0) {
        let qb = dynamic(trx).updateTable(model.table).set(set).where(sql<SqlBool>`${sql.ref('id')} = ${id}`);
        if (tenant) qb = qb.where(tenant);
        if (this.storedRowsFinal) stored = (await qb.returningAll().execute()) as EntityRow[];
        else await qb.execute();
      }
      await writeLinks(trx, model.links, id, values, true);
      if (this.files.fields.some(({ field }) => Object.hasOwn(set, field.column))) {
        await this.files.replaced(trx, [{ id, tenantId: this.scoped ? actor.tenantId : null, columns: { ...before, ...set } }]);
      }
      if (model.tree) {
        const oldParent = before[model.tree.parent.column];
        await this.refreshHasChild(trx, [...this.parentsOf([values]), ...(typeof oldParent === 'string' ? [oldParent] : [])]);
      }
      // 数据日志: the record as now stored becomes its next version, in the edit's transaction.
      await recordVersions(trx, model, [id], actor, stored);
    });
  }

  /**
   * Deletes rows of the tenant, and their file references with them; returns how many went. A table
   * that keeps deleted rows (del_flag) only marks them (the recycle bin can restore them) unless
   * `purge`; their files stay referenced until they are purged.
   */
  async delete(db: Kysely<DB>, rows: readonly EntityRow[], tenantId: number, purge = false): Promise<number> {
    if (rows.length === 0) return 0;
    const ids = rows.map((r) => String(r.id));
    const tenant = this.tenantCondition(tenantId);
    if (this.model.softDeleted && !purge) return this.setDeleted(db, ids, tenantId, true);
    return inTransaction(db, async (trx) => {
      let qb = dynamic(trx).deleteFrom(this.model.table).where(sql<SqlBool>`${sql.ref('id')} IN (${sql.join(ids)})`);
      if (tenant) qb = qb.where(tenant);
      const result = await qb.executeTakeFirst();
      await this.files.removed(trx, ids);
      const tree = this.model.tree;
      if (tree) await this.refreshHasChild(trx, rows.map((r) => r[tree.parent.column]).filter((p): p is string => typeof p === 'string'));
      return Number(result.numDeletedRows);
    });
  }

  /** Marks rows deleted (into the recycle bin) or live again (还原); returns how many changed. */
  async setDeleted(db: Kysely<DB>, ids: readonly string[], tenantId: number, deleted: boolean): Promise<number> {
    if (ids.length === 0) return 0;
    const set: Record<string, unknown> = { del_flag: deleted ? 1 : 0 };
    if (this.model.hasColumn('update_time')) set.update_time = sql`now()`;
    const current = this.visibleCondition(tenantId, !deleted);
    let qb = dynamic(db).updateTable(this.model.table).set(set).where(sql<SqlBool>`${sql.ref('id')} IN (${sql.join(ids)})`);
    if (current) qb = qb.where(current);
    const result = await qb.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** The tenant's rows in the recycle bin (newest deletion first), at most `limit`. */
  async deletedRows(db: Kysely<DB>, tenantId: number, limit: number): Promise<EntityRow[]> {
    const deleted = this.visibleCondition(tenantId, true);
    let qb = dynamic(db).selectFrom(this.model.table).selectAll() as unknown as Rows;
    if (deleted) qb = qb.where(deleted);
    const order = this.model.hasColumn('update_time') ? 'update_time' : 'id';
    return qb.orderBy(sql.ref(order), 'desc').limit(limit).execute();
  }

  /** Rows of the tenant's recycle bin among these ids. */
  async findDeleted(db: Kysely<DB>, ids: readonly string[], tenantId: number): Promise<EntityRow[]> {
    if (ids.length === 0) return [];
    const deleted = this.visibleCondition(tenantId, true);
    let qb = (dynamic(db).selectFrom(this.model.table).selectAll() as unknown as Rows).where(sql<SqlBool>`${sql.ref('id')} IN (${sql.join(ids)})`);
    if (deleted) qb = qb.where(deleted);
    return qb.execute();
  }

  /** Ids among `ids` with children outside `ids` (a tree node is deleted only with all its children). */
  async withChildren(db: Kysely<DB>, ids: readonly string[]): Promise<Set<string>> {
    const tree = this.model.tree;
    if (!tree || ids.length === 0) return new Set();
    const { rows } = await sql<{ parent: string }>`
      SELECT DISTINCT CAST(${sql.ref(tree.parent.column)} AS text) AS parent FROM ${sql.table(this.model.table)}
      WHERE CAST(${sql.ref(tree.parent.column)} AS text) IN (${sql.join(ids)})
        AND ${sql.ref('id')} NOT IN (${sql.join(ids)})`.execute(db);
    return new Set(rows.map((r) => r.parent));
  }

  private parentsOf(records: readonly EntityValues[]): string[] {
    const tree = this.model.tree;
    if (!tree) return [];
    return records.map((r) => r[tree.parent.name]).filter((p): p is string => typeof p === 'string' && p !== tree.rootValue);
  }

  /** Recomputes the declared has-child flag of every row (after a bulk load such as the seed). */
  async refreshAllHasChild(db: Kysely<DB>): Promise<void> {
    const tree = this.model.tree;
    if (!tree?.hasChild) return;
    const table = sql.table(this.model.table);
    await sql`
      UPDATE ${table} AS t SET ${sql.ref(tree.hasChild.column)} = CASE WHEN EXISTS (
        SELECT 1 FROM ${table} AS c WHERE c.${sql.ref(tree.parent.column)} = t.id) THEN ${tree.yes} ELSE ${tree.no} END`.execute(db);
  }

  /** Sets the declared has-child flag of the given nodes from whether they have children now. */
  private async refreshHasChild(db: Kysely<DB>, parents: readonly string[]): Promise<void> {
    const tree = this.model.tree;
    const unique = [...new Set(parents)];
    if (!tree?.hasChild || unique.length === 0) return;
    const table = sql.table(this.model.table);
    const flag = sql.ref(tree.hasChild.column);
    const parent = sql.ref(tree.parent.column);
    for (let i = 0; i < unique.length; i += 5000) {
      const chunk = unique.slice(i, i + 5000);
      await sql`
        UPDATE ${table} AS t SET ${flag} = CASE WHEN EXISTS (SELECT 1 FROM ${table} AS c WHERE c.${parent} = t.id)
          THEN ${tree.yes} ELSE ${tree.no} END
        WHERE t.id IN (${sql.join(chunk)})`.execute(db);
    }
  }

  /**
   * Of `values` of a unique field, those another row already holds (any tenant: the unique index is
   * global), compared as text; `exceptId` is the row being edited.
   */
  async existingValues(db: Kysely<DB>, field: CompiledField, values: readonly string[], exceptId?: string): Promise<Set<string>> {
    const wanted = [...new Set(values.filter((v) => v !== ''))];
    const found = new Set<string>();
    const except: RawBuilder<unknown> = exceptId === undefined ? sql`` : sql`AND ${sql.ref('id')} <> ${exceptId}`;
    // A text column is compared as it is, so its unique index finds the values; a cast column would
    // be read whole (an import checks every chunk). Other types keep the text comparison, whose
    // spelling (numeric scale, date format) the callers' strings follow.
    const column = textTyped(field) ? sql.ref(field.column) : sql`CAST(${sql.ref(field.column)} AS text)`;
    for (let i = 0; i < wanted.length; i += 5000) {
      const { rows } = await sql<{ value: string }>`
        SELECT CAST(${sql.ref(field.column)} AS text) AS value FROM ${sql.table(this.model.table)}
        WHERE ${column} IN (${sql.join(wanted.slice(i, i + 5000))}) ${except}`.execute(db);
      for (const r of rows) found.add(r.value);
    }
    return found;
  }

  /** Whether another row (deleted ones too: the unique index holds them) has these values in these fields together. */
  async combinationTaken(db: Kysely<DB>, fields: readonly CompiledField[], values: readonly string[], exceptId?: string): Promise<boolean> {
    const conditions = fields.map((field, i) => sql<SqlBool>`CAST(${sql.ref(field.column)} AS text) = ${values[i]}`);
    if (exceptId !== undefined) conditions.push(sql<SqlBool>`${sql.ref('id')} <> ${exceptId}`);
    const { rows } = await sql`SELECT 1 FROM ${sql.table(this.model.table)} WHERE ${sql.join(conditions, sql` AND `)} LIMIT 1`.execute(db);
    return rows.length > 0;
  }

  /** Values of a tree-parent field that mean "no parent": the tree's root value and the treeSelect's pidValue. */
  private treeRootsOf(field: CompiledField): string[] {
    return treeRootValues(field, this.model.tree && { parentField: this.model.tree.parent, rootValue: this.model.tree.rootValue });
  }

  /**
   * The values each dictionary or picker field accepts for these inputs: a code dictionary's items,
   * or, for a table dictionary and a picker, those of the given values that exist (one query per field).
   */
  async allowedValues(db: Kysely<DB>, inputs: readonly Readonly<Record<string, unknown>>[]): Promise<AllowedValues> {
    const allowed = new Map<string, AllowedKeys>();
    const givenKeys = (field: CompiledField): string[] =>
      inputs.flatMap((input) => {
        const v = input[field.name];
        if (v === null || v === undefined || v === '') return [];
        return Array.isArray(v) ? v.map(String) : String(v).split(',');
      });
    for (const field of this.model.writable) {
      // A picked key must name a row of the page picked from, as a table dictionary's value must,
      // and a user or department field a user or department.
      if (!field.dict && this.dicts.pickerSource(field)) {
        allowed.set(field.name, await this.dicts.pickedKeys(field, givenKeys(field), db));
        continue;
      }
      const org = field.dict ? undefined : await this.dicts.orgKeys(field, givenKeys(field), db);
      if (org) {
        allowed.set(field.name, org);
        continue;
      }
      if (!field.dict) continue;
      if (field.dict.kind === 'code') {
        const options = await this.dicts.options(field, db);
        // A dictionary nobody has set up yet restricts nothing; its values show untranslated.
        if (options.length > 0) allowed.set(field.name, new Set(options.map((o) => o.value)));
        continue;
      }
      const known = new Set((await this.dicts.texts(field, givenKeys(field), db)).keys());
      // A tree's root value ('0', '86') names no row but is a valid parent: 顶级 / 全国.
      for (const root of this.treeRootsOf(field)) known.add(root);
      allowed.set(field.name, known);
    }
    return allowed;
  }
}
