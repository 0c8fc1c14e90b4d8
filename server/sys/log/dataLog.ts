import { sql, type Kysely } from 'kysely';
import type { CompiledField } from '../../../runtime/schema/compiledPageTypes';
import type { DB } from '../../db/types';
import { newId } from '../../db/ids';

/** Tables whose writes are not versioned: the logs themselves. */
const UNLOGGED_TABLES = new Set(['sys_log', 'sys_data_log']);
/** A password is never shown; another sensitive value (身份证号, 银行账号) keeps its last 4 characters so a change still shows. */
export const MASK = '******';
const BATCH = 500;

/** Who wrote, for create_by and the tenant of the version. */
export interface DataLogActor {
  username: string;
  orgCode: string | null;
  tenantId: number;
}

/** What the data log needs of an entity: its table and the fields a stored row maps to. */
export interface LoggedEntity {
  table: string;
  fields: readonly CompiledField[];
}

function masked(field: CompiledField, value: unknown): unknown {
  if (!field.sensitive || value === null || value === undefined || value === '') return value;
  const text = String(value);
  if (field.widget === 'password' || text.length <= 8) return MASK;
  return `${MASK}${text.slice(-4)}`;
}

/** A stored row as the record's JSON: field names (camelCase) as the API answers them, secrets masked. */
export function dataContentOf(entity: LoggedEntity, row: Readonly<Record<string, unknown>>): string {
  const record: Record<string, unknown> = {};
  for (const field of entity.fields) {
    if (!Object.hasOwn(row, field.column)) continue;
    const value = row[field.column];
    record[field.name] = masked(field, value instanceof Date ? value.toISOString() : value);
  }
  return JSON.stringify(record);
}

/**
 * 数据日志: after an add or edit of the records `ids` (in the write's own transaction `db`, so a
 * rolled-back write leaves no version), keeps each record as now stored in sys_data_log with the
 * next version number of that record (1 for a new one). Two edits of one record cannot take the same
 * number: the edit's row lock orders them, and (data_table, data_id, data_version) is unique.
 *
 * `stored`: the rows as the write's own INSERT/UPDATE … RETURNING answered them, when nothing else in
 * the transaction changes them afterwards — they are not read again. The next version number is
 * looked up by the INSERT itself, so a version costs one statement.
 */
export async function recordVersions(
  db: Kysely<DB>,
  entity: LoggedEntity,
  ids: readonly string[],
  actor: DataLogActor,
  stored?: readonly Readonly<Record<string, unknown>>[],
): Promise<void> {
  if (ids.length === 0 || UNLOGGED_TABLES.has(entity.table)) return;
  const given = stored && new Map(stored.map((row) => [String(row.id), row]));
  for (let i = 0; i < ids.length; i += BATCH) {
    const chunk = [...new Set(ids.slice(i, i + BATCH))];
    const rows =
      given && chunk.every((id) => given.has(id))
        ? chunk.map((id) => given.get(id) as Readonly<Record<string, unknown>>)
        : (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(entity.table)} WHERE ${sql.ref('id')} IN (${sql.join(chunk)})`.execute(db)).rows;
    if (rows.length === 0) continue;
    const versions = rows.map((row) => {
      const id = String(row.id);
      return sql`(${newId()}, ${id}, ${dataContentOf(entity, row)})`;
    });
    await sql`
      INSERT INTO sys_data_log (id, data_table, data_id, data_version, data_content, create_by, sys_org_code, tenant_id)
      SELECT v.id, CAST(${entity.table} AS varchar), v.data_id,
             COALESCE((SELECT max(l.data_version) FROM sys_data_log l WHERE l.data_table = ${entity.table} AND l.data_id = v.data_id), 0) + 1,
             v.data_content, CAST(${actor.username} AS varchar), CAST(${actor.orgCode} AS varchar), CAST(${actor.tenantId} AS integer)
      FROM (VALUES ${sql.join(versions)}) AS v(id, data_id, data_content)`.execute(db);
  }
}
