import { sql, type Kysely, type SqlBool } from 'kysely';
import type { CompiledField } from '../../../runtime/schema/compiledPageTypes';
import type { DB } from '../../db/types';
import { newId } from '../../db/ids';
import type { EntityValues } from './validate';

/**
 * Many-to-many fields (page language `link`): the record's value is the comma-joined keys of the
 * link table's rows that name the record as owner (sys_user_role: user_id → role_id). They are read
 * for a whole page of rows in one query per field and written in the record's own transaction.
 * Table and column names come from the page documents (checked at start), every value is bound.
 */

type LinkSpec = NonNullable<CompiledField['link']>;

function keysOf(value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  return [...new Set(String(value).split(',').map((k) => k.trim()).filter((k) => k !== ''))];
}

/** owner id → its keys joined by ',' in the link table's order, for each link field. */
export async function readLinks(db: Kysely<DB>, fields: readonly CompiledField[], ownerIds: readonly string[]): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  if (ownerIds.length === 0) return out;
  for (const field of fields) {
    const link = field.link as LinkSpec;
    const byOwner = new Map<string, string[]>();
    for (let i = 0; i < ownerIds.length; i += 5000) {
      const { rows } = await sql<{ owner: string; value: string }>`
        SELECT CAST(${sql.ref(link.ownerColumn)} AS text) AS owner, CAST(${sql.ref(link.valueColumn)} AS text) AS value
        FROM ${sql.table(link.table)} WHERE ${sql.ref(link.ownerColumn)} IN (${sql.join(ownerIds.slice(i, i + 5000))})
        ORDER BY ${sql.ref('id')}`.execute(db);
      for (const row of rows) byOwner.set(row.owner, [...(byOwner.get(row.owner) ?? []), row.value]);
    }
    out.set(field.name, new Map([...byOwner].map(([owner, keys]) => [owner, keys.join(',')])));
  }
  return out;
}

/**
 * Replaces the links of one owner for the link fields present in `values` (a field the edit leaves
 * out keeps its links). Call inside the transaction that writes the record.
 */
export async function writeLinks(trx: Kysely<DB>, fields: readonly CompiledField[], ownerId: string, values: EntityValues, replacing: boolean): Promise<void> {
  for (const field of fields) {
    if (!Object.hasOwn(values, field.name)) continue;
    const link = field.link as LinkSpec;
    const table = trx as unknown as Kysely<Record<string, Record<string, unknown>>>;
    if (replacing) await table.deleteFrom(link.table).where(sql<SqlBool>`${sql.ref(link.ownerColumn)} = ${ownerId}`).execute();
    const keys = keysOf(values[field.name]);
    if (keys.length === 0) continue;
    await table
      .insertInto(link.table)
      .values(keys.map((key) => ({ id: newId(), [link.ownerColumn]: ownerId, [link.valueColumn]: key })))
      .execute();
  }
}
