import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/types';
import type { EntityModel } from './model';
import type { EntityRow } from './records';
import type { Reference } from './references';
import type { EntityValues, FieldError } from './validate';

/** How many rows of one page use a row. */
export interface Use {
  title: string;
  count: number;
}

/** Rows looked up per query: two bound values each, well below PostgreSQL's 65535 parameters. */
const CHUNK = 1000;
/** Records a batch refusal names one by one; the rest are counted. */
const NAMED = 3;

/** '8条案件、2条专家费' */
export function usageText(uses: readonly Use[]): string {
  return uses.map((u) => `${u.count}条${u.title}`).join('、');
}

function text(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/**
 * Keeps the rows of one page that other rows use (see references.ts) from going or changing the key
 * they are used by: a delete or key change is refused with the pages that use the row and how many
 * of their rows do ('该记录被8条案件引用，不能删除'). Rows of a holder that are themselves going
 * (a batch taking an invoice and its red-flush invoice) do not count, nor rows a soft-deleting table
 * has marked deleted; a tenant's rows of a tenant-scoped page are used only by its own rows. A key
 * another remaining row still holds (a column that is not unique) keeps every use resolvable.
 */
export class ReferenceGuard {
  private readonly holders: { model: EntityModel; references: Reference[] }[] = [];
  private readonly nameColumn?: string;

  constructor(
    private readonly model: EntityModel,
    references: readonly Reference[],
  ) {
    for (const reference of references) {
      const known = this.holders.find((h) => h.model === reference.holder);
      if (known) known.references.push(reference);
      else this.holders.push({ model: reference.holder, references: [reference] });
    }
    // What people know a row by: the name its pickers and dictionaries show, else its first unique value.
    this.nameColumn =
      model.page.picker?.textField.column ?? references.find((r) => r.textColumn)?.textColumn ?? model.page.fields.find((f) => f.unique)?.column;
  }

  /**
   * Why these rows may not be deleted, or undefined when no other row uses any of them. `named`
   * (batches) names each used record — 「天安财险」被8条案件引用，不能删除 — instead of 该记录.
   */
  async deleteRefusal(db: Kysely<DB>, rows: readonly EntityRow[], tenantId: number, named: boolean): Promise<string | undefined> {
    if (this.holders.length === 0 || rows.length === 0) return undefined;
    const uses = await this.uses(db, rows, tenantId, new Set(rows.map((r) => text(r.id))));
    const used = rows.filter((r) => uses.has(text(r.id)));
    if (used.length === 0) return undefined;
    const usesOf = (row: EntityRow) => usageText(uses.get(text(row.id)) ?? []);
    if (!named && used.length === 1) return `该记录被${usesOf(used[0])}引用，不能删除`;
    const parts = used.slice(0, NAMED).map((row) => `「${this.nameOf(row)}」被${usesOf(row)}引用`);
    const more = used.length > NAMED ? `，另有${used.length - NAMED}条记录被引用` : '';
    return `${parts.join('，')}${more}，不能删除`;
  }

  /** A refusal per changed key column that other rows use the old value of ('该记录被8条案件引用，不能修改公司编码'). */
  async keyChangeErrors(db: Kysely<DB>, before: EntityRow, values: EntityValues, tenantId: number): Promise<FieldError[]> {
    const errors: FieldError[] = [];
    const columns = new Set(this.holders.flatMap((h) => h.references.map((r) => r.keyColumn)));
    for (const field of this.model.page.fields) {
      if (!columns.has(field.column) || !Object.hasOwn(values, field.name)) continue;
      const old = text(before[field.column]);
      if (old === '' || text(values[field.name]) === old) continue;
      const uses = (await this.uses(db, [before], tenantId, new Set([text(before.id)]), field.column)).get(text(before.id));
      if (uses) errors.push({ field: field.name, label: field.label, message: `该记录被${usageText(uses)}引用，不能修改${field.label}` });
    }
    return errors;
  }

  private nameOf(row: EntityRow): string {
    return (this.nameColumn ? text(row[this.nameColumn]) : '') || text(row.id);
  }

  /**
   * The uses of each row (by id) through references by key column `only` (all when absent), most
   * used first; rows in `leaving` go or lose their key: they hold nothing and use nothing.
   */
  private async uses(db: Kysely<DB>, rows: readonly EntityRow[], tenantId: number, leaving: ReadonlySet<string>, only?: string): Promise<Map<string, Use[]>> {
    const found = new Map<string, Use[]>();
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK);
      const keys = new Map<string, [string, string][]>();
      for (const { references } of this.holders) {
        for (const { keyColumn } of references) {
          if ((only === undefined || keyColumn === only) && !keys.has(keyColumn)) keys.set(keyColumn, await this.lostKeys(db, chunk, keyColumn, leaving));
        }
      }
      for (const { model: holder, references } of this.holders) {
        const parts = references.flatMap((reference) => {
          const pairs = keys.get(reference.keyColumn) ?? [];
          return pairs.length > 0 ? [this.holding(reference, pairs, this.scope(holder, tenantId, leaving))] : [];
        });
        if (parts.length === 0) continue;
        const { rows: counted } = await sql<{ target: string; uses: string | number }>`
          SELECT r.target, count(DISTINCT r.holder) AS uses FROM (${sql.join(parts, sql` UNION ALL `)}) AS r
          GROUP BY r.target`.execute(db);
        for (const { target, uses } of counted) {
          const list = found.get(target) ?? [];
          list.push({ title: holder.title, count: Number(uses) });
          found.set(target, list);
        }
      }
    }
    for (const list of found.values()) list.sort((a, b) => b.count - a.count);
    return found;
  }

  /** (key, row id) of the rows whose key in `column` no remaining row holds any more. */
  private async lostKeys(db: Kysely<DB>, rows: readonly EntityRow[], column: string, leaving: ReadonlySet<string>): Promise<[string, string][]> {
    const pairs = rows.map((row): [string, string] => [text(row[column]), text(row.id)]).filter(([key]) => key !== '');
    const unique = column === 'id' || this.model.page.fields.some((f) => f.column === column && f.unique);
    if (unique || pairs.length === 0) return pairs;
    const { rows: kept } = await sql<{ key: string }>`
      SELECT DISTINCT CAST(${sql.ref(column)} AS text) AS key FROM ${sql.table(this.model.table)}
      WHERE CAST(${sql.ref(column)} AS text) IN (${sql.join(pairs.map(([key]) => key))})
        AND ${sql.ref('id')} NOT IN (${sql.join([...leaving])})`.execute(db);
    const still = new Set(kept.map((r) => r.key));
    return pairs.filter(([key]) => !still.has(key));
  }

  /** Which rows of a holder count: its tenant's (both pages tenant-scoped), not marked deleted, not going themselves. */
  private scope(holder: EntityModel, tenantId: number, leaving: ReadonlySet<string>): RawBuilder<unknown> {
    const conditions: RawBuilder<unknown>[] = [sql`TRUE`];
    if (holder.tenantScoped && holder.hasColumn('tenant_id') && this.model.tenantScoped) conditions.push(sql`h.tenant_id = ${tenantId}`);
    if (holder.softDeleted) conditions.push(sql`CAST(h.del_flag AS text) = '0'`);
    if (holder.table === this.model.table && leaving.size > 0) conditions.push(sql`h.id NOT IN (${sql.join([...leaving])})`);
    return sql.join(conditions, sql` AND `);
  }

  /** (holder id, target id) for every holder row whose field holds one of the keys. */
  private holding(reference: Reference, pairs: readonly [string, string][], scope: RawBuilder<unknown>): RawBuilder<unknown> {
    const { holder, field, multiple } = reference;
    const keys = sql`(VALUES ${sql.join(pairs.map(([key, id]) => sql`(CAST(${key} AS text), CAST(${id} AS text))`))}) AS k(key, target)`;
    const column = sql.ref(`h.${field.column}`);
    if (!multiple) {
      return sql`SELECT h.id AS holder, k.target FROM ${sql.table(holder.table)} AS h JOIN ${keys} ON CAST(${column} AS text) = k.key WHERE ${scope}`;
    }
    return sql`
      SELECT h.id AS holder, k.target FROM ${sql.table(holder.table)} AS h
      CROSS JOIN LATERAL unnest(string_to_array(CAST(${column} AS text), ',')) AS v(key)
      JOIN ${keys} ON v.key = k.key WHERE ${scope}`;
  }
}
