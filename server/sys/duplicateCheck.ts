import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import { BusinessError } from '../http/envelope';
import { snakeCase } from '../http/camel';

/** Columns whose uniqueness forms may ask about; nothing else is ever queried. */
const UNIQUE_FIELDS: Record<string, readonly string[]> = {
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
): Promise<boolean> {
  const table = Object.keys(UNIQUE_FIELDS).find((t) => t === tableName);
  const column = table ? UNIQUE_FIELDS[table].find((c) => c === snakeCase(fieldName)) : undefined;
  if (!table || !column) throw new BusinessError(DUPLICATE_NOT_ALLOWED_MESSAGE);
  const exceptRow = dataId ? sql`AND id <> ${dataId}` : sql``;
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM ${sql.table(table)}
    WHERE ${sql.ref(column)} = ${value} ${exceptRow}`.execute(db);
  return (rows[0]?.n ?? 0) > 0;
}
