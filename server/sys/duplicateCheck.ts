import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import { BusinessError } from '../http/envelope';
import { snakeCase } from '../http/camel';

/** Table → columns whose uniqueness forms may ask about; nothing else is ever queried. */
export type UniqueColumns = ReadonlyMap<string, readonly string[]>;

/** System columns forms may check; schema pages add their unique fields (uniqueColumnsOf). */
const SYSTEM_UNIQUE_FIELDS: Record<string, readonly string[]> = {
  sys_user: ['username', 'email', 'phone', 'work_no'],
  sys_role: ['role_code'],
  sys_depart: ['org_code'],
  sys_position: ['code'],
  sys_dict: ['dict_code'],
};

export const DUPLICATE_NOT_ALLOWED_MESSAGE = '校验的表或字段不在允许范围内';

/**
 * Whether another row (not `dataId`, the record being edited) already holds `value`.
 * Field names may come camelCase (workNo) or snake_case (work_no).
 */
export async function isDuplicate(
  db: Kysely<DB>,
  tableName: string,
  fieldName: string,
  value: string,
  dataId?: string,
  pageColumns: UniqueColumns = new Map(),
): Promise<boolean> {
  // Table and column are looked up in our own lists and the found entries (never the request's
  // strings) go into the SQL.
  const allowed = [...Object.entries(SYSTEM_UNIQUE_FIELDS), ...pageColumns.entries()];
  const entry = allowed.find(([t]) => t === tableName);
  const table = entry?.[0];
  const column = entry?.[1].find((c) => c === snakeCase(fieldName));
  if (!table || !column) throw new BusinessError(DUPLICATE_NOT_ALLOWED_MESSAGE);
  const exceptRow = dataId ? sql`AND id <> ${dataId}` : sql``;
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM ${sql.table(table)}
    WHERE ${sql.ref(column)} = ${value} ${exceptRow}`.execute(db);
  return (rows[0]?.n ?? 0) > 0;
}

/** The columns of schema pages whose fields are unique or ask for a duplicate check. */
export function uniqueColumnsOf(
  pages: readonly { entity: { table: string }; fields: readonly { column: string; unique: boolean; rules: readonly object[] }[] }[],
): UniqueColumns {
  const map = new Map<string, string[]>();
  for (const page of pages) {
    const columns = page.fields
      .filter((f) => f.unique || f.rules.some((rule) => 'duplicateCheck' in rule))
      .map((f) => f.column);
    if (columns.length > 0) map.set(page.entity.table, columns);
  }
  return map;
}
