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
 */
export async function recordVersions(db: Kysely<DB>, entity: LoggedEntity, ids: readonly string[], actor: DataLogActor): Promise<void> {
  if (ids.length === 0 || UNLOGGED_TABLES.has(entity.table)) return;
  for (let i = 0; i < ids.length; i += BATCH) {
    const chunk = [...new Set(ids.slice(i, i + BATCH))];
    const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(entity.table)} WHERE ${sql.ref('id')} IN (${sql.join(chunk)})`.execute(db);
    if (rows.length === 0) continue;
    const last = await db
      .selectFrom('sys_data_log')
      .select(['data_id', (eb) => eb.fn.max('data_version').as('version')])
      .where('data_table', '=', entity.table)
      .where('data_id', 'in', chunk)
      .groupBy('data_id')
      .execute();
    const versions = new Map(last.map((r) => [r.data_id, Number(r.version)]));
    await db
      .insertInto('sys_data_log')
      .values(
        rows.map((row) => {
          const id = String(row.id);
          return {
            id: newId(),
            data_table: entity.table,
            data_id: id,
            data_version: (versions.get(id) ?? 0) + 1,
            data_content: dataContentOf(entity, row),
            create_by: actor.username,
            sys_org_code: actor.orgCode,
            tenant_id: actor.tenantId,
          };
        }),
      )
      .execute();
  }
}
